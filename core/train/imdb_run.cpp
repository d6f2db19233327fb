#include "core/train/imdb_run.h"

#include "core/train/allocator.h"

#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <cmath>
#include <thread>

#include "core/error.h"
#include "core/inference/masked_lm_inference.h"
#include "core/layers/sigmoid_cross_entropy.h"
#include "core/train/bert_sentiment_run.h"

namespace al {

// ---------------------------------------------------------------------------------------------------------
// Presets

std::vector<std::string> imdbPresetNames() { return {"tiny", "classroom", "book"}; }

ImdbRunSettings imdbPreset(const std::string& name) {
  ImdbRunSettings s;
  s.preset = name;
  TransformerConfig& m = s.model;
  TrainingSettings& t = s.training;
  t.optimizer.name = "rmsprop";
  t.validationSplit = 0.2;
  if (name == "book") {  // Deep Learning with Python, chapter 11: the Transformer encoder on IMDB
    m = TransformerConfig{};  // vocab 20000, sequence 600, D 256, 2 heads of K 256, F 32, 1 layer, learned, layer, max
    m.dropout = 0.5f;
    t.optimizer.learningRate = 1e-3f;
    t.batchSize = 32;
    t.epochs = 20;
  } else if (name == "classroom") {  // real IMDB in a few minutes on a laptop: about 89 % test accuracy
    m.vocabSize = 20000;
    m.sequenceLength = 400;  // 200 tokens loses about 2 points: many reviews say what they think at the end
    m.embedDim = 64;
    m.numHeads = 2;
    m.keyDim = 32;
    m.denseDim = 32;
    m.numLayers = 1;
    m.dropout = 0.5f;
    t.optimizer.learningRate = 1e-3f;
    t.batchSize = 32;
    t.epochs = 3;
  } else if (name == "tiny") {  // seconds, for the built-in corpus and tests
    m.vocabSize = 1000;
    m.sequenceLength = 64;
    m.embedDim = 32;
    m.numHeads = 2;
    m.keyDim = 16;
    m.denseDim = 32;
    m.numLayers = 1;
    m.dropout = 0.1f;
    t.optimizer.learningRate = 3e-3f;
    t.batchSize = 32;
    t.epochs = 10;
  } else {
    throw InputError(ErrorKind::OptionInvalid, {.name = "preset", .expected = "tiny, classroom, book", .found = name},
                     "unknown preset '" + name + "' (expected tiny, classroom or book)");
  }
  return s;
}

const std::vector<SettingField<ImdbRunSettings>>& imdbFields() {
  using S = ImdbRunSettings;
  using G = ParameterGroup;
  static const std::vector<SettingField<S>> fields = [] {
    std::vector<SettingField<S>> f = {
        {integerParameter("vocab_size", G::Model, 2, 200000, "vocabulary size"),
         [](const S& s) { return nlohmann::json(s.model.vocabSize); },
         [](S& s, const nlohmann::json& v) { s.model.vocabSize = v.get<int>(); }},
        {integerParameter("sequence_length", G::Model, 1, 4096, "tokens kept per review"),
         [](const S& s) { return nlohmann::json(s.model.sequenceLength); },
         [](S& s, const nlohmann::json& v) { s.model.sequenceLength = v.get<int>(); }},
        {integerParameter("embed_dim", G::Model, 1, 2048, "embedding width"),
         [](const S& s) { return nlohmann::json(s.model.embedDim); },
         [](S& s, const nlohmann::json& v) { s.model.embedDim = v.get<int>(); }},
        {integerParameter("num_heads", G::Model, 1, 64, "attention heads"),
         [](const S& s) { return nlohmann::json(s.model.numHeads); },
         [](S& s, const nlohmann::json& v) { s.model.numHeads = v.get<int>(); }},
        {integerParameter("key_dim", G::Model, 1, 2048, "key dimension of one head"),
         [](const S& s) { return nlohmann::json(s.model.keyDim); },
         [](S& s, const nlohmann::json& v) { s.model.keyDim = v.get<int>(); }},
        {integerParameter("dense_dim", G::Model, 1, 8192, "feed-forward width"),
         [](const S& s) { return nlohmann::json(s.model.denseDim); },
         [](S& s, const nlohmann::json& v) { s.model.denseDim = v.get<int>(); }},
        {withOption(integerParameter("num_layers", G::Model, 1, 24, "encoder layers"), "--layers"),
         [](const S& s) { return nlohmann::json(s.model.numLayers); },
         [](S& s, const nlohmann::json& v) { s.model.numLayers = v.get<int>(); }},
        {choiceParameter("position", G::Model, {"learned", "sinusoidal", "none"}, "learned | sinusoidal | none"),
         [](const S& s) { return nlohmann::json(toString(s.model.position)); },
         [](S& s, const nlohmann::json& v) {
           const std::string p = v.get<std::string>();
           s.model.position = p == "learned" ? PositionKind::Learned
                              : p == "sinusoidal" ? PositionKind::Sinusoidal : PositionKind::None;
         }},
        {choiceParameter("norm", G::Model, {"layer", "batch"}, "layer | batch"),
         [](const S& s) { return nlohmann::json(toString(s.model.norm)); },
         [](S& s, const nlohmann::json& v) { s.model.norm = v.get<std::string>() == "batch" ? NormKind::Batch : NormKind::Layer; }},
        {choiceParameter("batch_norm_padding", G::Model, {"exclude", "include"},
                         "exclude | include (include: batch norm's statistics count padding, as Keras does)"),
         [](const S& s) { return nlohmann::json(toString(s.model.batchNormPadding)); },
         [](S& s, const nlohmann::json& v) { s.model.batchNormPadding = batchNormPaddingFromString(v.get<std::string>()); }},
        {choiceParameter("pooling", G::Model, {"max", "mean"}, "max | mean"),
         [](const S& s) { return nlohmann::json(toString(s.model.pooling)); },
         [](S& s, const nlohmann::json& v) { s.model.pooling = v.get<std::string>() == "mean" ? PoolingKind::Mean : PoolingKind::Max; }},
        {realParameter("dropout", G::Model, 0, 0.95, 2, "dropout rate (0 disables it)"),
         [](const S& s) { return nlohmann::json(static_cast<double>(s.model.dropout)); },
         [](S& s, const nlohmann::json& v) { s.model.dropout = v.get<float>(); }},
    };
    f.push_back(tokenizerField<S>());
    for (auto& t : trainingFields<S>()) f.push_back(t);
    return f;
  }();
  return fields;
}

TaskSchema imdbSchema() {
  return makeTaskSchema("imdb-transformer", "imdb", imdbPresetNames(), ImdbRunSettings{}.preset, imdbFields(),
                        &imdbPreset, &prepareImdbRun);
}

std::unique_ptr<TrainingRun> prepareImdbRun(const ImdbRunSettings& settings, const ProgressFn& progress) {
  if (startsFromBert(settings)) return BertSentimentRun::prepare(settings, progress);
  if (settings.fineTuneLayers > 0)
    throw InputError(ErrorKind::OptionsConflict, {.name = "--fine-tune-layers", .found = "--init-encoder"},
                     "--fine-tune-layers trains BERT's top layers: give a BERT folder with --init-encoder");
  return ImdbRun::prepare(settings, progress);
}

TrainingResult trainInArena(TrainingTask& task, const TrainingSettings& settings, int threads, TrainingEvents* events,
                            const TrainingControl* control, std::vector<EpochEvent>& history) {
  keepFreedMemoryForReuse();  // a step's large matrices are reused, not faulted in again (core/train/allocator.h)
  tbb::task_arena arena(workerThreads(threads));
  TrainingResult result;
  arena.execute([&] { result = trainKeepingBest(task, settings, events, control, history); });
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// The run

namespace {

std::vector<EncodedSample> encodeAll(const std::vector<LabeledText>& texts, const Vocabulary& vocabulary,
                                     TokenizerKind tokenizer, size_t sequenceLength) {
  std::vector<EncodedSample> out;
  out.reserve(texts.size());
  for (const LabeledText& t : texts) {
    EncodedSample s{vocabulary.encode(tokenizer, t.text, sequenceLength), t.label};
    if (s.ids.empty())
      throw InputError(ErrorKind::ReviewEmpty, {.file = t.origin},
                       t.origin + ": the review has no words once punctuation is removed");
    out.push_back(std::move(s));
  }
  return out;
}

// A fine-tuning run takes the encoder's architecture from the masked-lm it starts from (pre-training only helps an
// encoder of the same shape); the classifier's own head (dropout, pooling) and how batch norm takes its statistics
// stay this run's. A preset's differing value gives way; a value the person gave that contradicts the masked-lm is
// an error that names the option.
TransformerConfig fineTuningConfig(const TransformerConfig& pretrained, const ImdbRunSettings& settings,
                                   const std::string& origin) {
  TransformerConfig config = pretrained;
  config.dropout = settings.model.dropout;
  config.pooling = settings.model.pooling;
  config.batchNormPadding = settings.model.batchNormPadding;
  const nlohmann::json have = fineTuningArchitecture(pretrained);
  nlohmann::json asked = toJson(settings.model);
  if (settings.tokenizer) asked["tokenizer"] = tokenizerName(*settings.tokenizer);
  for (const SettingField<ImdbRunSettings>& field : imdbFields()) {
    const std::string& key = field.spec.key;
    if (!settings.givenValues.contains(key) || !have.contains(key) || have.at(key) == asked.at(key)) continue;
    throw InputError(ErrorKind::OptionsConflict, {.name = field.spec.option, .found = origin},
                     origin + ": " + field.spec.option + " " + asked.at(key).dump() + " contradicts the masked-lm's " +
                     key + " " + have.at(key).dump() + "; leave the option out to take the masked-lm's");
  }
  return config;
}

}  // namespace

nlohmann::json fineTuningArchitecture(const TransformerConfig& pretrainedEncoder) {
  nlohmann::json values = toJson(pretrainedEncoder);
  for (const char* headsOwn : {"dropout", "pooling", "batch_norm_padding"}) values.erase(headsOwn);
  return values;
}

namespace {

// Copies every embedding and encoder tensor by name; the classifier's head keeps its fresh values.
void copyEncoder(const ParameterSet& from, ParameterSet& to) {
  for (const ParameterInfo& info : to.tensors()) {
    if (!info.name.starts_with("embedding.") && !info.name.starts_with("encoder.")) continue;
    const int source = from.find(info.name);
    if (source < 0) throw InputError(ErrorKind::Internal, {}, "the pre-trained model has no tensor " + info.name);
    to.value(to.find(info.name)) = from.value(source);
  }
}

// A masked-lm directory to start from; a folder without config.json is neither that nor a BERT folder (which
// prepareImdbRun gives to BertSentimentRun), and the message says what would do.
MaskedLmModel loadEncoderDirectory(const std::filesystem::path& dir) {
  std::error_code ec;
  if (std::filesystem::is_directory(dir, ec) && !std::filesystem::exists(dir / "config.json", ec))
    throw InputError(ErrorKind::NotModelDir, {.file = dir.string()},
                     dir.string() + " has no config.json: the pre-trained encoder must be a masked-lm directory of "
                     "AttentionLab or a BERT folder of Hugging Face");
  return loadMaskedLm(dir);
}

}  // namespace

LabeledDataset loadRunData(const std::string& source, uint64_t seed, const ProgressFn& progress, bool withUnlabeled) {
  if (progress && !progress(stage::kReadingData, 0.0)) throw RunError(ErrorKind::Cancelled, {}, "cancelled");
  return loadImdbSource(source, [&](size_t done, size_t total) {
    return !progress || progress(stage::kReadingData, total ? 0.7 * static_cast<double>(done) / static_cast<double>(total) : 0.0);
  }, seed, withUnlabeled);
}

std::unique_ptr<ImdbRun> ImdbRun::prepare(const ImdbRunSettings& settings, const ProgressFn& progress) {
  std::unique_ptr<ImdbRun> run(new ImdbRun);
  run->settings_ = settings;
  auto report = [&](const std::string& what, double fraction) {
    if (progress && !progress(what, fraction)) throw RunError(ErrorKind::Cancelled, {}, "cancelled");
  };
  LabeledDataset data = loadRunData(settings.data, settings.training.seed, progress);
  run->dataCard_ = describe(data.train, settings.data);

  if (!settings.initDir.empty()) {
    ImdbTransformerModel init = loadImdbTransformer(settings.initDir);
    requireSameTokenizer(settings.tokenizer, init.model->config().tokenizer, settings.initDir);
    run->model_ = std::move(init.model);
    run->vocabulary_ = std::move(init.vocabulary);
    run->settings_.model = run->model_->config();
    if (settings.model.dropout != run->model_->config().dropout) {
      // --dropout overrides the stored rate; everything else about the architecture comes from the directory
      TransformerConfig config = run->model_->config();
      config.dropout = settings.model.dropout;
      auto model = std::make_unique<TransformerClassifier>(config);
      model->parameters().data() = run->model_->parameters().data();
      run->model_ = std::move(model);
      run->settings_.model = config;
    }
  } else if (settings.initEncoderModel || !settings.initEncoderDir.empty()) {
    report(stage::kReadingPretrainedEncoder, 0.75);
    std::shared_ptr<const MaskedLmModel> pretrained = settings.initEncoderModel;
    const std::string origin = pretrained ? std::string("the pre-trained masked-lm") : settings.initEncoderDir;
    if (!pretrained) pretrained = std::make_shared<const MaskedLmModel>(loadEncoderDirectory(settings.initEncoderDir));
    if (pretrained->tokenizer != "keras")
      throw InputError(ErrorKind::TokenizerMismatch,
                       {.file = origin, .expected = pretrained->tokenizer, .found = "keras"},
                       origin + ": the masked-lm reads text with the tokenizer \"" + pretrained->tokenizer +
                       "\", the imdb classifier with \"keras\"");
    const TransformerConfig config = fineTuningConfig(pretrained->model->config().encoder, settings, origin);
    run->vocabulary_ = pretrained->vocabulary;
    run->model_ = std::make_unique<TransformerClassifier>(config);
    run->settings_.model = config;
    run->model_->initialize(settings.training.seed);  // the new head's first values
    copyEncoder(pretrained->model->parameters(), run->model_->parameters());
  } else {
    report(stage::kBuildingVocabulary, 0.75);
    std::vector<std::vector<std::string>> tokenized;
    tokenized.reserve(data.train.size());
    TransformerConfig config = settings.model;
    config.tokenizer = settings.tokenizer.value_or(run->dataCard_.suggestedTokenizer);
    for (const LabeledText& t : data.train) tokenized.push_back(tokenize(config.tokenizer, TextTask::Classifier, t.text));
    run->vocabulary_ = Vocabulary::build(tokenized, static_cast<size_t>(config.vocabSize));
    run->model_ = std::make_unique<TransformerClassifier>(config);
    run->settings_.model = config;
    run->model_->initialize(settings.training.seed);
  }
  report(stage::kEncodingReviews, 0.85);
  const auto length = static_cast<size_t>(run->model_->config().sequenceLength);
  const TokenizerKind tokenizer = run->model_->config().tokenizer;
  run->train_ = encodeAll(data.train, run->vocabulary_, tokenizer, length);
  run->test_ = encodeAll(data.hasTestSplit ? data.test : std::vector<LabeledText>{}, run->vocabulary_, tokenizer, length);
  report(stage::kReady, 1.0);
  return run;
}

nlohmann::json ImdbRun::settings() const {
  ImdbRunSettings actual = settings_;
  actual.threads = workerThreads(settings_.threads);
  return settingsJson(task(), actual, imdbFields());
}

void ImdbRun::save(const std::filesystem::path& dir) const {
  saveImdbTransformer(dir, *model_, vocabulary_, historyRecords(history_));
}

BatchStats ImdbRun::evaluateTest() {
  std::vector<const EncodedSample*> pointers;
  for (const EncodedSample& s : testSamples()) pointers.push_back(&s);
  tbb::task_arena arena(workerThreads(settings_.threads));
  BatchStats stats;
  arena.execute([&] { stats = model_->evaluate(pointers); });
  return stats;
}

BatchStats ImdbRun::trainBatch(std::span<const size_t> samples, Gradients& grads, uint64_t seed) {
  std::vector<const EncodedSample*> batch;
  for (size_t i : samples) batch.push_back(&train_[i]);
  return model_->trainBatch(batch, grads, seed);
}

BatchStats ImdbRun::evaluate(std::span<const size_t> samples) {
  std::vector<const EncodedSample*> batch;
  for (size_t i : samples) batch.push_back(&train_[i]);
  return model_->evaluate(batch);
}

size_t ImdbRun::tokens(std::span<const size_t> samples) const {
  size_t n = 0;
  for (size_t i : samples) n += train_[i].ids.size();
  return n;
}

}  // namespace al

namespace al {

AnyModel ImdbRun::snapshot() const {
  return anyModel(task(), copyImdbTransformer(*model_, vocabulary_, historyRecords(history_)));
}

}  // namespace al
