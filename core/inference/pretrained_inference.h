#pragma once
// Pretrained models from Hugging Face folders (contracts: pretrained models) as kinds of the catalogue: BERT
// (task "bert") and GPT-2 (task "gpt2"), each loaded with its folder's tokenizer. They are read, never written
// or trained: the catalogue's save and evaluate refuse them.
//
//   PretrainedBert bert = loadPretrainedBert(path);                 // a folder, a cache snapshot or repository
//   BertFill f = fillBert(bert, "the cat sat on the [MASK].", 5);   // the likely words behind each [MASK]
//   float p = nextSentence(bert, "the cat sat.", "it slept.").isNext;
//   PretrainedGpt2 gpt = loadPretrainedGpt2(path);
//   Generation g = generate(gpt, "the cat", {.maxNewTokens = 20});  // greedy; sampling with temperature > 0
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/inference/masked_lm_inference.h"
#include "core/pretrained/bert_model.h"
#include "core/pretrained/gpt2_model.h"
#include "core/pretrained/hf_tokenizer.h"
#include "core/pretrained/sampling.h"

namespace al {

// A loaded bert folder: the model, its tokenizer, and where it came from.
struct PretrainedBert {
  static constexpr const char* kTask = "bert";  // its task name in the catalogue (config.json: "model_type")
  std::shared_ptr<const pretrained::BertModel> model;
  std::shared_ptr<const pretrained::Tokenizer> tokenizer;
  std::string name;               // the folder's name, or OWNER/NAME for a Hugging Face cache snapshot
  std::filesystem::path folder;   // the folder read (a cache snapshot, not the path given, when one was resolved)
};

// A loaded gpt2 folder.
struct PretrainedGpt2 {
  static constexpr const char* kTask = "gpt2";
  std::shared_ptr<const pretrained::Gpt2Model> model;
  std::shared_ptr<const pretrained::Tokenizer> tokenizer;
  std::string name;
  std::filesystem::path folder;
};

// True when dir/config.json names a "model_type" (a Hugging Face folder) rather than AttentionLab's "format", or
// dir is a cache snapshot, repository or root. Never throws: a directory it cannot read is not one.
bool isHuggingFaceFolder(const std::filesystem::path& dir);
// The task ("bert", "gpt2") of a Hugging Face folder, resolving cache paths. InputError naming config.json for
// another model_type (the message names it and the two supported).
std::string pretrainedTaskOf(const std::filesystem::path& dir);

// Resolve the folder (core/pretrained/hf_folder.h), then read its model and tokenizer. InputError naming the file
// and what is wrong; also for a folder of the other model type.
PretrainedBert loadPretrainedBert(const std::filesystem::path& dir);
PretrainedGpt2 loadPretrainedGpt2(const std::filesystem::path& dir);

// A text as the model reads it, and every layer's attention (inspect).
struct PretrainedAttention {
  std::vector<std::string> tokens;              // as the tokenizer writes them: "[CLS]", "##ing", "Ġthe"
  std::vector<int64_t> ids;
  std::vector<std::vector<Matrix>> attention;   // [layer][head], T x T, row = query
};
// InputError for a text with no tokens, or longer than the model's positions. `switches`: heads switched off
// (core/models/head_switches.h); null: all on.
PretrainedAttention readAttention(const PretrainedBert& bert, std::string_view text,
                                  const HeadSwitches* switches = nullptr);
PretrainedAttention readAttention(const PretrainedGpt2& gpt, std::string_view text,
                                  const HeadSwitches* switches = nullptr);

// fill: the masked-LM head's guesses for every mask token of text (the tokenizer's, "[MASK]"), best first,
// special tokens left out. InputError for a model without the masked-LM head or a text without the mask token.
struct BertFill {
  std::vector<std::string> tokens;
  std::vector<int64_t> ids;
  std::vector<FillPrediction> predictions;      // one per mask token, in text order
  std::vector<std::vector<Matrix>> attention;   // [layer][head], T x T
};
BertFill fillBert(const PretrainedBert& bert, std::string_view text, int top, const HeadSwitches* switches = nullptr);

// next-sentence: P(b follows a). InputError for a model without the next-sentence head.
struct NextSentence {
  std::vector<std::string> tokens;  // [CLS] a… [SEP] b… [SEP]
  float isNext = 0;
};
NextSentence nextSentence(const PretrainedBert& bert, std::string_view a, std::string_view b);

// generate: max_new_tokens tokens after the prompt, one at a time through the key/value cache; each chosen by
// the sampling settings (core/pretrained/sampling.h: temperature 0 = greedy). Stops early only where the model's
// positions end.
struct GenerationSettings {
  int maxNewTokens = 20;
  pretrained::SamplingSettings sampling;  // temperature 0: greedy
  int topShown = 10;                      // candidates kept per step for display
};
struct GenerationStep {
  int64_t id = 0;
  std::string token;        // as the vocabulary writes it
  float probability = 0;    // of the chosen token, after temperature, top-k and top-p
  std::vector<std::pair<std::string, float>> top;  // the best candidates, best first, same probabilities
};
struct Generation {
  std::vector<std::string> promptTokens;
  std::vector<int64_t> promptIds;
  std::vector<GenerationStep> steps;
  std::string text;  // the generated tokens decoded to text
};
// InputError for an empty prompt or one longer than the model's positions.
Generation generate(const PretrainedGpt2& gpt, std::string_view prompt, const GenerationSettings& settings);

// The encoding's pieces and ids as the tokenizer writes them (tokenize --model on a Hugging Face folder).
struct PretrainedTokens {
  std::string tokenizer;  // "wordpiece" or "byte-level-bpe"
  std::vector<std::string> tokens;
  std::vector<int64_t> ids;
};
// What the model reads: bert [CLS] text [SEP]; gpt2 its prompt.
PretrainedTokens tokenizeForModel(const std::filesystem::path& dir, std::string_view text);

}  // namespace al
