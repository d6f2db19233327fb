#pragma once
// What the runs on review text have in common (the bag-of-bigrams, the IMDB Transformer and the masked language
// model): one model over one vocabulary, trained on the samples train_ by the run itself (it is its own
// TrainingTask), tested on test_, the source's test split (empty when the source has none), in an arena of
// settings_.threads. Each run prepares its samples and says how a batch of them is scored.
#include <memory>
#include <span>
#include <vector>

#include "core/text/vectorizer.h"
#include "core/train/run.h"

namespace al {

// Settings: the run's settings (training, threads). Model: the model trained. Sample: one training text as the
// model reads it.
template <class Settings, class Model, class Sample>
class ReviewRun : public TrainingRun, protected TrainingTask {
 public:
  // Trains in an arena of settings_.threads (0: every core).
  TrainingResult train(TrainingEvents* events, const TrainingControl* control) override {
    return trainInArena(*this, settings_.training, settings_.threads, events, control, history_);
  }
  bool testIsHeldOut() const override { return !test_.empty(); }

  const Model& model() const { return *model_; }
  const Vocabulary& vocabulary() const { return vocabulary_; }
  const std::vector<EpochEvent>& history() const { return history_; }

 protected:
  // What evaluateTest() measures: the test split, or every training sample when the source has none.
  const std::vector<Sample>& testSamples() const { return test_.empty() ? train_ : test_; }

  // TrainingTask
  ParameterSet& parameters() override { return model_->parameters(); }
  size_t trainingSamples() const override { return train_.size(); }

  Settings settings_;
  std::unique_ptr<Model> model_;
  Vocabulary vocabulary_;
  std::vector<Sample> train_, test_;
  std::vector<EpochEvent> history_;
};

}  // namespace al
