#pragma once
// What the language-model suites share: a tiny text of short documents or of one repeated line, a model trained and
// saved, and the check that training gives the same bits on two threads every time and one thread's up to rounding
// (a batch's gradients are summed in fixed chunks).
#include <QString>
#include <QTemporaryDir>
#include <algorithm>
#include <cmath>
#include <fstream>
#include <string>

#include "core/train/causal_lm_run.h"

namespace al::test {

// A text file of a few short documents, written into `dir`.
inline std::string writeTinyText(const QTemporaryDir& dir) {
  const std::string file = dir.filePath("text.txt").toStdString();
  std::ofstream out(file);
  for (int i = 0; i < 20; ++i) out << "the cat sat on the mat.\nthe dog ran to the log.\n\n";
  out << "a bird sang in the tree.\n";
  return file;
}

// A text file of one line repeated `times` times, written into `dir`.
inline std::string writeRepeatedText(const QTemporaryDir& dir, const std::string& line, int times) {
  const std::string file = dir.filePath("text.txt").toStdString();
  std::ofstream out(file);
  for (int i = 0; i < times; ++i) out << line << '\n';
  return file;
}

// Trains a language model with `settings` and saves it into dir/lm; returns that model directory.
inline QString trainedLmDirectory(const CausalLmRunSettings& settings, const QTemporaryDir& dir) {
  const std::unique_ptr<CausalLmRun> run = CausalLmRun::prepare(settings);
  run->train(nullptr, nullptr);
  const QString modelDir = dir.filePath("lm");
  run->save(modelDir.toStdString());
  return modelDir;
}

// The tiny preset on `data` with segments of 16, batches of 8, on 2 threads.
inline CausalLmRunSettings tinyLmSettings(const std::string& data, int epochs) {
  CausalLmRunSettings s = causalLmPreset("tiny");
  s.data = data;
  s.model.sequenceLength = 16;
  s.training.epochs = epochs;
  s.training.batchSize = 8;
  s.threads = 2;
  return s;
}

// The tiny preset as Transformer-XL: relative positions, segments of 12, a memory of `memory`, 4 streams.
inline CausalLmRunSettings memoryLmSettings(const std::string& data, int epochs, int memory = 12) {
  CausalLmRunSettings s = causalLmPreset("tiny");
  s.data = data;
  s.model.sequenceLength = 12;
  s.model.position = CausalPosition::Relative;
  s.model.memoryLength = memory;
  s.training.epochs = epochs;
  s.training.batchSize = 4;
  s.threads = 2;
  return s;
}

// Empty when training with `settings` is reproducible over threads, else what differed.
inline QString threadReproducibilityProblem(CausalLmRunSettings settings) {
  auto train = [&](int threads) {
    settings.threads = threads;
    std::unique_ptr<CausalLmRun> run = CausalLmRun::prepare(settings);
    run->train(nullptr, nullptr);
    return run->snapshot().as<CausalLmModel>()->model->parameters().data();
  };
  const auto two = train(2), again = train(2), one = train(1);
  if (!(two == again)) return "two runs on 2 threads gave different parameters";
  float largest = 0;
  for (size_t i = 0; i < two.size(); ++i) largest = std::max(largest, std::abs(two[i] - one[i]));
  if (!(largest < 1e-4f)) return QString("1 thread differs from 2 by %1").arg(largest);
  return {};
}

}  // namespace al::test
