#pragma once
// Reading a whole file into memory, with the messages every reader of outside files needs.
#include <cstdint>
#include <filesystem>
#include <string>

namespace al::io {

// The bytes of file. Throws al::InputError if it does not exist, is a directory, cannot be read or is larger
// than maxBytes (one of the bounds of core/io/limits.h, checked before anything is read); the message names
// the file and, via what (e.g. "vocabulary file"), what it was meant to be.
std::string readWholeFile(const std::filesystem::path& file, const std::string& what, uint64_t maxBytes);

}  // namespace al::io
