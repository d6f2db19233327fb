#pragma once
// Using a model directory of task seq2seq-attention (model-format.md): load it, save it, and ask the chatbot a
// question (greedy decoding, with the alignment of every answer token). Training lives in core/train/chatbot_task.h.
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "core/io/history.h"
#include "core/models/seq2seq_attention.h"
#include "core/text/vectorizer.h"

namespace al {

// A seq2seq-attention model directory, loaded.
struct ChatbotModel {
  std::unique_ptr<Seq2SeqAttention> model;
  Vocabulary source, target;
  std::vector<io::EpochRecord> history;  // empty without history.json
};
ChatbotModel loadChatbot(const std::filesystem::path& dir);
void saveChatbot(const std::filesystem::path& dir, const Seq2SeqAttention& model, const Vocabulary& source,
                 const Vocabulary& target, const std::vector<io::EpochRecord>& history);

// An independent copy of a model and its vocabularies (a session's read-only snapshot of a run).
ChatbotModel copyChatbot(const Seq2SeqAttention& model, const Vocabulary& source, const Vocabulary& target,
                         std::vector<io::EpochRecord> history);

// What ask shows.
struct ChatbotReply {
  std::string answer;                      // the output tokens joined by spaces, without <end>
  std::vector<std::string> sourceTokens;   // <start> ... <end>, as the model read them (unknown words as typed)
  std::vector<int> sourceIds;              // 1 = unknown
  bool truncated = false;                  // the question had more than max_source_length tokens
  std::vector<std::string> outputTokens;   // as produced, the final <end> included when produced
  Matrix attention;                        // output steps x source tokens
};
// Never throws for a question made of unknown words or of no words (it still has <start> and <end>).
// Throws InputError for text that is not UTF-8. With a trace, the decoder's intermediate values are kept there.
ChatbotReply askChatbot(const Seq2SeqAttention& model, const Vocabulary& source, const Vocabulary& target,
                        const std::string& question, Seq2SeqTrace* trace = nullptr);

}  // namespace al
