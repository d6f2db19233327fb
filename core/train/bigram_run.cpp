#include "core/train/bigram_run.h"

#include "core/error.h"

namespace al {

BigramRunSettings bigramPreset(const std::string& name) {
  BigramRunSettings s;
  s.preset = name;
  s.training.optimizer.name = "rmsprop";
  s.training.optimizer.learningRate = 1e-3f;
  s.training.batchSize = 32;
  s.training.validationSplit = 0.2;
  if (name == "book") {
    s.training.epochs = 10;
  } else if (name == "classroom") {
    s.training.epochs = 5;
  } else if (name == "tiny") {
    s.model.vocabSize = 2000;
    s.training.epochs = 10;
  } else {
    throw InputError(ErrorKind::OptionInvalid, {.name = "preset", .expected = "tiny, classroom, book", .found = name},
                     "unknown preset '" + name + "' (expected tiny, classroom or book)");
  }
  return s;
}

std::vector<std::string> bigramPresetNames() { return {"tiny", "classroom", "book"}; }

const std::vector<SettingField<BigramRunSettings>>& bigramFields() {
  using S = BigramRunSettings;
  using G = ParameterGroup;
  static const std::vector<SettingField<S>> fields = [] {
    std::vector<SettingField<S>> f = {
        {withTextKey(integerParameter("vocab_size", G::Model, 2, 200000, "vocabulary size"), "bigram.vocab_size"),
         [](const S& s) { return nlohmann::json(s.model.vocabSize); },
         [](S& s, const nlohmann::json& v) { s.model.vocabSize = v.get<int>(); }},
        {integerParameter("hidden_units", G::Model, 1, 4096, "width of the hidden layer"),
         [](const S& s) { return nlohmann::json(s.model.hiddenUnits); },
         [](S& s, const nlohmann::json& v) { s.model.hiddenUnits = v.get<int>(); }},
        {choiceParameter("encoding", G::Model, {"multi_hot", "tf_idf"}, "multi_hot | tf_idf"),
         [](const S& s) { return nlohmann::json(s.model.encoding == BigramEncoding::TfIdf ? "tf_idf" : "multi_hot"); },
         [](S& s, const nlohmann::json& v) {
           s.model.encoding = v.get<std::string>() == "tf_idf" ? BigramEncoding::TfIdf : BigramEncoding::MultiHot;
         }},
        {withTextKey(realParameter("dropout", G::Model, 0, 0.95, 2, "dropout rate (0 disables it)"), "bigram.dropout"),
         [](const S& s) { return nlohmann::json(static_cast<double>(s.model.dropout)); },
         [](S& s, const nlohmann::json& v) { s.model.dropout = v.get<float>(); }},
    };
    f.push_back(tokenizerField<S>());
    for (auto& t : trainingFields<S>(false)) f.push_back(t);  // the bag-of-bigrams trains on one thread
    return f;
  }();
  return fields;
}

TaskSchema bigramSchema() {
  return makeTaskSchema("imdb-bigram", "bigram", bigramPresetNames(), BigramRunSettings{}.preset, bigramFields(),
                        &bigramPreset, &BigramRun::prepare);
}

std::unique_ptr<BigramRun> BigramRun::prepare(const BigramRunSettings& settings, const ProgressFn& progress) {
  std::unique_ptr<BigramRun> run(new BigramRun);
  run->settings_ = settings;
  LabeledDataset data = loadImdbSource(settings.data, [&](size_t done, size_t total) {
    return !progress || progress(stage::kReadingData, total ? 0.6 * static_cast<double>(done) / static_cast<double>(total) : 0.0);
  }, settings.training.seed);
  run->dataCard_ = describe(data.train, settings.data);
  if (progress && !progress(stage::kCountingBigrams, 0.65)) throw RunError(ErrorKind::Cancelled, {}, "cancelled");

  std::optional<BigramModel> init;
  if (!settings.initDir.empty()) {
    init = loadBigram(settings.initDir);
    requireSameTokenizer(settings.tokenizer, init->model->config().tokenizer, settings.initDir);
  }
  const TokenizerKind tokenizer =
      init ? init->model->config().tokenizer : settings.tokenizer.value_or(run->dataCard_.suggestedTokenizer);
  const auto words = [tokenizer](const LabeledText& t) { return tokenize(tokenizer, TextTask::Classifier, t.text); };
  std::vector<std::vector<std::string>> trainTokens;
  trainTokens.reserve(data.train.size());
  for (const LabeledText& t : data.train) trainTokens.push_back(words(t));

  if (init) {
    run->vocabulary_ = std::move(init->vocabulary);
    BigramConfig config = init->model->config();
    config.dropout = settings.model.dropout;
    run->model_ = std::make_unique<BigramClassifier>(config);
    run->model_->parameters().data() = init->model->parameters().data();
  } else {
    std::vector<std::vector<std::string>> grams;
    grams.reserve(trainTokens.size());
    for (const auto& tokens : trainTokens) grams.push_back(unigramsAndBigrams(tokens));
    BigramConfig config = settings.model;
    config.tokenizer = tokenizer;
    run->vocabulary_ = Vocabulary::build(grams, static_cast<size_t>(config.vocabSize));
    run->model_ = std::make_unique<BigramClassifier>(config);
    run->model_->initialize(settings.training.seed);
  }
  run->settings_.model = run->model_->config();

  auto encodeAll = [&](const std::vector<LabeledText>& texts, const std::vector<std::vector<std::string>>* tokenized) {
    std::vector<SparseSample> out;
    out.reserve(texts.size());
    for (size_t i = 0; i < texts.size(); ++i) {
      SparseSample s = run->model_->encode(tokenized ? (*tokenized)[i] : words(texts[i]), run->vocabulary_);
      if (s.ids.empty())
        throw InputError(ErrorKind::ReviewEmpty, {.file = texts[i].origin},
                         texts[i].origin + ": the review has no words once punctuation is removed");
      s.label = texts[i].label;
      out.push_back(std::move(s));
    }
    return out;
  };
  if (progress && !progress(stage::kEncodingReviews, 0.8)) throw RunError(ErrorKind::Cancelled, {}, "cancelled");
  if (settings.initDir.empty() && settings.model.encoding == BigramEncoding::TfIdf) {
    std::vector<std::vector<int>> documentIds;  // idf from the training data, before the values depend on it
    for (const auto& tokens : trainTokens) documentIds.push_back(run->model_->encode(tokens, run->vocabulary_).ids);
    run->model_->setIdf(documentIds);
  }
  run->train_ = encodeAll(data.train, &trainTokens);
  if (data.hasTestSplit) run->test_ = encodeAll(data.test, nullptr);
  return run;
}

nlohmann::json BigramRun::settings() const { return settingsJson(task(), settings_, bigramFields()); }

TrainingResult BigramRun::train(TrainingEvents* events, const TrainingControl* control) {
  return trainKeepingBest(*this, settings_.training, events, control, history_);
}

void BigramRun::save(const std::filesystem::path& dir) const {
  saveBigram(dir, *model_, vocabulary_, historyRecords(history_));
}

BatchStats BigramRun::evaluateTest() {
  std::vector<const SparseSample*> samples;
  for (const SparseSample& s : testSamples()) samples.push_back(&s);
  return model_->evaluate(samples);
}

BatchStats BigramRun::trainBatch(std::span<const size_t> samples, Gradients& grads, uint64_t seed) {
  std::vector<const SparseSample*> batch;
  for (size_t i : samples) batch.push_back(&train_[i]);
  return model_->trainBatch(batch, grads, seed);
}

BatchStats BigramRun::evaluate(std::span<const size_t> samples) {
  std::vector<const SparseSample*> batch;
  for (size_t i : samples) batch.push_back(&train_[i]);
  return model_->evaluate(batch);
}

}  // namespace al

namespace al {

AnyModel BigramRun::snapshot() const {
  return anyModel(task(), copyBigram(*model_, vocabulary_, historyRecords(history_)));
}

}  // namespace al
