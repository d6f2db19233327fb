#include "core/parameters.h"

#include <stdexcept>

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

void Gradients::setZero() { std::fill(values_.begin(), values_.end(), 0.0f); }

void Gradients::add(const Gradients& other) {
  for (size_t i = 0; i < values_.size(); ++i) values_[i] += other.values_[i];
}

void Gradients::scale(float factor) {
  for (float& v : values_) v *= factor;
}

}  // namespace al
