#include "core/data/dialogs.h"

#include <cmath>

#include "core/data/builtin_dialogs.h"
#include "core/data/utf8.h"
#include "core/error.h"
#include "core/io/limits.h"
#include "core/io/read_file.h"

namespace al {

std::vector<DialogPair> parseDialogs(std::string_view text, const std::string& name) {
  std::vector<DialogPair> pairs;
  size_t lineNumber = 0;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);  // LF only: U+0085 inside a line is part of the text
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++lineNumber;
    const std::string where = name + ":" + std::to_string(lineNumber);
    const ErrorFields at{.file = name, .line = static_cast<int64_t>(lineNumber)};
    if (line.size() > limits::kMaxDialogLineBytes)
      throw InputError(ErrorKind::DialogLine, at,
                       where + ": the line is " + limits::describeBytes(line.size()) + ", longer than the " +
                       limits::describeBytes(limits::kMaxDialogLineBytes) +
                       " a question<TAB>answer line may have; is the file a dialog file with LF line ends?");
    if (pairs.size() == limits::kMaxDataRecords)
      throw InputError(ErrorKind::DataTooLarge, {.file = name, .expected = std::to_string(limits::kMaxDataRecords)},
                       where + ": more than " + std::to_string(limits::kMaxDataRecords) +
                       " question<TAB>answer lines, more than AttentionLab trains on; use a part of the file");
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    requireValidUtf8(line, where, at);
    const size_t tab = line.find('\t');
    if (line.empty())
      throw InputError(ErrorKind::DialogLine, at, where + ": empty line; expected question<TAB>answer");
    if (tab == std::string_view::npos)
      throw InputError(ErrorKind::DialogLine, at, where + ": no TAB; expected question<TAB>answer");
    if (line.find('\t', tab + 1) != std::string_view::npos)
      throw InputError(ErrorKind::DialogLine, at, where + ": more than one TAB; expected question<TAB>answer");
    if (tab == 0 || tab + 1 == line.size())
      throw InputError(ErrorKind::DialogLine, at, where + ": empty " + std::string(tab == 0 ? "question" : "answer") +
                                                                   "; expected question<TAB>answer");
    pairs.push_back({std::string(line.substr(0, tab)), std::string(line.substr(tab + 1)), where});
  }
  if (pairs.empty()) throw InputError(ErrorKind::DataEmpty, {.file = name}, name + ": no question<TAB>answer lines");
  return pairs;
}

std::vector<DialogPair> readDialogFile(const std::filesystem::path& file) {
  return parseDialogs(io::readWholeFile(file, "dialog file (question<TAB>answer lines)", limits::kMaxDataFileBytes), file.string());
}

DialogCorpus loadDialogSource(const std::string& source) {
  DialogCorpus corpus;
  corpus.name = source;
  if (source == "builtin") {
    corpus.train = builtinDialogs();
  } else if (source == "builtin:translate") {
    const TranslationSplit split = generateTranslationTask(TranslationTaskOptions{});
    corpus.train = split.train;
    corpus.test = split.test;
    corpus.hasTestSplit = true;
  } else if (source == "builtin:zh") {
    corpus.train = builtinDialogsZh();
  } else if (source == "builtin:translate-zh") {
    const TranslationSplit split = generateTranslationTaskZh(TranslationTaskOptions{});
    corpus.train = split.train;
    corpus.test = split.test;
    corpus.hasTestSplit = true;
  } else if (source.rfind("builtin", 0) == 0) {
    throw InputError(ErrorKind::OptionInvalid,
                     {.name = "corpus", .expected = "builtin, builtin:translate, builtin:zh, builtin:translate-zh",
                      .found = source},
                     "unknown built-in chatbot corpus '" + source +
                     "' (expected builtin, builtin:translate, builtin:zh or builtin:translate-zh)");
  } else {
    corpus.train = readDialogFile(source);
    corpus.name = std::filesystem::path(source).filename().string();
  }
  return corpus;
}

TokenizerKind suggestDialogTokenizer(const std::vector<DialogPair>& pairs) {
  ScriptCounts questions, answers;
  for (const DialogPair& p : pairs) {
    questions.add(p.question);
    answers.add(p.answer);
  }
  return questions.mostlyCjk() || answers.mostlyCjk() ? TokenizerKind::IcuWords : defaultTokenizer(TextTask::Seq2seq);
}

ContiguousSplit splitContiguous(size_t n, double fraction) {
  ContiguousSplit split;
  // floor((n - 1) * fraction) of the n - 1 pairs left after the dropped link, as the Trainer counts it
  const auto held = n < 1 ? size_t{0} : static_cast<size_t>(std::floor(static_cast<double>(n - 1) * fraction));
  if (held == 0 || held + 2 > n) {  // nothing to hold out, or nothing would be left to train on
    for (size_t i = 0; i < n; ++i) split.train.push_back(i);
    return split;
  }
  const size_t firstHeld = n - held;
  for (size_t i = 0; i + 1 < firstHeld; ++i) split.train.push_back(i);  // pair firstHeld-1 is the dropped link
  for (size_t i = firstHeld; i < n; ++i) split.validation.push_back(i);
  return split;
}

}  // namespace al
