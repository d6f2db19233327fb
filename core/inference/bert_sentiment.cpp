#include "core/inference/bert_sentiment.h"

#include <algorithm>
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
  if (e.size() <= 2)
    throw InputError(ErrorKind::EmptySentence, {}, "the text has no words BERT can read; type at least one word");
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
    throw InputError(ErrorKind::BaseModelUnreadable, {.file = configFile, .name = folder},
                     configFile + ": the BERT folder the classifier was trained on, " + folder +
                     ", cannot be read (" + e.what() + "); put the folder back there, or train the head again");
  }
  const int64_t width = io::requireIntAtLeast(config, "hidden_size", 1, configFile);
  if (bert.model->config().hiddenSize != width)
    throw InputError(ErrorKind::BaseModelChanged, {.file = configFile, .name = folder},
                     configFile + ": the head reads " + std::to_string(width) + " numbers of [CLS], but " + folder +
                     " now holds a BERT of width " + std::to_string(bert.model->config().hiddenSize) +
                     "; train the head again on this folder");
  return bert;
}

bool isFineTunedTensor(const std::string& name, int64_t firstLayer, int64_t layers) {
  for (int64_t i = firstLayer; i < layers; ++i)
    if (name.starts_with("encoder.layer." + std::to_string(i) + ".")) return true;
  return false;
}

// A copy of bert with the weights of its top `count` layers read from `tensors` (BERT's names and shapes; every
// tensor of those layers present). InputError naming the file otherwise.
std::shared_ptr<const pretrained::BertModel> withFineTunedLayers(const pretrained::BertModel& bert, int64_t count,
                                                                 const std::vector<io::Tensor>& tensors,
                                                                 const std::string& file) {
  auto tuned = std::make_shared<pretrained::BertModel>(bert);
  ParameterSet& params = tuned->parameters();
  const int64_t L = bert.config().numLayers;
  size_t expected = 0;
  for (const ParameterInfo& info : params.tensors()) expected += isFineTunedTensor(info.name, L - count, L) ? 1 : 0;
  size_t found = 0;
  for (const io::Tensor& t : tensors) {
    if (t.name.starts_with("head.")) continue;
    const int slot = isFineTunedTensor(t.name, L - count, L) ? params.find(t.name) : -1;
    if (slot < 0)
      throw InputError(ErrorKind::TensorUnknown, {.file = file, .name = t.name},
                       file + ": tensor \"" + t.name + "\" is not one of BERT's top " + std::to_string(count) +
                       " layers, which config.json says were fine-tuned");
    const ParameterInfo& info = params.info(slot);
    if (t.shape != info.shape)
      throw InputError(ErrorKind::TensorWrongShape,
                       {.file = file, .name = t.name, .expected = io::shapeToString(info.shape),
                        .found = io::shapeToString(t.shape)},
                       file + ": tensor \"" + t.name + "\" has shape " + io::shapeToString(t.shape) + ", but this BERT's is " +
                       io::shapeToString(info.shape));
    std::copy(t.values.begin(), t.values.end(), params.data().begin() + info.offset);
    ++found;
  }
  if (found != expected)
    throw InputError(ErrorKind::TensorMissing, {.file = file},
                     file + ": " + std::to_string(expected - std::min(found, expected)) + " tensors of BERT's top " +
                     std::to_string(count) + " layers are missing; train the model again");
  return tuned;
}

std::vector<io::Tensor> headTensors(const std::vector<io::Tensor>& tensors) {
  std::vector<io::Tensor> head;
  for (const io::Tensor& t : tensors)
    if (t.name.starts_with("head.")) head.push_back(t);
  return head;
}

}  // namespace

BertSentimentModel loadBertSentiment(const fs::path& dir) {
  const nlohmann::json config = io::readConfig(dir, BertSentimentModel::kTask);
  const std::string configFile = (dir / "config.json").string();
  BertSentimentModel loaded;
  loaded.encoder = encoderOf(config, configFile);
  loaded.sequenceLength = static_cast<int>(
      io::requireIntInRange(config, "sequence_length", 2, loaded.encoder.model->config().maxPositions, configFile));
  loaded.fineTunedLayers = static_cast<int>(
      config.contains("fine_tuned_layers")  // optional: a head-only model has none
          ? io::requireIntInRange(config, "fine_tuned_layers", 0, loaded.encoder.model->config().numLayers, configFile)
          : 0);
  auto head = std::make_shared<SentimentHead>(loaded.encoder.model->config().hiddenSize);
  const fs::path tensorsFile = dir / "model.safetensors";
  const std::vector<io::Tensor> tensors = io::readSafetensors(tensorsFile);
  if (loaded.fineTunedLayers > 0)
    loaded.encoder.model = withFineTunedLayers(*loaded.encoder.model, loaded.fineTunedLayers, tensors, tensorsFile.string());
  io::assignParameters(head->parameters(), loaded.fineTunedLayers > 0 ? headTensors(tensors) : tensors, tensorsFile.string());
  loaded.head = std::move(head);
  loaded.history = io::readHistoryIfPresent(dir);
  return loaded;
}

void saveBertSentiment(const fs::path& dir, const BertSentimentModel& model) {
  std::error_code ec;
  const fs::path folder = fs::absolute(model.encoder.folder, ec);
  io::ModelDirectoryWriter writer(dir);
  nlohmann::json config = {{"format", io::kModelFormat},
                                     {"version", io::kModelFormatVersion},
                                     {"task", BertSentimentModel::kTask},
                                     {"encoder_folder", (ec ? model.encoder.folder : folder).lexically_normal().string()},
                                     {"encoder_name", model.encoder.name},
                                     {"hidden_size", model.head->width()},
                                     {"sequence_length", model.sequenceLength},
                                     {"encoder_trained", model.fineTunedLayers > 0}};  // false: only the head learned
  std::vector<io::Tensor> tensors = io::tensorsFromParameters(model.head->parameters());
  if (model.fineTunedLayers > 0) {  // the trained layers under BERT's names; the rest is the folder's
    config["fine_tuned_layers"] = model.fineTunedLayers;
    const int64_t L = model.encoder.model->config().numLayers;
    const ParameterSet& bert = model.encoder.model->parameters();
    for (const ParameterInfo& info : bert.tensors()) {
      if (!isFineTunedTensor(info.name, L - model.fineTunedLayers, L)) continue;
      const auto values = bert.data().begin() + info.offset;
      tensors.push_back({info.name, info.shape, std::vector<float>(values, values + info.size())});
    }
  }
  io::writeConfig(writer.staging(), config);
  io::writeSafetensors(writer.staging() / "model.safetensors", tensors);
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
