#include "core/train/bert_fine_tuning.h"

#include <string>

#include "core/error.h"
#include "core/layers/sigmoid_cross_entropy.h"
#include "core/parallel.h"
#include "core/sample_chunks.h"

namespace al {

namespace {

// BERT's layer as the core's encoder layer: post-norm, GELU, BERT's epsilon, heads D/H wide.
TransformerConfig encoderConfigOf(const pretrained::BertConfig& bert) {
  TransformerConfig c;
  c.embedDim = static_cast<int>(bert.hiddenSize);
  c.numHeads = static_cast<int>(bert.numHeads);
  c.keyDim = static_cast<int>(bert.hiddenSize / bert.numHeads);
  c.denseDim = static_cast<int>(bert.intermediateSize);
  c.norm = NormKind::Layer;
  c.normEpsilon = bert.layerNormEps;
  c.activation = ActivationKind::Gelu;
  return c;
}

}  // namespace

std::vector<std::pair<int, int>> matchingSlots(const pretrained::BertModel::Layer& b, const TransformerEncoder::Layer& e) {
  std::vector<std::pair<int, int>> pairs;
  const auto projections = {std::pair{b.attention.query(), e.attention.query()}, std::pair{b.attention.key(), e.attention.key()},
                            std::pair{b.attention.value(), e.attention.value()}, std::pair{b.attention.output(), e.attention.output()}};
  for (const auto& [from, to] : projections) {
    pairs.emplace_back(from.kernel, to.kernel);
    pairs.emplace_back(from.bias, to.bias);
  }
  pairs.emplace_back(b.attentionNorm.gammaSlot(), e.layerNorm1->gammaSlot());
  pairs.emplace_back(b.attentionNorm.betaSlot(), e.layerNorm1->betaSlot());
  pairs.emplace_back(b.intermediate.kernelSlot(), e.dense1.kernelSlot());
  pairs.emplace_back(b.intermediate.biasSlot(), e.dense1.biasSlot());
  pairs.emplace_back(b.output.kernelSlot(), e.dense2.kernelSlot());
  pairs.emplace_back(b.output.biasSlot(), e.dense2.biasSlot());
  pairs.emplace_back(b.outputNorm.gammaSlot(), e.layerNorm2->gammaSlot());
  pairs.emplace_back(b.outputNorm.betaSlot(), e.layerNorm2->betaSlot());
  return pairs;
}

BertFineTuning::BertFineTuning(const pretrained::BertModel& bert, int layers, const SentimentHead& head) {
  const int L = static_cast<int>(bert.config().numLayers);
  if (layers < 1 || layers > L)
    throw InputError(ErrorKind::OptionInvalid,
                     {.name = "--fine-tune-layers", .expected = "0 .. " + std::to_string(L),
                      .found = std::to_string(layers)},
                     "--fine-tune-layers " + std::to_string(layers) + ": this BERT has " + std::to_string(L) +
                     " layers; fine-tune from 1 to " + std::to_string(L) + " of them (0: the head only)");
  firstLayer_ = L - layers;
  const TransformerConfig config = encoderConfigOf(bert.config());
  layers_.reserve(static_cast<size_t>(layers));
  for (int n = 0; n < layers; ++n) layers_.emplace_back(params_, "top." + std::to_string(n), config);
  head_ = std::make_unique<Dense>(params_, "head", config.embedDim, 1);
  for (int n = 0; n < layers; ++n)
    for (const auto& [from, to] : matchingSlots(bert.layers()[static_cast<size_t>(firstLayer_ + n)], layers_[static_cast<size_t>(n)]))
      params_.value(to) = bert.parameters().value(from);
  params_.value(head_->kernelSlot()) = head.parameters().value(head.parameters().find("head.kernel"));
  params_.value(head_->biasSlot()) = head.parameters().value(head.parameters().find("head.bias"));
}

double BertFineTuning::cacheBytes(size_t reviews, int tokens, int64_t width) {
  return static_cast<double>(reviews) * tokens * static_cast<double>(width) * sizeof(float);
}

// x (T x D) through the N layers, then z = x_L[CLS]·W + b.
float BertFineTuning::forward(const Matrix& input, Sample& s) const {
  s.layers.resize(layers_.size());
  Matrix x = input;  // T x D
  for (size_t n = 0; n < layers_.size(); ++n) x = layers_[n].forward(params_, x, s.layers[n]);
  s.top = x.topRows(1);  // 1 x D: [CLS]
  return (s.top * params_.value(head_->kernelSlot()))(0, 0) + params_.value(head_->biasSlot())(0, 0);
}

// dz -> dW = x_L[CLS]ᵀ·dz, db = dz, dx_L = dz·Wᵀ on the [CLS] row, then back through the layers.
void BertFineTuning::backward(Sample& s, float dLogit, Gradients& g) const {
  const Matrix dz = Matrix::Constant(1, 1, dLogit);  // 1 x 1
  g.addKernelGradient(head_->kernelSlot(), s.top, dz);
  g[head_->biasSlot()](0, 0) += dLogit;
  const Index T = s.layers.back().norm2.normalized.rows();
  Matrix dx = Matrix::Zero(T, s.top.cols());                                  // T x D
  dx.row(0) = dLogit * params_.value(head_->kernelSlot()).col(0).transpose();  // only [CLS] reaches the head
  for (size_t n = layers_.size(); n-- > 0;) dx = layers_[n].backward(params_, s.layers[n], dx, g);
}

float BertFineTuning::logit(const Matrix& input) const {
  Sample s;
  return forward(input, s);
}

BatchStats BertFineTuning::score(std::span<const Matrix* const> inputs, std::span<const float> labels, Gradients* grads) const {
  const size_t B = inputs.size();
  // Backward needs every review's activations until the parts are added up; scoring alone (an evaluation of
  // hundreds of reviews in one call) keeps one review's at a time per thread.
  std::vector<Sample> samples(grads ? B : 0);
  std::vector<float> logits(B);
  std::vector<double> work(B);
  for (size_t r = 0; r < B; ++r) work[r] = static_cast<double>(inputs[r]->rows());
  const std::vector<size_t> order = longestFirst(work);
  std::vector<Gradients> parts;
  if (grads) parts.assign(B, Gradients::ofOneSample(params_));
  // Each review on whichever thread is free; its gradient goes into its own part, added up in review order below.
  forEachSampleAsThreadsFree(order, [&](size_t r) {
    if (!grads) {
      logits[r] = logit(*inputs[r]);
      return;
    }
    logits[r] = forward(*inputs[r], samples[r]);
    // d(mean loss)/dz = (sigmoid(z) - y) / B
    backward(samples[r], binaryCrossEntropyWithLogitGradient(logits[r], labels[r]) / static_cast<float>(B), parts[r]);
  });
  if (grads) grads->addSamples(parts);
  BatchStats stats;
  for (size_t r = 0; r < B; ++r) {
    stats.lossSum += binaryCrossEntropyWithLogit(logits[r], labels[r]);
    stats.correct += (logits[r] >= 0) == (labels[r] >= 0.5f) ? 1 : 0;
  }
  stats.lossCount = stats.total = static_cast<double>(B);
  return stats;
}

SentimentHead BertFineTuning::head() const {
  SentimentHead copy(head_->in());
  copy.parameters().value(copy.parameters().find("head.kernel")) = params_.value(head_->kernelSlot());
  copy.parameters().value(copy.parameters().find("head.bias")) = params_.value(head_->biasSlot());
  return copy;
}

std::shared_ptr<const pretrained::BertModel> BertFineTuning::fineTunedBert(const pretrained::BertModel& base) const {
  auto tuned = std::make_shared<pretrained::BertModel>(base);  // the shared BERT stays as it was
  for (size_t n = 0; n < layers_.size(); ++n)
    for (const auto& [to, from] : matchingSlots(tuned->layers()[static_cast<size_t>(firstLayer_) + n], layers_[n]))
      tuned->parameters().value(to) = params_.value(from);
  return tuned;
}

}  // namespace al
