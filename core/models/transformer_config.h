#pragma once
// The configuration of a Transformer encoder (model-format.md, task "imdb-transformer"), shared by the models
// built on the encoder stack.
#include <string>

#include <nlohmann/json.hpp>

#include "core/text/tokenizer.h"

namespace al {

enum class PositionKind { Learned, Sinusoidal, None };
enum class NormKind { Layer, Batch };
enum class PoolingKind { Max, Mean };
// The feed-forward block's activation: ReLU (the book's, every model of the app) or GELU in its erf form (BERT's,
// for BERT's layers fine-tuned on the encoder's own code, core/train/bert_fine_tuning.h).
enum class ActivationKind { Relu, Gelu };
// Whether batch norm's training statistics count padding positions. Exclude: only the real tokens (the model
// format's definition). Include: every sequence of a training batch is padded to sequence_length with id 0 and
// the padding positions are computed and counted, as a Keras BatchNormalization layer does on the book's padded
// batches. Real tokens never attend to padding either way, and evaluation (moving statistics) is the same.
enum class BatchNormPadding { Exclude, Include };

struct TransformerConfig {
  int vocabSize = 20000;
  int sequenceLength = 600;
  int embedDim = 256;  // D
  int numHeads = 2;    // H
  int keyDim = 256;    // K
  int denseDim = 32;   // F
  int numLayers = 1;   // L
  PositionKind position = PositionKind::Learned;
  NormKind norm = NormKind::Layer;
  PoolingKind pooling = PoolingKind::Max;  // the classifier's; models without pooling ignore it
  float dropout = 0.5f;
  float normEpsilon = 1e-3f;  // BERT's 1e-12 is a normal float too
  ActivationKind activation = ActivationKind::Relu;  // config field "activation", optional (docs/bert-sentiment.md)
  float batchNormMomentum = 0.99f;
  BatchNormPadding batchNormPadding = BatchNormPadding::Exclude;  // config field "batch_norm_padding"
  TokenizerKind tokenizer = TokenizerKind::Keras;  // how text becomes tokens (model format, "Text to ids")
};

std::string toString(PositionKind);
std::string toString(NormKind);
std::string toString(PoolingKind);
std::string toString(BatchNormPadding);
std::string toString(ActivationKind);
BatchNormPadding batchNormPaddingFromString(const std::string&);  // "include" or anything else: exclude
// The config.json fields of the contract (without format/version/task); "activation" only when it is not relu, so
// that every file written before it existed is written the same.
nlohmann::json toJson(const TransformerConfig&);
// Reads and checks the fields; `file` names config.json in messages. Throws InputError.
TransformerConfig transformerConfigFromJson(const nlohmann::json&, const std::string& file);

}  // namespace al
