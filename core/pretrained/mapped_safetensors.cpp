#include "core/pretrained/mapped_safetensors.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <tuple>

#include "core/error.h"
#include "core/finite_values.h"
#include "core/io/json_fields.h"
#include "core/io/limits.h"
#include "core/io/safetensors.h"

namespace al::pretrained {

namespace {

constexpr uint64_t kLengthBytes = 8;  // the header length field

// Bytes of one element of each dtype of the safetensors format.
const std::map<std::string, uint64_t>& dtypeBytes() {
  static const std::map<std::string, uint64_t> bytes = {
      {"F64", 8}, {"F32", 4}, {"F16", 2}, {"BF16", 2}, {"F8_E4M3", 1}, {"F8_E5M2", 1},
      {"I64", 8}, {"I32", 4}, {"I16", 2}, {"I8", 1},   {"U64", 8},     {"U32", 4},
      {"U16", 2}, {"U8", 1},  {"BOOL", 1}};
  return bytes;
}

std::string quoted(const std::string& name) { return "\"" + name + "\""; }

uint64_t decodeUint64(const unsigned char* bytes) {
  uint64_t value = 0;
  for (int i = 7; i >= 0; --i) value = (value << 8) | bytes[i];
  return value;
}

uint16_t decodeUint16(const unsigned char* bytes) { return static_cast<uint16_t>(bytes[0] | (bytes[1] << 8)); }

uint32_t decodeUint32(const unsigned char* bytes) {
  return uint32_t(bytes[0]) | (uint32_t(bytes[1]) << 8) | (uint32_t(bytes[2]) << 16) | (uint32_t(bytes[3]) << 24);
}

// product(shape), or max() when it would overflow.
uint64_t elementCount(const std::vector<int64_t>& shape) {
  uint64_t count = 1;
  for (int64_t dim : shape) {
    const auto d = static_cast<uint64_t>(dim);
    if (d != 0 && count > std::numeric_limits<uint64_t>::max() / d) return std::numeric_limits<uint64_t>::max();
    count *= d;
  }
  return count;
}

std::string rangeText(uint64_t begin, uint64_t end) {
  std::string text = "[";
  text += std::to_string(begin);
  text += ", ";
  text += std::to_string(end);
  return text + "]";
}

MappedSafetensors::Entry parseEntry(const std::string& name, const nlohmann::json& entry, uint64_t dataBytes,
                                    const std::string& file) {
  const std::string where = file + ": tensor " + quoted(name);
  // Every problem of an entry is a damaged header, except offsets beyond the data section: a truncated file.
  const ErrorFields fields{.file = file, .name = name};
  if (!entry.is_object()) throw InputError(ErrorKind::SafetensorsBadHeader, fields, where + ": its header entry is not a JSON object");
  MappedSafetensors::Entry e;
  e.name = name;

  const auto dtype = entry.find("dtype");
  if (dtype == entry.end() || !dtype->is_string()) throw InputError(ErrorKind::SafetensorsBadHeader, fields, where + ": \"dtype\" is missing or not a string");
  e.dtype = dtype->get<std::string>();
  const auto size = dtypeBytes().find(e.dtype);
  if (size == dtypeBytes().end()) throw InputError(ErrorKind::SafetensorsBadHeader, fields, where + " has dtype " + e.dtype + ", which is not a safetensors dtype");

  const auto shape = entry.find("shape");
  if (shape == entry.end() || !shape->is_array()) throw InputError(ErrorKind::SafetensorsBadHeader, fields, where + ": \"shape\" is missing or not a list");
  if (shape->size() > static_cast<size_t>(limits::kMaxTensorRank))
    throw InputError(ErrorKind::SafetensorsBadHeader, fields, where + ": \"shape\" has " + std::to_string(shape->size()) + " dimensions; AttentionLab reads at most " +
                     std::to_string(limits::kMaxTensorRank));
  for (const auto& dim : *shape) {
    if (!dim.is_number_unsigned() || dim.get<uint64_t>() > uint64_t(INT64_MAX))
      throw InputError(ErrorKind::SafetensorsBadHeader, fields, where + ": \"shape\" must hold non-negative integers");
    e.shape.push_back(dim.get<int64_t>());
  }

  const auto offsets = entry.find("data_offsets");
  if (offsets == entry.end() || !offsets->is_array() || offsets->size() != 2 || !(*offsets)[0].is_number_unsigned() ||
      !(*offsets)[1].is_number_unsigned())
    throw InputError(ErrorKind::SafetensorsBadHeader, fields, where + ": \"data_offsets\" must be a list of two non-negative integers [begin, end]");
  e.begin = (*offsets)[0].get<uint64_t>();
  e.end = (*offsets)[1].get<uint64_t>();
  const std::string range = rangeText(e.begin, e.end);
  if (e.begin > e.end) throw InputError(ErrorKind::SafetensorsBadHeader, fields, where + ": data_offsets " + range + " end before they begin");
  if (e.end > dataBytes)
    throw InputError(ErrorKind::SafetensorsTruncated, {.file = file, .name = name}, where + ": data_offsets " + range + " reach beyond the data section (" + std::to_string(dataBytes) +
                     " bytes); the file is truncated");

  const uint64_t count = elementCount(e.shape);
  const uint64_t held = e.end - e.begin;
  if (count > held / size->second || count * size->second != held)
    throw InputError(ErrorKind::SafetensorsBadHeader, fields, where + ": data_offsets " + range + " hold " + std::to_string(held) + " bytes, but shape " +
                     io::shapeToString(e.shape) + " of " + e.dtype + " needs " +
                     (count > held ? std::string("more") : std::to_string(count * size->second)));
  return e;
}

// The tensors must cover the data section exactly once: a gap, an overlap or bytes after the last tensor mean
// a damaged file (the safetensors library refuses such files too).
void requireExactTiling(std::vector<const MappedSafetensors::Entry*> sorted, uint64_t dataBytes, const std::string& file) {
  std::sort(sorted.begin(), sorted.end(),
            [](const auto* a, const auto* b) { return std::tie(a->begin, a->end) < std::tie(b->begin, b->end); });
  uint64_t covered = 0;
  const MappedSafetensors::Entry* previous = nullptr;
  for (const auto* e : sorted) {
    if (e->begin < covered)
      throw InputError(ErrorKind::SafetensorsBadHeader, {.file = file}, file + ": tensors " + quoted(previous->name) + " and " + quoted(e->name) + " overlap in the data section");
    if (e->begin > covered)
      throw InputError(ErrorKind::SafetensorsBadHeader, {.file = file}, file + ": bytes " + std::to_string(covered) + " to " + std::to_string(e->begin) +
                       " of the data section, before tensor " + quoted(e->name) + ", belong to no tensor");
    covered = e->end;
    previous = e;
  }
  if (covered != dataBytes)
    throw InputError(ErrorKind::SafetensorsBadHeader, {.file = file}, file + ": the last " + std::to_string(dataBytes - covered) +
                     " bytes of the data section belong to no tensor");
}

}  // namespace

uint64_t MappedSafetensors::Entry::elements() const { return elementCount(shape); }

float bfloat16ToFloat(uint16_t bits) { return std::bit_cast<float>(uint32_t(bits) << 16); }

// binary16: 1 sign bit, 5 exponent bits (bias 15), 10 fraction bits. Rebuilt as binary32 (bias 127, 23 bits).
float halfToFloat(uint16_t bits) {
  const uint32_t sign = uint32_t(bits & 0x8000) << 16;
  const uint32_t exponent = (bits >> 10) & 0x1F;
  uint32_t fraction = bits & 0x3FF;
  if (exponent == 0x1F) return std::bit_cast<float>(sign | 0x7F800000u | (fraction << 13));  // inf, NaN
  if (exponent != 0) return std::bit_cast<float>(sign | ((exponent + 127 - 15) << 23) | (fraction << 13));
  if (fraction == 0) return std::bit_cast<float>(sign);  // ±0
  // Subnormal: fraction · 2^-24, exactly representable as a normal float32.
  const float magnitude = static_cast<float>(fraction) * 0x1p-24f;
  return sign ? -magnitude : magnitude;
}

MappedSafetensors::MappedSafetensors(const std::filesystem::path& path) : fileName_(path.string()) {
  const int fd = ::open(fileName_.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw InputError(ErrorKind::FileUnreadable, {.file = fileName_}, "cannot open weights file " + fileName_ + ": " + std::strerror(errno));
  struct stat info {};
  if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
    ::close(fd);
    throw InputError(ErrorKind::NotAFile, {.file = fileName_}, "weights file " + fileName_ + " is not a regular file");
  }
  const auto fileBytes = static_cast<uint64_t>(info.st_size);
  if (fileBytes < kLengthBytes) {
    ::close(fd);
    throw InputError(ErrorKind::SafetensorsTruncated, {.file = fileName_}, fileName_ + " is too short to be a safetensors file (" + std::to_string(fileBytes) +
                     " bytes; the 8-byte header length alone needs 8)");
  }
  void* map = ::mmap(nullptr, fileBytes, PROT_READ, MAP_PRIVATE, fd, 0);
  ::close(fd);  // the mapping keeps the file
  if (map == MAP_FAILED)
    throw InputError(ErrorKind::FileUnreadable, {.file = fileName_},
                     "cannot map weights file " + fileName_ + ": " + std::strerror(errno));
  map_ = static_cast<const unsigned char*>(map);
  mapBytes_ = fileBytes;

  try {
    const uint64_t headerBytes = decodeUint64(map_);
    if (headerBytes > fileBytes - kLengthBytes)
      throw InputError(ErrorKind::SafetensorsTruncated, {.file = fileName_}, fileName_ + ": the header length " + std::to_string(headerBytes) + " is larger than the file (" +
                       std::to_string(fileBytes) + " bytes); the file is truncated or not a safetensors file");
    if (headerBytes > limits::kMaxSafetensorsHeaderBytes)
      throw InputError(ErrorKind::SafetensorsBadHeader, {.file = fileName_}, fileName_ + ": the header is " + limits::describeBytes(headerBytes) + ", more than the " +
                       limits::describeBytes(limits::kMaxSafetensorsHeaderBytes) + " AttentionLab reads; the file is damaged");
    const std::string_view headerText(reinterpret_cast<const char*>(map_ + kLengthBytes), headerBytes);
    const nlohmann::json header = io::parseJson(headerText, fileName_ + ": the header");
    if (!header.is_object())
      throw InputError(ErrorKind::SafetensorsBadHeader, {.file = fileName_}, fileName_ + ": the header is not a JSON object");
    if (header.size() > limits::kMaxSafetensorsTensors)
      throw InputError(ErrorKind::SafetensorsBadHeader, {.file = fileName_}, fileName_ + ": the header lists " + std::to_string(header.size()) + " tensors, more than the " +
                       std::to_string(limits::kMaxSafetensorsTensors) + " AttentionLab reads; the file is damaged");

    const uint64_t dataBytes = fileBytes - kLengthBytes - headerBytes;
    for (const auto& [name, entry] : header.items()) {
      if (name == "__metadata__") continue;  // the writer's free-form strings, e.g. {"format": "pt"}
      entries_.push_back(parseEntry(name, entry, dataBytes, fileName_));
    }
    std::vector<const Entry*> all;
    for (const Entry& e : entries_) all.push_back(&e);
    requireExactTiling(std::move(all), dataBytes, fileName_);
    data_ = map_ + kLengthBytes + headerBytes;
  } catch (...) {
    ::munmap(const_cast<unsigned char*>(map_), mapBytes_);
    throw;
  }
}

MappedSafetensors::~MappedSafetensors() {
  if (map_) ::munmap(const_cast<unsigned char*>(map_), mapBytes_);
}

const MappedSafetensors::Entry* MappedSafetensors::find(const std::string& name) const {
  for (const Entry& e : entries_)
    if (e.name == name) return &e;
  return nullptr;
}

void MappedSafetensors::read(const Entry& entry, float* out) const {
  const unsigned char* bytes = data_ + entry.begin;
  const uint64_t count = entry.elements();
  if (entry.dtype == "F32") {
    for (uint64_t i = 0; i < count; ++i) out[i] = std::bit_cast<float>(decodeUint32(bytes + 4 * i));
  } else if (entry.dtype == "F16") {
    for (uint64_t i = 0; i < count; ++i) out[i] = halfToFloat(decodeUint16(bytes + 2 * i));
  } else if (entry.dtype == "BF16") {
    for (uint64_t i = 0; i < count; ++i) out[i] = bfloat16ToFloat(decodeUint16(bytes + 2 * i));
  } else {
    throw InputError(ErrorKind::TensorDtype, {.file = fileName_, .name = entry.name, .found = entry.dtype},
                     fileName_ + ": tensor " + quoted(entry.name) + " has dtype " + entry.dtype +
                     "; AttentionLab reads weights stored as F32, F16 or BF16");
  }
  requireFiniteTensor(std::span<const float>(out, count), fileName_, entry.name);
  // The model now holds its own float32 copy: give back the file's pages of this tensor, so that loading a
  // 440 MB model does not keep 440 MB of mapped file beside it (they are read again from the file if asked).
  const auto pageBytes = static_cast<uint64_t>(::sysconf(_SC_PAGESIZE));
  const uint64_t start = static_cast<uint64_t>(bytes - map_), stop = start + (entry.end - entry.begin);
  const uint64_t first = (start + pageBytes - 1) / pageBytes * pageBytes, last = stop / pageBytes * pageBytes;
  if (last > first) ::madvise(const_cast<unsigned char*>(map_) + first, last - first, MADV_DONTNEED);
}

}  // namespace al::pretrained
