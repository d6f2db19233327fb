#pragma once
// The chatbot's settings, either architecture (the GRU with Bahdanau attention, task seq2seq-attention, or the
// encoder-decoder Transformer, task seq2seq-transformer), and its presets: the sizes and the pace of each, and the
// tiny chatbot's own on the small built-in conversations. Training them is core/train/chatbot_task.h.
#include <optional>
#include <string>
#include <vector>

#include "core/models/seq2seq_attention.h"
#include "core/models/seq2seq_transformer.h"
#include "core/text/tokenizer.h"
#include "core/train/trainer.h"

namespace al {

struct ChatbotRunSettings {
  std::string data = "builtin";  // "builtin", "builtin:translate" or a question<TAB>answer file
  std::string preset = "classroom";
  std::string architecture = "gru";  // "gru" (seq2seq-attention) or "transformer" (seq2seq-transformer)
  Seq2SeqConfig model;           // GRU sizes from the preset (vocabulary sizes come from the data)
  Seq2SeqTransformerConfig transformer;  // Transformer sizes from the preset
  std::optional<float> dropout;  // Transformer: replaces the preset's rate, or that of the --init model
  Index maxLength = 24;          // longest sentence in tokens, <start> and <end> included; longer pairs are skipped
  TrainingSettings training;     // the preset's, then overridden by the user
  int threads = 0;               // 0: all cores
  std::string initDir;           // continue from this model directory (its config, vocabularies and weights)
  // How text becomes tokens; unset: ascii, or icu_words when the questions or the answers are mostly Chinese,
  // Japanese or Korean (suggestDialogTokenizer). An --init model keeps its own.
  std::optional<TokenizerKind> tokenizer;
};

// "tiny" (seconds), "classroom" (minutes on the real dialogs, and builtin:translate), "book" (the source
// material's configuration). GRU book: embed 256, units 1024, batch 64, Adam, 40 epochs. Transformer book (the
// book's translation Transformer): embed 256, dense 2048, 8 heads of key_dim 32, 1 layer each side, sequence
// length 20, dropout 0.5, RMSprop, batch 64, 30 epochs. InputError for another name or architecture.
ChatbotRunSettings chatbotPreset(const std::string& name, const std::string& architecture = "gru");
// The preset for a data source. The tiny chatbot on the small built-in conversations (builtin, builtin:zh: about
// 150 and 70 pairs) learns every pair by heart in seconds, which is what a class asks it to show: no validation
// split, 25 epochs, learning rate 0.02 and 64 units for the GRU, 0.01 for the Transformer. Any other
// combination is chatbotPreset(name, architecture).
ChatbotRunSettings chatbotPreset(const std::string& name, const std::string& architecture, const std::string& data);
std::vector<std::string> chatbotArchitectures();
std::vector<std::string> chatbotPresetNames();

}  // namespace al
