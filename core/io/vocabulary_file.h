#pragma once
// vocab.txt, source_vocab.txt, target_vocab.txt: one token per line, UTF-8, LF line ends; the token on line i
// (counted from 0) has id i. Line 0 is the empty string (padding), line 1 is "[UNK]".
//
//   (empty line)      id 0
//   [UNK]             id 1
//   the               id 2
//   and               id 3
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace al::io {

// The tokens of a vocabulary file, id i at index i. A final LF ends the last line (it does not start an
// extra one). al::InputError naming the file and the line (counted from 1, as editors do) for invalid UTF-8,
// a CR line end, a wrong reserved line or a token that appears twice.
// Bounds (core/io/limits.h): the file size, the number of tokens and the length of each.
std::vector<std::string> readVocabularyFile(const std::filesystem::path& file);
// The same for the text of such a file; file names it in messages.
std::vector<std::string> parseVocabulary(std::string_view text, const std::string& file);

// Writes one token per line, each ended by LF (atomically). std::invalid_argument if the tokens do not start
// with "" and "[UNK]", or a token holds a line break; al::RunError if the file cannot be written.
void writeVocabularyFile(const std::filesystem::path& file, const std::vector<std::string>& tokens);

}  // namespace al::io
