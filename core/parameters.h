#pragma once
// All the numbers a model learns, in one contiguous buffer with named views.
//
// A layer registers its tensors once (name and shape, as written in the model file) and keeps the slot
// numbers it gets back. Optimizers, saving, loading and gradient checks are then one loop over the buffer.
// Gradients live in a separate buffer with the same layout, so that every worker thread can own one.
#include <algorithm>
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
//
// One sample's part of a batch (Gradients::ofOneSample) lets a batch's backward pass run each sample on whichever
// thread is free and add the samples up afterwards, in sample order (addSamples): the same bits however the
// samples were scheduled, and no thread waits for another with a fixed share of the work. Such a part stores only
// the tensors a layer touched (a bias, a norm's gamma: small), and for a kernel W of Y = X·W + b it records the two
// factors of dW = Xᵀ·dY instead of adding the product into a kernel-sized buffer; addSamples computes the products.
class Gradients {
 public:
  Gradients() = default;
  explicit Gradients(const ParameterSet& layout);
  // One sample's part (see above): nothing stored yet.
  static Gradients ofOneSample(const ParameterSet& layout);
  bool isOneSample() const { return oneSample_; }

  // A tensor's gradient (one sample's part: zeros the first time the tensor is asked for).
  MatrixMap operator[](int slot);
  // The gradient of a table that the caller changes in the listed rows only (an embedding: a batch touches a few
  // thousand of 20,000 rows). The rows are remembered until setZero, which then clears only them, and an
  // optimizer can visit only them (writtenRows).
  MatrixMap rows(int slot, std::span<const int> rows);
  // The rows of tensor `slot` that may be non-zero: null when it may be any (it was reached another way since the
  // last setZero), else the rows given to rows(), each once, in no particular order (empty: the tensor is zero).
  const std::vector<Index>* writtenRows(int slot) const;
  // dW += xᵀ·dy for the kernel in `slot` of Y = X·W + b (x: T x in, dy: T x out). One sample's part keeps a
  // reference to x, which must live until addSamples, and dy (moved in when the caller passes an rvalue).
  void addKernelGradient(int slot, const Matrix& x, const Matrix& dy);
  void addKernelGradient(int slot, const Matrix& x, Matrix&& dy);

  // Zeros every value (in parallel over the current arena's threads; only what was written since the last
  // setZero); one sample's part also forgets its recorded kernel factors.
  void setZero();
  void add(const Gradients& other);
  // this += the sum of the parts `samples` (each from ofOneSample), added in their order: stored tensors element
  // by element, kernels as x_0ᵀ·dy_0 + x_1ᵀ·dy_1 + ... In parallel over tensors and column blocks of kernels,
  // each taken by whichever thread of the current arena is free; every block is summed in sample order, so the
  // result does not depend on the schedule or on the number of threads.
  void addSamples(std::span<const Gradients> samples);
  void scale(float factor);

  FloatBuffer& data() {
    markAllWritten();
    return values_;
  }
  const FloatBuffer& data() const { return values_; }

 private:
  // What was written into a tensor since the last setZero.
  enum class Written : uint8_t { Nothing, Rows, Whole };
  void markAllWritten() { std::fill(written_.begin(), written_.end(), Written::Whole); }
  MatrixMap view(int slot);  // operator[] without marking the tensor written

  // A recorded dW += xᵀ·dy of one sample.
  struct KernelFactors {
    int slot;
    const Matrix* x;  // T x in
    Matrix dy;        // T x out
  };
  const ParameterSet* layout_ = nullptr;
  FloatBuffer values_;  // the whole layout (empty for one sample's part)
  std::vector<Written> written_;                // slot -> what was written since the last setZero
  std::vector<std::vector<Index>> rowList_;     // slot -> its rows given to rows() (Written::Rows)
  std::vector<std::vector<uint8_t>> rowFlag_;   // slot -> 1 for every row in rowList_
  bool oneSample_ = false;
  std::vector<Matrix> touched_;                // one sample's part: slot -> its values (empty: not touched)
  std::vector<KernelFactors> kernelFactors_;  // one sample's part: the recorded kernel gradients, in order
};

}  // namespace al
