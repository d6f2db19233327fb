// The chatbot's config.json (model-format.md, task "seq2seq-attention") and the memory a config declares.
#include "core/models/seq2seq_attention.h"

#include "core/io/json_fields.h"
#include "core/io/limits.h"

namespace al {

nlohmann::json toJson(const Seq2SeqConfig& c) {
  return {{"source_vocab_size", c.sourceVocabSize}, {"target_vocab_size", c.targetVocabSize},
          {"embed_dim", c.embedDim},                {"units", c.units},
          {"attention_units", c.attentionUnits},    {"max_source_length", c.maxSourceLength},
          {"max_target_length", c.maxTargetLength}, {"tokenizer", tokenizerName(c.tokenizer)}};
}

Seq2SeqConfig seq2seqConfigFromJson(const nlohmann::json& j, const std::string& file) {
  const auto size = [&](const char* field, int64_t minimum) {
    return io::requireIntInRange(j, field, minimum, limits::kMaxModelDimension, file);
  };
  const auto length = [&](const char* field, int64_t minimum) {
    return io::requireIntInRange(j, field, minimum, limits::kMaxSentenceLength, file);
  };
  Seq2SeqConfig c;
  c.sourceVocabSize = size("source_vocab_size", 2);
  c.targetVocabSize = size("target_vocab_size", 2);
  c.embedDim = size("embed_dim", 1);
  c.units = size("units", 1);
  c.attentionUnits = size("attention_units", 1);
  c.maxSourceLength = length("max_source_length", 2);
  c.maxTargetLength = length("max_target_length", 1);
  c.tokenizer = io::optionalTokenizer(j, TextTask::Seq2seq, file);
  return c;
}

io::DeclaredMemory Seq2SeqAttention::declaredMemory(const Seq2SeqConfig& c) {
  const double Vs = double(c.sourceVocabSize), Vt = double(c.targetVocabSize), E = double(c.embedDim),
               U = double(c.units), A = double(c.attentionUnits), S = double(c.maxSourceLength),
               T = double(c.maxTargetLength);
  const auto gru = [&](double in) { return in * 3 * U + U * 3 * U + 2 * 3 * U; };  // kernel, recurrent kernel, biases
  io::DeclaredMemory memory;
  memory.parameters = Vs * E + gru(E)                          // encoder: embedding, GRU
                      + Vt * E + 2 * (U * A + A) + (A + 1)     // decoder: embedding, attention W1, W2, V
                      + gru(U + E) + (U * Vt + Vt);            // decoder GRU, output
  // The encoder's S outputs and keys; per answer token its state, its scores over the target vocabulary and
  // its S attention weights.
  memory.working = S * (U + A) + T * (U + Vt + S);
  return memory;
}

}  // namespace al
