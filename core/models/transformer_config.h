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
  float normEpsilon = 1e-3f;
  float batchNormMomentum = 0.99f;
  TokenizerKind tokenizer = TokenizerKind::Keras;  // how text becomes tokens (model format, "Text to ids")
};

std::string toString(PositionKind);
std::string toString(NormKind);
std::string toString(PoolingKind);
// The config.json fields of the contract (without format/version/task).
nlohmann::json toJson(const TransformerConfig&);
// Reads and checks the fields; `file` names config.json in messages. Throws InputError.
TransformerConfig transformerConfigFromJson(const nlohmann::json&, const std::string& file);

}  // namespace al
