#pragma once
// Text for a language model (task "causal-lm"): documents of plain text, each ended by [EOS] when the model
// reads them. Sources (--data of `train lm`):
//   builtin      the built-in English reviews (core/data/builtin_reviews.h), their text only: short documents of a
//                few sentences whose phrases repeat, so that a small model learns to write them in minutes
//   builtin:zh   their Chinese counterpart
//   poems-zh     Tang and Song poems (Debian's fortunes-zh package; core/data/fortunes.h), a poem a document
//   quotes       English quotations (Debian's fortunes package), a quotation a document
//   long-range   a name and a number repeated after more than a segment (core/data/long_range_corpus.h)
//   referent-zh  Chinese sentences whose last word is decided by what 它 refers to (core/data/referent_corpus.h)
//   FILE         any UTF-8 text file; each line is a document (empty lines are skipped): [EOS] ends it, so the
//                model learns where a line ends, and what it writes breaks lines where such a text does (a poem's
//                lines, a list of quotations). A line break cannot be a token of vocab.txt; [EOS] stands for it.
// The built-in and fortune sources have a test split of their own; a file has none (the validation split holds out
// text).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace al {

struct TextCorpus {
  std::string name;                // the source as given
  std::vector<std::string> train;  // documents
  std::vector<std::string> test;   // empty: the source has no test split
};

// Throws InputError naming the file for a missing, unreadable or non-UTF-8 file, or one without text, and naming
// the package to install for a fortune source whose package is not installed.
TextCorpus loadTextCorpus(const std::string& source, uint64_t seed);
// Whether the source's documents are generated from the seed (builtin, builtin:zh, long-range): another seed, other
// documents, and so another test split.
bool textCorpusDrawnFromSeed(const std::string& source);
// The prompt that samples written while training start from, for a source that has one of its own (poems-zh:
// "春风"); empty for the others (a run then starts from its first document's first words).
std::string textSamplePrompt(const std::string& source);
// A text file's documents: its lines without their line break (LF or CR LF), lines of white space left out.
std::vector<std::string> splitDocuments(std::string_view text);

}  // namespace al
