#pragma once
// "Which heads matter?": how much the IMDB classifier's test accuracy drops when one head alone is switched off.
// A heatmap shows where a head looks; this measures whether the prediction needs what it finds there.
//
//   baseline        = accuracy with every head on
//   accuracy(l, h)  = accuracy with head h of layer l switched off, every other head on
//   drop(l, h)      = baseline − accuracy(l, h)        > 0: the model needs the head; ≈ 0: it does without it
//
// A switched-off head's output is replaced (core/layers/multi_head_attention.h) by zeros, or by its mean output
// over the same samples: zeros also remove the constant part a head always adds, which the layers after it may
// rely on, so "mean" isolates what the head reads in this particular text.
//
// Dimension key (core/tensor.h): L layers, H heads.
#include <cstddef>
#include <functional>
#include <span>
#include <vector>

#include "core/data/imdb_sources.h"
#include "core/inference/imdb_transformer_inference.h"
#include "core/models/transformer_classifier.h"

namespace al::teaching {

enum class HeadReplacement { Zero, Mean };

struct HeadImportance {
  HeadReplacement replacement = HeadReplacement::Zero;
  size_t samples = 0;
  double baseline = 0;      // accuracy with every head on, 0..1
  double baselineLoss = 0;  // mean binary cross-entropy with every head on
  std::vector<std::vector<double>> accuracy, loss;  // L x H: with that head alone off
  double drop(size_t layer, size_t head) const { return baseline - accuracy.at(layer).at(head); }
};

// Called after each block of samples; done and total count sample evaluations over all L·H + 1 settings. Return
// false to cancel (headImportance then throws RunError, kind Cancelled).
using HeadImportanceProgress = std::function<bool(size_t done, size_t total)>;

// One evaluation of every sample with these heads switched off (null: every head on).
using EvaluateWithHeadsOff = std::function<BatchStats(const HeadSwitches* switches)>;

// The measurement both models share: `evaluate` with every head on (the baseline), then with each of the L x H
// heads alone switched off, layer by layer, in that order (progress counts along it). means ([layer] H x K, or
// empty for zeros): what a switched-off head gives instead. replacement and samples are left to the caller.
HeadImportance measureEachHeadOff(size_t layers, size_t heads, const EvaluateWithHeadsOff& evaluate,
                                  const std::vector<Matrix>& means = {});

// Evaluates `samples` once with every head on and once per head switched off, in the current oneTBB arena.
HeadImportance headImportance(const TransformerClassifier& model, std::span<const EncodedSample* const> samples,
                              HeadReplacement replacement = HeadReplacement::Zero,
                              const HeadImportanceProgress& progress = {});

// The reviews the accuracy is measured on: the test split of the data source `source` (imdb_sources.h; every review
// when the source has none, as ImdbRun::testData), read with the model's own vocabulary and tokenizer. seed: the
// generated corpus's ("builtin"). Throws what loadImdbSource throws (RunError, kind Cancelled, when `progress`
// returns false).
std::vector<EncodedSample> headImportanceReviews(const ImdbTransformerModel& model, const std::string& source,
                                                 uint64_t seed, const LoadProgress& progress = {});

// Up to `limit` of `all` (0, or more than there are: all): a fixed random choice, so that a smaller sample still
// mixes the split's classes (aclImdb's test split lists one class first). eval --head-importance --samples N and
// the Attention page's "Which heads matter?" tab choose the same reviews.
std::vector<const EncodedSample*> chooseReviews(const std::vector<EncodedSample>& all, size_t limit);
// The same choice of labelled texts (a sentiment head on BERT reads the text with BERT's own tokenizer).
std::vector<const LabeledText*> chooseReviews(const std::vector<LabeledText>& all, size_t limit);

}  // namespace al::teaching
