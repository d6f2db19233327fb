#pragma once
// The tensors of a Hugging Face checkpoint, found by the names of the contract and copied into a model's
// parameter buffer: one tensor at a time, converted to float32 on the way, so that a model never holds the
// file's copy and its own at once (the file stays memory-mapped, and the page cache can drop it).
//
// Names are given without the checkpoint's prefix ("embeddings.word_embeddings.weight"); the reader also
// accepts them with it ("bert.embeddings...", "transformer.wte.weight"), and LayerNorm.gamma / LayerNorm.beta
// (older checkpoints) for LayerNorm.weight / LayerNorm.bias.
//
// Use:
//   CheckpointReader weights(weightsFile(dir), "bert.");
//   weights.copy("embeddings.word_embeddings.weight", {V, D}, params.value(slot));   // V x D as stored
//   weights.copyTransposed("encoder.layer.0.attention.self.query.weight", {D, D}, params.value(kernel));
#include <filesystem>
#include <string>
#include <vector>

#include "core/pretrained/mapped_safetensors.h"
#include "core/tensor.h"

namespace al::pretrained {

class CheckpointReader {
 public:
  // Maps and checks the file (al::InputError if malformed).
  CheckpointReader(const std::filesystem::path& file, std::string prefix);

  // The file's tensor for a name of the contract, or null.
  const MappedSafetensors::Entry* find(const std::string& name) const;
  bool has(const std::string& name) const { return find(name) != nullptr; }

  // The tensor `name`, which must have exactly `shape`, into dst (rows x cols: [r, c] -> r x c, [n] -> 1 x n).
  // al::InputError naming the file, the tensor, the shape expected and the one found.
  void copy(const std::string& name, const std::vector<int64_t>& shape, MatrixMap dst) const;
  // A PyTorch Linear weight, stored [out, in], into a kernel of the core's layers, [in, out] (y = x·W + b).
  void copyTransposed(const std::string& name, const std::vector<int64_t>& shape, MatrixMap dst) const;
  // The tensor as a matrix of its stored shape.
  Matrix matrix(const std::string& name, const std::vector<int64_t>& shape) const;

  const std::string& fileName() const { return file_.fileName(); }

 private:
  const MappedSafetensors::Entry& require(const std::string& name, const std::vector<int64_t>& shape) const;

  MappedSafetensors file_;
  std::string prefix_;
};

}  // namespace al::pretrained
