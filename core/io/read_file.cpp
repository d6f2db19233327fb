#include "core/io/read_file.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <system_error>

#include "core/error.h"
#include "core/io/limits.h"

namespace al::io {

std::string readWholeFile(const std::filesystem::path& file, const std::string& what, uint64_t maxBytes) {
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) throw InputError(ErrorKind::FileMissing, {.file = file.string()}, what + " " + file.string() + " does not exist");
  if (std::filesystem::is_directory(file, ec))
    throw InputError(ErrorKind::NotAFile, {.file = file.string()}, what + " " + file.string() + " is a directory, not a file");
  std::ifstream in(file, std::ios::binary);
  if (!in) throw InputError(ErrorKind::FileUnreadable, {.file = file.string()}, "cannot open " + what + " " + file.string() + ": " + std::strerror(errno));
  // Ask the open file for its size (not the name: it may be a link), and refuse before allocating.
  in.seekg(0, std::ios::end);
  const std::streamoff size = in.tellg();
  in.seekg(0, std::ios::beg);
  if (size < 0) throw InputError(ErrorKind::FileUnreadable, {.file = file.string()}, "cannot read " + what + " " + file.string() + " (its size is unknown)");
  if (static_cast<uint64_t>(size) > maxBytes)
    throw InputError(ErrorKind::FileTooLarge,
                     {.file = file.string(),
                      .expected = limits::describeBytes(maxBytes),
                      .found = limits::describeBytes(static_cast<uint64_t>(size))},
                     what + " " + file.string() + " is " + limits::describeBytes(static_cast<uint64_t>(size)) +
                     ", more than the " + limits::describeBytes(maxBytes) + " AttentionLab reads as a " + what +
                     "; is it the right file? (README.md, \"Limits\")");
  std::string bytes(static_cast<size_t>(size), '\0');
  if (!in.read(bytes.data(), static_cast<std::streamsize>(bytes.size())))
    throw InputError(ErrorKind::FileUnreadable, {.file = file.string()},
                     "cannot read " + what + " " + file.string() + " to its end");
  return bytes;
}

}  // namespace al::io
