#include "core/io/read_file.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <system_error>

#include "core/error.h"

namespace al::io {

std::string readWholeFile(const std::filesystem::path& file, const std::string& what) {
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) throw InputError(what + " " + file.string() + " does not exist");
  if (std::filesystem::is_directory(file, ec))
    throw InputError(what + " " + file.string() + " is a directory, not a file");
  std::ifstream in(file, std::ios::binary);
  if (!in) throw InputError("cannot open " + what + " " + file.string() + ": " + std::strerror(errno));
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw InputError("cannot read " + what + " " + file.string());
  return bytes;
}

}  // namespace al::io
