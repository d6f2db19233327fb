// The Fill-in-the-blank page and its "show me the masking" view, on a small masked-LM with random weights
// (the numbers, not the model's quality, are under test): the page shows what the core's fillMasks computes,
// hides and restores words on a click, explains bad input, and the masking view shows the core's own masking.
#include "core/inference/masked_lm_inference.h"
#include "core/inference/pretrained_inference.h"
#include "core/models/mlm_masking.h"
#include "core/teaching/attention_steps.h"
#include "core/train/imdb_run.h"
#include "core/train/mlm_run.h"
#include "tests/tiny_masked_lm.h"

#include <QComboBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>
#include <cmath>

#include "ui/widgets/curve_plot.h"
#include "ui/widgets/heatmap_view.h"
#include "ui/pages/fill_page.h"
#include "ui/session/model_library.h"
#include "ui/pages/train_page.h"
#include "ui/pages/masking_view.h"
#include "ui/pages/next_sentence_view.h"
#include "ui/pages/pretraining_comparison.h"

using namespace al;
using namespace al::ui;

namespace {

const QString kSentence = QStringLiteral("the acting was [MASK] but the plot was dull");

std::shared_ptr<MaskedLmModel> smallModel() {
  MaskedLmConfig config;
  TransformerConfig& e = config.encoder;
  e.vocabSize = 40;
  e.sequenceLength = 32;
  e.embedDim = 8;
  e.numHeads = 2;
  e.keyDim = 4;
  e.denseDim = 8;
  e.numLayers = 2;
  e.dropout = 0.1f;
  auto m = std::make_shared<MaskedLmModel>();
  m->model = std::make_unique<MaskedLanguageModel>(config);
  m->model->initialize(7);
  m->vocabulary = Vocabulary::fromTokens({"", "[UNK]", "[MASK]", "the", "was", "acting", "plot", "but", "dull", "great",
                                          "terrible", "movie", "good", "bad", "it", "a", "and", "film"});
  return m;
}

int addToLibrary(ModelLibrary& library, std::shared_ptr<const MaskedLmModel> model) {
  SessionModel s;
  s.name = QStringLiteral("small");
  s.status = QStringLiteral("toy");
  s.model = {"masked-lm", std::move(model)};
  return library.add(std::move(s));
}

}  // namespace

class TestFillPage : public QObject {
  Q_OBJECT
 private slots:
  void candidatesAndAttentionAreTheCoresFill() {
    ModelLibrary library;
    const auto model = smallModel();
    FillPage page(&library);
    QCOMPARE(page.modelCount(), 0);
    addToLibrary(library, model);
    QCOMPARE(page.modelCount(), 1);
    page.setText(kSentence);
    QVERIFY2(page.hasResult(), qPrintable(page.messageText()));

    const FillResult expected = fillMasks(*model, kSentence.toStdString(), 10);
    const FillPrediction& blank = expected.predictions.at(0);
    QCOMPARE(blank.position, 3);
    const RowVector shown = page.candidateBars()->weights();
    QCOMPARE(shown.size(), static_cast<Index>(blank.top.size()));
    QVERIFY(shown.size() > 0);
    for (Index k = 0; k < shown.size(); ++k) {
      QCOMPARE(shown(k), blank.top[static_cast<size_t>(k)].probability);
      QCOMPARE(page.candidateBars()->labels()[int(k)], QString::fromStdString(blank.top[static_cast<size_t>(k)].token));
      if (k > 0) QVERIFY(shown(k) <= shown(k - 1));  // best first
    }
    QVERIFY(shown.sum() <= 1.0f + 1e-6f);
    QVERIFY(shown.minCoeff() > 0);

    // The attention bars: the blank's row of the first layer's heads' average, over words on both sides.
    const RowVector row = page.attentionBars()->weights();
    const Matrix average = teaching::headAverage(expected.attention.at(0));
    QCOMPARE(row.size(), static_cast<Index>(expected.tokens.size()));
    for (Index j = 0; j < row.size(); ++j) QCOMPARE(row(j), average(blank.position, j));
    QVERIFY(std::abs(row.sum() - 1.0f) < 1e-5f);
    QVERIFY(row.head(blank.position).sum() > 0);                             // words before the blank
    QVERIFY(row.tail(row.size() - blank.position - 1).sum() > 0);            // and after it
  }

  // The candidates' bars are the words' probabilities, and say so (beside the axis, in the CSV); the attention
  // bars beside them are weights.
  void theCandidatesAreProbabilities() {
    ModelLibrary library;
    FillPage page(&library);
    addToLibrary(library, smallModel());
    page.setText(kSentence);
    QVERIFY(page.hasResult());
    QCOMPARE(page.candidateBars()->csvHeader().at(1), QStringLiteral("probability"));
    QCOMPARE(page.attentionBars()->csvHeader().at(1), QStringLiteral("weight"));
    page.resize(1000, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QTRY_COMPARE(page.candidateBars()->plot()->yAxis->label(), QStringLiteral("probability"));
  }

  void twoBlanksEachHaveTheirCandidates() {
    ModelLibrary library;
    const auto model = smallModel();
    FillPage page(&library);
    addToLibrary(library, model);
    page.setText(QStringLiteral("[MASK] acting was [mask]"));  // any case
    QVERIFY(page.hasResult());
    QCOMPARE(page.result().predictions.size(), size_t(2));
    page.selectBlank(1);
    const FillResult expected = fillMasks(*model, "[MASK] acting was [MASK]", 10);
    QCOMPARE(page.candidateBars()->weights()(0), expected.predictions[1].top[0].probability);
  }

  void clickingAWordHidesItAndASecondClickBringsItBack() {
    ModelLibrary library;
    FillPage page(&library);
    addToLibrary(library, smallModel());
    page.setText(QStringLiteral("The acting was great, but the plot was dull."));
    QVERIFY(!page.hasResult());  // no blank yet: the words are shown, ready to be clicked
    QVERIFY(page.messageText().contains(QStringLiteral("[MASK]")));
    QVERIFY(page.tokensText().contains(QStringLiteral("great")));
    page.toggleToken(3);
    QVERIFY(page.hasResult());
    QCOMPARE(page.text(), QStringLiteral("the acting was [MASK] but the plot was dull"));
    QCOMPARE(page.result().predictions.at(0).position, 3);
    page.toggleToken(3);
    QVERIFY(!page.hasResult());
    QCOMPARE(page.text(), QStringLiteral("the acting was great but the plot was dull"));
  }

  void badInputGetsAClearMessage() {
    ModelLibrary library;
    FillPage page(&library);
    addToLibrary(library, smallModel());
    page.setText(QString());
    QVERIFY(!page.hasResult());
    QVERIFY(!page.messageText().isEmpty());
    page.setText(QStringLiteral("?!  ..."));
    QVERIFY(!page.hasResult());
    QVERIFY(!page.messageText().isEmpty());

    page.setText(QStringLiteral("the zyxwv was [MASK]"));  // an unknown word is read as [UNK] and said so
    QVERIFY(page.hasResult());
    QCOMPARE(page.result().ids.at(1), 1);
    QVERIFY(page.messageText().contains(QStringLiteral("[UNK]")));

    QString longText = QStringLiteral("[MASK]");
    for (int i = 0; i < 10000; ++i) longText += QStringLiteral(" movie");
    page.setText(longText);
    QVERIFY(page.hasResult());
    QVERIFY(page.result().truncated);
    QCOMPARE(page.result().tokens.size(), size_t(32));
    QVERIFY(page.messageText().contains(QStringLiteral("32")));

    page.setText(longText.mid(7) + QStringLiteral(" [MASK]"));  // the only blank is past sequence_length
    QVERIFY(!page.hasResult());
    QVERIFY(page.messageText().contains(QStringLiteral("32")));
  }

  // A pretrained BERT fills in blanks with its own tokenizer and masked-LM head (the numbers of fillBert, itself
  // checked against PyTorch); a click hides a word of the sentence as typed, and brings it back.
  void aPretrainedBertFillsInTheBlank() {
    const QString folder = QStringLiteral(ATTENTIONLAB_SOURCE_DIR "/tests/reference/golden/bert-tiny");
    ModelLibrary library;
    FillPage page(&library);
    page.openModelDirectory(folder);
    QVERIFY(QTest::qWaitFor([&] { return !page.isOpeningModel(); }, 60000));
    QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
    QVERIFY(page.currentBert());
    QVERIFY(!page.currentModel());
    const QString sentence = QStringLiteral("the cat sat on the [MASK].");
    page.setText(sentence);
    QVERIFY2(page.hasResult(), qPrintable(page.messageText()));
    const BertFill expected = fillBert(*page.currentBert(), sentence.toStdString(), 10);
    QCOMPARE(page.result().tokens, expected.tokens);  // [CLS] … [SEP], as the tokenizer writes them
    QCOMPARE(page.result().predictions.size(), size_t(1));
    QCOMPARE(page.result().predictions[0].position, 6);
    QCOMPARE(page.candidateBars()->weights()(0), expected.predictions[0].top[0].probability);

    page.toggleToken(2);  // "cat" becomes a second blank, in the sentence as typed
    QCOMPARE(page.text(), QStringLiteral("the [MASK] sat on the [MASK]."));
    QCOMPARE(page.result().predictions.size(), size_t(2));
    page.toggleToken(2);  // and comes back
    QCOMPARE(page.text(), sentence);
    page.toggleToken(0);  // [CLS] is not a word of the sentence
    QCOMPARE(page.text(), sentence);
  }

  // Next sentence? shows the core's nextSentence for a BERT whose checkpoint kept the head, computed on a worker
  // thread; for one without it the tab is off and its tooltip says why.
  void nextSentenceShowsTheHeadsProbability() {
    const QString folder = QStringLiteral(ATTENTIONLAB_SOURCE_DIR "/tests/reference/golden/bert-tiny-bf16");
    ModelLibrary library;
    FillPage page(&library);
    QVERIFY(!page.tabs()->isTabEnabled(3));  // no model yet
    QVERIFY(!page.tabs()->tabToolTip(3).isEmpty());
    page.openModelDirectory(folder);
    QVERIFY(QTest::qWaitFor([&] { return !page.isOpeningModel(); }, 60000));
    QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
    QVERIFY(page.tabs()->isTabEnabled(3));
    NextSentenceView* view = page.nextSentenceView();
    const QString a = QStringLiteral("the cat sat on the mat."), b = QStringLiteral("it slept.");
    QSignalSpy predicted(view, &NextSentenceView::predicted);
    view->setSentences(a, b);
    QVERIFY(predicted.wait(60000));
    QVERIFY2(view->hasResult(), qPrintable(view->messageText()));
    const float expected = nextSentence(*page.currentBert(), a.toStdString(), b.toStdString()).isNext;
    QCOMPARE(view->probability(), expected);
    QCOMPARE(view->percentText(), QStringLiteral("%1 %").arg(static_cast<double>(expected) * 100, 0, 'f', 1));

    view->setSentences(a, QString());  // nothing to ask: said, no number kept
    QVERIFY(!view->hasResult());
    QVERIFY(!view->messageText().isEmpty());

    page.openModelDirectory(QStringLiteral(ATTENTIONLAB_SOURCE_DIR "/tests/reference/golden/bert-tiny"));
    QVERIFY(QTest::qWaitFor([&] { return !page.isOpeningModel(); }, 60000));
    QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
    QVERIFY(!page.currentBert()->model->hasNextSentenceHead());
    QVERIFY(!page.tabs()->isTabEnabled(3));
    QVERIFY2(page.tabs()->tabToolTip(3).contains(QStringLiteral("next-sentence head")),
             qPrintable(page.tabs()->tabToolTip(3)));
  }

  void anOpenedDirectoryJoinsTheLibrary() {
    ModelLibrary library;
    FillPage page(&library);
    const auto model = smallModel();
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString modelDir = dir.filePath(QStringLiteral("small-mlm"));
    saveMaskedLm(modelDir.toStdString(), *model->model, model->vocabulary, "keras", {});
    page.openModelDirectory(modelDir);  // read on a worker thread
    QVERIFY(QTest::qWaitFor([&] { return !page.isOpeningModel(); }, 60000));
    QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
    QCOMPARE(page.modelCount(), 1);
    QCOMPARE(library.models().size(), size_t(1));
    QVERIFY(library.models()[0].as<MaskedLmModel>());
    page.setText(kSentence);
    QCOMPARE(page.candidateBars()->weights()(0), fillMasks(*model, kSentence.toStdString(), 10).predictions[0].top[0].probability);

    page.openModelDirectory(dir.filePath(QStringLiteral("missing")));
    QVERIFY(QTest::qWaitFor([&] { return !page.isOpeningModel(); }, 60000));
    QVERIFY2(page.errorText().contains(QStringLiteral("missing")), qPrintable(page.errorText()));
    QCOMPARE(page.modelCount(), 1);
  }

  void maskingViewShowsTheCoresMasking() {
    const auto model = smallModel();
    MaskingView view;
    QVERIFY(view.sampleIds().empty());
    view.setModel(model);
    for (int sample = 0; sample < 5; ++sample) {
      const std::vector<int>& ids = view.sampleIds();
      QVERIFY(!ids.empty());
      Rng rng(view.maskingSeed());
      const MaskedSequence expected = maskTokens(ids, 0.15, static_cast<int>(model->vocabulary.size()), rng);
      QCOMPARE(view.masking().input, expected.input);
      QCOMPARE(view.masking().chosen.size(), expected.chosen.size());
      QCOMPARE(view.table()->rowCount(), static_cast<int>(expected.chosen.size()));
      for (size_t r = 0; r < expected.chosen.size(); ++r) {
        const MaskedPosition& m = expected.chosen[r];
        QCOMPARE(view.table()->item(int(r), 0)->text().toInt(), m.position);
        QCOMPARE(view.table()->item(int(r), 2)->text(), QString::fromStdString(model->vocabulary.token(m.shown)));
        if (m.action == MaskAction::Mask) QCOMPARE(view.table()->item(int(r), 2)->text(), QStringLiteral("[MASK]"));
      }
      QVERIFY(view.sentenceText().contains(QStringLiteral("[MASK]")) ||
              std::none_of(expected.chosen.begin(), expected.chosen.end(),
                           [](const MaskedPosition& m) { return m.action == MaskAction::Mask; }));
      const uint64_t seed = view.maskingSeed();
      view.drawSample();
      QVERIFY(view.maskingSeed() != seed);
    }

    // The shares the view reports, over 100,000 tokens of the corpus: 15 %, then 80 / 10 / 10.
    const MaskingView::Shares s = view.measureShares(100000);
    QVERIFY(s.tokens >= 100000);
    QCOMPARE(s.masked + s.random + s.kept, s.chosen);
    const double chosen = 100.0 * double(s.chosen) / double(s.tokens);
    QVERIFY2(std::abs(chosen - 15) < 1.5, qPrintable(QString::number(chosen)));
    QVERIFY(std::abs(100.0 * double(s.masked) / double(s.chosen) - 80) < 1.5);
    QVERIFY(std::abs(100.0 * double(s.random) / double(s.chosen) - 10) < 1.5);
    QVERIFY(std::abs(100.0 * double(s.kept) / double(s.chosen) - 10) < 1.5);

    view.setModel(nullptr);
    QCOMPARE(view.table()->rowCount(), 0);
  }

  // The Train page offers the session's masked-LMs as the start of an IMDB run, and a run started from one reads
  // text with its vocabulary ("[MASK]" on line 2) and begins from its encoder.
  void theTrainPageStartsAnImdbRunFromAMaskedLm() {
    const std::shared_ptr<const MaskedLmModel> model = al::test::tinyTrainedMaskedLm();
    ModelLibrary library;
    const int id = addToLibrary(library, model);

    TrainPage page;
    page.setLibrary(&library);
    auto* startFrom = page.findChild<QComboBox*>("startFrom");
    QVERIFY(startFrom);
    QCOMPARE(startFrom->count(), 2);  // scratch and the masked-LM
    QVERIFY(QTest::qWaitFor([&] { return page.dataCardReady(); }, 60000));
    page.setPreset("tiny");
    page.setParameter("epochs", 1);
    page.setStartFrom(id);
    QCOMPARE(page.startFrom(), id);
    page.start();
    const int runId = page.currentRunId();
    QVERIFY(QTest::qWaitFor([&] { return !page.isTraining(); }, 180000));
    QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
    const auto* imdb = dynamic_cast<const ImdbRun*>(page.trainingRun(runId));
    QVERIFY(imdb);
    QCOMPARE(imdb->vocabulary().size(), model->vocabulary.size());
    QCOMPARE(imdb->vocabulary().token(2), std::string("[MASK]"));

    page.setStartFrom(-1);  // scratch: the classifier's own vocabulary, without [MASK]
    page.start();
    const int scratchId = page.currentRunId();
    QVERIFY(QTest::qWaitFor([&] { return !page.isTraining(); }, 180000));
    const auto* scratch = dynamic_cast<const ImdbRun*>(page.trainingRun(scratchId));
    QVERIFY(scratch);
    QCOMPARE(scratch->vocabulary().id("[MASK]"), Vocabulary::kUnknownId);
  }

  // Both sides fine-tune on the same few labels; the verdict states each side's mean test accuracy.
  void comparisonTrainsBothSidesAndGivesTheNumbers() {
    const std::shared_ptr<const MaskedLmModel> model = al::test::tinyTrainedMaskedLm();

    ModelLibrary library;
    PretrainingComparison comparison;
    comparison.setLibrary(&library);
    comparison.setModel(model, QStringLiteral("tiny masked-LM"));
    comparison.setDataSource(QStringLiteral("builtin"));
    comparison.setLabels(200);
    comparison.setEpochs(2);
    comparison.setSeeds(1);
    QSignalSpy done(&comparison, &PretrainingComparison::finished);
    comparison.start();
    QVERIFY(comparison.isRunning());
    QVERIFY(done.wait(180000));
    QVERIFY2(!comparison.verdictText().contains(QStringLiteral("error")), qPrintable(comparison.verdictText()));
    QCOMPARE(comparison.pretrainedAccuracies().size(), size_t(1));
    QCOMPARE(comparison.scratchAccuracies().size(), size_t(1));
    const double pretrained = comparison.pretrainedAccuracies()[0], scratch = comparison.scratchAccuracies()[0];
    QVERIFY(pretrained > 0 && pretrained <= 1 && scratch > 0 && scratch <= 1);
    const QString verdict = comparison.verdictText();
    QVERIFY2(verdict.contains(QString::number(pretrained * 100, 'f', 1)), qPrintable(verdict));
    QVERIFY2(verdict.contains(QString::number(scratch * 100, 'f', 1)), qPrintable(verdict));
    for (const int curve : {1, 2})  // overlaid: both runs' validation curves, one point per epoch
      QCOMPARE(comparison.curves()->pointCount(curve, CurvePlot::Curve::Validation, CurvePlot::Metric::Accuracy), 2);
    // Each side's model of the first seed joins the library, unsaved, where the Attention page and the quit
    // question find it.
    QCOMPARE(library.models().size(), size_t(2));
    for (const SessionModel& trained : library.models()) {
      QCOMPARE(trained.model.task, std::string("imdb-transformer"));
      QCOMPARE(trained.status, QStringLiteral("toy"));
      QVERIFY(trained.directory.isEmpty());
      QVERIFY2(trained.name.startsWith(QStringLiteral("Pre-training: ")), qPrintable(trained.name));
    }
  }
};

QTEST_MAIN(TestFillPage)
#include "test_fill_page.moc"
