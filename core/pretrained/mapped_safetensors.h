#pragma once
// model.safetensors of a Hugging Face folder, read in place: the file is memory-mapped and each tensor is
// converted to float32 when a model asks for it, straight into the model's own buffer. A BERT base file is
// 440 MB; reading it whole and then converting (as core/io/safetensors.h does for AttentionLab's own small
// models) would hold two full copies at once.
//
//   bytes 0..7        N, the length of the header, unsigned 64-bit little-endian
//   bytes 8..8+N-1    JSON: {"name": {"dtype": "F16", "shape": [r, c], "data_offsets": [begin, end]}, ...}
//   bytes 8+N..       the data section, little-endian, row-major; offsets count from its start, end excluded
//
// Checked when opened, as strictly as the reader of AttentionLab's own files: the header length against the
// file and limits::kMaxSafetensorsHeaderBytes, the number of tensors and their rank, every tensor's offsets
// inside the data section and matching its shape and dtype, and the tensors tiling the data section exactly.
// Every dtype of the format is accepted in the file (a checkpoint also holds int64 position_ids, bool masks);
// only F32, F16 and BF16 can be read as numbers.
//
// Use:
//   MappedSafetensors file("DIR/model.safetensors");          // al::InputError if malformed
//   if (const auto* e = file.find("wte.weight")) file.read(*e, destination);  // product(shape) floats
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace al::pretrained {

class MappedSafetensors {
 public:
  struct Entry {
    std::string name;
    std::string dtype;            // "F32", "F16", "BF16", "I64", ...
    std::vector<int64_t> shape;   // [] for a scalar
    uint64_t begin = 0, end = 0;  // bytes of the data section
    uint64_t elements() const;
  };

  // Maps and checks the file. al::InputError naming the file (and the tensor) for anything malformed.
  explicit MappedSafetensors(const std::filesystem::path& file);
  ~MappedSafetensors();
  MappedSafetensors(const MappedSafetensors&) = delete;
  MappedSafetensors& operator=(const MappedSafetensors&) = delete;

  const std::string& fileName() const { return fileName_; }
  const std::vector<Entry>& entries() const { return entries_; }
  // The tensor called name, or null.
  const Entry* find(const std::string& name) const;

  // Writes the tensor's product(shape) values, converted to float32, to out. al::InputError if its dtype is
  // not F32, F16 or BF16, or if a value is NaN or infinite (TensorNotFinite, naming the tensor).
  void read(const Entry& entry, float* out) const;

 private:
  std::string fileName_;
  const unsigned char* map_ = nullptr;  // the whole file, read-only
  size_t mapBytes_ = 0;
  const unsigned char* data_ = nullptr;  // the data section inside map_
  std::vector<Entry> entries_;
};

// IEEE half and bfloat16 bits to float32 (exact: every such value is a float32).
float halfToFloat(uint16_t bits);
float bfloat16ToFloat(uint16_t bits);

}  // namespace al::pretrained
