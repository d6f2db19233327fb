#pragma once
// The sizes every Transformer's config.json has, read once for the models that share them (TransformerConfig of
// the encoder models, CausalLmConfig of the language model).
#include <string>

#include <nlohmann/json.hpp>

#include "core/io/json_fields.h"
#include "core/io/limits.h"

namespace al {

// Reads and checks vocab_size V, sequence_length S, embed_dim D, num_heads H, key_dim K, dense_dim F and
// num_layers L into the config's fields of the same names; `file` names config.json in messages. Throws InputError.
template <class Config>
void readTransformerSizes(const nlohmann::json& j, const std::string& file, Config& c) {
  auto positive = [&](const char* field) {
    return static_cast<int>(io::requireIntInRange(j, field, 1, limits::kMaxModelDimension, file));
  };
  c.vocabSize = positive("vocab_size");
  c.sequenceLength = static_cast<int>(io::requireIntInRange(j, "sequence_length", 1, limits::kMaxSequenceLength, file));
  c.embedDim = positive("embed_dim");
  c.numHeads = positive("num_heads");
  c.keyDim = positive("key_dim");
  c.denseDim = positive("dense_dim");
  c.numLayers = positive("num_layers");
}

}  // namespace al
