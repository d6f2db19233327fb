#include "core/models/transformer_config.h"

#include "core/error.h"
#include "core/io/json_fields.h"
#include "core/io/limits.h"
#include "core/models/transformer_sizes.h"

namespace al {

std::string toString(PositionKind p) {
  return p == PositionKind::Learned ? "learned" : p == PositionKind::Sinusoidal ? "sinusoidal" : "none";
}
std::string toString(NormKind n) { return n == NormKind::Layer ? "layer" : "batch"; }
std::string toString(PoolingKind p) { return p == PoolingKind::Max ? "max" : "mean"; }
std::string toString(BatchNormPadding p) { return p == BatchNormPadding::Include ? "include" : "exclude"; }
std::string toString(ActivationKind a) { return a == ActivationKind::Gelu ? "gelu" : "relu"; }
BatchNormPadding batchNormPaddingFromString(const std::string& s) {
  return s == "include" ? BatchNormPadding::Include : BatchNormPadding::Exclude;
}

nlohmann::json toJson(const TransformerConfig& c) {
  nlohmann::json j = {{"vocab_size", c.vocabSize},   {"sequence_length", c.sequenceLength},
          {"embed_dim", c.embedDim},     {"num_heads", c.numHeads},
          {"key_dim", c.keyDim},         {"dense_dim", c.denseDim},
          {"num_layers", c.numLayers},   {"position", toString(c.position)},
          {"norm", toString(c.norm)},    {"pooling", toString(c.pooling)},
          {"dropout", c.dropout},        {"norm_epsilon", c.normEpsilon},
          {"batch_norm_momentum", c.batchNormMomentum}, {"batch_norm_padding", toString(c.batchNormPadding)},
          {"tokenizer", tokenizerName(c.tokenizer)}};
  if (c.activation != ActivationKind::Relu) j["activation"] = toString(c.activation);
  return j;
}

TransformerConfig transformerConfigFromJson(const nlohmann::json& j, const std::string& file) {
  using namespace io;
  TransformerConfig c;
  readTransformerSizes(j, file, c);
  const std::string position = requireOneOf(j, "position", {"learned", "sinusoidal", "none"}, file);
  c.position = position == "learned" ? PositionKind::Learned : position == "sinusoidal" ? PositionKind::Sinusoidal : PositionKind::None;
  c.norm = requireOneOf(j, "norm", {"layer", "batch"}, file) == "layer" ? NormKind::Layer : NormKind::Batch;
  c.pooling = requireOneOf(j, "pooling", {"max", "mean"}, file) == "max" ? PoolingKind::Max : PoolingKind::Mean;
  c.dropout = requireDropout(j, file);
  c.normEpsilon = optionalEpsilon(j, "norm_epsilon", 1e-3, file);
  c.batchNormMomentum = static_cast<float>(optionalNumber(j, "batch_norm_momentum", 0.99, file));
  if (!(c.batchNormMomentum >= 0 && c.batchNormMomentum <= 1))  // a moving average weighs the old and the new
    throw InputError(ErrorKind::JsonOutOfRange, {.file = file, .name = "batch_norm_momentum", .expected = "[0, 1]"},
                     file + ": field \"batch_norm_momentum\" must be in [0, 1]");
  if (j.contains("batch_norm_padding"))  // optional: files without it count real tokens only
    c.batchNormPadding = batchNormPaddingFromString(requireOneOf(j, "batch_norm_padding", {"exclude", "include"}, file));
  if (j.contains("activation"))  // optional: files without it use relu, as every model before it did
    c.activation = requireOneOf(j, "activation", {"relu", "gelu"}, file) == "gelu" ? ActivationKind::Gelu : ActivationKind::Relu;
  c.tokenizer = optionalTokenizer(j, TextTask::Classifier, file);
  return c;
}

}  // namespace al
