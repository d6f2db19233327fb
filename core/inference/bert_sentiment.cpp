#include "core/inference/bert_sentiment.h"

#include <system_error>

#include "core/error.h"
#include "core/io/atomic_directory.h"
#include "core/io/json_fields.h"
#include "core/io/safetensors.h"
#include "core/layers/sigmoid_cross_entropy.h"
#include "core/random.h"

namespace al {

namespace fs = std::filesystem;

// ---------------------------------------------------------------------------------------------------------
// The head

SentimentHead::SentimentHead(Index width) : dense_(params_, "head", width, 1) {}

SentimentHead::SentimentHead(const SentimentHead& other) : SentimentHead(other.width()) {
  params_.data() = other.params_.data();
}

void SentimentHead::initialize(uint64_t seed) {
  Rng rng(seed);
  dense_.initialize(params_, rng);
}

Matrix SentimentHead::logits(const Matrix& features) const {
  Dense::Cache unused;
  return dense_.forward(params_, features, unused);  // N x D -> N x 1
}

void SentimentHead::backward(const Matrix& features, const Matrix& dLogits, Gradients& grads) const {
  const Dense::Cache cache{features};
  dense_.backward(params_, cache, dLogits, grads);  // dH is not needed: the encoder is frozen
}

// ---------------------------------------------------------------------------------------------------------
// Features

bool isBertFolder(const fs::path& dir) {
  try {
    return isHuggingFaceFolder(dir) && pretrainedTaskOf(dir) == PretrainedBert::kTask;
  } catch (const std::exception&) {
    return false;
  }
}

pretrained::Encoding sentimentEncoding(const PretrainedBert& bert, std::string_view text, int maxTokens,
                                       bool* truncated) {
  pretrained::Encoding e = bert.tokenizer->encode(text);  // [CLS] pieces [SEP]
  if (e.size() <= 2) throw InputError("the text has no words BERT can read; type at least one word");
  const auto limit = static_cast<size_t>(std::max(2, maxTokens));
  if (truncated) *truncated = e.size() > limit;
  if (e.size() <= limit) return e;
  // Keep [CLS] and the first pieces, then close with the [SEP] that ended the text: BERT was trained so.
  const size_t last = e.size() - 1;
  e.pieces[limit - 1] = e.pieces[last];
  e.ids[limit - 1] = e.ids[last];
  e.offsets[limit - 1] = e.offsets[last];
  e.added[limit - 1] = true;
  e.pieces.resize(limit);
  e.ids.resize(limit);
  e.offsets.resize(limit);
  e.segments.resize(limit);
  e.added.resize(limit);
  return e;
}

Matrix clsFeature(const PretrainedBert& bert, std::string_view text, int maxTokens) {
  const pretrained::Encoding e = sentimentEncoding(bert, text, maxTokens);
  const pretrained::BertOutput out = bert.model->forward(
      e.ids, e.segments,
      {.attention = pretrained::AttentionCapture::none(), .maskedLmLogits = false, .hiddenStates = false});
  return out.hiddenStates.back().topRows(1);  // 1 x D: [CLS] is token 0
}

// ---------------------------------------------------------------------------------------------------------
// The model directory

namespace {

// The BERT folder a config.json names, and the width the head was trained on.
PretrainedBert encoderOf(const nlohmann::json& config, const std::string& configFile) {
  const std::string folder = io::requireString(config, "encoder_folder", configFile);
  PretrainedBert bert;
  try {
    bert = loadPretrainedBert(folder);
  } catch (const InputError& e) {
    throw InputError(configFile + ": the BERT folder the classifier was trained on, " + folder +
                     ", cannot be read (" + e.what() + "); put the folder back there, or train the head again");
  }
  const int64_t width = io::requireIntAtLeast(config, "hidden_size", 1, configFile);
  if (bert.model->config().hiddenSize != width)
    throw InputError(configFile + ": the head reads " + std::to_string(width) + " numbers of [CLS], but " + folder +
                     " now holds a BERT of width " + std::to_string(bert.model->config().hiddenSize) +
                     "; train the head again on this folder");
  return bert;
}

}  // namespace

BertSentimentModel loadBertSentiment(const fs::path& dir) {
  const nlohmann::json config = io::readConfig(dir, BertSentimentModel::kTask);
  const std::string configFile = (dir / "config.json").string();
  BertSentimentModel loaded;
  loaded.encoder = encoderOf(config, configFile);
  loaded.sequenceLength = static_cast<int>(
      io::requireIntInRange(config, "sequence_length", 2, loaded.encoder.model->config().maxPositions, configFile));
  auto head = std::make_shared<SentimentHead>(loaded.encoder.model->config().hiddenSize);
  const fs::path tensorsFile = dir / "model.safetensors";
  io::assignParameters(head->parameters(), io::readSafetensors(tensorsFile), tensorsFile.string());
  loaded.head = std::move(head);
  loaded.history = io::readHistoryIfPresent(dir);
  return loaded;
}

void saveBertSentiment(const fs::path& dir, const BertSentimentModel& model) {
  std::error_code ec;
  const fs::path folder = fs::absolute(model.encoder.folder, ec);
  io::ModelDirectoryWriter writer(dir);
  io::writeConfig(writer.staging(), {{"format", io::kModelFormat},
                                     {"version", io::kModelFormatVersion},
                                     {"task", BertSentimentModel::kTask},
                                     {"encoder_folder", (ec ? model.encoder.folder : folder).lexically_normal().string()},
                                     {"encoder_name", model.encoder.name},
                                     {"hidden_size", model.head->width()},
                                     {"sequence_length", model.sequenceLength},
                                     {"encoder_trained", false}});  // frozen: only the head learned
  io::writeSafetensors(writer.staging() / "model.safetensors", io::tensorsFromParameters(model.head->parameters()));
  io::writeHistory(writer.staging() / "history.json", model.history);
  writer.commit();
}

BertSentimentPrediction predictBertSentiment(const BertSentimentModel& model, std::string_view text) {
  const PretrainedBert& bert = model.encoder;
  BertSentimentPrediction p;
  const pretrained::Encoding e = sentimentEncoding(bert, text, model.sequenceLength, &p.truncated);
  pretrained::BertOutput out = bert.model->forward(
      e.ids, e.segments, {.attention = pretrained::AttentionCapture::all(), .maskedLmLogits = false, .hiddenStates = false});
  const Matrix cls = out.hiddenStates.back().topRows(1);  // 1 x D
  p.probability = sigmoid(model.head->logits(cls)(0, 0));
  p.tokens = e.pieces;
  p.ids = e.ids;
  p.attention = std::move(out.attention);
  return p;
}

BertSentimentPrediction predictBertSentiment(const BertSentimentModel& model, std::string_view text,
                                             const HeadSwitches* switches) {
  if (!switches || switches->empty()) return predictBertSentiment(model, text);
  const PretrainedBert& bert = model.encoder;
  BertSentimentPrediction p;
  const pretrained::Encoding e = sentimentEncoding(bert, text, model.sequenceLength, &p.truncated);
  pretrained::BertOutput out = bert.model->forward(
      e.ids, e.segments,
      {.attention = pretrained::AttentionCapture::all(), .maskedLmLogits = false, .hiddenStates = false,
       .headSwitches = switches});
  const Matrix cls = out.hiddenStates.back().topRows(1);  // 1 x D: [CLS] with the switched-off heads silent
  p.probability = sigmoid(model.head->logits(cls)(0, 0));
  p.tokens = e.pieces;
  p.ids = e.ids;
  p.attention = std::move(out.attention);
  return p;
}

}  // namespace al
