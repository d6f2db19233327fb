#pragma once
// All the numbers a model learns, in one contiguous buffer with named views.
//
// A layer registers its tensors once (name and shape, as written in the model file) and keeps the slot
// numbers it gets back. Optimizers, saving, loading and gradient checks are then one loop over the buffer.
// Gradients live in a separate buffer with the same layout, so that every worker thread can own one.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/tensor.h"

namespace al {

struct ParameterInfo {
  std::string name;            // as in model.safetensors, e.g. "encoder.0.attention.query.kernel"
  std::vector<int64_t> shape;  // as in the file: [rows, cols] or [n] for a vector
  Index rows = 0;              // the in-memory view: vectors are 1 x n
  Index cols = 0;
  Index offset = 0;            // first element in the buffer
  bool trainable = true;       // false for state such as batch norm's moving statistics
  Index size() const { return rows * cols; }
};

class ParameterSet {
 public:
  // Registers a tensor; returns its slot. shape has one or two entries.
  int add(const std::string& name, std::vector<int64_t> shape, bool trainable = true);

  MatrixMap value(int slot);
  ConstMatrixMap value(int slot) const;

  const std::vector<ParameterInfo>& tensors() const { return slots_; }
  const ParameterInfo& info(int slot) const { return slots_.at(static_cast<size_t>(slot)); }
  // Slot of a named tensor, or -1.
  int find(const std::string& name) const;

  FloatBuffer& data() { return values_; }
  const FloatBuffer& data() const { return values_; }
  Index size() const { return static_cast<Index>(values_.size()); }

 private:
  std::vector<ParameterInfo> slots_;
  FloatBuffer values_;
};

// Gradients of every parameter, in the layout of a ParameterSet. Backward passes add into it (gradients
// accumulate); whoever owns it zeroes it.
class Gradients {
 public:
  Gradients() = default;
  explicit Gradients(const ParameterSet& layout)
      : layout_(&layout), values_(static_cast<size_t>(layout.size()), 0.0f) {}

  MatrixMap operator[](int slot);
  void setZero();  // in parallel over the current arena's threads
  void add(const Gradients& other);
  // this += other, then other = 0 (other is then ready for the next batch). In tensor `sparseSlot` (an embedding
  // table) only the `rows` listed are added and zeroed: the batch touched those rows only, the others are zero in
  // `other` (so adding them would change no bit). The sums are the same bits as add(); in parallel over the
  // current arena's threads.
  void addAndClear(Gradients& other, int sparseSlot, std::span<const int> rows);
  void scale(float factor);

  FloatBuffer& data() { return values_; }
  const FloatBuffer& data() const { return values_; }

 private:
  const ParameterSet* layout_ = nullptr;
  FloatBuffer values_;
};

}  // namespace al
