#include "core/io/safetensors.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

#include "core/error.h"
#include "core/finite_values.h"
#include "core/io/atomic_directory.h"
#include "core/io/json_fields.h"
#include "core/io/limits.h"
#include "core/io/read_file.h"

namespace al::io {

namespace {

constexpr size_t kLengthBytes = 8;  // the header length field
constexpr size_t kFloatBytes = 4;   // F32

// Where one tensor's bytes are, as the header declares them.
struct TensorEntry {
  Tensor tensor;
  uint64_t begin = 0;  // bytes from the start of the data section
  uint64_t end = 0;    // one past the last byte
};

// ---- little-endian encoding, written out so that it does not depend on the machine's byte order ----

uint64_t decodeUint64(const char* bytes) {
  uint64_t value = 0;
  for (int i = 7; i >= 0; --i) value = (value << 8) | static_cast<unsigned char>(bytes[i]);
  return value;
}

void appendUint64(std::string& out, uint64_t value) {
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((value >> (8 * i)) & 0xFF));
}

float decodeFloat(const char* bytes) {
  uint32_t bits = 0;
  for (int i = 3; i >= 0; --i) bits = (bits << 8) | static_cast<unsigned char>(bytes[i]);
  return std::bit_cast<float>(bits);
}

void appendFloat(std::string& out, float value) {
  const auto bits = std::bit_cast<uint32_t>(value);
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((bits >> (8 * i)) & 0xFF));
}

// ---- reading ----

std::string quoted(const std::string& name) { return "\"" + name + "\""; }

// Number of elements of a shape, or nullopt-like max() if it would not fit in memory anyway.
uint64_t elementCount(const std::vector<int64_t>& shape) {
  constexpr uint64_t tooMany = std::numeric_limits<uint64_t>::max() / kFloatBytes;
  uint64_t count = 1;
  for (int64_t dim : shape) {
    const auto d = static_cast<uint64_t>(dim);
    if (d != 0 && count > tooMany / d) return std::numeric_limits<uint64_t>::max();
    count *= d;
  }
  return count;
}

// "[8, 16]". (Built by appending: GCC 12 warns wrongly about "literal" + std::string temporaries here.)
std::string offsetsToString(uint64_t begin, uint64_t end) {
  std::string text = "[";
  text += std::to_string(begin);
  text += ", ";
  text += std::to_string(end);
  text += "]";
  return text;
}

// The header entry of tensor `name` is not what a safetensors file holds; detail says why, in English.
InputError badEntry(const std::string& file, const std::string& name, const std::string& detail) {
  return InputError(ErrorKind::SafetensorsBadHeader, {.file = file, .name = name}, file + ": tensor " + quoted(name) + detail);
}

uint64_t requireOffset(const nlohmann::json& value, const std::string& file, const std::string& name) {
  if (!value.is_number_unsigned()) throw badEntry(file, name, ": data_offsets must be two non-negative integers");
  return value.get<uint64_t>();
}

// One header entry: {"dtype": "F32", "shape": [...], "data_offsets": [begin, end]}.
TensorEntry parseEntry(const std::string& name, const nlohmann::json& entry, uint64_t dataBytes, const std::string& file) {
  if (!entry.is_object()) throw badEntry(file, name, ": its header entry is not a JSON object");

  const auto dtype = entry.find("dtype");
  if (dtype == entry.end() || !dtype->is_string()) throw badEntry(file, name, ": \"dtype\" is missing or not a string");
  if (*dtype != "F32")
    throw badEntry(file, name, " has dtype " + dtype->get<std::string>() + "; AttentionLab reads only F32 tensors");

  TensorEntry result;
  result.tensor.name = name;
  const auto shape = entry.find("shape");
  if (shape == entry.end() || !shape->is_array()) throw badEntry(file, name, ": \"shape\" is missing or not a list");
  if (shape->size() > static_cast<size_t>(limits::kMaxTensorRank))
    throw badEntry(file, name, ": \"shape\" has " + std::to_string(shape->size()) + " dimensions; AttentionLab reads at most " +
                                   std::to_string(limits::kMaxTensorRank));
  for (const auto& dim : *shape) {
    if (!dim.is_number_unsigned() || dim.get<uint64_t>() > uint64_t(INT64_MAX))
      throw badEntry(file, name, ": \"shape\" must hold non-negative integers");
    result.tensor.shape.push_back(dim.get<int64_t>());
  }

  const auto offsets = entry.find("data_offsets");
  if (offsets == entry.end() || !offsets->is_array() || offsets->size() != 2)
    throw badEntry(file, name, ": \"data_offsets\" must be a list [begin, end]");
  result.begin = requireOffset((*offsets)[0], file, name);
  result.end = requireOffset((*offsets)[1], file, name);
  const std::string range = offsetsToString(result.begin, result.end);
  if (result.begin > result.end) throw badEntry(file, name, ": data_offsets " + range + " end before they begin");
  if (result.end > dataBytes)
    throw InputError(ErrorKind::SafetensorsTruncated, {.file = file, .name = name},
                     file + ": tensor " + quoted(name) + ": data_offsets " + range + " reach beyond the data section (" +
                     std::to_string(dataBytes) + " bytes); the file is truncated");

  const uint64_t count = elementCount(result.tensor.shape);
  const uint64_t heldBytes = result.end - result.begin;
  if (count > heldBytes / kFloatBytes || count * kFloatBytes != heldBytes)
    throw badEntry(file, name, ": data_offsets " + range + " hold " + std::to_string(heldBytes) + " bytes, but shape " +
                                   shapeToString(result.tensor.shape) + " of F32 needs " +
                                   (count == std::numeric_limits<uint64_t>::max() ? std::string("more") : std::to_string(count * kFloatBytes)));
  return result;
}

// The tensors, sorted by position, must cover the data section exactly once.
void requireExactTiling(const std::vector<TensorEntry>& sorted, uint64_t dataBytes, const std::string& file) {
  uint64_t covered = 0;  // bytes [0, covered) belong to the tensors seen so far
  const TensorEntry* previous = nullptr;
  for (const TensorEntry& e : sorted) {
    if (e.begin < covered)
      throw InputError(ErrorKind::SafetensorsBadHeader, {.file = file, .name = e.tensor.name},
                       file + ": tensors " + quoted(previous->tensor.name) + " and " + quoted(e.tensor.name) +
                       " overlap in the data section");
    if (e.begin > covered)
      throw InputError(ErrorKind::SafetensorsBadHeader, {.file = file, .name = e.tensor.name},
                       file + ": bytes " + std::to_string(covered) + " to " + std::to_string(e.begin) +
                       " of the data section, before tensor " + quoted(e.tensor.name) + ", belong to no tensor");
    covered = e.end;
    previous = &e;
  }
  if (covered != dataBytes)
    throw InputError(ErrorKind::SafetensorsBadHeader, {.file = file},
                     file + ": the last " + std::to_string(dataBytes - covered) +
                     " bytes of the data section belong to no tensor");
}

}  // namespace

std::string shapeToString(const std::vector<int64_t>& shape) {
  std::string text = "[";
  for (size_t i = 0; i < shape.size(); ++i) text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + "]";
}

std::vector<Tensor> readSafetensors(const std::filesystem::path& path) {
  const uint64_t largest = kLengthBytes + limits::kMaxSafetensorsHeaderBytes + limits::kMaxParameterBytes;
  return parseSafetensors(readWholeFile(path, "safetensors file", largest), path.string());
}

namespace {

// The header's JSON; a header that is not JSON is a bad header (of the file, not of some JSON file).
nlohmann::json parseHeader(std::string_view text, const std::string& file) {
  try {
    return parseJson(text, file + ": the header");
  } catch (const InputError& e) {
    throw InputError(ErrorKind::SafetensorsBadHeader, {.file = file, .line = e.fields().line}, e.what());
  }
}

}  // namespace

std::vector<Tensor> parseSafetensors(std::string_view bytes, const std::string& file) {
  if (bytes.size() < kLengthBytes)
    throw InputError(ErrorKind::SafetensorsTruncated, {.file = file},
                     file + " is too short to be a safetensors file (" + std::to_string(bytes.size()) +
                     " bytes; the 8-byte header length alone needs 8)");

  const uint64_t headerBytes = decodeUint64(bytes.data());
  if (headerBytes > bytes.size() - kLengthBytes)
    throw InputError(ErrorKind::SafetensorsTruncated, {.file = file},
                     file + ": the header length " + std::to_string(headerBytes) + " is larger than the file (" +
                     std::to_string(bytes.size()) + " bytes); the file is truncated or not a safetensors file");
  if (headerBytes > limits::kMaxSafetensorsHeaderBytes)
    throw InputError(ErrorKind::SafetensorsBadHeader, {.file = file},
                     file + ": the header is " + limits::describeBytes(headerBytes) + ", more than the " +
                     limits::describeBytes(limits::kMaxSafetensorsHeaderBytes) +
                     " AttentionLab reads; the file is damaged or not a model of AttentionLab's size");

  const nlohmann::json header = parseHeader(bytes.substr(kLengthBytes, headerBytes), file);
  if (!header.is_object())
    throw InputError(ErrorKind::SafetensorsBadHeader, {.file = file}, file + ": the header is not a JSON object");
  if (header.size() > limits::kMaxSafetensorsTensors)
    throw InputError(ErrorKind::SafetensorsBadHeader, {.file = file},
                     file + ": the header lists " + std::to_string(header.size()) + " tensors, more than the " +
                     std::to_string(limits::kMaxSafetensorsTensors) + " AttentionLab reads; the file is damaged");

  const uint64_t dataBytes = bytes.size() - kLengthBytes - headerBytes;
  std::vector<TensorEntry> entries;
  for (const auto& [name, entry] : header.items()) {
    if (name == "__metadata__") continue;  // free-form strings of the writer (e.g. {"format": "pt"}); not ours
    entries.push_back(parseEntry(name, entry, dataBytes, file));
  }
  std::sort(entries.begin(), entries.end(),
            [](const TensorEntry& a, const TensorEntry& b) { return std::tie(a.begin, a.end) < std::tie(b.begin, b.end); });
  requireExactTiling(entries, dataBytes, file);

  const char* data = bytes.data() + kLengthBytes + headerBytes;
  std::vector<Tensor> tensors;
  tensors.reserve(entries.size());
  for (TensorEntry& e : entries) {
    const size_t count = (e.end - e.begin) / kFloatBytes;
    e.tensor.values.resize(count);
    for (size_t i = 0; i < count; ++i) e.tensor.values[i] = decodeFloat(data + e.begin + i * kFloatBytes);
    requireFiniteTensor(e.tensor.values, file, e.tensor.name);
    tensors.push_back(std::move(e.tensor));
  }
  return tensors;
}

void writeSafetensors(const std::filesystem::path& path, const std::vector<Tensor>& tensors) {
  // ordered_json keeps the header in the order of the data section (plain json would sort the names).
  nlohmann::ordered_json header = nlohmann::ordered_json::object();
  std::unordered_set<std::string> names;
  uint64_t offset = 0;
  for (const Tensor& t : tensors) {
    if (t.name.empty() || t.name == "__metadata__" || !names.insert(t.name).second)
      throw std::invalid_argument("safetensors: tensor name \"" + t.name + "\" is empty, reserved or repeated");
    if (elementCount(t.shape) != t.values.size())
      throw std::invalid_argument("safetensors: tensor \"" + t.name + "\" has " + std::to_string(t.values.size()) +
                                  " values for shape " + shapeToString(t.shape));
    const uint64_t end = offset + t.values.size() * kFloatBytes;
    header[t.name] = {{"dtype", "F32"}, {"shape", t.shape}, {"data_offsets", {offset, end}}};
    offset = end;
  }

  // Pad the header with spaces to a multiple of 8 bytes, as the reference writer does, so that the data
  // section starts aligned.
  std::string headerText = header.dump();
  headerText.append((8 - headerText.size() % 8) % 8, ' ');

  std::string bytes;
  bytes.reserve(kLengthBytes + headerText.size() + offset);
  appendUint64(bytes, headerText.size());
  bytes += headerText;
  for (const Tensor& t : tensors)
    for (float v : t.values) appendFloat(bytes, v);
  writeFileAtomically(path, bytes);
}

std::vector<Tensor> tensorsFromParameters(const ParameterSet& params) {
  std::vector<Tensor> tensors;
  tensors.reserve(params.tensors().size());
  for (const ParameterInfo& p : params.tensors()) {
    const auto first = params.data().begin() + p.offset;
    tensors.push_back({p.name, p.shape, std::vector<float>(first, first + p.size())});
  }
  return tensors;
}

void assignParameters(ParameterSet& params, const std::vector<Tensor>& tensors, const std::string& file) {
  std::unordered_map<std::string, const Tensor*> byName;
  for (const Tensor& t : tensors)
    if (!byName.emplace(t.name, &t).second)
      throw InputError(ErrorKind::SafetensorsBadHeader, {.file = file, .name = t.name},
                       file + ": tensor " + quoted(t.name) + " appears twice");

  // Check everything before copying anything, so that a bad file leaves the model as it was.
  for (const ParameterInfo& p : params.tensors()) {
    const auto found = byName.find(p.name);
    if (found == byName.end())
      throw InputError(ErrorKind::TensorMissing, {.file = file, .name = p.name, .expected = shapeToString(p.shape)},
                       file + ": tensor " + quoted(p.name) + " is missing (the model needs shape " + shapeToString(p.shape) + ")");
    if (found->second->shape != p.shape)
      throw InputError(ErrorKind::TensorWrongShape,
                       {.file = file, .name = p.name, .expected = shapeToString(p.shape),
                        .found = shapeToString(found->second->shape)},
                       file + ": tensor " + quoted(p.name) + " has shape " + shapeToString(found->second->shape) +
                       ", but the model needs " + shapeToString(p.shape));
    if (found->second->values.size() != static_cast<size_t>(p.size()))
      throw InputError(ErrorKind::TensorWrongShape, {.file = file, .name = p.name, .expected = shapeToString(p.shape)},
                       file + ": tensor " + quoted(p.name) + " has " + std::to_string(found->second->values.size()) +
                       " values for shape " + shapeToString(p.shape));
  }
  if (tensors.size() != params.tensors().size()) {
    std::string unknown;
    std::string first;
    for (const Tensor& t : tensors)
      if (params.find(t.name) < 0) {
        if (first.empty()) first = t.name;
        unknown += (unknown.empty() ? "" : ", ") + quoted(t.name);
      }
    throw InputError(ErrorKind::TensorUnknown, {.file = file, .name = first}, file + ": unknown tensor(s) " + unknown + " (not part of this model)");
  }

  for (const ParameterInfo& p : params.tensors())
    std::copy(byName.at(p.name)->values.begin(), byName.at(p.name)->values.end(), params.data().begin() + p.offset);
}

}  // namespace al::io
