#pragma once
// Sums over the samples of a batch (or a whole split): what a model's trainBatch and evaluate return, and what the
// training loop averages into its events.
namespace al {

struct BatchStats {
  double lossSum = 0;    // sum of the per-sample losses (chatbot: per-token losses)
  double lossCount = 0;  // how many losses were summed (samples, or target tokens)
  double correct = 0;    // correctly predicted samples (or tokens)
  double total = 0;      // predictions made
  BatchStats& operator+=(const BatchStats& o) {
    lossSum += o.lossSum; lossCount += o.lossCount; correct += o.correct; total += o.total;
    return *this;
  }
  double loss() const { return lossCount > 0 ? lossSum / lossCount : 0.0; }
  double accuracy() const { return total > 0 ? correct / total : 0.0; }
};

}  // namespace al
