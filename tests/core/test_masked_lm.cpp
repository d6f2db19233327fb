// The masked language model: BERT's masking rule, text with [MASK] to tokens, the vocabulary's reserved line,
// reproducible parallel training, fill's distributions and the few-label split.
#include <oneapi/tbb/task_arena.h>  // before Qt: Qt's emit macro breaks oneTBB's headers

#include <QTemporaryDir>
#include <QtTest>

#include "core/error.h"
#include "core/inference/masked_lm_inference.h"
#include "core/models/masked_lm.h"
#include "core/models/mlm_masking.h"
#include "core/train/trainer.h"
#include "core/train/imdb_run.h"
#include "core/train/mlm_run.h"

using namespace al;

namespace {

MaskedLmConfig tinyConfig() {
  MaskedLmConfig config;
  TransformerConfig& c = config.encoder;
  c.vocabSize = 30, c.sequenceLength = 16, c.embedDim = 8, c.numHeads = 2, c.keyDim = 4, c.denseDim = 8, c.numLayers = 2;
  c.dropout = 0.1f;
  return config;
}

std::vector<MaskedSequence> someSequences(int count, uint64_t seed) {
  Rng rng(seed);
  std::vector<MaskedSequence> out;
  for (int i = 0; i < count; ++i) {
    std::vector<int> ids(3 + rng.below(12));
    for (int& id : ids) id = 3 + static_cast<int>(rng.below(27));
    out.push_back(maskTokens(ids, 0.15, 30, rng));
  }
  return out;
}

std::vector<const MaskedSequence*> pointers(const std::vector<MaskedSequence>& v) {
  std::vector<const MaskedSequence*> out;
  for (const MaskedSequence& s : v) out.push_back(&s);
  return out;
}

}  // namespace

class TestMaskedLm : public QObject {
  Q_OBJECT
 private slots:
  // Over 100,000 tokens: 15 % chosen, and of those 80 % [MASK], 10 % random, 10 % unchanged, each within 1 point.
  void maskingStatistics() {
    Rng rng(2024);
    size_t tokens = 0, chosen = 0, masked = 0, random = 0, kept = 0;
    while (tokens < 100'000) {
      std::vector<int> ids(20 + rng.below(200));  // reviews of 20..219 tokens
      for (int& id : ids) id = 3 + static_cast<int>(rng.below(5000));
      const MaskedSequence m = maskTokens(ids, 0.15, 5003, rng);
      tokens += ids.size();
      chosen += m.chosen.size();
      for (const MaskedPosition& p : m.chosen) {
        masked += p.action == MaskAction::Mask;
        random += p.action == MaskAction::Random;
        kept += p.action == MaskAction::Keep;
      }
    }
    const auto percent = [](size_t part, size_t whole) { return 100.0 * static_cast<double>(part) / static_cast<double>(whole); };
    QVERIFY2(std::abs(percent(chosen, tokens) - 15) < 1, qPrintable(QString::number(percent(chosen, tokens))));
    QVERIFY2(std::abs(percent(masked, chosen) - 80) < 1, qPrintable(QString::number(percent(masked, chosen))));
    QVERIFY2(std::abs(percent(random, chosen) - 10) < 1, qPrintable(QString::number(percent(random, chosen))));
    QVERIFY2(std::abs(percent(kept, chosen) - 10) < 1, qPrintable(QString::number(percent(kept, chosen))));
  }

  // What maskTokens reports is what it did: round(rate * T) distinct positions (at least 1), in order, and the
  // input differs from the ids exactly as each action says.
  void maskingReportsWhatItDid() {
    Rng rng(5);
    for (size_t T : {1, 2, 7, 10, 40}) {
      std::vector<int> ids(T);
      for (size_t i = 0; i < T; ++i) ids[i] = 3 + static_cast<int>(i % 9);
      const MaskedSequence m = maskTokens(ids, 0.15, 12, rng);
      QCOMPARE(m.chosen.size(), std::max<size_t>(1, static_cast<size_t>(std::llround(0.15 * static_cast<double>(T)))));
      for (size_t k = 0; k < m.chosen.size(); ++k) {
        const MaskedPosition& p = m.chosen[k];
        if (k > 0) QVERIFY(p.position > m.chosen[k - 1].position);
        QCOMPARE(p.original, ids[static_cast<size_t>(p.position)]);
        QCOMPARE(m.input[static_cast<size_t>(p.position)], p.shown);
        if (p.action == MaskAction::Mask) QCOMPARE(p.shown, kMaskTokenId);
        if (p.action == MaskAction::Keep) QCOMPARE(p.shown, p.original);
        if (p.action == MaskAction::Random) QVERIFY(p.shown >= kFirstOrdinaryTokenId && p.shown < 12);
      }
      size_t changed = 0;
      for (size_t i = 0; i < T; ++i) changed += m.input[i] != ids[i];
      QVERIFY(changed <= m.chosen.size());
    }
    Rng a(9), b(9);
    const std::vector<int> ids = {4, 5, 6, 7, 8, 9, 10, 11, 12, 13};
    QCOMPARE(maskTokens(ids, 0.3, 20, a).input, maskTokens(ids, 0.3, 20, b).input);  // same seed, same choice
  }

  // Typed [MASK] in any case survives the tokenizer, which deletes brackets, and nothing else becomes [MASK].
  void typedMaskIsKept() {
    const auto tokens = maskedLmTokens("The acting was [MASK], but the PLOT was [mask]!<br />[Mask]ed mask", "keras");
    const std::vector<std::string> expected = {"the", "acting", "was", "[MASK]", "but", "the", "plot", "was",
                                               "[MASK]", "[MASK]", "ed", "mask"};
    QCOMPARE(tokens, expected);
    QCOMPARE(maskedLmTokens("[MASK", "keras"), std::vector<std::string>{"mask"});
    QVERIFY_THROWS_EXCEPTION(InputError, maskedLmTokens("x", "no-such-tokenizer"));
    const Vocabulary v = Vocabulary::build({{"mask", "the", "the"}}, 10, {"[MASK]"});
    QCOMPARE(v.token(2), std::string("[MASK]"));
    QCOMPARE(maskedLmIds({"the", "[MASK]", "mask", "zebra"}, v), (std::vector<int>{3, 2, 4, 1}));
  }

  // Same seed and thread count: the same bits; and a batch gives the gradient of its mean over every chosen
  // position (up to float rounding) whatever the thread count.
  void parallelTrainingIsReproducible() {
    const auto data = someSequences(13, 3);
    auto run = [&](int threads) {
      MaskedLanguageModel model(tinyConfig());
      model.initialize(7);
      Gradients grads(model.parameters());
      BatchStats stats;
      tbb::task_arena arena(threads);
      arena.execute([&] { stats = model.trainBatch(pointers(data), grads, 99); });
      return std::make_pair(stats, grads.data());
    };
    const auto [s1, g1] = run(3);
    const auto [s2, g2] = run(3);
    const auto [s3, g3] = run(1);
    QCOMPARE(g1, g2);
    QCOMPARE(s1.lossSum, s2.lossSum);
    size_t chosen = 0;
    for (const auto& s : data) chosen += s.chosen.size();
    QCOMPARE(s1.total, static_cast<double>(chosen));
    for (size_t i = 0; i < g1.size(); ++i) QVERIFY(std::abs(g1[i] - g3[i]) < 1e-5f);
  }

  // fill's softmax covers the whole vocabulary, sums to 1, and attention rows are distributions.
  void predictGivesDistributions() {
    MaskedLanguageModel model(tinyConfig());
    model.initialize(4);
    const std::vector<int> ids = {5, 2, 7, 2, 9};
    const std::vector<int> positions = {1, 3};
    const MaskedLanguageModel::Prediction p = model.predict(ids, positions);
    QCOMPARE(p.probabilities.rows(), Index(2));
    QCOMPARE(p.probabilities.cols(), Index(30));
    for (Index n = 0; n < 2; ++n) QVERIFY(std::abs(p.probabilities.row(n).sum() - 1.0f) < 1e-5f);
    QCOMPARE(p.attention.size(), size_t(2));
    for (const auto& layer : p.attention)
      for (const Matrix& a : layer)
        for (Index q = 0; q < a.rows(); ++q) QVERIFY(std::abs(a.row(q).sum() - 1.0f) < 1e-5f);
    QVERIFY_THROWS_EXCEPTION(InputError, model.predict(ids, std::vector<int>{5}));
  }

  // --train-limit: the first N of the shuffled samples, then the validation split among them.
  void trainLimitTakesFirstShuffled() {
    const Split all = splitSamples(100, 0.2, true, 7);
    const Split limited = splitSamples(100, 0.2, true, 7, 30);
    QCOMPARE(limited.train.size() + limited.validation.size(), size_t(30));
    QCOMPARE(limited.validation.size(), size_t(6));
    std::vector<size_t> order = all.train;
    order.insert(order.end(), all.validation.begin(), all.validation.end());
    std::vector<size_t> first(order.begin(), order.begin() + 30), got = limited.train;
    got.insert(got.end(), limited.validation.begin(), limited.validation.end());
    QCOMPARE(got, first);
  }

  // Fine-tuning from a masked-lm in memory (the app's model library) starts exactly as from its directory:
  // the same vocabulary and encoder weights, a new head.
  void classifierStartsFromAnEncoderInMemoryAsFromItsDirectory() {
    MlmRunSettings mlmSettings = mlmPreset("tiny");
    mlmSettings.training.epochs = 1;
    mlmSettings.threads = 1;
    const std::unique_ptr<MlmRun> mlm = MlmRun::prepare(mlmSettings);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath("mlm").toStdString();
    mlm->save(path);

    ImdbRunSettings fromDir = imdbPreset("tiny");
    fromDir.threads = 1;
    fromDir.initEncoderDir = path;
    ImdbRunSettings fromMemory = fromDir;
    fromMemory.initEncoderDir.clear();
    fromMemory.initEncoderModel = std::make_shared<const MaskedLmModel>(
        copyMaskedLm(mlm->model(), mlm->vocabulary(), mlm->tokenizer(), {}));
    const std::unique_ptr<ImdbRun> a = ImdbRun::prepare(fromDir), b = ImdbRun::prepare(fromMemory);
    QCOMPARE(a->vocabulary().tokens(), mlm->vocabulary().tokens());
    QCOMPARE(b->vocabulary().tokens(), mlm->vocabulary().tokens());
    QVERIFY(a->model().parameters().data() == b->model().parameters().data());
    const ParameterSet& encoder = mlm->model().parameters();
    const int embedding = encoder.find("embedding.token");
    QVERIFY(embedding >= 0);
    QVERIFY(b->model().parameters().value(b->model().parameters().find("embedding.token")) ==
            encoder.value(embedding));
  }
};

QTEST_APPLESS_MAIN(TestMaskedLm)
#include "test_masked_lm.moc"
