#include "core/inference/chatbot_inference.h"

#include "core/error.h"
#include "core/io/atomic_directory.h"
#include "core/io/declared_memory.h"
#include "core/io/json_fields.h"
#include "core/text/seq2seq_text.h"

namespace al {

ChatbotModel loadChatbot(const std::filesystem::path& dir) {
  const nlohmann::json config = io::readConfig(dir, "seq2seq-attention");
  const std::string configFile = (dir / "config.json").string();
  const Seq2SeqConfig c = seq2seqConfigFromJson(config, configFile);
  io::requireDeclaredMemoryFits(Seq2SeqAttention::declaredMemory(c), configFile, dir / "model.safetensors");
  return loadSeq2seqDirectory<ChatbotModel>(dir, c);
}

void saveChatbot(const std::filesystem::path& dir, const Seq2SeqAttention& model, const Vocabulary& source,
                 const Vocabulary& target, const std::vector<io::EpochRecord>& history) {
  io::ModelDirectoryWriter writer(dir);
  nlohmann::json config = {{"format", "attentionlab-model"}, {"version", 1}, {"task", "seq2seq-attention"}};
  config.update(toJson(model.config()));
  io::writeFileAtomically(writer.staging() / "config.json", config.dump(2) + "\n");
  writeSeq2seqFiles(writer.staging(), model.parameters(), source, target, history);
  writer.commit();
}

ChatbotModel copyChatbot(const Seq2SeqAttention& model, const Vocabulary& source, const Vocabulary& target,
                         std::vector<io::EpochRecord> history) {
  return copySeq2seqDirectory<ChatbotModel>(model, source, target, std::move(history));
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
