// Saliency, deletion and their rank correlations with attention (core/teaching/token_attribution.h): Spearman on
// vectors worked out by hand, the logit's gradient against central differences of the model's own forward pass,
// gradient × input against the derivative along each token's input row, deletion against predictions of the
// shortened review, and the study's bookkeeping (diagonal, symmetry, progress, Cancel).
#include <oneapi/tbb/task_arena.h>  // before Qt: Qt's emit macro breaks oneTBB's headers

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/error.h"
#include "core/layers/sigmoid_cross_entropy.h"
#include "core/models/transformer_classifier.h"
#include "core/teaching/token_attribution.h"

using namespace al;
using namespace al::teaching;

namespace {

// A small classifier with mean pooling and no dropout, its head scaled up so that the logit moves visibly with
// the input (a freshly initialised head gives logits of about 0.01, whose derivatives drown in float rounding).
std::unique_ptr<TransformerClassifier> smallModel(PoolingKind pooling = PoolingKind::Mean) {
  TransformerConfig c;
  c.vocabSize = 30, c.sequenceLength = 12, c.embedDim = 8, c.numHeads = 2, c.keyDim = 4, c.denseDim = 8;
  c.numLayers = 2, c.dropout = 0, c.pooling = pooling;
  auto model = std::make_unique<TransformerClassifier>(c);
  model->initialize(21);
  ParameterSet& p = model->parameters();
  p.value(p.find("embedding.token")) *= 20.0f;  // inputs of about unit size, as after training
  p.value(p.find("head.kernel")) *= 4.0f;
  return model;
}

const std::vector<int> kReview = {3, 7, 12, 5, 20, 9, 14};  // distinct ids: a token's row is its own table row

float logitOf(const TransformerClassifier& model, const std::vector<int>& ids) { return model.predict(ids).logit; }

// f'(0) from f at -2h, -h, h, 2h: (f(-2h) - 8f(-h) + 8f(h) - f(2h)) / 12h, exact up to h^4 f^(5) / 30. The plain
// central difference's h^2 f'(3) / 6 was 1e-4 at a step where float rounding of the logit (about 1e-7 |z| / h) is
// still small; this stencil leaves the rounding alone.
template <class F>
double derivative(F f, double h) {
  return (f(-2 * h) - 8 * f(-h) + 8 * f(h) - f(2 * h)) / (12 * h);
}

// Numeric derivatives against the analytic ones: the largest disagreement, and the largest numeric derivative (a
// comparison says nothing when nothing moves).
struct Agreement {
  double worst = 0, largest = 0;
  void add(double numeric, double analytic) {
    worst = std::max(worst, std::abs(numeric - analytic));
    largest = std::max(largest, std::abs(numeric));
  }
  // Empty when they agree, else what is wrong. The core computes in float only. Rounding of the logit (about 1e-6
  // after two layers) divided by the step gives a noise floor of about 1e-4 here (measured: 1.2e-4 at h = 1e-2,
  // 3.5e-4 at 3e-3), and a larger step meets the feed-forward's ReLU kinks (8e-3 at 3e-2). So 2.5e-4; a wiring
  // mistake is off by far more.
  QString problem(const char* derivatives) const {
    if (!(largest > 1e-2)) return QString("every %1 is below 1e-2: the comparison would say nothing").arg(derivatives);
    if (!(worst < 2.5e-4)) return QString("largest difference %1 (largest %2 %3)").arg(worst).arg(derivatives).arg(largest);
    return {};
  }
};

}  // namespace

class TestTokenAttribution : public QObject {
  Q_OBJECT
 private slots:
  void ranksShareTies() {
    const std::vector<double> v = {10, 30, 20, 20};
    QCOMPARE(ranks(v), (std::vector<double>{1, 4, 2.5, 2.5}));
  }

  void spearmanOnKnownVectors() {
    // The textbook example (IQ against hours of TV a week, no ties): Σd² = 194, ρ = 1 − 6·194 / (10·99) = −29/165.
    const std::vector<double> iq = {106, 86, 100, 101, 99, 103, 97, 113, 112, 110};
    const std::vector<double> tv = {7, 0, 27, 50, 28, 29, 20, 12, 6, 17};
    QVERIFY(std::abs(spearman(iq, tv) - (-29.0 / 165.0)) < 1e-12);
    // With a tie: ranks {1, 2.5, 2.5, 4} against {1, 2, 3, 4}: 4.5 / √(4.5·5) = 0.9486832980505138.
    QVERIFY(std::abs(spearman(std::vector<double>{1, 2, 2, 3}, std::vector<double>{1, 2, 3, 4}) - 0.9486832980505138) < 1e-12);
    // Any increasing map keeps the order; reversing it gives −1.
    const std::vector<double> a = {0.1, 5, 2, 3};
    QCOMPARE(spearman(a, std::vector<double>{1, 1000, 20, 300}), 1.0);
    QCOMPARE(spearman(a, std::vector<double>{4, -100, 0, -1}), -1.0);
    // No order to compare: NaN.
    QVERIFY(std::isnan(spearman(a, std::vector<double>{2, 2, 2, 2})));
    QVERIFY(std::isnan(spearman(a, std::vector<double>{1, 2})));
  }

  void logitGradientMatchesCentralDifferences() {
    // Nudging entry (id_j, d) of the token table by ±h moves x_jd, and only it (the ids are distinct).
    auto model = smallModel();
    const Matrix analytic = model->logitGradient(kReview);  // T x D
    QCOMPARE(analytic.rows(), Index(kReview.size()));
    ParameterSet& p = model->parameters();
    const int table = p.find("embedding.token");
    Agreement agreement;
    for (size_t j = 0; j < kReview.size(); ++j)
      for (Index d = 0; d < analytic.cols(); ++d) {
        float& entry = p.value(table)(kReview[j], d);
        const float kept = entry;
        const double numeric = derivative([&](double step) {
          entry = kept + static_cast<float>(step);
          const double z = logitOf(*model, kReview);
          entry = kept;
          return z;
        }, 1e-2);
        agreement.add(numeric, analytic(Index(j), d));
      }
    const QString problem = agreement.problem("derivative");
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
  }

  void saliencyIsTheDerivativeAlongEachTokensInput() {
    // s_j = σ·Σ_d ∂z/∂x_jd·x_jd = σ·d/dε z(x_j → (1 + ε)·x_j) at ε = 0. Scaling the token's table row and its
    // position row scales x_j = token + position.
    auto model = smallModel();
    const TokenAttribution t = attributeTokens(*model, kReview);
    const double sign = t.positive ? 1 : -1;
    ParameterSet& p = model->parameters();
    const int table = p.find("embedding.token"), position = p.find("embedding.position");
    Agreement agreement;
    for (size_t j = 0; j < kReview.size(); ++j) {
      const RowVector token = p.value(table).row(kReview[j]), place = p.value(position).row(Index(j));
      auto scaled = [&](double step) {
        const float factor = 1.0f + static_cast<float>(step);
        p.value(table).row(kReview[j]) = factor * token;
        p.value(position).row(Index(j)) = factor * place;
        const double z = logitOf(*model, kReview);
        p.value(table).row(kReview[j]) = token;
        p.value(position).row(Index(j)) = place;
        return z;
      };
      agreement.add(sign * derivative(scaled, 1e-2), t.saliency[j]);
    }
    // The derivative along a whole token's input averages the float noise, usually to below 1e-4; compiled without
    // vectorisation, as the address sanitizer's build is, the sums round differently and one token came out 1.14e-4
    // off. So the same 2.5e-4, still far below the saliencies themselves (up to 0.77 here).
    const QString problem = agreement.problem("saliency");
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
  }

  void deletionIsTheChangeWhenTheTokenIsTakenOut() {
    auto model = smallModel();
    const TokenAttribution t = attributeTokens(*model, kReview);
    QCOMPARE(t.deletion.size(), kReview.size());
    const auto predicted = [&](float probability) { return t.positive ? probability : 1 - probability; };
    const double full = predicted(model->predict(kReview).probability);
    for (size_t j = 0; j < kReview.size(); ++j) {
      std::vector<int> shorter = kReview;
      shorter.erase(shorter.begin() + std::ptrdiff_t(j));
      const double expected = full - predicted(model->predict(shorter).probability);
      QVERIFY2(std::abs(t.deletion[j] - expected) < 1e-6, qPrintable(QString("token %1").arg(j)));
    }
    QVERIFY(attributeTokens(*model, std::vector<int>{4}).deletion.empty());
  }

  void deletionStillRanksTheTokensOfAConfidentPrediction() {
    // A trained model is often sure: |z| of 40 gives p̂ = 1 − 4e-18, which is 1 in float and in double. The
    // deletions must still differ from token to token (they rank them), not all round to 0.
    auto model = smallModel();
    ParameterSet& p = model->parameters();
    const float z = model->predict(kReview).logit;
    p.value(p.find("head.kernel")) *= 40.0f / std::abs(z);
    p.value(p.find("head.bias")) *= 40.0f / std::abs(z);
    QVERIFY(std::abs(model->predict(kReview).logit) > 37.0f);
    const TokenAttribution t = attributeTokens(*model, kReview);
    std::vector<double> distinct = t.deletion;
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    QVERIFY2(distinct.size() == kReview.size(), qPrintable(QString("%1 distinct deletions of %2").arg(distinct.size()).arg(kReview.size())));
  }

  void theSignFollowsThePredictedLabel() {
    // Negating the head negates the logit and flips the label: a token that pushed towards "positive" now pushes
    // towards "negative" just as hard, so saliency and deletion must not change.
    auto model = smallModel();
    const TokenAttribution before = attributeTokens(*model, kReview);
    ParameterSet& p = model->parameters();
    p.value(p.find("head.kernel")) *= -1.0f;
    p.value(p.find("head.bias")) *= -1.0f;
    const TokenAttribution after = attributeTokens(*model, kReview);
    QCOMPARE(after.positive, !before.positive);
    for (size_t j = 0; j < kReview.size(); ++j) {
      QVERIFY(std::abs(after.saliency[j] - before.saliency[j]) < 1e-6);
      QVERIFY(std::abs(after.deletion[j] - before.deletion[j]) < 1e-6);
    }
  }

  void maxPoolingToo() {
    // Max pooling sends the gradient to one token per feature; the pass is the same and so is the check.
    auto model = smallModel(PoolingKind::Max);
    const Matrix g = model->logitGradient(kReview);
    ParameterSet& p = model->parameters();
    float& entry = p.value(p.find("embedding.token"))(kReview[2], 3);
    const float kept = entry, h = 1e-3f;
    entry = kept + h;
    const double up = logitOf(*model, kReview);
    entry = kept - h;
    const double down = logitOf(*model, kReview);
    entry = kept;
    QVERIFY(std::abs((up - down) / (2.0 * h) - g(2, 3)) < 1e-3);
  }

  void rankCorrelationsOverReviews() {
    auto model = smallModel();
    const std::vector<std::vector<int>> reviews = {kReview, {4, 8}, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, {11, 22, 5, 6}};
    size_t calls = 0;
    const RankCorrelations r = rankCorrelations(*model, reviews, {}, [&](size_t done, size_t total) {
      ++calls;
      return done <= total;
    });
    QCOMPARE(calls, reviews.size());
    QCOMPARE(r.reviews, size_t(3));
    QCOMPARE(r.skipped, size_t(1));  // two tokens: no order to speak of
    for (size_t a = 0; a < kExplanations; ++a) {
      QCOMPARE(r.counted[a][a], size_t(3));
      QVERIFY(std::abs(r.mean[a][a] - 1.0) < 1e-12);
      for (size_t b = 0; b < kExplanations; ++b) {
        QCOMPARE(r.mean[a][b], r.mean[b][a]);
        QVERIFY(r.mean[a][b] >= -1.0 && r.mean[a][b] <= 1.0);
      }
    }
    // One review's correlation is the plain Spearman of its scores.
    const auto scores = explanationScores(*model, kReview, {});
    const RankCorrelations one = rankCorrelations(*model, std::vector<std::vector<int>>{kReview}, {});
    QVERIFY(std::abs(one.mean[kAttention][kSaliency] - spearman(scores[kAttention], scores[kSaliency])) < 1e-12);
    QVERIFY(one.deviation[kAttention][kSaliency] < 1e-6);  // one review: no spread (up to rounding)
  }

  void aChosenHeadAndCancel() {
    auto model = smallModel();
    const std::vector<std::vector<int>> reviews = {kReview, kReview};
    const auto head = explanationScores(*model, kReview, {.layer = 0, .head = 1});
    const RowVector pooled = model->predict(kReview).attention[0][1].colwise().mean();
    for (size_t j = 0; j < kReview.size(); ++j) QVERIFY(std::abs(head[kAttention][j] - pooled(Index(j))) < 1e-6);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, rankCorrelations(*model, reviews, {.layer = 2, .head = 0}));
    try {
      rankCorrelations(*model, reviews, {}, [](size_t, size_t) { return false; });
      QFAIL("Cancel was ignored");
    } catch (const RunError& e) {
      QCOMPARE(e.kind(), ErrorKind::Cancelled);
    }
  }
};

QTEST_APPLESS_MAIN(TestTokenAttribution)
#include "test_token_attribution.moc"
