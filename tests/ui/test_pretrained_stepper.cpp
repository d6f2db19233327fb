// The Step-through page walks a pretrained model's layers with the model's own numbers: the tiny random BERT and
// GPT-2 of the tests, every step of every layer with its own title, formula and explanation (never the bare key);
// GPT-2 starts on its last layer and Next token appends the piece it chose; in the window, the model chosen last on
// the Attention page (or a GPT-2 on the Generate page) is the one walked; in Chinese the walk reads in Chinese.
#include "core/inference/pretrained_inference.h"
#include "core/teaching/pretrained_steps.h"

#include <QtTest>

#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>

#include "ui/main_window.h"
#include "ui/pages/attention_page.h"
#include "ui/pages/generate_page.h"
#include "ui/pages/stepper_page.h"
#include "ui/session/model_files.h"
#include "ui/session/model_library.h"
#include "ui/teaching/pretrained_controls.h"
#include "ui/teaching/step_code.h"
#include "ui/teaching/step_texts.h"
#include "ui/text/language.h"

using namespace al;
using namespace al::ui;

namespace {

QString golden(const QString& name) { return QStringLiteral(ATTENTIONLAB_SOURCE_DIR "/tests/reference/golden/") + name; }

std::shared_ptr<const PretrainedBert> tinyBert() {
  return std::make_shared<const PretrainedBert>(loadPretrainedBert(golden("bert-tiny").toStdString()));
}

std::shared_ptr<const PretrainedGpt2> tinyGpt2() {
  return std::make_shared<const PretrainedGpt2>(loadPretrainedGpt2(golden("gpt2-tiny").toStdString()));
}

bool hasStep(const StepperPage& page, const std::string& key) {
  for (const teaching::AttentionStep& s : page.steps())
    if (s.key == key) return true;
  return false;
}

// Every step of every layer: a title of its own, a formula, an explanation, grids whose titles are not their keys,
// and the model's own code (Hugging Face's, with GELU: never the app's ReLU feed-forward) but for the layer's input.
void requireEveryStepExplained(StepperPage& page, int layers) {
  auto* layerBox = page.pretrainedControls()->findChild<QSpinBox*>("pretrainedLayer");
  QVERIFY(layerBox);
  QCOMPARE(layerBox->maximum(), layers);
  for (int layer = 0; layer < layers; ++layer) {
    page.pretrainedControls()->setLayer(layer);
    QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
    QCOMPARE(page.pretrainedWalk().layer, Index(layer));
    for (int i = 0; i < page.stepCount(); ++i) {
      page.showStep(i);
      const teaching::AttentionStep& step = page.steps()[size_t(i)];
      const QString where = QStringLiteral("layer %1, %2").arg(layer + 1).arg(QString::fromStdString(step.key));
      QVERIFY2(!page.stepTitle().endsWith(QString::fromStdString(step.key)), qPrintable(where));
      QVERIFY2(!page.formulaText().isEmpty() && page.explanationText().size() > 40, qPrintable(where));
      const StepCode code = stepCode(step);
      QVERIFY2(step.key == "layer_input" || !code.pytorch.isEmpty(), qPrintable(where));
      QVERIFY2(!code.pytorch.contains(QStringLiteral("relu"), Qt::CaseInsensitive), qPrintable(where));
      for (const teaching::StepGrid& grid : step.grids)
        QVERIFY2(StepTexts::gridTitle(grid, step.variant) != QString::fromStdString(grid.key),
                 qPrintable(where + QStringLiteral(": ") + QString::fromStdString(grid.key)));
    }
  }
}

}  // namespace

class TestPretrainedStepper : public QObject {
  Q_OBJECT
 private slots:
  void cleanup() { setLanguage(QStringLiteral("en"), false); }  // a failed check in Chinese leaves the others in English

  // BERT starts on its first layer (the embeddings), normalizes after each sum, and has no mask and no next token.
  void everyStepOfEveryBertLayerHasItsTexts() {
    StepperPage page;
    page.setKind(StepperPage::Kind::Pretrained);
    page.setModel(QStringLiteral("bert-tiny"), anyModelOf(tinyBert()));
    page.setSentence(QStringLiteral("the cat sat on the mat"));
    QVERIFY2(page.hasPretrainedWalk(), qPrintable(page.errorText()));
    QCOMPARE(page.pretrainedWalk().layer, Index(0));
    QVERIFY(hasStep(page, "embedding") && hasStep(page, "post_norm") && hasStep(page, "gelu"));
    QVERIFY(!hasStep(page, "mask") && !hasStep(page, "pre_norm") && !hasStep(page, "next_token"));
    QVERIFY(page.pretrainedControls()->findChild<QPushButton*>("pretrainedNextToken")->isHidden());  // GPT-2 only
    requireEveryStepExplained(page, 2);
  }

  void everyStepOfEveryGpt2LayerHasItsTexts() {
    StepperPage page;
    page.setKind(StepperPage::Kind::Pretrained);
    page.setModel(QStringLiteral("gpt2-tiny"), anyModelOf(tinyGpt2()));
    page.setSentence(QStringLiteral("the cat sat on the"));
    QVERIFY2(page.hasPretrainedWalk(), qPrintable(page.errorText()));
    // The last layer first: it ends with the next token.
    QCOMPARE(page.pretrainedWalk().layer, page.pretrainedWalk().layers - 1);
    QVERIFY(hasStep(page, "pre_norm") && hasStep(page, "mask") && hasStep(page, "final_norm") &&
            hasStep(page, "next_token"));
    QVERIFY(!hasStep(page, "post_norm"));
    requireEveryStepExplained(page, static_cast<int>(page.pretrainedWalk().layers));
  }

  // The pre-norm and post-norm steps say which is which: the difference a student must see.
  void theNormStepsTeachPreAgainstPostNorm() {
    teaching::AttentionStep pre{"pre_norm", "gpt2", {1}, {}, {}};
    teaching::AttentionStep post{"post_norm", "bert", {1}, {}, {}};
    QVERIFY(StepTexts::forStep(pre).title.contains("Pre-norm"));
    QVERIFY(StepTexts::forStep(pre).explanation.contains("post-norm"));
    QVERIFY(StepTexts::forStep(post).title.contains("Post-norm"));
    QVERIFY(StepTexts::forStep(post).explanation.contains("pre-norm"));
    QVERIFY(StepTexts::forStep({"gelu", "gpt2", {}, {}, {}}).formula.contains("tanh"));
    QVERIFY(StepTexts::forStep({"gelu", "bert", {}, {}, {}}).formula.contains("erf"));
    // GPT-2's mask is causal, not the encoder's "no mask".
    QVERIFY(StepTexts::forStep({"mask", "gpt2", {}, {}, {}}).explanation.contains("0..i"));
  }

  // Next token appends the decoded piece the last layer chose, and the walk reads one piece more.
  void nextTokenAppendsTheChosenPiece() {
    StepperPage page;
    const auto gpt = tinyGpt2();
    page.setKind(StepperPage::Kind::Pretrained);
    page.setModel(QStringLiteral("gpt2-tiny"), anyModelOf(gpt));
    const QString prompt = QStringLiteral("the cat sat on the");
    page.setSentence(prompt);
    const size_t pieces = page.pretrainedWalk().tokens.size();
    Index chosen = 0;
    page.pretrainedWalk().probabilities.maxCoeff(&chosen);
    const QString piece = QString::fromStdString(gpt->tokenizer->decode({static_cast<int64_t>(chosen)}));
    QVERIFY(!piece.isEmpty());
    auto* next = page.pretrainedControls()->findChild<QPushButton*>("pretrainedNextToken");
    QVERIFY(next && next->isEnabled() && !next->isHidden());
    next->click();
    QCOMPARE(page.sentence(), prompt + piece);
    QVERIFY(page.pretrainedWalk().tokens.size() >= pieces);
    QVERIFY2(page.pretrainedControls()->findChild<QLabel*>("pretrainedReading")->text().contains("%"),
             qPrintable(page.pretrainedControls()->findChild<QLabel*>("pretrainedReading")->text()));
  }

  // In Chinese the kind, the controls and every step read in Chinese (the texts are found in their own context).
  void theWalkReadsInChinese() {
    StepperPage page;
    page.setKind(StepperPage::Kind::Pretrained);
    page.setModel(QStringLiteral("gpt2-tiny"), anyModelOf(tinyGpt2()));
    page.setSentence(QStringLiteral("the cat sat on the"));
    QVERIFY(setLanguage(QStringLiteral("zh_CN"), false));
    auto* kinds = page.findChild<QComboBox*>("kindBox");
    QTRY_COMPARE(kinds->currentText(), QStringLiteral("预训练模型（BERT / GPT-2）"));
    QCOMPARE(page.pretrainedControls()->findChild<QPushButton*>("pretrainedNextToken")->text(), QStringLiteral("下一个词元"));
    for (int i = 0; i < page.stepCount(); ++i) {
      page.showStep(i);
      const std::string& key = page.steps()[size_t(i)].key;
      if (key == "pre_norm" || key == "gelu" || key == "final_norm" || key == "mask")
        QVERIFY2(page.explanationText().contains(QRegularExpression(QStringLiteral("[\\x{4e00}-\\x{9fff}]"))),
                 qPrintable(page.explanationText()));
    }
  }

  void withoutAModelThePageSaysWhereToGetOne() {
    StepperPage page;
    page.setKind(StepperPage::Kind::Pretrained);
    QVERIFY2(page.errorText().contains("Attention"), qPrintable(page.errorText()));
    QCOMPARE(page.stepCount(), 0);
  }

  // In the window: the Attention page's BERT is walked; a GPT-2 chosen later on the Generate page replaces it, and
  // choosing the BERT again on the Attention page brings it back.
  void theModelChosenLastOnTheAttentionOrGeneratePageIsWalked() {
    MainWindow window;
    auto* attention = window.findChild<AttentionPage*>();
    auto* stepper = window.findChild<StepperPage*>();
    stepper->setKind(StepperPage::Kind::Pretrained);
    stepper->setSentence(QStringLiteral("the cat sat on the"));  // words both tiny vocabularies have
    window.library()->add(openSessionModel(golden("bert-tiny")));
    QCOMPARE(attention->currentModelName(), QString("bert-tiny"));
    QVERIFY2(stepper->hasPretrainedWalk(), qPrintable(stepper->errorText()));
    QVERIFY(hasStep(*stepper, "post_norm"));
    window.library()->add(openSessionModel(golden("gpt2-tiny")));
    QCOMPARE(window.findChild<GeneratePage*>()->currentModelName(), QString("gpt2-tiny"));
    QVERIFY2(stepper->hasPretrainedWalk(), qPrintable(stepper->errorText()));
    QVERIFY(hasStep(*stepper, "pre_norm"));
    attention->selectModel(1);  // the GPT-2 there
    attention->selectModel(0);  // and the BERT again
    QVERIFY(hasStep(*stepper, "post_norm"));
  }
};

QTEST_MAIN(TestPretrainedStepper)
#include "test_pretrained_stepper.moc"
