#pragma once
// Reading a whole file into memory, with the messages every reader of the model directory needs.
#include <filesystem>
#include <string>

namespace al::io {

// The bytes of file. Throws al::InputError if it does not exist, is a directory or cannot be read; the
// message names the file and, via what (e.g. "vocabulary file"), what it was meant to be.
std::string readWholeFile(const std::filesystem::path& file, const std::string& what);

}  // namespace al::io
