#include "core/models/transformer_config.h"

#include "core/error.h"
#include "core/io/json_fields.h"
#include "core/io/limits.h"

namespace al {

std::string toString(PositionKind p) {
  return p == PositionKind::Learned ? "learned" : p == PositionKind::Sinusoidal ? "sinusoidal" : "none";
}
std::string toString(NormKind n) { return n == NormKind::Layer ? "layer" : "batch"; }
std::string toString(PoolingKind p) { return p == PoolingKind::Max ? "max" : "mean"; }
std::string toString(BatchNormPadding p) { return p == BatchNormPadding::Include ? "include" : "exclude"; }
BatchNormPadding batchNormPaddingFromString(const std::string& s) {
  return s == "include" ? BatchNormPadding::Include : BatchNormPadding::Exclude;
}

nlohmann::json toJson(const TransformerConfig& c) {
  return {{"vocab_size", c.vocabSize},   {"sequence_length", c.sequenceLength},
          {"embed_dim", c.embedDim},     {"num_heads", c.numHeads},
          {"key_dim", c.keyDim},         {"dense_dim", c.denseDim},
          {"num_layers", c.numLayers},   {"position", toString(c.position)},
          {"norm", toString(c.norm)},    {"pooling", toString(c.pooling)},
          {"dropout", c.dropout},        {"norm_epsilon", c.normEpsilon},
          {"batch_norm_momentum", c.batchNormMomentum}, {"batch_norm_padding", toString(c.batchNormPadding)},
          {"tokenizer", tokenizerName(c.tokenizer)}};
}

TransformerConfig transformerConfigFromJson(const nlohmann::json& j, const std::string& file) {
  using namespace io;
  TransformerConfig c;
  auto positive = [&](const char* field) {
    return static_cast<int>(requireIntInRange(j, field, 1, limits::kMaxModelDimension, file));
  };
  c.vocabSize = positive("vocab_size");
  c.sequenceLength = static_cast<int>(requireIntInRange(j, "sequence_length", 1, limits::kMaxSequenceLength, file));
  c.embedDim = positive("embed_dim");
  c.numHeads = positive("num_heads");
  c.keyDim = positive("key_dim");
  c.denseDim = positive("dense_dim");
  c.numLayers = positive("num_layers");
  const std::string position = requireOneOf(j, "position", {"learned", "sinusoidal", "none"}, file);
  c.position = position == "learned" ? PositionKind::Learned : position == "sinusoidal" ? PositionKind::Sinusoidal : PositionKind::None;
  c.norm = requireOneOf(j, "norm", {"layer", "batch"}, file) == "layer" ? NormKind::Layer : NormKind::Batch;
  c.pooling = requireOneOf(j, "pooling", {"max", "mean"}, file) == "max" ? PoolingKind::Max : PoolingKind::Mean;
  c.dropout = static_cast<float>(requireNumber(j, "dropout", file));
  if (!(c.dropout >= 0 && c.dropout < 1))
    throw InputError(ErrorKind::JsonOutOfRange, {.file = file, .name = "dropout", .expected = "[0, 1)"},
                     file + ": field \"dropout\" must be in [0, 1)");
  c.normEpsilon = static_cast<float>(optionalNumber(j, "norm_epsilon", 1e-3, file));
  c.batchNormMomentum = static_cast<float>(optionalNumber(j, "batch_norm_momentum", 0.99, file));
  if (j.contains("batch_norm_padding"))  // optional: files without it count real tokens only
    c.batchNormPadding = batchNormPaddingFromString(requireOneOf(j, "batch_norm_padding", {"exclude", "include"}, file));
  c.tokenizer = optionalTokenizer(j, TextTask::Classifier, file);
  return c;
}

}  // namespace al
