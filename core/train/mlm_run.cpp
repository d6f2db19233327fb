#include "core/train/mlm_run.h"

#include <oneapi/tbb/task_arena.h>

#include "core/error.h"

namespace al {

// ---------------------------------------------------------------------------------------------------------
// Presets

std::vector<std::string> mlmPresetNames() { return {"tiny", "classroom"}; }

MlmRunSettings mlmPreset(const std::string& name) {
  if (name != "tiny" && name != "classroom")
    throw InputError(ErrorKind::OptionInvalid, {.name = "preset", .expected = "tiny, classroom", .found = name},
                     "unknown masked-lm preset '" + name + "' (expected tiny or classroom)");
  MlmRunSettings s;
  static_cast<ImdbRunSettings&>(s) = imdbPreset(name);  // the same encoder as the classifier of that preset
  TrainingSettings& t = s.training;
  s.model.dropout = 0.1f;  // BERT's rate: the output layer must see most of the encoder to name a word
  if (name == "classroom") {  // real IMDB in under 10 minutes on a 2-core laptop
    s.model.vocabSize = 10000;
    s.model.sequenceLength = 256;
    t.optimizer.learningRate = 1e-3f;
    t.batchSize = 32;
    // 6 epochs: fine-tuned on 1,000 labels, its encoder beat training from scratch on every seed tried (README,
    // Results); after 2 epochs it won on average only, and lost on one seed of three.
    t.epochs = 6;
  } else {  // seconds, for the built-in corpus and tests
    t.optimizer.learningRate = 3e-3f;
    t.batchSize = 32;
    t.epochs = 20;
  }
  return s;
}

// The classifier's encoder parameters (without pooling: a masked-lm predicts at every position), the mask rate,
// the tokenizer and the training parameters.
const std::vector<SettingField<MlmRunSettings>>& mlmFields() {
  using S = MlmRunSettings;
  static const std::vector<SettingField<S>> fields = [] {
    std::vector<SettingField<S>> f;
    for (const SettingField<ImdbRunSettings>& field : imdbFields()) {
      if (field.spec.key == "pooling" || field.spec.group != ParameterGroup::Model) continue;
      f.push_back({field.spec, [get = field.get](const S& s) { return get(s); },
                   [set = field.set](S& s, const nlohmann::json& v) { set(s, v); }});
    }
    f.push_back({realParameter("mask_rate", ParameterGroup::Model, 0.01, 0.9, 2,
                               "fraction of the tokens to hide (BERT: 0.15)"),
                 [](const S& s) { return nlohmann::json(static_cast<double>(s.maskRate)); },
                 [](S& s, const nlohmann::json& v) { s.maskRate = v.get<float>(); }});
    for (auto& t : trainingFields<S>()) f.push_back(t);
    return f;
  }();
  return fields;
}

TaskSchema mlmSchema() {
  return makeTaskSchema("masked-lm", "mlm", mlmPresetNames(), std::string("tiny"), mlmFields(), &mlmPreset,
                        &MlmRun::prepare);
}

// ---------------------------------------------------------------------------------------------------------
// The run

namespace {

std::vector<std::vector<int>> encodeAll(const std::vector<LabeledText>& texts, const Vocabulary& vocabulary,
                                        TokenizerKind tokenizer, size_t sequenceLength) {
  std::vector<std::vector<int>> out;
  out.reserve(texts.size());
  for (const LabeledText& t : texts) {
    std::vector<std::string> tokens = maskedLmTokens(t.text, tokenizerName(tokenizer));
    if (tokens.empty())
      throw InputError(ErrorKind::ReviewEmpty, {.file = t.origin},
                       t.origin + ": the review has no words once punctuation is removed");
    if (tokens.size() > sequenceLength) tokens.resize(sequenceLength);
    out.push_back(maskedLmIds(tokens, vocabulary));
  }
  return out;
}

// The tokenizer the texts ask for: icu_words when they are mostly Chinese, Japanese or Korean, else keras.
TokenizerKind suggestedTokenizer(const std::vector<LabeledText>& texts) {
  ScriptCounts scripts;
  for (const LabeledText& t : texts) scripts.add(t.text);
  return suggestTokenizer(TextTask::Classifier, scripts);
}

// Fixed keys, so that a sample's masking depends only on the seed it is given and its own index.
constexpr uint64_t kTrainingMaskKey = 0x3a5c, kEvaluationMaskKey = 0x7e57;

}  // namespace

std::unique_ptr<MlmRun> MlmRun::prepare(const MlmRunSettings& settings, const ProgressFn& progress) {
  std::unique_ptr<MlmRun> run(new MlmRun);
  run->settings_ = settings;
  auto report = [&](const std::string& what, double fraction) {
    if (progress && !progress(what, fraction)) throw RunError(ErrorKind::Cancelled, {}, "cancelled");
  };
  if (!(settings.maskRate > 0 && settings.maskRate < 1))
    throw InputError(ErrorKind::OptionInvalid,
                     {.name = "mask_rate", .expected = "(0, 1)", .found = std::to_string(settings.maskRate)},
                     "mask rate " + std::to_string(settings.maskRate) + " is outside (0, 1)");
  LabeledDataset data = loadRunData(settings.data, settings.training.seed, progress, true);
  run->unlabeled_ = data.unlabeled.size();
  for (LabeledText& t : data.unlabeled) data.train.push_back(std::move(t));  // labels are not used

  if (!settings.initDir.empty()) {
    MaskedLmModel init = loadMaskedLm(settings.initDir);
    MaskedLmConfig config = init.model->config();
    config.encoder.dropout = settings.model.dropout;  // --dropout and --mask-rate may change; the rest may not
    config.maskRate = settings.maskRate;
    run->model_ = std::make_unique<MaskedLanguageModel>(config);
    run->model_->parameters().data() = init.model->parameters().data();
    run->vocabulary_ = std::move(init.vocabulary);
    run->settings_.tokenizer = parseTokenizer(init.tokenizer);
  } else {
    report(stage::kBuildingVocabulary, 0.75);
    std::vector<std::vector<std::string>> tokenized;
    tokenized.reserve(data.train.size());
    run->settings_.tokenizer = settings.tokenizer.value_or(suggestedTokenizer(data.train));
    for (const LabeledText& t : data.train) tokenized.push_back(maskedLmTokens(t.text, tokenizerName(*run->settings_.tokenizer)));
    if (settings.model.vocabSize < 4)
      throw InputError(ErrorKind::OptionInvalid, {.name = "vocab_size", .expected = ">= 4"},
                       "a masked-lm needs a vocab_size of at least 4 (padding, [UNK], [MASK] and one word)");
    run->vocabulary_ = Vocabulary::build(tokenized, static_cast<size_t>(settings.model.vocabSize), {std::string(kMaskToken)});
    run->model_ = std::make_unique<MaskedLanguageModel>(MaskedLmConfig{settings.model, settings.maskRate});
    run->model_->initialize(settings.training.seed);
  }
  run->settings_.model = run->model_->config().encoder;
  run->settings_.maskRate = run->model_->config().maskRate;
  report(stage::kEncodingReviews, 0.85);
  const auto length = static_cast<size_t>(run->model_->config().encoder.sequenceLength);
  const TokenizerKind tokenizer = *run->settings_.tokenizer;
  run->train_ = encodeAll(data.train, run->vocabulary_, tokenizer, length);
  run->test_ = encodeAll(data.hasTestSplit ? data.test : std::vector<LabeledText>{}, run->vocabulary_, tokenizer, length);
  report(stage::kReady, 1.0);
  return run;
}

nlohmann::json MlmRun::settings() const { return settingsJson(task(), settings_, mlmFields()); }

void MlmRun::save(const std::filesystem::path& dir) const {
  saveMaskedLm(dir, *model_, vocabulary_, tokenizerName(*settings_.tokenizer), historyRecords(history_));
}

MaskedSequence MlmRun::maskedExample(size_t i, uint64_t seed) const {
  Rng rng = Rng::derive(seed, kTrainingMaskKey, i);
  return maskTokens(train_.at(i), model_->config().maskRate, static_cast<int>(vocabulary_.size()), rng);
}

namespace {
std::vector<MaskedSequence> maskFixed(const std::vector<std::vector<int>>& texts, std::span<const size_t> which,
                                      const MaskedLanguageModel& model, int vocabularySize, uint64_t seed) {
  std::vector<MaskedSequence> out;
  out.reserve(which.size());
  for (const size_t i : which) {
    Rng rng = Rng::derive(seed, kEvaluationMaskKey, i);
    out.push_back(maskTokens(texts[i], model.config().maskRate, vocabularySize, rng));
  }
  return out;
}

std::vector<const MaskedSequence*> pointers(const std::vector<MaskedSequence>& sequences) {
  std::vector<const MaskedSequence*> out;
  out.reserve(sequences.size());
  for (const MaskedSequence& s : sequences) out.push_back(&s);
  return out;
}
}  // namespace

BatchStats MlmRun::trainBatch(std::span<const size_t> samples, Gradients& grads, uint64_t seed) {
  std::vector<MaskedSequence> batch;
  batch.reserve(samples.size());
  for (const size_t i : samples) batch.push_back(maskedExample(i, seed));
  return model_->trainBatch(pointers(batch), grads, seed);
}

BatchStats MlmRun::evaluate(std::span<const size_t> samples) {
  const auto masked = maskFixed(train_, samples, *model_, static_cast<int>(vocabulary_.size()), settings_.training.seed);
  return model_->evaluate(pointers(masked));
}

BatchStats MlmRun::evaluateTest() {
  const std::vector<std::vector<int>>& texts = testSamples();
  std::vector<size_t> all(texts.size());
  for (size_t i = 0; i < all.size(); ++i) all[i] = i;
  const auto masked = maskFixed(texts, all, *model_, static_cast<int>(vocabulary_.size()), settings_.training.seed);
  tbb::task_arena arena(workerThreads(settings_.threads));
  BatchStats stats;
  arena.execute([&] { stats = model_->evaluate(pointers(masked)); });
  return stats;
}

size_t MlmRun::tokens(std::span<const size_t> samples) const {
  size_t n = 0;
  for (const size_t i : samples) n += train_[i].size();
  return n;
}

}  // namespace al

namespace al {

AnyModel MlmRun::snapshot() const {
  return anyModel(task(), copyMaskedLm(*model_, vocabulary_, tokenizer(), historyRecords(history_)));
}

}  // namespace al
