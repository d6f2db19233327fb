// The sentiment head on a frozen BERT (core/train/bert_sentiment_run.h): the features the run caches once are
// BERT's own [CLS] state, as a plain forward pass over the same tokens gives it (with every hidden state and
// attention map kept, the path `inspect` takes), on several threads, for reviews cut to sequence_length and for
// only the few reviews --train-limit keeps; and predict reads the head on that same state.
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>

#include "core/inference/bert_sentiment.h"
#include "core/layers/sigmoid_cross_entropy.h"
#include "core/train/bert_sentiment_run.h"
#include "tests/bert_toy_reviews.h"

using namespace al;
using al::test::kToyReviews;
namespace fs = std::filesystem;

namespace {

fs::path golden(const std::string& name) { return fs::path(ATTENTIONLAB_SOURCE_DIR) / "tests/reference/golden" / name; }

// [CLS] of the last layer by the plain forward pass, on the tokens BERT reads: [CLS], the first maxTokens - 2
// pieces, [SEP].
Matrix referenceCls(const PretrainedBert& bert, const std::string& text, size_t maxTokens) {
  pretrained::Encoding e = bert.tokenizer->encode(text);
  std::vector<int64_t> ids = e.ids;
  if (ids.size() > maxTokens) {
    ids.resize(maxTokens - 1);
    ids.push_back(*bert.tokenizer->specialTokens().separator.id);
  }
  const pretrained::BertOutput out = bert.model->forward(ids, std::vector<int>(ids.size(), 0));
  return out.hiddenStates.back().topRows(1);  // 1 x D
}

ImdbRunSettings settingsFor(const fs::path& data, int threads) {
  ImdbRunSettings s;
  s.data = data.string();
  s.initEncoderDir = golden("bert-tiny").string();
  s.threads = threads;
  return s;
}

}  // namespace

class TestBertSentiment : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  fs::path data_;

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    data_ = al::test::writeToyReviews(dir_);
  }

  void cachedFeaturesAreBertsClsState_data() {
    QTest::addColumn<int>("threads");
    QTest::addColumn<int>("sequenceLength");  // 0: the default (bert-tiny's 16 positions)
    QTest::addColumn<int>("trainLimit");      // 0: every review
    QTest::newRow("one thread, whole reviews") << 1 << 0 << 0;
    QTest::newRow("two threads, whole reviews") << 2 << 0 << 0;
    QTest::newRow("two threads, cut to 6 tokens") << 2 << 6 << 0;
    QTest::newRow("three labels: BERT reads only those") << 2 << 0 << 3;
  }
  void cachedFeaturesAreBertsClsState() {
    QFETCH(int, threads);
    QFETCH(int, sequenceLength);
    QFETCH(int, trainLimit);
    ImdbRunSettings s = settingsFor(data_, threads);
    s.training.trainLimit = static_cast<size_t>(trainLimit);
    if (sequenceLength) {
      s.model.sequenceLength = sequenceLength;
      s.givenValues["sequence_length"] = sequenceLength;
    }
    const std::unique_ptr<BertSentimentRun> run = BertSentimentRun::prepare(s);
    const PretrainedBert bert = loadPretrainedBert(golden("bert-tiny"));
    const size_t maxTokens = sequenceLength ? static_cast<size_t>(sequenceLength) : 16;
    const CachedFeatures& cached = run->trainingFeatures();
    const size_t rows = trainLimit ? static_cast<size_t>(trainLimit) : kToyReviews.size();
    QCOMPARE(cached.features.rows(), static_cast<Index>(rows));
    QCOMPARE(run->trainingRows().size(), rows);
    for (size_t i = 0; i < rows; ++i) {
      const size_t review = run->trainingRows()[i];
      const Matrix expected = referenceCls(bert, kToyReviews[review], maxTokens);
      const Matrix actual = cached.features.row(static_cast<Index>(i));
      QVERIFY2(actual.isApprox(expected, 1e-6f), qPrintable(QString("review %1").arg(review)));
      QCOMPARE(cached.labels[i], static_cast<float>(review % 2));
    }
  }

  // The reviews cut to 6 tokens differ from the whole ones: the cut is real, so the comparison above tests it.
  void cuttingChangesTheLongReviewsFeatures() {
    const PretrainedBert bert = loadPretrainedBert(golden("bert-tiny"));
    QVERIFY(!referenceCls(bert, kToyReviews[4], 6).isApprox(referenceCls(bert, kToyReviews[4], 16), 1e-3f));
  }

  void predictReadsTheHeadOnTheClsState() {
    const std::unique_ptr<BertSentimentRun> run = BertSentimentRun::prepare(settingsFor(data_, 2));
    const auto model = run->snapshot().as<BertSentimentModel>();
    QVERIFY(model);
    const BertSentimentPrediction p = predictBertSentiment(*model, kToyReviews[0]);
    const Matrix logit = model->head->logits(run->trainingFeatures().features.topRows(1));  // 1 x 1
    QCOMPARE(p.probability, sigmoid(logit(0, 0)));
    QCOMPARE(p.attention.size(), size_t{2});
  }
};

QTEST_GUILESS_MAIN(TestBertSentiment)
#include "test_bert_sentiment.moc"
