#pragma once
// Transfer from a pretrained BERT (docs/bert-sentiment.md): `train imdb --init-encoder BERT_FOLDER` and the Train
// page's "Start from" with a BERT folder. The encoder is frozen, so each review's [CLS] state is computed once, on
// the worker threads, with progress; the epochs then train the dense head on those cached features, which takes
// seconds where BERT's forward pass over the reviews takes the minutes.
//
//   H = [CLS] states of the reviews     N x D   cached before the first epoch
//   z = H·W + b,  loss = BCE(z, y)      N x 1   what each batch trains
//
// With --fine-tune-layers N (settings.fineTuneLayers) the frozen part is BERT's bottom L-N layers: what each review
// keeps is the T x D input of layer L-N, and every batch also trains the top N layers (core/train/bert_fine_tuning.h).
//
// Dimension key (core/tensor.h): N reviews, T tokens of a review, D BERT's width.
#include <memory>

#include "core/inference/bert_sentiment.h"
#include "core/train/bert_fine_tuning.h"
#include "core/train/imdb_run.h"

namespace al {

// Tokens of a review BERT reads when the person gives no --sequence-length: most of a review's opinion, and a
// forward pass a laptop runs over 1,000 reviews in about a minute with BERT base.
inline constexpr int kBertSentimentDefaultLength = 128;

// True when the settings start from a BERT (a folder, or one loaded in the app) rather than a masked-lm.
bool startsFromBert(const ImdbRunSettings& settings);

// The reviews' [CLS] states, one row each, and their labels.
struct CachedFeatures {
  Matrix features;            // N x D
  std::vector<float> labels;  // N: 1 positive, 0 negative
};

// Runs BERT over every text on the current arena's threads in chunks, reporting `stage` from `from` to `to` of
// the preparation between chunks (return false from progress to cancel: RunError Cancelled). InputError naming the
// review's origin for a review BERT cannot read.
CachedFeatures computeClsFeatures(const PretrainedBert& bert, const std::vector<LabeledText>& texts, int maxTokens,
                                  const ProgressFn& progress, double from, double to);

// The inputs of BERT layer `layer` (T x D each, T the review's tokens) of every text, as computeClsFeatures runs.
std::vector<Matrix> computeLayerInputs(const PretrainedBert& bert, const std::vector<LabeledText>& texts, int maxTokens,
                                       int layer, const ProgressFn& progress, double from, double to);

class BertSentimentRun : public TrainingRun, protected TrainingTask {
 public:
  // Reads the data and the BERT folder (or takes settings.initEncoderBert; with settings.initDir, a saved
  // bert-sentiment directory and its head), then computes the features of every review. InputError for bad data
  // or a folder that is not a readable BERT.
  static std::unique_ptr<BertSentimentRun> prepare(const ImdbRunSettings& settings, const ProgressFn& progress = {});

  std::string task() const override { return BertSentimentModel::kTask; }
  nlohmann::json settings() const override;
  TrainingResult train(TrainingEvents* events, const TrainingControl* control) override;
  void save(const std::filesystem::path& dir) const override;
  AnyModel snapshot() const override;
  BatchStats evaluateTest() override;
  bool testIsHeldOut() const override { return test_.labels.size() > 0; }

  const DataCard& dataCard() const { return dataCard_; }
  // The features of the training reviews the trainer draws (all of them, or --train-limit's few), in review order;
  // row i is review trainingRows()[i] of the source.
  const CachedFeatures& trainingFeatures() const { return train_; }
  const std::vector<size_t>& trainingRows() const { return usedReviews_; }
  const SentimentHead& head() const { return *head_; }

 private:
  BertSentimentRun() = default;
  // TrainingTask
  ParameterSet& parameters() override { return fineTuning_ ? fineTuning_->parameters() : head_->parameters(); }
  size_t trainingSamples() const override { return trainingReviews_; }
  BatchStats trainBatch(std::span<const size_t> samples, Gradients& grads, uint64_t seed) override;
  BatchStats evaluate(std::span<const size_t> samples) override;
  // The loss and accuracy of these rows of data, and (with grads) the gradient of their mean loss.
  BatchStats score(const CachedFeatures& data, std::span<const size_t> rows, Gradients* grads) const;
  // The same with the top layers trained: these rows of the inputs of the first trained layer and their labels.
  BatchStats scoreFineTuned(const std::vector<Matrix>& inputs, const std::vector<float>& labels,
                            std::span<const size_t> rows, Gradients* grads) const;
  // Fine-tuning: reads the layer inputs of the training reviews (refusing a cache larger than the memory limit) and
  // of the test reviews when both fit the limit together; else the test reviews wait for evaluateTest().
  void prepareFineTuning(const std::vector<LabeledText>& texts, std::vector<LabeledText> testTexts,
                         const ProgressFn& progress);
  BatchStats evaluateFineTunedTest();
  // The rows of train_ of these training samples (the trainer counts the source's reviews).
  std::vector<size_t> rowsOf(std::span<const size_t> samples) const;
  BertSentimentModel model() const;

  ImdbRunSettings settings_;
  PretrainedBert encoder_;
  std::shared_ptr<SentimentHead> head_;
  int sequenceLength_ = kBertSentimentDefaultLength;
  CachedFeatures train_, test_;
  // Fine-tuning only: the top layers and the head, the inputs of the first trained layer (T x D each; train_ and
  // test_ then hold the labels only) of the training reviews and, when they fit, of the test reviews; else the test
  // reviews, read by the whole fine-tuned BERT after training.
  std::unique_ptr<BertFineTuning> fineTuning_;
  std::vector<Matrix> layerInputs_;
  std::vector<Matrix> testLayerInputs_;
  std::vector<LabeledText> testTexts_;
  size_t trainingReviews_ = 0;          // in the source, before --train-limit
  std::vector<size_t> usedReviews_;     // the reviews train_ holds, ascending
  std::vector<size_t> rowOfReview_;     // review -> its row in train_ (unused reviews: none)
  DataCard dataCard_;
  std::vector<EpochEvent> history_;
};

}  // namespace al
