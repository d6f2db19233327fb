#include "core/train/optimizer.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/parallel.h"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>

namespace al {

namespace {

// Calls update(i) for every element of every trainable tensor (batch norm's moving statistics are skipped), in
// parallel over the current arena's threads: each element's update reads only that element, so the threads do
// not change a bit.
template <typename F>
void forEachTrainable(const ParameterSet& params, F&& update) {
  for (const ParameterInfo& p : params.tensors()) {
    if (!p.trainable) continue;
    const auto offset = static_cast<size_t>(p.offset);
    forEachElementBlock(static_cast<size_t>(p.size()), [&](size_t first, size_t last) {
      for (size_t i = offset + first; i < offset + last; ++i) update(i);
    });
  }
}

}  // namespace

void Sgd::update(ParameterSet& params, const Gradients& grads, long /*step*/) {
  float* w = params.data().data();
  const float* g = grads.data().data();
  forEachTrainable(params, [&](size_t i) { w[i] -= lr_ * g[i]; });
}

void RmsProp::update(ParameterSet& params, const Gradients& grads, long step) {
  if (meanSquare_.size() != params.data().size()) {  // the first step: no decay is owed yet
    meanSquare_.assign(params.data().size(), 0.0f);
    firstRow_.clear();
    Index rows = 0;
    for (const ParameterInfo& p : params.tensors()) {
      firstRow_.push_back(rows);
      rows += p.rows;
    }
    rowLastUpdated_.assign(static_cast<size_t>(rows), step - 1);
  }
  float* w = params.data().data();
  const float* g = grads.data().data();
  const auto& tensors = params.tensors();
  for (size_t slot = 0; slot < tensors.size(); ++slot) {
    const ParameterInfo& p = tensors[slot];
    if (!p.trainable) continue;
    auto update = [&](Index r) {
      updateRow(w, g, static_cast<size_t>(p.offset + r * p.cols), static_cast<size_t>(p.cols), firstRow_[slot] + r, step);
    };
    const Index grain = std::max<Index>(1, (1 << 14) / p.cols);
    // Rows outside writtenRows are zero and would be skipped: visit the listed ones only (same bits, less reading).
    if (const std::vector<Index>* rows = grads.writtenRows(static_cast<int>(slot))) {
      tbb::parallel_for(tbb::blocked_range<size_t>(0, rows->size(), static_cast<size_t>(grain)),
                        [&](const tbb::blocked_range<size_t>& range) {
                          for (size_t i = range.begin(); i < range.end(); ++i) update((*rows)[i]);
                        });
      continue;
    }
    tbb::parallel_for(tbb::blocked_range<Index>(0, p.rows, grain), [&](const tbb::blocked_range<Index>& rows) {
      for (Index r = rows.begin(); r < rows.end(); ++r) update(r);
    });
  }
}

void RmsProp::updateRow(float* w, const float* g, size_t first, size_t cols, Index row, long step) {
  if (std::all_of(g + first, g + first + cols, [](float x) { return x == 0.0f; })) return;  // the decay is owed
  long& last = rowLastUpdated_[static_cast<size_t>(row)];
  const long owed = step - 1 - last;  // steps this row skipped: a = rho^owed * a
  last = step;
  const float decay = owed > 0 ? static_cast<float>(std::pow(static_cast<double>(rho_), static_cast<double>(owed))) : 1.0f;
  float* a = meanSquare_.data();
  for (size_t i = first; i < first + cols; ++i) {
    if (owed > 0) a[i] *= decay;
    a[i] = rho_ * a[i] + (1.0f - rho_) * g[i] * g[i];
    w[i] -= lr_ * g[i] / (std::sqrt(a[i]) + eps_);
  }
}

void Adam::update(ParameterSet& params, const Gradients& grads, long step) {
  m_.resize(params.data().size(), 0.0f);
  v_.resize(params.data().size(), 0.0f);
  const double t = static_cast<double>(step);
  const float stepSize = static_cast<float>(lr_ * std::sqrt(1.0 - std::pow(b2_, t)) / (1.0 - std::pow(b1_, t)));
  float* w = params.data().data();
  const float* g = grads.data().data();
  forEachTrainable(params, [&](size_t i) {
    m_[i] = b1_ * m_[i] + (1.0f - b1_) * g[i];
    v_[i] = b2_ * v_[i] + (1.0f - b2_) * g[i] * g[i];
    w[i] -= stepSize * m_[i] / (std::sqrt(v_[i]) + eps_);
  });
}

std::unique_ptr<Optimizer> makeOptimizer(const OptimizerSettings& s) {
  if (s.name == "sgd") return std::make_unique<Sgd>(s.learningRate);
  if (s.name == "rmsprop") return std::make_unique<RmsProp>(s.learningRate, s.rho, s.epsilon);
  if (s.name == "adam") return std::make_unique<Adam>(s.learningRate, s.beta1, s.beta2, s.epsilon);
  throw std::invalid_argument("unknown optimizer '" + s.name + "' (expected rmsprop, adam or sgd)");
}

}  // namespace al
