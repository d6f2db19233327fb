#pragma once
// A masked-lm model directory (model-format.md, task "masked-lm"): loading, saving, text to ids, and fill in
// the blanks.
//
//   "The acting was [MASK] but the plot was dull"
//     -> tokens  the acting was [MASK] but the plot was dull       (the model's tokenizer; [MASK] kept whole)
//     -> ids     5 311 14 2 20 5 112 14 870                        (2 = [MASK])
//     -> for the [MASK] at position 3: the softmax over the vocabulary, and its best ordinary tokens
//        ("great" 0.21, "terrible" 0.17, ...), with every attention map of the encoder.
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/io/history.h"
#include "core/models/masked_lm.h"
#include "core/text/vectorizer.h"

namespace al {

// The text a person types for a blank, in any case: "[MASK]", "[mask]", "[Mask]".
inline constexpr std::string_view kMaskToken = "[MASK]";

struct MaskedLmModel {
  static constexpr const char* kTask = "masked-lm";  // its task name in model-format.md
  std::unique_ptr<MaskedLanguageModel> model;
  Vocabulary vocabulary;                 // line 2 is "[MASK]"
  std::string tokenizer = "keras";       // config field "tokenizer" (model-format.md, "Text to ids")
  std::vector<io::EpochRecord> history;  // empty if the directory has no history.json
};

// Reads DIR/config.json, model.safetensors and vocab.txt; InputError naming the file and what is wrong.
MaskedLmModel loadMaskedLm(const std::filesystem::path& dir);
// Writes the directory atomically (a reader sees the old directory or the whole new one).
void saveMaskedLm(const std::filesystem::path& dir, const MaskedLanguageModel& model, const Vocabulary& vocabulary,
                  const std::string& tokenizer, const std::vector<io::EpochRecord>& history);
// A copy of a model in memory (its weights, vocabulary and tokenizer), independent of the original: a snapshot
// of a training run that may go on or be dropped.
MaskedLmModel copyMaskedLm(const MaskedLanguageModel& model, const Vocabulary& vocabulary, const std::string& tokenizer,
                           std::vector<io::EpochRecord> history);

// Text to tokens for a masked-lm, the one place where text becomes tokens (training and fill): every
// "[MASK]" (any case) becomes the token "[MASK]"; the text around it goes through the tokenizer `name`.
// InputError for a tokenizer this build does not know.
std::vector<std::string> maskedLmTokens(std::string_view text, const std::string& tokenizer);
// Tokens to ids through the vocabulary (unknown -> 1, "[MASK]" -> 2).
std::vector<int> maskedLmIds(const std::vector<std::string>& tokens, const Vocabulary& vocabulary);

// What fill shows.
struct FillCandidate {
  int id = 0;
  std::string token;
  float probability = 0;
};
struct FillPrediction {
  int position = 0;                  // index into tokens
  std::vector<float> probabilities;  // the softmax over the whole vocabulary (vocab_size entries)
  std::vector<FillCandidate> top;    // the most probable ordinary tokens (ids >= 3), best first
};
struct FillResult {
  std::vector<std::string> tokens;    // as the model sees them ("[MASK]" for a blank; unknown words as typed)
  std::vector<int> ids;
  bool truncated = false;             // the text had more than sequence_length tokens
  std::vector<FillPrediction> predictions;     // one per [MASK], in text order
  std::vector<std::vector<Matrix>> attention;  // [layer][head], T x T (query row, key column)
};
// InputError for a text without [MASK] (after truncation), or without tokens.
// `switches`: heads switched off (core/models/head_switches.h); null: all on.
FillResult fillMasks(const MaskedLmModel& model, std::string_view text, int top, const HeadSwitches* switches = nullptr);

}  // namespace al
