#pragma once
// The numbers behind the app's Normalization page: layer normalization and batch normalization of a small
// tensor, the statistics each one takes and how many numbers each statistic averages. The outputs come from
// the model's own layers (core/layers/layer_norm.h, core/layers/batch_norm.h) with gamma 1 and beta 0, so
// what the page shows is what a model computes.
//
//   layer norm: one mean and variance per ROW (a sample, or a token), over its F features
//   batch norm: one mean and variance per FEATURE (a column), over every row of the batch
//
// Dimension key (core/tensor.h): B sequences (or samples), T tokens of one sequence, N rows of the whole
// batch, F features (the model width D).
#include <vector>

#include "core/layers/layer.h"  // Mode
#include "core/random.h"
#include "core/tensor.h"

namespace al::teaching {

// What a normalization computed.
struct Normalized {
  Matrix output;    // rows x F (the input's layout)
  Matrix mean;      // layer norm: rows x 1, one per row;  batch norm: 1 x F, one per feature
  Matrix variance;  // same shape as mean; biased (divided by the count, not count - 1)
  Index count = 0;  // how many numbers each statistic averages: F for layer norm, N rows for batch norm
};

// Layer normalization of every row of x (rows x F) on its own.
Normalized layerNormalize(const Matrix& x, float epsilon);

// Batch normalization with its moving statistics, which persist from one call to the next as in a model.
class BatchNormDemo {
 public:
  BatchNormDemo(Index features, float epsilon, float momentum);

  // Training mode: the statistics of this batch, per feature over every row of every sequence.
  // xs: B sequences of T_b x F. Output: the N rows stacked, N x F.
  Normalized train(const std::vector<Matrix>& xs) const;
  // Inference mode: the moving statistics, whatever the batch holds.
  Normalized infer(const std::vector<Matrix>& xs) const;
  // One training step: m = momentum·m + (1 - momentum)·(statistic of this batch). Returns the batch's statistics.
  Normalized learnFrom(const std::vector<Matrix>& xs);
  // Back to the start: moving mean 0, moving variance 1, no batch seen.
  void reset();

  const RowVector& movingMean() const { return movingMean_; }          // 1 x F
  const RowVector& movingVariance() const { return movingVariance_; }  // 1 x F
  int batchesSeen() const { return batchesSeen_; }

  Index features() const { return features_; }
  float epsilon() const { return epsilon_; }
  float momentum() const { return momentum_; }
  void setEpsilon(float epsilon) { epsilon_ = epsilon; }
  void setMomentum(float momentum) { momentum_ = momentum; }

 private:
  Normalized run(const std::vector<Matrix>& xs, Mode mode, BatchNormDemo* learner) const;

  Index features_;
  float epsilon_, momentum_;
  RowVector movingMean_, movingVariance_;
  int batchesSeen_ = 0;
};

// A batch of sequences of different lengths, as a framework pads it: every sequence filled with zero rows
// up to the longest one.
struct PaddedBatch {
  std::vector<Matrix> sequences;  // B, each T_b x F: the real tokens only

  Index length() const;    // T, the longest T_b
  Index features() const;  // F
  // (B·T) x F: sequence b in rows b·T .. b·T + T - 1, its real tokens first, then zero rows.
  Matrix padded() const;
  // B·T flags in the same row order: true for a real token, false for padding.
  std::vector<bool> realRows() const;
};

// The page's "next batch": x plus normal noise of the given standard deviation, a batch like x but not x.
Matrix withNoise(const Matrix& x, float standardDeviation, Rng& rng);

// How batch normalization treats the padding of a batch.
enum class Padding {
  Counted,  // the zero rows enter the statistics like tokens: the mean drifts to 0, the variance changes
  Masked,   // only real tokens count (what this project's models do: padding is never computed)
};

// Batch normalization in training mode of a padded batch. The output has the padded layout, (B·T) x F; with
// Padding::Masked the padding rows are not computed and are 0.
Normalized batchNormalizePadded(const PaddedBatch& batch, Padding padding, float epsilon);

}  // namespace al::teaching
