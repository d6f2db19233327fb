#include "core/train/bigram_run.h"

#include "core/error.h"
#include "core/io/atomic_directory.h"
#include "core/io/json_fields.h"
#include "core/io/safetensors.h"
#include "core/io/vocabulary_file.h"

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
    throw InputError("unknown preset '" + name + "' (expected tiny, classroom or book)");
  }
  return s;
}

BigramModel loadBigram(const std::filesystem::path& dir) {
  const nlohmann::json config = io::readConfig(dir, "imdb-bigram");
  BigramModel loaded;
  loaded.model = std::make_unique<BigramClassifier>(bigramConfigFromJson(config, (dir / "config.json").string()));
  const std::filesystem::path tensors = dir / "model.safetensors";
  io::assignParameters(loaded.model->parameters(), io::readSafetensors(tensors), tensors.string());
  loaded.vocabulary = Vocabulary::fromTokens(io::readVocabularyFile(dir / "vocab.txt"));
  if (static_cast<int>(loaded.vocabulary.size()) > loaded.model->config().vocabSize)
    throw InputError((dir / "vocab.txt").string() + ": more tokens than the vocab_size of config.json");
  if (std::filesystem::exists(dir / "history.json")) loaded.history = io::readHistory(dir / "history.json");
  return loaded;
}

void saveBigram(const std::filesystem::path& dir, const BigramClassifier& model, const Vocabulary& vocabulary,
                const std::vector<EpochEvent>& history) {
  io::ModelDirectoryWriter writer(dir);
  nlohmann::json config = {{"format", "attentionlab-model"}, {"version", 1}, {"task", "imdb-bigram"}};
  config.update(toJson(model.config()));
  io::writeConfig(writer.staging(), config);
  io::writeSafetensors(writer.staging() / "model.safetensors", io::tensorsFromParameters(model.parameters()));
  io::writeVocabularyFile(writer.staging() / "vocab.txt", vocabulary.tokens());
  std::vector<io::EpochRecord> records;
  for (const EpochEvent& e : history) records.push_back({e.epoch, e.loss, e.accuracy, e.valLoss, e.valAccuracy, e.seconds});
  io::writeHistory(writer.staging() / "history.json", records);
  writer.commit();
}

std::unique_ptr<BigramRun> BigramRun::prepare(const BigramRunSettings& settings, const ProgressFn& progress) {
  std::unique_ptr<BigramRun> run(new BigramRun);
  run->settings_ = settings;
  LabeledDataset data = loadImdbSource(settings.data, [&](size_t done, size_t total) {
    return !progress || progress("Reading " + settings.data, total ? 0.6 * static_cast<double>(done) / static_cast<double>(total) : 0.0);
  }, settings.training.seed);
  run->dataCard_ = describe(data.train);
  if (progress && !progress("Counting unigrams and bigrams", 0.65)) throw RunError("cancelled");

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
      if (s.ids.empty()) throw InputError(texts[i].origin + ": the review has no words once punctuation is removed");
      s.label = texts[i].label;
      out.push_back(std::move(s));
    }
    return out;
  };
  if (progress && !progress("Encoding the reviews", 0.8)) throw RunError("cancelled");
  if (settings.initDir.empty() && settings.model.encoding == BigramEncoding::TfIdf) {
    std::vector<std::vector<int>> documentIds;  // idf from the training data, before the values depend on it
    for (const auto& tokens : trainTokens) documentIds.push_back(run->model_->encode(tokens, run->vocabulary_).ids);
    run->model_->setIdf(documentIds);
  }
  run->train_ = encodeAll(data.train, &trainTokens);
  if (data.hasTestSplit) run->test_ = encodeAll(data.test, nullptr);
  return run;
}

nlohmann::json BigramRun::settings() const {
  const TrainingSettings& t = settings_.training;
  return {{"task", task()}, {"data", settings_.data}, {"preset", settings_.preset}, {"model", toJson(model_->config())},
          {"epochs", t.epochs}, {"batch_size", t.batchSize}, {"optimizer", t.optimizer.name},
          {"learning_rate", t.optimizer.learningRate}, {"validation_split", t.validationSplit},
          {"shuffle", t.shuffle}, {"seed", t.seed}};
}

TrainingResult BigramRun::train(TrainingEvents* events, const TrainingControl* control) {
  return trainKeepingBest(*this, settings_.training, events, control, history_);
}

void BigramRun::save(const std::filesystem::path& dir) const { saveBigram(dir, *model_, vocabulary_, history_); }

BatchStats BigramRun::evaluateTest() {
  std::vector<const SparseSample*> samples;
  for (const SparseSample& s : test_.empty() ? train_ : test_) samples.push_back(&s);
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
