#include "core/train/chatbot_presets.h"

#include <algorithm>

#include "core/error.h"

namespace al {

std::vector<std::string> chatbotPresetNames() { return {"tiny", "classroom", "book"}; }
std::vector<std::string> chatbotArchitectures() { return {"gru", "transformer"}; }

namespace {

// One row a preset: the model's sizes and how it trains (Adam unless said otherwise).
struct Pace {
  int batchSize;
  int epochs;
  float learningRate;
};

struct GruPresetRow {
  const char* name;
  Seq2SeqConfig sizes;  // vocabulary and sentence lengths come later, from the data and max_length
  Pace pace;
};
const GruPresetRow kGruPresets[] = {
    {"book", {.embedDim = 256, .units = 1024, .attentionUnits = 1024}, {64, 40, 1e-3f}},  // the tutorial's chatbot
    {"classroom", {.embedDim = 64, .units = 256, .attentionUnits = 64}, {32, 30, 2e-3f}},  // minutes on two cores
    {"tiny", {.embedDim = 16, .units = 32, .attentionUnits = 16}, {16, 3, 5e-3f}},         // seconds, for tests
};

struct TransformerPresetRow {
  const char* name;
  Seq2SeqTransformerConfig sizes;
  Pace pace;
};
// The book's English-to-Spanish Transformer has key_dim 32: the width split over 8 heads.
const TransformerPresetRow kTransformerPresets[] = {
    {"book", {.embedDim = 256, .numHeads = 8, .keyDim = 32, .denseDim = 2048, .numLayers = 1, .dropout = 0.5f},
     {64, 30, 1e-3f}},
    {"classroom", {.embedDim = 64, .numHeads = 4, .keyDim = 16, .denseDim = 128, .numLayers = 2, .dropout = 0.1f},
     {32, 20, 1e-3f}},  // minutes on two cores
    {"tiny", {.embedDim = 16, .numHeads = 2, .keyDim = 8, .denseDim = 32, .numLayers = 1, .dropout = 0.1f},
     {16, 3, 5e-3f}},  // seconds, for tests
};

// The row named `name` (chatbotPreset has checked that it is one of the presets).
template <typename Row, size_t N>
const Row& presetRow(const Row (&rows)[N], const std::string& name) {
  for (const Row& r : rows)
    if (name == r.name) return r;
  throw InputError(ErrorKind::OptionInvalid, {.name = "preset", .expected = "tiny, classroom, book", .found = name},
                   "unknown preset '" + name + "' (expected tiny, classroom or book)");
}

void setPace(const Pace& pace, TrainingSettings& t) {
  t.batchSize = pace.batchSize;
  t.epochs = pace.epochs;
  t.optimizer.learningRate = pace.learningRate;
}

void setGruPreset(const std::string& name, ChatbotRunSettings& s) {
  const GruPresetRow& r = presetRow(kGruPresets, name);
  s.model = r.sizes;
  setPace(r.pace, s.training);
}

void setTransformerPreset(const std::string& name, ChatbotRunSettings& s) {
  const TransformerPresetRow& r = presetRow(kTransformerPresets, name);
  s.transformer = r.sizes;
  setPace(r.pace, s.training);
  if (name == "book") {  // the book trains it with RMSprop on sentences of at most 20 tokens
    s.maxLength = 20;
    s.training.optimizer.name = "rmsprop";
  }
}

}  // namespace

ChatbotRunSettings chatbotPreset(const std::string& name, const std::string& architecture) {
  const std::vector<std::string> names = chatbotPresetNames();
  if (std::find(names.begin(), names.end(), name) == names.end())
    throw InputError(ErrorKind::OptionInvalid, {.name = "preset", .expected = "tiny, classroom, book", .found = name},
                     "unknown preset '" + name + "' (expected tiny, classroom or book)");
  ChatbotRunSettings s;
  s.preset = name;
  s.architecture = architecture;
  s.training.optimizer.name = "adam";
  s.training.validationSplit = 0.2;
  s.maxLength = 24;  // the longest sentence of the real dialogs, <start> and <end> included
  if (architecture == "gru") {
    ChatbotRunSettings transformerSizes;  // unused by the GRU; they keep every parameter of the schema in its range
    setTransformerPreset(name, transformerSizes);
    s.transformer = transformerSizes.transformer;
    setGruPreset(name, s);
  }
  else if (architecture == "transformer") setTransformerPreset(name, s);
  else
    throw InputError(ErrorKind::OptionInvalid,
                     {.name = "architecture", .expected = "gru, transformer", .found = architecture},
                     "unknown architecture '" + architecture + "' (expected gru or transformer)");
  s.model.maxSourceLength = s.model.maxTargetLength = s.maxLength;
  s.transformer.maxSourceLength = s.transformer.maxTargetLength = s.maxLength;
  return s;
}

namespace {

// The built-in conversations: small enough to learn by heart, and chained, so that a held-out block of their
// last lines would only say that lines never seen are not answered.
bool isSmallConversationCorpus(const std::string& data) { return data == "builtin" || data == "builtin:zh"; }

}  // namespace

ChatbotRunSettings chatbotPreset(const std::string& name, const std::string& architecture, const std::string& data) {
  ChatbotRunSettings s = chatbotPreset(name, architecture);
  s.data = data;
  if (name != "tiny" || !isSmallConversationCorpus(data)) return s;
  // The GRU's 32 units and 3 epochs at 0.005 answer every question "我，。" (8 epochs) and still mix up
  // conversations after 40 (token accuracy 0.55); these answer the training questions with their own answers
  // (token accuracy 0.99 to 1.0 on both corpora, either architecture) in about 3 seconds on one core.
  s.training.validationSplit = 0.0;
  s.training.epochs = 25;
  s.training.optimizer.learningRate = architecture == "gru" ? 2e-2f : 1e-2f;
  if (architecture == "gru") s.model.units = 64;
  return s;
}

}  // namespace al
