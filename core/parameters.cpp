#include "core/parameters.h"

#include <stdexcept>

#include "core/parallel.h"

namespace al {

int ParameterSet::add(const std::string& name, std::vector<int64_t> shape, bool trainable) {
  if (shape.empty() || shape.size() > 2) throw std::invalid_argument("parameter " + name + ": rank must be 1 or 2");
  if (find(name) >= 0) throw std::invalid_argument("parameter " + name + " registered twice");
  ParameterInfo p;
  p.name = name;
  p.rows = shape.size() == 1 ? 1 : shape[0];
  p.cols = shape.size() == 1 ? shape[0] : shape[1];
  p.shape = std::move(shape);
  p.offset = size();
  p.trainable = trainable;
  values_.resize(static_cast<size_t>(p.offset + p.size()), 0.0f);
  slots_.push_back(std::move(p));
  return static_cast<int>(slots_.size()) - 1;
}

MatrixMap ParameterSet::value(int slot) {
  const ParameterInfo& p = info(slot);
  return MatrixMap(values_.data() + p.offset, p.rows, p.cols);
}

ConstMatrixMap ParameterSet::value(int slot) const {
  const ParameterInfo& p = info(slot);
  return ConstMatrixMap(values_.data() + p.offset, p.rows, p.cols);
}

int ParameterSet::find(const std::string& name) const {
  for (size_t i = 0; i < slots_.size(); ++i)
    if (slots_[i].name == name) return static_cast<int>(i);
  return -1;
}

MatrixMap Gradients::operator[](int slot) {
  const ParameterInfo& p = layout_->info(slot);
  return MatrixMap(values_.data() + p.offset, p.rows, p.cols);
}

void Gradients::setZero() {
  forEachElementBlock(values_.size(), [&](size_t first, size_t last) {
    std::fill(values_.begin() + static_cast<std::ptrdiff_t>(first), values_.begin() + static_cast<std::ptrdiff_t>(last), 0.0f);
  });
}

void Gradients::addAndClear(Gradients& other, int sparseSlot, std::span<const int> rows) {
  float* sum = values_.data();
  float* part = other.values_.data();
  auto addAndClearRange = [&](size_t first, size_t last) {
    for (size_t i = first; i < last; ++i) {
      sum[i] += part[i];
      part[i] = 0.0f;
    }
  };
  const ParameterInfo& sparse = layout_->info(sparseSlot);  // V x D
  const auto sparseFirst = static_cast<size_t>(sparse.offset), sparseEnd = static_cast<size_t>(sparse.offset + sparse.size());
  const auto width = static_cast<size_t>(sparse.cols);
  // Everything before and after the sparse tensor, then its listed rows.
  forEachElementBlock(sparseFirst, [&](size_t first, size_t last) { addAndClearRange(first, last); });
  forEachElementBlock(values_.size() - sparseEnd,
                      [&](size_t first, size_t last) { addAndClearRange(sparseEnd + first, sparseEnd + last); });
  tbb::parallel_for(size_t{0}, rows.size(), [&](size_t r) {
    const size_t first = sparseFirst + static_cast<size_t>(rows[r]) * width;
    addAndClearRange(first, first + width);
  });
}

void Gradients::add(const Gradients& other) {
  for (size_t i = 0; i < values_.size(); ++i) values_[i] += other.values_[i];
}

void Gradients::scale(float factor) {
  for (float& v : values_) v *= factor;
}

}  // namespace al
