#include "core/io/vocabulary_file.h"

#include <algorithm>
#include <stdexcept>
#include <string_view>
#include <unordered_map>

#include "core/error.h"
#include "core/io/atomic_directory.h"
#include "core/io/limits.h"
#include "core/io/read_file.h"
#include "core/text/vectorizer.h"

namespace al::io {

namespace {

// "vocab.txt line 5 (id 4)": where a person finds the problem in an editor, and which id it concerns.
std::string lineName(const std::string& file, size_t id) {
  return file + " line " + std::to_string(id + 1) + " (id " + std::to_string(id) + ")";
}

// A line that is not what a vocabulary holds there: detail says why, in English.
InputError badLine(const std::string& file, size_t id, const std::string& detail) {
  return InputError(ErrorKind::VocabularyBadLine, {.file = file, .line = static_cast<int64_t>(id) + 1},
                    lineName(file, id) + ": " + detail);
}

// The lines of text, split at LF; a final LF ends the last line rather than starting an empty one.
std::vector<std::string_view> splitLines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

void checkLine(std::string_view line, size_t id, const std::string& file) {
  if (line.size() > limits::kMaxTokenBytes)
    throw badLine(file, id, std::to_string(line.size()) + " bytes, longer than the " +
                            std::to_string(limits::kMaxTokenBytes) + " bytes a token may have; is it a vocabulary file?");
  if (!isValidUtf8(line)) throw badLine(file, id, "not valid UTF-8; save the file as UTF-8");
  if (!line.empty() && line.back() == '\r')
    throw badLine(file, id, "ends with CR; vocabulary files use LF line ends only");
  if (id == 0 && !line.empty())
    throw badLine(file, id, "must be empty (the padding token), found \"" + std::string(line) + "\"");
  if (id == 1 && line != "[UNK]")
    throw badLine(file, id, "must be [UNK] (the unknown token), found \"" + std::string(line) + "\"");
}

}  // namespace

std::vector<std::string> readVocabularyFile(const std::filesystem::path& path) {
  return parseVocabulary(readWholeFile(path, "vocabulary file", limits::kMaxVocabularyFileBytes), path.string());
}

std::vector<std::string> parseVocabulary(std::string_view bytes, const std::string& file) {
  if (std::string_view(bytes).starts_with("\xEF\xBB\xBF"))
    throw InputError(ErrorKind::VocabularyBadLine, {.file = file, .line = 1},
                     file + " line 1 starts with a byte order mark (BOM); save the file as UTF-8 without BOM, "
                     "so that line 1 is empty");
  // Counted before splitting: a file of nothing but line breaks would otherwise ask for a view per line.
  const auto lineBreaks = static_cast<size_t>(std::count(bytes.begin(), bytes.end(), '\n'));
  if (lineBreaks > limits::kMaxVocabularyTokens)
    throw InputError(ErrorKind::DataTooLarge,
                     {.file = file,
                      .expected = std::to_string(limits::kMaxVocabularyTokens),
                      .found = std::to_string(lineBreaks)},
                     file + " has " + std::to_string(lineBreaks) + " lines, more than the " +
                     std::to_string(limits::kMaxVocabularyTokens) + " tokens AttentionLab reads in a vocabulary");
  const std::vector<std::string_view> lines = splitLines(bytes);
  if (lines.size() < 2)
    throw InputError(ErrorKind::VocabularyBadLine, {.file = file, .line = static_cast<int64_t>(lines.size()) + 1},
                     file + " has " + std::to_string(lines.size()) +
                     " line(s); a vocabulary starts with an empty line (padding) and a line [UNK]");

  std::vector<std::string> tokens;
  tokens.reserve(lines.size());
  std::unordered_map<std::string_view, size_t> firstId;  // to name both lines of a repeated token
  for (size_t id = 0; id < lines.size(); ++id) {
    checkLine(lines[id], id, file);
    const auto [where, inserted] = firstId.emplace(lines[id], id);
    if (!inserted)
      throw badLine(file, id, "the token \"" + std::string(lines[id]) + "\" already is on line " +
                              std::to_string(where->second + 1) + "; every token must appear once");
    tokens.emplace_back(lines[id]);
  }
  return tokens;
}

void writeVocabularyFile(const std::filesystem::path& path, const std::vector<std::string>& tokens) {
  if (tokens.size() < 2 || !tokens[0].empty() || tokens[1] != "[UNK]")
    throw std::invalid_argument("writeVocabularyFile: the tokens must start with \"\" and \"[UNK]\"");
  std::string text;
  for (const std::string& token : tokens) {
    if (token.find('\n') != std::string::npos || token.find('\r') != std::string::npos)
      throw std::invalid_argument("writeVocabularyFile: token \"" + token + "\" holds a line break");
    text += token;
    text += '\n';
  }
  writeFileAtomically(path, text);
}

}  // namespace al::io
