#include "core/train/bert_sentiment_run.h"

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>

#include "core/error.h"
#include "core/layers/sigmoid_cross_entropy.h"

namespace al {

bool startsFromBert(const ImdbRunSettings& settings) {
  return settings.initEncoderBert || (!settings.initEncoderDir.empty() && isHuggingFaceFolder(settings.initEncoderDir));
}

CachedFeatures computeClsFeatures(const PretrainedBert& bert, const std::vector<LabeledText>& texts, int maxTokens,
                                  const ProgressFn& progress, double from, double to) {
  // Chunks small enough that progress and Cancel answer within a second or two, large enough to keep every thread busy.
  constexpr size_t kChunk = 64;
  CachedFeatures cached;
  cached.features.resize(static_cast<Index>(texts.size()), static_cast<Index>(bert.model->config().hiddenSize));
  cached.labels.reserve(texts.size());
  for (const LabeledText& t : texts) cached.labels.push_back(t.label);
  for (size_t begin = 0; begin < texts.size(); begin += kChunk) {
    const double fraction = static_cast<double>(begin) / static_cast<double>(texts.size());
    if (progress && !progress(stage::kComputingFeatures, from + (to - from) * fraction))
      throw RunError(ErrorKind::Cancelled, {}, "cancelled");
    const size_t end = std::min(texts.size(), begin + kChunk);
    // Each review writes its own row: no sum depends on which thread ran it.
    tbb::parallel_for(begin, end, [&](size_t i) {
      try {
        cached.features.row(static_cast<Index>(i)) = clsFeature(bert, texts[i].text, maxTokens);
      } catch (const InputError& e) {
        throw InputError(texts[i].origin + ": " + e.what());
      }
    });
  }
  return cached;
}

namespace {

// The tokens a review is cut to: the person's sequence_length when given, else the default; never more than BERT's
// positions (the Train page's form gives its preset's length, which a small BERT may not have: it reads what it can).
int sequenceLengthFor(const ImdbRunSettings& settings, const PretrainedBert& bert) {
  const auto positions = static_cast<int>(bert.model->config().maxPositions);
  const int asked = settings.givenValues.contains("sequence_length") ? settings.model.sequenceLength
                                                                      : kBertSentimentDefaultLength;
  return std::clamp(asked, 2, positions);
}

// The training reviews the trainer will draw: with --train-limit only the first few of its shuffled order (the same
// reviews ImdbRun trains on with the same seed), so that BERT reads 1,000 reviews, not 25,000, for 1,000 labels.
std::vector<size_t> reviewsTheTrainerDraws(size_t reviews, const TrainingSettings& t) {
  const Split split = splitSamples(reviews, t.validationSplit, t.shuffle, t.seed, t.trainLimit);
  std::vector<size_t> used = split.train;
  used.insert(used.end(), split.validation.begin(), split.validation.end());
  std::sort(used.begin(), used.end());
  return used;
}

template <class T>
std::vector<T> pick(const std::vector<T>& all, const std::vector<size_t>& indices) {
  std::vector<T> picked;
  picked.reserve(indices.size());
  for (size_t i : indices) picked.push_back(all[i]);
  return picked;
}

}  // namespace

std::unique_ptr<BertSentimentRun> BertSentimentRun::prepare(const ImdbRunSettings& settings, const ProgressFn& progress) {
  std::unique_ptr<BertSentimentRun> run(new BertSentimentRun);
  run->settings_ = settings;
  const LabeledDataset data = loadRunData(settings.data, settings.training.seed, progress);
  run->dataCard_ = describe(data.train, settings.data);
  if (progress && !progress(stage::kReadingPretrainedEncoder, 0.72)) throw RunError(ErrorKind::Cancelled, {}, "cancelled");
  if (!settings.initDir.empty()) {  // a saved classifier, to evaluate or train on
    BertSentimentModel saved = loadBertSentiment(settings.initDir);
    run->encoder_ = std::move(saved.encoder);
    run->head_ = std::make_shared<SentimentHead>(*saved.head);
    run->sequenceLength_ = saved.sequenceLength;
  } else {
    run->encoder_ = settings.initEncoderBert ? *settings.initEncoderBert : loadPretrainedBert(settings.initEncoderDir);
    run->sequenceLength_ = sequenceLengthFor(settings, run->encoder_);
    run->head_ = std::make_shared<SentimentHead>(run->encoder_.model->config().hiddenSize);
    run->head_->initialize(settings.training.seed);
  }
  run->trainingReviews_ = data.train.size();
  run->usedReviews_ = reviewsTheTrainerDraws(data.train.size(), settings.training);
  run->rowOfReview_.assign(data.train.size(), data.train.size());
  for (size_t row = 0; row < run->usedReviews_.size(); ++row) run->rowOfReview_[run->usedReviews_[row]] = row;
  tbb::task_arena arena(workerThreads(settings.threads));
  arena.execute([&] {
    const double testShare = data.hasTestSplit ? 0.5 : 0.0;  // the share of the features' progress the test split takes
    run->train_ = computeClsFeatures(run->encoder_, pick(data.train, run->usedReviews_), run->sequenceLength_, progress,
                                     0.75, 1.0 - 0.25 * testShare);
    if (data.hasTestSplit)
      run->test_ = computeClsFeatures(run->encoder_, data.test, run->sequenceLength_, progress, 0.875, 1.0);
  });
  if (progress && !progress(stage::kReady, 1.0)) throw RunError(ErrorKind::Cancelled, {}, "cancelled");
  return run;
}

nlohmann::json BertSentimentRun::settings() const {
  ImdbRunSettings actual = settings_;
  actual.threads = workerThreads(settings_.threads);
  nlohmann::json j = settingsJson(task(), actual, trainingFields<ImdbRunSettings>());
  j["init_encoder"] = encoder_.folder.string();
  j["sequence_length"] = sequenceLength_;
  return j;
}

TrainingResult BertSentimentRun::train(TrainingEvents* events, const TrainingControl* control) {
  return trainInArena(*this, settings_.training, settings_.threads, events, control, history_);
}

BertSentimentModel BertSentimentRun::model() const {
  BertSentimentModel m;
  m.encoder = encoder_;
  m.head = std::make_shared<const SentimentHead>(*head_);
  m.sequenceLength = sequenceLength_;
  m.history = historyRecords(history_);
  return m;
}

void BertSentimentRun::save(const std::filesystem::path& dir) const { saveBertSentiment(dir, model()); }

AnyModel BertSentimentRun::snapshot() const { return anyModel(task(), model()); }

std::vector<size_t> BertSentimentRun::rowsOf(std::span<const size_t> samples) const {
  std::vector<size_t> rows;
  rows.reserve(samples.size());
  for (size_t review : samples) rows.push_back(rowOfReview_.at(review));
  return rows;
}

BatchStats BertSentimentRun::score(const CachedFeatures& data, std::span<const size_t> rows, Gradients* grads) const {
  Matrix batch(static_cast<Index>(rows.size()), data.features.cols());  // B x D
  for (size_t r = 0; r < rows.size(); ++r) batch.row(static_cast<Index>(r)) = data.features.row(static_cast<Index>(rows[r]));
  const Matrix logits = head_->logits(batch);                               // B x 1
  Matrix dLogits(logits.rows(), 1);                                         // B x 1
  BatchStats stats;
  for (Index r = 0; r < logits.rows(); ++r) {
    const float z = logits(r, 0), y = data.labels[rows[static_cast<size_t>(r)]];
    stats.lossSum += binaryCrossEntropyWithLogit(z, y);
    stats.correct += (z >= 0) == (y >= 0.5f) ? 1 : 0;
    // d(mean loss)/dz = (sigmoid(z) - y) / B
    dLogits(r, 0) = binaryCrossEntropyWithLogitGradient(z, y) / static_cast<float>(logits.rows());
  }
  stats.lossCount = stats.total = static_cast<double>(logits.rows());
  if (grads) head_->backward(batch, dLogits, *grads);
  return stats;
}

BatchStats BertSentimentRun::trainBatch(std::span<const size_t> samples, Gradients& grads, uint64_t) {
  return score(train_, rowsOf(samples), &grads);  // no dropout: the seed is not needed
}

BatchStats BertSentimentRun::evaluate(std::span<const size_t> samples) { return score(train_, rowsOf(samples), nullptr); }

BatchStats BertSentimentRun::evaluateTest() {
  const CachedFeatures& data = test_.labels.empty() ? train_ : test_;
  std::vector<size_t> all(data.labels.size());
  for (size_t i = 0; i < all.size(); ++i) all[i] = i;
  return score(data, all, nullptr);
}

}  // namespace al
