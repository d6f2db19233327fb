#include "core/io/declared_memory.h"

#include <system_error>

#include "core/error.h"
#include "core/io/limits.h"

namespace al::io {

namespace {

constexpr double kFloatBytes = 4;

std::string bytesOf(double floats) {
  const double bytes = floats * kFloatBytes;
  return bytes >= 1.8e19 ? std::string("more than 16 EB") : limits::describeBytes(static_cast<uint64_t>(bytes));
}

}  // namespace

void requireDeclaredMemoryWithinLimits(const DeclaredMemory& memory, const std::string& configFile) {
  if (memory.parameters * kFloatBytes > static_cast<double>(limits::kMaxParameterBytes))
    throw InputError(ErrorKind::ModelTooLarge, {.file = configFile},
                     configFile + " declares a model of " + bytesOf(memory.parameters) + " of parameters, more than the " +
                     limits::describeBytes(limits::kMaxParameterBytes) +
                     " AttentionLab loads; check its sizes (vocab_size, embed_dim, units, ...)");
  if (memory.working * kFloatBytes > static_cast<double>(limits::kMaxWorkingBytes))
    throw InputError(ErrorKind::ModelTooLarge, {.file = configFile},
                     configFile + " declares a model that needs " + bytesOf(memory.working) +
                     " for one full-length sequence, more than the " + limits::describeBytes(limits::kMaxWorkingBytes) +
                     " AttentionLab allows; check its lengths and widths (sequence_length, num_heads, ...)");
}

void requireDeclaredMemoryFits(const DeclaredMemory& memory, const std::string& configFile,
                               const std::filesystem::path& tensorsFile) {
  requireDeclaredMemoryWithinLimits(memory, configFile);
  std::error_code error;
  const uintmax_t fileBytes = std::filesystem::file_size(tensorsFile, error);
  if (error) return;  // missing or unreadable: the reader of the file says so, with its own message
  const double needed = 8 + memory.parameters * kFloatBytes;  // header length field + data section
  if (static_cast<double>(fileBytes) < needed)
    throw InputError(ErrorKind::SafetensorsTruncated, {.file = tensorsFile.string()},
                     configFile + " declares " + bytesOf(memory.parameters) + " of parameters, but " +
                     tensorsFile.string() + " is only " + limits::describeBytes(fileBytes) +
                     ": the file is truncated, or the two files do not belong to the same model");
}

}  // namespace al::io
