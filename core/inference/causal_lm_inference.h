#pragma once
// A causal-lm model directory (model-format.md, task "causal-lm"): loading, saving, text to ids, and greedy
// next-token prediction.
//
//   "To be or not to b"
//     -> tokens  T o ␠ b e ␠ o r ...  b             (the model's tokenizer; "chars": every code point)
//     -> ids     of the last S tokens (S = sequence_length; the model never saw a longer window)
//     -> logits of the last position: the most probable next token ("e"), with every attention map
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/io/history.h"
#include "core/models/causal_lm.h"
#include "core/text/vectorizer.h"

namespace al {

struct CausalLmModel {
  static constexpr const char* kTask = "causal-lm";  // its task name in model-format.md
  std::unique_ptr<CausalLanguageModel> model;
  Vocabulary vocabulary;                 // line 2 is "[EOS]"
  std::vector<io::EpochRecord> history;  // empty if the directory has no history.json
  const std::string& tokenizer() const { return model->config().tokenizer; }
};

// Reads DIR/config.json, model.safetensors and vocab.txt; InputError naming the file and what is wrong.
CausalLmModel loadCausalLm(const std::filesystem::path& dir);
// Writes the directory atomically (a reader sees the old directory or the whole new one).
void saveCausalLm(const std::filesystem::path& dir, const CausalLanguageModel& model, const Vocabulary& vocabulary,
                  const std::vector<io::EpochRecord>& history);

// Text to tokens with the causal-lm tokenizer `name`: "chars" (characterTokens), or a word tokenizer read as
// a seq2seq task does (punctuation kept: a language model writes it too). InputError for another name.
std::vector<std::string> causalLmTokens(std::string_view text, const std::string& tokenizer);
// Tokens to ids through the vocabulary (unknown -> 1).
std::vector<int> causalLmIds(const std::vector<std::string>& tokens, const Vocabulary& vocabulary);

// What the model reads to predict the token after some ids: without memory, the last S ids; with a memory
// (M > 0), the last segment of the ids cut into segments of S from the start, after the memory that the segments
// before it left (each read in turn).
struct CausalLmWindow {
  size_t start = 0;                    // the index in the ids of the window's first id
  std::vector<int> ids;                // the window, at most S ids
  CausalLanguageModel::Memory memory;  // what it reads besides itself (empty without memory)
};
// `switches`: heads switched off while the earlier segments are read; null: all on.
CausalLmWindow causalLmWindow(const CausalLanguageModel& model, std::span<const int> ids,
                              const HeadSwitches* switches = nullptr);

// The next token after a text: from the last S tokens only, or, with a memory (M > 0), from the whole text read
// segment after segment from the start (its last segment is the window).
struct NextTokenPrediction {
  std::vector<std::string> tokens;             // the whole text's tokens
  std::vector<int> window;                     // the ids of the window: the last min(S, tokens), or the last segment
  std::vector<float> probabilities;            // softmax over the vocabulary at the window's last position
  int id = 0;                                  // the most probable token (the lowest id on a tie)
  std::vector<std::vector<Matrix>> attention;  // [layer][head], each T x (M'+T): the memory's M' columns first
};
// InputError for a text without tokens.
// `switches`: heads switched off (core/models/head_switches.h); null: all on.
NextTokenPrediction predictNextToken(const CausalLmModel& model, std::string_view text,
                                     const HeadSwitches* switches = nullptr);
// Greedy continuation: `count` times, the most probable next id of the last S ids so far (with memory: of all
// the ids so far, read segment after segment), appended.
std::vector<int> greedyContinuation(const CausalLanguageModel& model, std::span<const int> ids, int count);

}  // namespace al
