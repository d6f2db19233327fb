// bench imdb (cli.md): how fast one training step of the IMDB Transformer runs, in three modes.
//   full length (default)   one batch of full-length sequences of random ids, the PyTorch comparison's step
//   --data SRC              real batches from SRC's training split at their real lengths, and the projected time
//                           of one epoch over that split, validation included
//   --sweep-length          full-length batches at 64 .. 2,048 tokens, and how much of the time the quadratic
//                           (attention) term takes: why long inputs are expensive for attention
//   --scaling               1 thread against --threads on the same batches (full length, or real with --data),
//                           in alternating blocks of steps: what the second core buys, free of the machine's drift
//   --vs-sgemm              the step against 2048 x 2048 single-precision matrix products (SGEMM) of the same
//                           arithmetic on the same threads, alternating, --rounds rounds: how close training comes
//                           to the machine's product speed
// A step is forward, backward and the optimizer's update of one batch. GFLOP/s count the arithmetic of the real
// tokens only (TransformerClassifier::forwardFlops of each sample's length, times 3 for forward + backward).
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <functional>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <limits>
#include <memory>
#include <sstream>

#include <Eigen/Dense>
#include <nlohmann/json.hpp>

#include "app/cli/cli_support.h"
#include "app/cli/commands.h"
#include "app/cli/machine_limits.h"
#include "app/cli/step_timer.h"
#include "core/error.h"
#include "core/matrix_product.h"
#include "core/random.h"
#include "core/train/allocator.h"
#include "core/train/imdb_run.h"
#include "core/train/optimizer.h"
#include "core/train/trainer.h"

namespace al::cli {

namespace {

// Forward + backward of one training step is about 3x the forward FLOPs (backward computes two products per
// forward product). Only real tokens count: each sample at its own length.
double stepFlops(const TransformerClassifier& model, std::span<const EncodedSample* const> batch) {
  double flops = 0;
  for (const EncodedSample* sample : batch) flops += 3.0 * model.forwardFlops(static_cast<Index>(sample->ids.size()));
  return flops;
}

// A model of the preset's architecture, the optimizer of its training and the worker threads: everything a
// timed training step needs besides its batch.
struct StepRig {
  StepRig(const TransformerConfig& config, const TrainingSettings& training, int threads)
      : model(config), optimizer(makeOptimizer(training.optimizer)), grads(model.parameters()), arena(threads) {
    model.initialize(training.seed);
  }
  void step(std::span<const EncodedSample* const> batch) {  // all of it in the arena, as training runs
    arena.execute([&] {
      grads.setZero();
      model.trainBatch(batch, grads, 7);
      optimizer->update(model.parameters(), grads, ++steps);
    });
  }
  TransformerClassifier model;
  std::unique_ptr<Optimizer> optimizer;
  Gradients grads;
  tbb::task_arena arena;
  long steps = 0;
};

// Seconds one step of the batch takes (the batch is made before the clock starts).
double timedStep(StepRig& rig, std::span<const EncodedSample* const> batch) {
  const auto start = std::chrono::steady_clock::now();
  rig.step(batch);
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// B full-length sequences of T random ordinary ids: the cost of a step does not depend on which words they are.
std::vector<EncodedSample> randomSamples(size_t B, size_t T, int vocabSize) {
  std::vector<EncodedSample> samples(B);
  Rng rng(1);
  for (size_t b = 0; b < B; ++b) {
    samples[b].label = static_cast<float>(b % 2);
    for (size_t t = 0; t < T; ++t) samples[b].ids.push_back(2 + static_cast<int>(rng.below(static_cast<uint64_t>(vocabSize - 2))));
  }
  return samples;
}

std::vector<const EncodedSample*> pointers(const std::vector<EncodedSample>& samples) {
  std::vector<const EncodedSample*> out;
  for (const EncodedSample& s : samples) out.push_back(&s);
  return out;
}

struct Timing {
  double msPerStep = 0, samplesPerSecond = 0, gflops = 0;
};

// Times `steps` steps of one full-length batch (after one warm-up step).
Timing timeFullLength(StepRig& rig, size_t B, size_t T, int steps) {
  const std::vector<EncodedSample> samples = randomSamples(B, T, rig.model.config().vocabSize);
  const std::vector<const EncodedSample*> batch = pointers(samples);
  const double seconds = timeSteps([&] { rig.step(batch); }, steps);
  return {1000.0 * seconds / steps, static_cast<double>(B) * steps / seconds, stepFlops(rig.model, batch) * steps / seconds / 1e9};
}

void print(const BenchOptions& o, const nlohmann::json& out, const std::string& text) {
  if (o.json) std::cout << out.dump() << "\n";
  else std::cout << text;
}

std::string fixed(double x, int digits = 1) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(digits) << x;
  return s.str();
}

int benchFullLength(const BenchOptions& o, const std::string& preset, const ImdbRunSettings& s, int threads) {
  StepRig rig(s.model, s.training, threads);
  const size_t B = static_cast<size_t>(s.training.batchSize), T = static_cast<size_t>(s.model.sequenceLength);
  const Timing t = timeFullLength(rig, B, T, o.steps);
  print(o,
        {{"task", "imdb"}, {"preset", preset}, {"batch_size", B}, {"sequence_length", T}, {"threads", threads},
         {"ms_per_step", t.msPerStep}, {"samples_per_s", t.samplesPerSecond}, {"gflops", t.gflops},
         {"matrix_product", matrixProductKernel()}},
        "imdb " + preset + ": batch " + std::to_string(B) + " x " + std::to_string(T) + " tokens, " +
            std::to_string(threads) + " threads: " + fixed(t.msPerStep) + " ms per step, " + fixed(t.samplesPerSecond) +
            " samples/s, " + fixed(t.gflops) + " GFLOP/s (matrix products: " + matrixProductKernel() + ")\n");
  return int{kDone};
}

// Real batches: SRC's training split (the trainer's split for the preset's seed and validation fraction), shuffled,
// cut into batches in order. Batch 0 is the warm-up, batches 1 .. `steps` are timed.
struct RealBatches {
  RealBatches(const BenchOptions& o, ImdbRunSettings s, int threads) {
    s.data = o.data;
    s.threads = threads;
    run = ImdbRun::prepare(s);
    split = splitSamples(run->trainingData().size(), s.training.validationSplit, true, s.training.seed);
    B = static_cast<size_t>(s.training.batchSize);
    if (split.train.size() < B * static_cast<size_t>(o.steps + 1))
      throw InputError(o.data + ": " + std::to_string(split.train.size()) + " training reviews are fewer than the " +
                       std::to_string(o.steps + 1) + " batches of " + std::to_string(B) + " to time (use fewer --steps)");
  }
  std::vector<const EncodedSample*> at(size_t k) const {
    std::vector<const EncodedSample*> batch;
    for (size_t i = k * B; i < (k + 1) * B; ++i) batch.push_back(&run->trainingData()[split.train[i]]);
    return batch;
  }
  std::unique_ptr<ImdbRun> run;
  Split split;
  size_t B = 0;
};

// The epoch is projected from the measured speed and the FLOPs of every training sample (training steps) and
// validation sample (evaluation).
int benchRealData(const BenchOptions& o, const std::string& preset, ImdbRunSettings s, int threads) {
  const RealBatches batches(o, s, threads);
  const std::vector<EncodedSample>& data = batches.run->trainingData();
  const Split& split = batches.split;
  const size_t B = batches.B;

  StepRig rig(batches.run->model().config(), s.training, threads);  // the vocabulary the data gave
  rig.step(batches.at(0));  // warm-up: allocations, caches
  double seconds = 0, flops = 0, tokens = 0;
  for (int k = 1; k <= o.steps; ++k) {
    const std::vector<const EncodedSample*> batch = batches.at(static_cast<size_t>(k));
    for (const EncodedSample* sample : batch) tokens += static_cast<double>(sample->ids.size());
    flops += stepFlops(rig.model, batch);
    seconds += timedStep(rig, batch);
  }
  const double flopsPerSecond = flops / seconds;

  // Validation runs forward only; time it on up to 256 validation reviews.
  std::vector<const EncodedSample*> validation;
  double validationFlops = 0, timedFlops = 0;
  for (size_t i : split.validation) {
    const double f = rig.model.forwardFlops(static_cast<Index>(data[i].ids.size()));
    validationFlops += f;
    if (validation.size() < 256) validation.push_back(&data[i]), timedFlops += f;
  }
  double validationSeconds = 0;
  if (!validation.empty()) {
    // Warm-up, as for the training steps: an epoch's validation runs many blocks, and only its first finds no
    // memory to reuse.
    rig.arena.execute([&] { rig.model.evaluate(std::span(validation).first(std::min<size_t>(validation.size(), 64))); });
    const auto start = std::chrono::steady_clock::now();
    rig.arena.execute([&] { rig.model.evaluate(validation); });
    const double timed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    validationSeconds = timed * validationFlops / timedFlops;
  }
  double trainingFlops = 0;
  for (size_t i : split.train) trainingFlops += 3.0 * rig.model.forwardFlops(static_cast<Index>(data[i].ids.size()));
  const double epochSeconds = trainingFlops / flopsPerSecond + validationSeconds;

  const double msPerStep = 1000.0 * seconds / o.steps;
  const double meanLength = tokens / (static_cast<double>(B) * o.steps);
  print(o,
        {{"task", "imdb"}, {"preset", preset}, {"batch_size", B}, {"sequence_length", s.model.sequenceLength},
         {"threads", threads}, {"ms_per_step", msPerStep}, {"samples_per_s", static_cast<double>(B) * o.steps / seconds},
         {"gflops", flopsPerSecond / 1e9}, {"projected_epoch_s", epochSeconds}, {"data", o.data},
         {"mean_tokens_per_sample", meanLength}, {"training_samples", split.train.size()},
         {"validation_samples", split.validation.size()}, {"validation_s", validationSeconds},
         {"matrix_product", matrixProductKernel()}},
        "imdb " + preset + " on " + o.data + ": batches of " + std::to_string(B) + " real reviews (mean " +
            fixed(meanLength) + " tokens, at most " + std::to_string(s.model.sequenceLength) + "), " +
            std::to_string(threads) + " threads: " + fixed(msPerStep) + " ms per step, " + fixed(flopsPerSecond / 1e9) +
            " GFLOP/s of real-token arithmetic; one epoch of " + std::to_string(split.train.size()) +
            " training + " + std::to_string(split.validation.size()) + " validation reviews: about " +
            fixed(epochSeconds, 0) + " s (validation " + fixed(validationSeconds, 0) + " s); matrix products: " +
            matrixProductKernel() + "\n");
  return int{kDone};
}

// Least squares of ms ≈ c0 + c1·T + c2·T² with c0, c1, c2 >= 0: no part of a step takes negative time, but on a
// loaded machine an unconstrained fit can make one negative (and a "share" above 100 %). Each point is weighted
// by 1/ms, so that the short lengths count as much as the long ones (a relative fit). With three coefficients,
// trying every subset of them (the others held at 0) and keeping the best non-negative fit is exact.
Eigen::Vector3d fitQuadratic(const std::vector<double>& lengths, const std::vector<double>& ms) {
  const Eigen::Index n = static_cast<Eigen::Index>(lengths.size());
  Eigen::MatrixXd A(n, 3);  // n x 3: 1, T, T², each row divided by its ms
  for (Eigen::Index i = 0; i < n; ++i) {
    const double T = lengths[static_cast<size_t>(i)], w = 1.0 / ms[static_cast<size_t>(i)];
    A.row(i) << w, w * T, w * T * T;
  }
  const Eigen::VectorXd y = Eigen::VectorXd::Ones(n);  // n: ms / ms
  Eigen::Vector3d best = Eigen::Vector3d::Zero();
  double bestError = std::numeric_limits<double>::infinity();
  for (int subset = 1; subset < 8; ++subset) {
    std::vector<Eigen::Index> columns;
    for (Eigen::Index j = 0; j < 3; ++j)
      if (subset & (1 << j)) columns.push_back(j);
    const Eigen::VectorXd solved = A(Eigen::all, columns).colPivHouseholderQr().solve(y);
    if ((solved.array() < 0).any()) continue;
    Eigen::Vector3d c = Eigen::Vector3d::Zero();
    for (size_t k = 0; k < columns.size(); ++k) c(columns[k]) = solved(static_cast<Eigen::Index>(k));
    const double error = (A * c - y).squaredNorm();
    if (error < bestError) bestError = error, best = c;
  }
  return best;
}

int benchSweepLength(const BenchOptions& o, const std::string& preset, ImdbRunSettings s, int threads) {
  const std::vector<double> lengths = {64, 128, 256, 512, 1024, 2048};
  s.model.sequenceLength = static_cast<int>(lengths.back());  // the position table must reach the longest
  StepRig rig(s.model, s.training, threads);
  const size_t B = static_cast<size_t>(s.training.batchSize);
  std::vector<double> ms;
  std::vector<Timing> timings;
  for (double T : lengths) {
    timings.push_back(timeFullLength(rig, B, static_cast<size_t>(T), o.steps));
    ms.push_back(timings.back().msPerStep);
  }
  const Eigen::Vector3d c = fitQuadratic(lengths, ms);
  // The arithmetic's own quadratic share: the attention products' 2·T²·H·K of a layer's multiply-adds.
  const TransformerConfig& m = s.model;
  const double hk = static_cast<double>(m.numHeads) * m.keyDim;

  nlohmann::json rows = nlohmann::json::array();
  std::ostringstream text;
  text << "imdb " << preset << ": batch " << B << ", D " << m.embedDim << ", " << m.numHeads << " heads x " << m.keyDim
       << ", F " << m.denseDim << ", " << m.numLayers << " layer(s), " << threads << " threads\n"
       << "tokens   ms/step   GFLOP/s   quadratic share (fit)   quadratic share (FLOPs)\n";
  for (size_t i = 0; i < lengths.size(); ++i) {
    const double T = lengths[i];
    const double fitted = c(0) + c(1) * T + c(2) * T * T;
    const double share = c(2) * T * T / fitted;
    const double flopShare = 2.0 * 2.0 * T * T * hk * m.numLayers / rig.model.forwardFlops(static_cast<Index>(T));
    rows.push_back({{"sequence_length", T}, {"ms_per_step", ms[i]}, {"gflops", timings[i].gflops},
                    {"fitted_ms", fitted}, {"quadratic_share", share}, {"flop_quadratic_share", flopShare}});
    text << std::setw(6) << T << std::setw(10) << fixed(ms[i]) << std::setw(10) << fixed(timings[i].gflops)
         << std::setw(18) << fixed(100 * share) << " %" << std::setw(22) << fixed(100 * flopShare) << " %\n";
  }
  text << "fit: ms = " << fixed(c(0), 3) << " + " << std::scientific << std::setprecision(3) << c(1) << " T + " << c(2)
       << " T^2\n";
  print(o,
        {{"task", "imdb"}, {"preset", preset}, {"batch_size", B}, {"threads", threads}, {"sweep", rows},
         {"fit", {{"constant_ms", c(0)}, {"ms_per_token", c(1)}, {"ms_per_token_squared", c(2)}}}},
        text.str());
  return int{kDone};
}

// --scaling. Two separate runs, one per thread count, measure the machine as much as the threads: on a shared or
// virtual machine the speed drifts by 5-15 % within minutes. Here both thread counts take the same batches in
// alternating blocks of a few steps (which one goes first alternates too), so that a drift slows both alike.
// Each side has its own model, optimizer and threads; a block runs one side's steps one after another, as training
// does, then the other side's on the same batches.
struct Scaling {
  double msOne = 0, msMany = 0;                     // per step, over all blocks
  double speedup = 0;                               // msOne / msMany
  double blockMedian = 0, blockLow = 0, blockHigh = 0;  // the blocks' speed-ups: median and middle half
  int blocks = 0;
};

Scaling timeScaling(StepRig& one, StepRig& many, const std::function<std::vector<const EncodedSample*>(int)>& batchAt,
                    int steps) {
  one.step(batchAt(0));  // warm-up of each side
  many.step(batchAt(0));
  auto timeBlock = [&](StepRig& rig, int first, int count) {
    double seconds = 0;
    for (int k = first; k < first + count; ++k) seconds += timedStep(rig, batchAt(k));
    return seconds;
  };
  constexpr int kBlock = 5;
  Scaling r;
  double secondsOne = 0, secondsMany = 0;
  std::vector<double> blockSpeedups;
  for (int first = 1; first <= steps; first += kBlock, ++r.blocks) {
    const int count = std::min(kBlock, steps - first + 1);
    double a = 0, b = 0;
    if (r.blocks % 2 == 0) a = timeBlock(one, first, count), b = timeBlock(many, first, count);
    else b = timeBlock(many, first, count), a = timeBlock(one, first, count);
    secondsOne += a, secondsMany += b;
    blockSpeedups.push_back(a / b);
  }
  std::sort(blockSpeedups.begin(), blockSpeedups.end());
  const size_t n = blockSpeedups.size();
  r.msOne = 1000.0 * secondsOne / steps;
  r.msMany = 1000.0 * secondsMany / steps;
  r.speedup = secondsOne / secondsMany;
  r.blockMedian = n % 2 ? blockSpeedups[n / 2] : 0.5 * (blockSpeedups[n / 2 - 1] + blockSpeedups[n / 2]);
  r.blockLow = blockSpeedups[(n - 1) / 4];  // the quartiles' nearest ranks
  r.blockHigh = blockSpeedups[n - 1 - (n - 1) / 4];
  return r;
}

int benchScaling(const BenchOptions& o, const std::string& preset, const ImdbRunSettings& s, int threads) {
  std::unique_ptr<RealBatches> real;
  std::vector<EncodedSample> random;  // full length: one batch of random ids, every step
  std::vector<const EncodedSample*> fullBatch;
  TransformerConfig config = s.model;
  if (!o.data.empty()) {
    real = std::make_unique<RealBatches>(o, s, threads);
    config = real->run->model().config();  // the vocabulary the data gave
  } else {
    random = randomSamples(static_cast<size_t>(s.training.batchSize), static_cast<size_t>(s.model.sequenceLength),
                           s.model.vocabSize);
    fullBatch = pointers(random);
  }
  auto batchAt = [&](int k) { return real ? real->at(static_cast<size_t>(k)) : fullBatch; };

  StepRig one(config, s.training, 1), many(config, s.training, threads);
  const Scaling r = timeScaling(one, many, batchAt, o.steps);
  double flops = 0, tokens = 0;
  for (int k = 1; k <= o.steps; ++k) {
    const std::vector<const EncodedSample*> batch = batchAt(k);
    flops += stepFlops(many.model, batch);
    for (const EncodedSample* sample : batch) tokens += static_cast<double>(sample->ids.size());
  }
  const double B = s.training.batchSize, meanLength = tokens / (B * o.steps);
  const double flopsPerSecond = flops / (r.msMany / 1000.0 * o.steps);

  nlohmann::json out = {{"task", "imdb"}, {"preset", preset}, {"batch_size", s.training.batchSize},
                        {"sequence_length", s.model.sequenceLength}, {"threads", threads}, {"ms_per_step", r.msMany},
                        {"samples_per_s", 1000.0 * B / r.msMany}, {"gflops", flopsPerSecond / 1e9},
                        {"mean_tokens_per_sample", meanLength}, {"matrix_product", matrixProductKernel()},
                        {"scaling",
                         {{"threads", {1, threads}}, {"ms_per_step", {r.msOne, r.msMany}}, {"speedup", r.speedup},
                          {"blocks", r.blocks}, {"block_speedup_median", r.blockMedian},
                          {"block_speedup_middle_half", {r.blockLow, r.blockHigh}}}}};
  if (real) out["data"] = o.data;
  const std::string what = real ? " on " + o.data + ", batches of " + std::to_string(s.training.batchSize) +
                                      " real reviews (mean " + fixed(meanLength) + " tokens)"
                                : ", batch " + std::to_string(s.training.batchSize) + " x " +
                                      std::to_string(s.model.sequenceLength) + " tokens";
  print(o, out,
        "imdb " + preset + what + ": 1 thread " + fixed(r.msOne) + " ms per step, " + std::to_string(threads) +
            " threads " + fixed(r.msMany) + " ms per step (" + fixed(flopsPerSecond / 1e9) + " GFLOP/s): " +
            fixed(r.speedup, 2) + "x; " + std::to_string(r.blocks) + " alternating blocks of up to 5 steps, median " +
            fixed(r.blockMedian, 2) + "x, middle half " + fixed(r.blockLow, 2) + "-" + fixed(r.blockHigh, 2) +
            "x; matrix products: " + matrixProductKernel() + "\n");
  return int{kDone};
}

// --vs-sgemm. The ceiling of a training step is the speed of the machine's matrix products: most of the step's
// arithmetic is products. The reference is what numpy's `a @ b` measures, a 2048 x 2048 x 2048 single-precision
// product on the same threads, computed here the way the step uses its threads: one single-threaded library
// product per thread, each on its own block of columns (core/matrix_product.h keeps every product on one
// thread). Step blocks and products alternate in rounds (which goes first alternates too), and a round's products
// do as much arithmetic as its steps (at least one product), so both halves take about as long and the machine's
// drift slows both alike; a round's ratio is the step's GFLOP/s over the product's (app/cli/machine_limits.h).
int benchVsSgemm(const BenchOptions& o, const std::string& preset, const ImdbRunSettings& s, int threads) {
  std::unique_ptr<RealBatches> real;
  std::vector<EncodedSample> random;
  std::vector<const EncodedSample*> fullBatch;
  TransformerConfig config = s.model;
  BenchOptions perRound = o;
  const int rounds = o.rounds;
  perRound.steps = o.steps * (rounds + 1);  // real data: every round times batches of its own, and so does the warm-up
  if (!o.data.empty()) {
    real = std::make_unique<RealBatches>(perRound, s, threads);
    config = real->run->model().config();
  } else {
    random = randomSamples(static_cast<size_t>(s.training.batchSize), static_cast<size_t>(s.model.sequenceLength),
                           s.model.vocabSize);
    fullBatch = pointers(random);
  }
  auto batchAt = [&](int k) { return real ? real->at(static_cast<size_t>(k)) : fullBatch; };

  StepRig rig(config, s.training, threads);
  SgemmRig sgemm(threads);
  // Warm-up of each side, a whole round of steps on batches no round times: the first steps of a run still grow
  // the heap the later ones reuse (core/train/allocator.h), and with one step of warm-up the first round came out
  // about 10 % slower than the rest (0.74 against 0.80-0.84), a cost of starting, not of a step.
  for (int k = 0; k <= o.steps; ++k) rig.step(batchAt(k == 0 ? 0 : rounds * o.steps + k));
  sgemm.timedProduct();
  std::vector<double> stepGflops, sgemmGflops, ratios;
  std::vector<int> productCounts;
  for (int round = 0; round < rounds; ++round) {
    double roundFlops = 0;  // the round's step arithmetic, which its products match
    for (int k = 1 + round * o.steps; k <= (round + 1) * o.steps; ++k) roundFlops += stepFlops(rig.model, batchAt(k));
    auto timeSteps = [&] {
      double seconds = 0;
      for (int k = 1 + round * o.steps; k <= (round + 1) * o.steps; ++k) seconds += timedStep(rig, batchAt(k));
      return roundFlops / seconds / 1e9;
    };
    SgemmRig::Result products;
    const auto [step, product] =
        alternately(round, timeSteps, [&] { return (products = sgemm.timedProductsLike(roundFlops)).gflops; });
    productCounts.push_back(products.products);
    stepGflops.push_back(step);
    sgemmGflops.push_back(product);
    ratios.push_back(step / product);
  }
  const double middle = median(ratios), lowest = *std::min_element(ratios.begin(), ratios.end());
  const std::string cpu = processorName(), kernel = kernelName();

  nlohmann::json out = {{"task", "imdb"}, {"preset", preset}, {"batch_size", s.training.batchSize},
                        {"sequence_length", s.model.sequenceLength}, {"threads", threads},
                        {"gflops", median(stepGflops)}, {"matrix_product", matrixProductKernel()},
                        {"vs_sgemm",
                         {{"sgemm_size", kSgemmSize}, {"rounds", rounds}, {"steps_per_round", o.steps},
                          {"sgemm_products", productCounts}, {"step_gflops", stepGflops}, {"sgemm_gflops", sgemmGflops},
                          {"ratios", ratios}, {"median", middle}, {"lowest", lowest}, {"processor", cpu},
                          {"kernel", kernel}}}};
  if (real) out["data"] = o.data;
  std::ostringstream text;
  text << "imdb " << preset << (real ? " on " + o.data + " (real batches)" : std::string(" (full-length batches)"))
       << ", " << threads << " threads, against a " << kSgemmSize << " x " << kSgemmSize
       << " SGEMM on the same threads, " << o.steps << (o.steps == 1 ? " step" : " steps")
       << " a round and products of as much arithmetic\nround   step GFLOP/s   SGEMM GFLOP/s   products   ratio\n";
  for (size_t round = 0; round < ratios.size(); ++round)
    text << std::setw(5) << round + 1 << std::setw(15) << fixed(stepGflops[round]) << std::setw(16)
         << fixed(sgemmGflops[round]) << std::setw(11) << productCounts[round] << std::setw(8) << fixed(ratios[round], 2)
         << "\n";
  text << "median ratio " << fixed(middle, 2) << ", lowest " << fixed(lowest, 2) << " over " << rounds
       << " rounds; processor: " << cpu << "; kernel: " << kernel << "; matrix products: " << matrixProductKernel()
       << "\n";
  print(o, out, text.str());
  return int{kDone};
}

}  // namespace

int benchImdb(const BenchOptions& o) {
  return guarded([&] {
    keepFreedMemoryForReuse();  // as every training run does (trainInArena): time steps as training runs them
    const std::string preset = o.preset.empty() ? "book" : o.preset;
    const ImdbRunSettings s = imdbPreset(preset);
    const int threads = workerThreads(o.threads);
    if (o.timeline) return benchTimeline(o);
    if (o.sweepLength) return benchSweepLength(o, preset, s, threads);
    if (o.scaling) {
      if (threads < 2) {
        std::cerr << "error: --scaling compares 1 thread with more: give --threads 2 or more\n";
        return int{kBadCommandLine};
      }
      return benchScaling(o, preset, s, threads);
    }
    if (o.vsSgemm) return benchVsSgemm(o, preset, s, threads);
    if (!o.data.empty()) return benchRealData(o, preset, s, threads);
    return benchFullLength(o, preset, s, threads);
  });
}

}  // namespace al::cli
