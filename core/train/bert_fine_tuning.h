#pragma once
// Fine-tuning BERT's top N layers under the sentiment head (docs/bert-sentiment.md, --fine-tune-layers N).
// The bottom L-N layers stay frozen: they run once per review, and the input of layer L-N is cached. Each batch
// then runs the top N layers (the core's own encoder layer, TransformerEncoder::Layer with GELU and BERT's layer
// norm epsilon, its weights copied from BERT), the head on the [CLS] row, and the binary cross-entropy:
//
//   x = cached input of layer L-N                      T x D   per review, computed once
//   x_{i+1} = encoderLayer_i(x_i),  i = L-N .. L-1     T x D   trained
//   z = x_L[CLS]·W + b,  loss = BCE(z, y)              1 x 1   trained (the head)
//
// Backward: dz = sigmoid(z) - y (over the batch's mean); dx_L is dz·Wᵀ on the [CLS] row and zero on the others; then
// back through the N layers. A batch runs in parallel over its reviews, each keeping its own part of the gradients,
// added up in review order: the same bits for any thread count and schedule.
//
// Dimension key (core/tensor.h): T tokens of a review, D BERT's width, F its intermediate width, N layers trained.
#include <memory>
#include <span>
#include <vector>

#include "core/inference/bert_sentiment.h"
#include "core/models/batch_stats.h"
#include "core/models/transformer_encoder.h"
#include "core/pretrained/bert_model.h"

namespace al {

class BertFineTuning {
 public:
  // The top `layers` layers of bert (1 to L, else InputError) and a copy of head, in one parameter set.
  BertFineTuning(const pretrained::BertModel& bert, int layers, const SentimentHead& head);
  BertFineTuning(const BertFineTuning&) = delete;
  BertFineTuning& operator=(const BertFineTuning&) = delete;

  // L - N: the BERT layer whose input the frozen bottom caches.
  int firstLayer() const { return firstLayer_; }
  int layerCount() const { return static_cast<int>(layers_.size()); }
  // The top layers' tensors ("top.{n}.…", n = 0..N-1) and "head.kernel", "head.bias": what the optimizer trains.
  ParameterSet& parameters() { return params_; }
  const ParameterSet& parameters() const { return params_; }

  // The loss and accuracy of these reviews (inputs[r]: T_r x D, the input of layer L-N; labels[r]: 1 or 0), and with
  // grads the gradient of their mean loss.
  BatchStats score(std::span<const Matrix* const> inputs, std::span<const float> labels, Gradients* grads) const;
  // The head's logit of one review.
  float logit(const Matrix& input) const;

  // A copy of the head as trained so far.
  SentimentHead head() const;
  // A copy of base (the BERT these layers came from) with the trained layers written over its top N layers.
  std::shared_ptr<const pretrained::BertModel> fineTunedBert(const pretrained::BertModel& base) const;

  // Bytes of the cached inputs of `reviews` reviews of at most `tokens` tokens: what the frozen bottom would keep.
  static double cacheBytes(size_t reviews, int tokens, int64_t width);

 private:
  struct Sample {
    std::vector<TransformerEncoder::LayerCache> layers;
    Matrix top;  // 1 x D: x_L[CLS]
  };
  float forward(const Matrix& input, Sample& sample) const;
  void backward(Sample& sample, float dLogit, Gradients& grads) const;

  int firstLayer_ = 0;
  ParameterSet params_;
  std::vector<TransformerEncoder::Layer> layers_;  // N, in BERT's order
  std::unique_ptr<Dense> head_;                    // D -> 1
};

// (BERT's slot, the encoder layer's slot) for every tensor of one layer: the same tensor in the two layouts.
std::vector<std::pair<int, int>> matchingSlots(const pretrained::BertModel::Layer& bert, const TransformerEncoder::Layer& layer);

}  // namespace al
