#pragma once
// The encoder-decoder Transformer (task "seq2seq-transformer") as a model directory: load, save, and ask it a
// question with every attention set it used. Training lives in core/train/chatbot_task.h.
//
// Dimension key (core/tensor.h): S source tokens, T output tokens, D model width, H heads, L layers.
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/inference/seq2seq_directory.h"
#include "core/inference/seq2seq_reply.h"
#include "core/models/seq2seq_transformer.h"

namespace al {

// config.json of a seq2seq-transformer (format, version and task included) and back. Throws InputError naming
// the file and the field.
nlohmann::json seq2seqTransformerConfigJson(const Seq2SeqTransformerConfig& config);
Seq2SeqTransformerConfig seq2seqTransformerConfigFromJson(const nlohmann::json& json, const std::string& file);

// A seq2seq-transformer model directory, loaded.
struct Seq2SeqTransformerModel : Seq2SeqDirectory<Seq2SeqTransformer> {
  static constexpr const char* kTask = "seq2seq-transformer";  // its task name in model-format.md
};
Seq2SeqTransformerModel loadSeq2seqTransformer(const std::filesystem::path& dir);
// An independent copy of a model and its vocabularies (a session's read-only snapshot of a run).
Seq2SeqTransformerModel copySeq2seqTransformer(const Seq2SeqTransformer& model, const Vocabulary& source,
                                               const Vocabulary& target, std::vector<io::EpochRecord> history);
// Writes the directory atomically (core/io/atomic_directory.h).
void saveSeq2seqTransformer(const std::filesystem::path& dir, const Seq2SeqTransformer& model, const Vocabulary& source,
                            const Vocabulary& target, const std::vector<io::EpochRecord>& history);

// Text to tokens for this task: "<start>", the words, "<end>", by the config's `tokenizer` (model-format.md,
// "Text to ids"). The one place where this task turns text into tokens. Throws InputError for text that is not
// UTF-8 and for a tokenizer this build does not know.
std::vector<std::string> seq2seqTransformerTokens(const std::string& tokenizer, std::string_view text);

// What ask shows: the answer and every attention set of the final decoder pass.
// attention (T x S): the last layer's cross-attention averaged over its heads.
struct Seq2SeqTransformerReply : Seq2SeqReply {
  // [layer][head]: encoderAttention S x S, decoderAttention T x T (causal), crossAttention T x S; and, with
  // keepPasses, every generation step's decoder pass (its input tokens, q/k/v, weights, norms, feed-forward).
  Seq2SeqTransformer::Decoding decoding;
};
// Never throws for a question made of unknown words or of no words (it still has <start> and <end>); a question
// longer than max_source_length keeps its first tokens and <end>.
Seq2SeqTransformerReply askSeq2seqTransformer(const Seq2SeqTransformer& model, const Vocabulary& source,
                                              const Vocabulary& target, const std::string& question,
                                              bool keepPasses = false);

}  // namespace al
