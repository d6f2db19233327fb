#include "core/train/optimizer.h"

#include <cmath>
#include <stdexcept>

#include "core/parallel.h"

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

void RmsProp::update(ParameterSet& params, const Gradients& grads, long /*step*/) {
  meanSquare_.resize(params.data().size(), 0.0f);
  float* w = params.data().data();
  float* a = meanSquare_.data();
  const float* g = grads.data().data();
  forEachTrainable(params, [&](size_t i) {
    a[i] = rho_ * a[i] + (1.0f - rho_) * g[i] * g[i];
    w[i] -= lr_ * g[i] / (std::sqrt(a[i]) + eps_);
  });
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
