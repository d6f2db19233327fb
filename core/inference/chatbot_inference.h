#pragma once
// Using a model directory of task seq2seq-attention (model-format.md): load it, save it, and ask the chatbot a
// question (greedy decoding, with the alignment of every answer token). Training lives in core/train/chatbot_task.h.
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "core/inference/seq2seq_directory.h"
#include "core/inference/seq2seq_reply.h"
#include "core/models/seq2seq_attention.h"

namespace al {

// A seq2seq-attention model directory, loaded.
struct ChatbotModel : Seq2SeqDirectory<Seq2SeqAttention> {
  static constexpr const char* kTask = "seq2seq-attention";  // its task name in model-format.md
};
ChatbotModel loadChatbot(const std::filesystem::path& dir);
void saveChatbot(const std::filesystem::path& dir, const Seq2SeqAttention& model, const Vocabulary& source,
                 const Vocabulary& target, const std::vector<io::EpochRecord>& history);

// An independent copy of a model and its vocabularies (a session's read-only snapshot of a run).
ChatbotModel copyChatbot(const Seq2SeqAttention& model, const Vocabulary& source, const Vocabulary& target,
                         std::vector<io::EpochRecord> history);

// What ask shows: the answer and its alignment (attention: output steps x source tokens).
struct ChatbotReply : Seq2SeqReply {};
// Never throws for a question made of unknown words or of no words (it still has <start> and <end>).
// Throws InputError for text that is not UTF-8. With a trace, the decoder's intermediate values are kept there.
ChatbotReply askChatbot(const Seq2SeqAttention& model, const Vocabulary& source, const Vocabulary& target,
                        const std::string& question, Seq2SeqTrace* trace = nullptr);

}  // namespace al
