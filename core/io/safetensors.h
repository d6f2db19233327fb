#pragma once
// model.safetensors: every tensor of a model in one file, in the format of huggingface/safetensors, so that
// NumPy, PyTorch or any other tool can read what AttentionLab trained (and the other way round).
//
//   bytes 0..7        N, the length of the header, unsigned 64-bit little-endian
//   bytes 8..8+N-1    a JSON object: {"name": {"dtype": "F32", "shape": [r, c], "data_offsets": [begin, end]}, ...}
//                     plus an optional "__metadata__": {string: string}; padded with spaces to a multiple of 8
//   bytes 8+N..       the data section: every tensor's values, float32 little-endian, row-major;
//                     data_offsets count bytes from the start of the data section, end excluded
//
// The reader is strict: tensors must tile the data section exactly (no gaps, no overlaps, nothing after the
// last one), because a file that does not is damaged or was not written by a safetensors writer.
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "core/parameters.h"

namespace al::io {

struct Tensor {
  std::string name;
  std::vector<int64_t> shape;  // [] for a scalar, [n] for a vector, [rows, cols] for a matrix
  std::vector<float> values;   // row-major, product(shape) entries
};

// Reads every tensor, in the order of the data section. Throws al::InputError naming the file, and the
// tensor where there is one, for anything malformed, and for a value that is NaN or infinite (TensorNotFinite:
// a model's weights never are).
// Bounds (core/io/limits.h): the file size, the header's size, depth and number of tensors, each tensor's rank.
std::vector<Tensor> readSafetensors(const std::filesystem::path& file);
// The same for the bytes of such a file; file names it in messages.
std::vector<Tensor> parseSafetensors(std::string_view bytes, const std::string& file);

// Writes the tensors in the given order (atomically: the file holds either its old content or all of the
// new). Throws std::invalid_argument for a tensor whose values do not match its shape or a repeated name,
// al::RunError if the file cannot be written.
void writeSafetensors(const std::filesystem::path& file, const std::vector<Tensor>& tensors);

// Every tensor of a parameter set, in registration order, with the shapes of the model file.
std::vector<Tensor> tensorsFromParameters(const ParameterSet& params);

// Copies tensors into the parameter set. Every registered tensor must be present with exactly its shape, and
// no other tensor may be present; otherwise al::InputError names fileForMessages, the tensor and the shapes,
// and params is left unchanged.
void assignParameters(ParameterSet& params, const std::vector<Tensor>& tensors, const std::string& fileForMessages);

// "[3, 4]": a shape as people read it in messages.
std::string shapeToString(const std::vector<int64_t>& shape);

}  // namespace al::io
