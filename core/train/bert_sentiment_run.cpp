#include "core/train/bert_sentiment_run.h"

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>

#include "core/error.h"
#include "core/io/limits.h"
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
        ErrorFields fields = e.fields();  // what is wrong, said of this review
        if (fields.file.empty()) fields.file = texts[i].origin;
        throw InputError(e.kind(), fields, texts[i].origin + ": " + e.what());
      }
    });
  }
  return cached;
}

std::vector<Matrix> computeLayerInputs(const PretrainedBert& bert, const std::vector<LabeledText>& texts, int maxTokens,
                                       int layer, const ProgressFn& progress, double from, double to) {
  constexpr size_t kChunk = 64;  // as computeClsFeatures: progress and Cancel within a second or two
  std::vector<Matrix> inputs(texts.size());
  for (size_t begin = 0; begin < texts.size(); begin += kChunk) {
    const double fraction = static_cast<double>(begin) / static_cast<double>(texts.size());
    if (progress && !progress(stage::kComputingFeatures, from + (to - from) * fraction))
      throw RunError(ErrorKind::Cancelled, {}, "cancelled");
    tbb::parallel_for(begin, std::min(texts.size(), begin + kChunk), [&](size_t i) {
      try {
        const pretrained::Encoding e = sentimentEncoding(bert, texts[i].text, maxTokens);
        pretrained::BertOutput out = bert.model->forward(
            e.ids, e.segments,
            {.attention = pretrained::AttentionCapture::none(), .maskedLmLogits = false, .hiddenStates = false, .layers = layer});
        inputs[i] = std::move(out.hiddenStates.back());  // T x D
      } catch (const InputError& e) {
        ErrorFields fields = e.fields();  // what is wrong, said of this review
        if (fields.file.empty()) fields.file = texts[i].origin;
        throw InputError(e.kind(), fields, texts[i].origin + ": " + e.what());
      }
    });
  }
  return inputs;
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

std::vector<float> labelsOf(const std::vector<LabeledText>& texts) {
  std::vector<float> labels;
  labels.reserve(texts.size());
  for (const LabeledText& t : texts) labels.push_back(t.label);
  return labels;
}

std::vector<size_t> allRows(size_t count) {
  std::vector<size_t> rows(count);
  for (size_t i = 0; i < count; ++i) rows[i] = i;
  return rows;
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
  if (settings.fineTuneLayers > 0) {
    run->fineTuning_ = std::make_unique<BertFineTuning>(*run->encoder_.model, settings.fineTuneLayers, *run->head_);
    std::vector<LabeledText> test = data.hasTestSplit ? data.test : std::vector<LabeledText>{};
    run->prepareFineTuning(pick(data.train, run->usedReviews_), std::move(test), progress);
    if (progress && !progress(stage::kReady, 1.0)) throw RunError(ErrorKind::Cancelled, {}, "cancelled");
    return run;
  }
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

void BertSentimentRun::prepareFineTuning(const std::vector<LabeledText>& texts, std::vector<LabeledText> testTexts,
                                         const ProgressFn& progress) {
  const int64_t D = encoder_.model->config().hiddenSize;
  const double bytes = BertFineTuning::cacheBytes(texts.size(), sequenceLength_, D);
  const double limit = static_cast<double>(limits::kMaxWorkingBytes);
  if (bytes > limit)
    throw InputError(ErrorKind::TooMuchMemory,
                     {.expected = limits::describeBytes(limits::kMaxWorkingBytes),
                      .found = limits::describeBytes(static_cast<uint64_t>(bytes))},
                     "fine-tuning keeps " + std::to_string(sequenceLength_) + " x " + std::to_string(D) +
                     " numbers of each of the " + std::to_string(texts.size()) + " training reviews, up to " +
                     std::to_string(static_cast<int64_t>(bytes / (1 << 20))) + " MB; the limit is " +
                     std::to_string(limits::kMaxWorkingBytes >> 20) + " MB: give a smaller --train-limit or --sequence-length");
  train_.labels = labelsOf(texts);
  test_.labels = labelsOf(testTexts);
  // The test reviews' inputs of the first trained layer too, when both caches fit the limit together: the test
  // after training then runs only the top layers. A larger test split (IMDB's 25,000 reviews) is read by the
  // whole fine-tuned BERT after training instead.
  const bool cacheTest =
      !testTexts.empty() && bytes + BertFineTuning::cacheBytes(testTexts.size(), sequenceLength_, D) <= limit;
  const double trainEnd = cacheTest ? 0.875 : 1.0;  // the test reviews take the second half of the progress
  tbb::task_arena arena(workerThreads(settings_.threads));
  arena.execute([&] {
    const int first = fineTuning_->firstLayer();
    layerInputs_ = computeLayerInputs(encoder_, texts, sequenceLength_, first, progress, 0.75, trainEnd);
    if (cacheTest)
      testLayerInputs_ = computeLayerInputs(encoder_, testTexts, sequenceLength_, first, progress, trainEnd, 1.0);
  });
  if (!cacheTest) testTexts_ = std::move(testTexts);
}

nlohmann::json BertSentimentRun::settings() const {
  ImdbRunSettings actual = settings_;
  actual.threads = workerThreads(settings_.threads);
  nlohmann::json j = settingsJson(task(), actual, trainingFields<ImdbRunSettings>());
  j["init_encoder"] = encoder_.folder.string();
  j["sequence_length"] = sequenceLength_;
  j["fine_tune_layers"] = fineTuning_ ? fineTuning_->layerCount() : 0;
  return j;
}

TrainingResult BertSentimentRun::train(TrainingEvents* events, const TrainingControl* control) {
  return trainInArena(*this, settings_.training, settings_.threads, events, control, history_);
}

BertSentimentModel BertSentimentRun::model() const {
  BertSentimentModel m;
  m.encoder = encoder_;
  m.head = std::make_shared<const SentimentHead>(*head_);
  if (fineTuning_) {  // its own BERT: the shared one keeps BERT's weights
    m.encoder.model = fineTuning_->fineTunedBert(*encoder_.model);
    m.head = std::make_shared<const SentimentHead>(fineTuning_->head());
    m.fineTunedLayers = fineTuning_->layerCount();
  }
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

BatchStats BertSentimentRun::scoreFineTuned(const std::vector<Matrix>& inputs, const std::vector<float>& labels,
                                            std::span<const size_t> rows, Gradients* grads) const {
  std::vector<const Matrix*> picked;  // B of T_b x D
  std::vector<float> pickedLabels;
  for (size_t row : rows) {
    picked.push_back(&inputs[row]);
    pickedLabels.push_back(labels[row]);
  }
  return fineTuning_->score(picked, pickedLabels, grads);
}

BatchStats BertSentimentRun::trainBatch(std::span<const size_t> samples, Gradients& grads, uint64_t) {
  // no dropout: the seed is not needed
  return fineTuning_ ? scoreFineTuned(layerInputs_, train_.labels, rowsOf(samples), &grads)
                     : score(train_, rowsOf(samples), &grads);
}

BatchStats BertSentimentRun::evaluate(std::span<const size_t> samples) {
  return fineTuning_ ? scoreFineTuned(layerInputs_, train_.labels, rowsOf(samples), nullptr)
                     : score(train_, rowsOf(samples), nullptr);
}

BatchStats BertSentimentRun::evaluateTest() {
  if (fineTuning_) return evaluateFineTunedTest();
  const CachedFeatures& data = test_.labels.empty() ? train_ : test_;
  return score(data, allRows(data.labels.size()), nullptr);
}

BatchStats BertSentimentRun::evaluateFineTunedTest() {
  // The cached test inputs through the trained top layers; or, with no test split, the training reviews, as the
  // frozen run scores them.
  if (!testLayerInputs_.empty())
    return scoreFineTuned(testLayerInputs_, test_.labels, allRows(testLayerInputs_.size()), nullptr);
  if (testTexts_.empty()) return scoreFineTuned(layerInputs_, train_.labels, allRows(layerInputs_.size()), nullptr);
  // A test split too large to cache: the test reviews through the whole fine-tuned BERT, once.
  const BertSentimentModel tuned = model();
  tbb::task_arena arena(workerThreads(settings_.threads));
  arena.execute([&] { test_ = computeClsFeatures(tuned.encoder, testTexts_, sequenceLength_, {}, 0, 1); });
  head_ = std::make_shared<SentimentHead>(*tuned.head);  // score() reads the head it trained
  return score(test_, allRows(test_.labels.size()), nullptr);
}

}  // namespace al
