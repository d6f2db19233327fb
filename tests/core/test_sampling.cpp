// Choosing the next token (core/pretrained/sampling.h): temperature 0 is the argmax with the plain softmax,
// top-k keeps k tokens, top-p the fewest reaching p, what is kept is renormalised, and a seed repeats a draw.
#include <QtTest>

#include <cmath>
#include <numeric>
#include <vector>

#include "core/error.h"
#include "core/pretrained/sampling.h"

using namespace al;
using namespace al::pretrained;

namespace {

RowVector logitsOf(std::vector<float> values) {
  RowVector r(static_cast<Index>(values.size()));
  for (size_t i = 0; i < values.size(); ++i) r[static_cast<Index>(i)] = values[i];
  return r;
}

// Probabilities 0.5, 0.25, 0.125, 0.0625, 0.0625 (as logits: their logarithms).
RowVector halving() { return logitsOf({std::log(0.5f), std::log(0.25f), std::log(0.125f), std::log(0.0625f), std::log(0.0625f)}); }

int keptCount(const std::vector<float>& p) {
  return static_cast<int>(std::count_if(p.begin(), p.end(), [](float v) { return v > 0; }));
}

float sum(const std::vector<float>& p) { return std::accumulate(p.begin(), p.end(), 0.0f); }

}  // namespace

class TestSampling : public QObject {
  Q_OBJECT
 private slots:
  void temperatureZeroIsTheArgmaxWithThePlainSoftmax() {
    Sampler greedy({.temperature = 0, .topK = 1, .topP = 0.1f});  // the filters do not apply to greedy choice
    const RowVector logits = logitsOf({1.0f, 3.0f, 2.0f, 3.0f});
    const std::vector<float> p = greedy.distribution(logits);
    const std::vector<float> plain = softmaxOf(logits);
    QCOMPARE(p, plain);
    QCOMPARE(keptCount(p), 4);
    QVERIFY(std::abs(p[1] - std::exp(3.0f) / (std::exp(1.0f) + 2 * std::exp(3.0f) + std::exp(2.0f))) < 1e-6f);
    QCOMPARE(greedy.choose(p), int64_t{1});  // a tie goes to the lower id
    QCOMPARE(greedy.choose(p), int64_t{1});  // and greedy never changes its mind
  }

  void topKKeepsKAndRenormalises() {
    Sampler s({.temperature = 1, .topK = 2});
    const std::vector<float> p = s.distribution(halving());
    QCOMPARE(keptCount(p), 2);
    QVERIFY(std::abs(p[0] - 2.0f / 3) < 1e-6f);
    QVERIFY(std::abs(p[1] - 1.0f / 3) < 1e-6f);
    QVERIFY(std::abs(sum(p) - 1) < 1e-6f);
  }

  void topPKeepsTheFewestThatReachP() {
    // 0.5 alone does not reach 0.7; 0.5 + 0.25 does: two tokens.
    const std::vector<float> p = Sampler({.temperature = 1, .topP = 0.7f}).distribution(halving());
    QCOMPARE(keptCount(p), 2);
    QVERIFY(std::abs(p[0] - 2.0f / 3) < 1e-6f);
    QVERIFY(std::abs(sum(p) - 1) < 1e-6f);
    // Exactly reaching p is enough: 0.5 reaches 0.5.
    QCOMPARE(keptCount(Sampler({.temperature = 1, .topP = 0.5f}).distribution(halving())), 1);
    // 0.9: 0.5 + 0.25 + 0.125 = 0.875 falls short, the fourth token reaches it.
    QCOMPARE(keptCount(Sampler({.temperature = 1, .topP = 0.9f}).distribution(halving())), 4);
    // After top-k: top-p looks at the renormalised two (2/3, 1/3), and 0.6 needs only the first.
    QCOMPARE(keptCount(Sampler({.temperature = 1, .topK = 2, .topP = 0.6f}).distribution(halving())), 1);
  }

  void temperatureSharpensOrFlattens() {
    const std::vector<float> cold = Sampler({.temperature = 0.5f}).distribution(halving());
    const std::vector<float> hot = Sampler({.temperature = 2}).distribution(halving());
    QVERIFY(std::abs(cold[0] - 0.25f / (0.25f + 0.0625f + 0.015625f + 2 * 0.00390625f)) < 1e-5f);
    QVERIFY(hot[0] < 0.5f && cold[0] > 0.5f);
    QVERIFY(std::abs(sum(cold) - 1) < 1e-6f && std::abs(sum(hot) - 1) < 1e-6f);
  }

  void aSeedRepeatsTheDrawsAndTheyFollowTheProbabilities() {
    const std::vector<float> p = Sampler({.temperature = 1}).distribution(halving());
    Sampler a({.temperature = 1, .seed = 42}), b({.temperature = 1, .seed = 42}), c({.temperature = 1, .seed = 43});
    std::vector<int64_t> drawsA, drawsB, drawsC;
    std::vector<int> counts(5, 0);
    for (int i = 0; i < 4000; ++i) {
      drawsA.push_back(a.choose(p));
      drawsB.push_back(b.choose(p));
      drawsC.push_back(c.choose(p));
      ++counts[static_cast<size_t>(drawsA.back())];
    }
    QCOMPARE(drawsA, drawsB);
    QVERIFY(drawsA != drawsC);
    QVERIFY2(std::abs(counts[0] / 4000.0 - 0.5) < 0.03, qPrintable(QString::number(counts[0])));
    QVERIFY2(std::abs(counts[2] / 4000.0 - 0.125) < 0.02, qPrintable(QString::number(counts[2])));
    // A token filtered out is never drawn.
    Sampler k({.temperature = 1, .topK = 2, .seed = 5});
    const std::vector<float> kept = k.distribution(halving());
    for (int i = 0; i < 1000; ++i) QVERIFY(k.choose(kept) < 2);
  }

  void badSettingsAreRefused() {
    QVERIFY_THROWS_EXCEPTION(InputError, Sampler({.temperature = -1}));
    QVERIFY_THROWS_EXCEPTION(InputError, Sampler({.temperature = 1, .topK = -3}));
    QVERIFY_THROWS_EXCEPTION(InputError, Sampler({.temperature = 1, .topP = 0}));
    QVERIFY_THROWS_EXCEPTION(InputError, Sampler({.temperature = 1, .topP = 1.5f}));
  }
};

QTEST_MAIN(TestSampling)
#include "test_sampling.moc"
