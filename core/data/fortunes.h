#pragma once
// Debian's fortune cookies as text for a language model (--data of `train lm`):
//   poems-zh  the Tang and Song poems of the fortunes-zh package (tang300: 300 Tang poems, song100: 100 Song ci)
//   quotes    English quotations of the fortunes package (wisdom, people, humorists, literature)
// scripts/setup installs both packages. A fortune file holds entries separated by lines of a single '%'; each
// entry becomes one document (the model reads [EOS] after it), its lines joined: a poem's lines end with their
// punctuation and are joined as they are, a quotation's are joined by a space (the file wraps them at 70 columns).
// Every 20th entry is held out as the test split; the run holds out its validation split from the rest.
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "core/data/text_corpus.h"

namespace al {

enum class FortuneStyle { Poems, Quotes };

struct FortuneSource {
  std::string name;                // as --data takes it: "poems-zh"
  std::string package;             // the Debian package that ships the files
  std::vector<std::string> files;  // in Debian's fortune folder
  FortuneStyle style;
  std::string prompt;              // what samples while training start from (the first entry's start reads badly)
};

// Where Debian installs fortune files.
inline const std::filesystem::path kDebianFortuneDir = "/usr/share/games/fortunes";

const std::vector<FortuneSource>& fortuneSources();
// The source of that name; nullptr for any other name.
const FortuneSource* fortuneSource(std::string_view name);

// The documents of one fortune file's text, in file order; entries left without text are skipped.
std::vector<std::string> fortuneDocuments(std::string_view text, FortuneStyle style);

// The source's files read from `dir`: train and test documents. InputError naming the package to install when
// a file is missing; InputError naming the file when it is unreadable or not UTF-8.
TextCorpus loadFortuneCorpus(const FortuneSource& source, const std::filesystem::path& dir = kDebianFortuneDir);

}  // namespace al
