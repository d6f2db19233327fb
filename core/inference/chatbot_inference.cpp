#include "core/inference/chatbot_inference.h"

#include "core/error.h"
#include "core/inference/seq2seq_vocabularies.h"
#include "core/io/atomic_directory.h"
#include "core/io/declared_memory.h"
#include "core/io/json_fields.h"
#include "core/io/safetensors.h"
#include "core/io/vocabulary_file.h"
#include "core/text/seq2seq_text.h"

namespace al {

ChatbotModel loadChatbot(const std::filesystem::path& dir) {
  const nlohmann::json config = io::readConfig(dir, "seq2seq-attention");
  ChatbotModel loaded;
  const std::string configFile = (dir / "config.json").string();
  const Seq2SeqConfig c = seq2seqConfigFromJson(config, configFile);
  const std::filesystem::path tensors = dir / "model.safetensors";
  io::requireDeclaredMemoryFits(Seq2SeqAttention::declaredMemory(c), configFile, tensors);
  loaded.model = std::make_unique<Seq2SeqAttention>(c);
  io::assignParameters(loaded.model->parameters(), io::readSafetensors(tensors), tensors.string());
  Seq2SeqVocabularies vocabularies = readSeq2seqVocabularies(dir, c.sourceVocabSize, c.targetVocabSize);
  loaded.source = std::move(vocabularies.source);
  loaded.target = std::move(vocabularies.target);
  loaded.history = io::readHistoryIfPresent(dir);
  return loaded;
}

void saveChatbot(const std::filesystem::path& dir, const Seq2SeqAttention& model, const Vocabulary& source,
                 const Vocabulary& target, const std::vector<io::EpochRecord>& history) {
  io::ModelDirectoryWriter writer(dir);
  nlohmann::json config = {{"format", "attentionlab-model"}, {"version", 1}, {"task", "seq2seq-attention"}};
  config.update(toJson(model.config()));
  io::writeFileAtomically(writer.staging() / "config.json", config.dump(2) + "\n");
  io::writeSafetensors(writer.staging() / "model.safetensors", io::tensorsFromParameters(model.parameters()));
  io::writeVocabularyFile(writer.staging() / "source_vocab.txt", source.tokens());
  io::writeVocabularyFile(writer.staging() / "target_vocab.txt", target.tokens());
  io::writeHistory(writer.staging() / "history.json", history);
  writer.commit();
}

ChatbotModel copyChatbot(const Seq2SeqAttention& model, const Vocabulary& source, const Vocabulary& target,
                         std::vector<io::EpochRecord> history) {
  ChatbotModel copy;
  copy.model = std::make_unique<Seq2SeqAttention>(model.config());
  copy.model->parameters().data() = model.parameters().data();
  copy.source = source;
  copy.target = target;
  copy.history = std::move(history);
  return copy;
}

ChatbotReply askChatbot(const Seq2SeqAttention& model, const Vocabulary& source, const Vocabulary& target,
                        const std::string& question, Seq2SeqTrace* trace) {
  ChatbotReply reply;
  readQuestion(reply, tokenizeSeq2seq(model.config().tokenizer, question), source, model.config().maxSourceLength);
  const Seq2SeqAnswer a = model.greedyDecode(reply.sourceIds, target.id(kStartToken), target.id(kEndToken), trace);
  writeAnswer(reply, a.tokens, target);
  reply.attention = a.attention;
  return reply;
}

}  // namespace al
