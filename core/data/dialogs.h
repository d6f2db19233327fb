#pragma once
// Question-and-answer pairs for the chatbot, and where they come from (`--data SRC` of the CLI):
//   a file of `question<TAB>answer` lines (UTF-8, lines split on LF only: the real dialogs file contains
//   U+0085, which some line splitters take for a line break), "builtin" (a small corpus written for this
//   project), "builtin:translate" (generated English -> Spanish phrases, see builtin_dialogs.h), "builtin:zh"
//   (Chinese everyday dialogs) or "builtin:translate-zh" (generated Chinese -> English sentences).
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "core/text/tokenizer.h"

namespace al {

struct DialogPair {
  std::string question, answer;  // UTF-8, as written in the source
  std::string origin;            // "file:line" for messages
};

struct DialogCorpus {
  std::vector<DialogPair> train;  // in source order: consecutive pairs usually continue one conversation
  std::vector<DialogPair> test;   // a held-out part, when the source has one (builtin:translate)
  bool hasTestSplit = false;
  std::string name;               // "builtin", "builtin:translate", the file name
};

// Parses `question<TAB>answer` lines. A final LF and a trailing CR on a line are allowed; an empty line, a line
// without a TAB, with more than one TAB or with an empty side, and invalid UTF-8 are InputErrors naming the
// file (nameForMessages) and the line.
std::vector<DialogPair> parseDialogs(std::string_view text, const std::string& nameForMessages);
std::vector<DialogPair> readDialogFile(const std::filesystem::path& file);

// "builtin", "builtin:translate" or a file path. Throws InputError for an unknown builtin name or bad file.
DialogCorpus loadDialogSource(const std::string& source);

// icu_words when the questions or the answers are mostly Chinese, Japanese or Korean (a Chinese -> English
// corpus is only partly Chinese, but the ascii tokenizer would delete its whole source side), else ascii.
TokenizerKind suggestDialogTokenizer(const std::vector<DialogPair>& pairs);

// Validation for chained dialogs. In the real data most answers are the next line's question, so held-out
// rows picked at random would share their sentences with training rows. Instead the last floor((n-1) *
// fraction) pairs are held out as one contiguous block, and the one pair at the boundary is dropped, so that no
// sentence links the two parts. Returns the indices of both parts (training first, validation last).
struct ContiguousSplit {
  std::vector<size_t> train, validation;
};
ContiguousSplit splitContiguous(size_t n, double fraction);

}  // namespace al
