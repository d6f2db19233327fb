#include "core/inference/seq2seq_transformer_inference.h"

#include "core/text/tokenizer.h"

#include "core/error.h"
#include "core/io/atomic_directory.h"
#include "core/io/json_fields.h"
#include "core/text/seq2seq_text.h"

namespace al {

namespace {
constexpr const char* kTask = "seq2seq-transformer";
}  // namespace

nlohmann::json seq2seqTransformerConfigJson(const Seq2SeqTransformerConfig& c) {
  return {{"format", "attentionlab-model"},
          {"version", 1},
          {"task", kTask},
          {"source_vocab_size", c.sourceVocabSize},
          {"target_vocab_size", c.targetVocabSize},
          {"embed_dim", c.embedDim},
          {"num_heads", c.numHeads},
          {"key_dim", c.keyDim},
          {"dense_dim", c.denseDim},
          {"num_layers", c.numLayers},
          {"max_source_length", c.maxSourceLength},
          {"max_target_length", c.maxTargetLength},
          {"dropout", c.dropout},
          {"norm_epsilon", c.normEpsilon},
          {"tokenizer", c.tokenizer}};
}

Seq2SeqTransformerConfig seq2seqTransformerConfigFromJson(const nlohmann::json& j, const std::string& file) {
  Seq2SeqTransformerConfig c;
  c.sourceVocabSize = io::requireIntAtLeast(j, "source_vocab_size", 2, file);
  c.targetVocabSize = io::requireIntAtLeast(j, "target_vocab_size", 2, file);
  c.embedDim = io::requireIntAtLeast(j, "embed_dim", 1, file);
  c.numHeads = io::requireIntAtLeast(j, "num_heads", 1, file);
  c.keyDim = io::requireIntAtLeast(j, "key_dim", 1, file);
  c.denseDim = io::requireIntAtLeast(j, "dense_dim", 1, file);
  c.numLayers = io::requireIntAtLeast(j, "num_layers", 1, file);
  c.maxSourceLength = io::requireIntAtLeast(j, "max_source_length", 2, file);
  c.maxTargetLength = io::requireIntAtLeast(j, "max_target_length", 1, file);
  c.dropout = io::requireDropout(j, file);
  c.normEpsilon = io::optionalEpsilon(j, "norm_epsilon", 1e-3, file);
  c.tokenizer = io::optionalOneOf(j, "tokenizer", {"ascii", "keras", "icu_words"}, "ascii", file);
  return c;
}

Seq2SeqTransformerModel loadSeq2seqTransformer(const std::filesystem::path& dir) {
  const nlohmann::json config = io::readConfig(dir, kTask);
  const Seq2SeqTransformerConfig c = seq2seqTransformerConfigFromJson(config, (dir / "config.json").string());
  return loadSeq2seqDirectory<Seq2SeqTransformerModel>(dir, c);
}

Seq2SeqTransformerModel copySeq2seqTransformer(const Seq2SeqTransformer& model, const Vocabulary& source,
                                               const Vocabulary& target, std::vector<io::EpochRecord> history) {
  return copySeq2seqDirectory<Seq2SeqTransformerModel>(model, source, target, std::move(history));
}

void saveSeq2seqTransformer(const std::filesystem::path& dir, const Seq2SeqTransformer& model, const Vocabulary& source,
                            const Vocabulary& target, const std::vector<io::EpochRecord>& history) {
  io::ModelDirectoryWriter writer(dir);
  io::writeFileAtomically(writer.staging() / "config.json", seq2seqTransformerConfigJson(model.config()).dump(2) + "\n");
  writeSeq2seqFiles(writer.staging(), model.parameters(), source, target, history);
  writer.commit();
}

std::vector<std::string> seq2seqTransformerTokens(const std::string& tokenizer, std::string_view text) {
  return tokenizeSeq2seq(parseTokenizer(tokenizer), text);
}

Seq2SeqTransformerReply askSeq2seqTransformer(const Seq2SeqTransformer& model, const Vocabulary& source,
                                              const Vocabulary& target, const std::string& question, bool keepPasses) {
  Seq2SeqTransformerReply reply;
  readQuestion(reply, seq2seqTransformerTokens(model.config().tokenizer, question), source,
               model.config().maxSourceLength);
  reply.decoding = model.decode(reply.sourceIds, target.id(kStartToken), target.id(kEndToken), keepPasses);
  writeAnswer(reply, reply.decoding.tokens, target);
  reply.attention = Seq2SeqTransformer::alignment(reply.decoding);
  return reply;
}

}  // namespace al
