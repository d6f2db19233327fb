// The Step-through page walks a language model trained here (a GPT): the Generate page's model, on its prompt, one
// layer at a time, with Transformer-XL's memory columns when the model has a memory; Next token appends the token the
// walk ends with; every step has its own texts.
#include "core/inference/causal_lm_inference.h"
#include "core/teaching/lm_steps.h"
#include "tests/seeded_causal_lm.h"

#include <QtTest>

#include <QLabel>
#include <QPushButton>

#include "ui/main_window.h"
#include "ui/pages/generate_page.h"
#include "ui/pages/stepper_page.h"
#include "ui/session/model_library.h"
#include "ui/teaching/lm_controls.h"
#include "ui/teaching/step_texts.h"
#include "ui/text/language.h"

using namespace al;
using namespace al::ui;

namespace {

std::shared_ptr<CausalLmModel> seededModel(CausalPosition position, int memory) {
  return test::seededCharacterLm(test::smallCharacterLmConfig(position, memory), 5);
}

bool hasStep(const StepperPage& page, const std::string& key) {
  for (const teaching::AttentionStep& s : page.steps())
    if (s.key == key) return true;
  return false;
}

const QString kPrompt = QStringLiteral("the cat sat on the mat. the dog ran");

}  // namespace

class TestLmStepper : public QObject {
  Q_OBJECT
 private slots:
  // With a memory: the prompt replaces the texts' example, the memory and the two-term scores are steps, and
  // every step has a title, a formula and an explanation of its own (not the bare key).
  void everyStepOfTheMemoryModelHasItsTexts() {
    StepperPage page;
    page.setModel(QStringLiteral("seeded"), anyModelOf<CausalLmModel>(seededModel(CausalPosition::Relative, 8)), {}, {kPrompt});
    page.setKind(StepperPage::Kind::LanguageModel);
    QCOMPARE(page.sentence(), kPrompt);
    QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
    QVERIFY(page.hasLanguageModelWalk());
    QCOMPARE(page.languageModelWalk().memoryRows, Index(8));
    QVERIFY(hasStep(page, "memory") && hasStep(page, "relative_scores") && hasStep(page, "next_token"));
    for (int i = 0; i < page.stepCount(); ++i) {
      page.showStep(i);
      const std::string key = page.steps()[size_t(i)].key;
      QVERIFY2(!page.formulaText().isEmpty() && page.explanationText().size() > 40, key.c_str());
      QVERIFY2(!page.stepTitle().endsWith(QString::fromStdString(key)), key.c_str());
      QVERIFY2(!page.gridViews().isEmpty(), key.c_str());
    }
    // The controls say what the model read.
    const QString said = page.languageModelControls()->findChild<QLabel*>("lmReading")->text();
    QVERIFY2(said.contains("11") && said.contains("35") && said.contains("8"), qPrintable(said));
  }

  void everyStepOfTheLearnedModelHasItsTexts() {
    StepperPage page;
    page.setKind(StepperPage::Kind::LanguageModel);
    page.setModel(QStringLiteral("seeded"), anyModelOf<CausalLmModel>(seededModel(CausalPosition::Learned, 0)), {}, {QStringLiteral("a cat")});
    page.setSentence(QStringLiteral("a cat"));
    QVERIFY(hasStep(page, "scale") && hasStep(page, "mask") && !hasStep(page, "memory"));
    for (int i = 0; i < page.stepCount(); ++i) {
      page.showStep(i);
      const std::string key = page.steps()[size_t(i)].key;
      QVERIFY2(!page.formulaText().isEmpty() && page.explanationText().size() > 40, key.c_str());
      QVERIFY2(!page.stepTitle().endsWith(QString::fromStdString(key)), key.c_str());
    }
  }

  // The embedding step's formula adds a position table exactly when the model has one (learned, sinusoidal; the
  // step shows its grid "position"), not for Transformer-XL's relative positions, in English and in Chinese.
  void embeddingFormulaAddsPositionsOnlyWhenTheModelHasThem() {
    static const QRegularExpression addsPositions(QStringLiteral("\\bPE?\\["));
    for (const CausalPosition position : {CausalPosition::Learned, CausalPosition::Sinusoidal, CausalPosition::Relative}) {
      StepperPage page;
      page.setKind(StepperPage::Kind::LanguageModel);
      page.setModel(QStringLiteral("seeded"), anyModelOf<CausalLmModel>(seededModel(position, 0)), {}, {QStringLiteral("a cat")});
      page.setSentence(QStringLiteral("a cat"));
      QVERIFY(!page.steps().empty());
      const teaching::AttentionStep& embedding = page.steps().front();
      QCOMPARE(embedding.key, std::string("lm_embedding"));
      bool hasPositions = false;
      for (const teaching::StepGrid& grid : embedding.grids) hasPositions = hasPositions || grid.key == "position";
      QCOMPARE(hasPositions, position != CausalPosition::Relative);
      for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        QVERIFY(setLanguage(language, false));
        const QString formula = StepTexts::forStep(embedding).formula;
        QVERIFY2(formula.contains(addsPositions) == hasPositions, qPrintable(language + QStringLiteral(": ") + formula));
      }
    }
    QVERIFY(setLanguage(QStringLiteral("en"), false));
  }

  // Next token appends the token the last layer chose, and the walk reads one token more.
  void nextTokenAppendsTheChosenToken() {
    StepperPage page;
    const auto model = seededModel(CausalPosition::Learned, 0);
    page.setKind(StepperPage::Kind::LanguageModel);
    page.setModel(QStringLiteral("seeded"), anyModelOf<CausalLmModel>(model), {}, {QStringLiteral("a cat")});
    page.setSentence(QStringLiteral("a cat"));
    const std::string chosen = model->vocabulary.token(page.languageModelWalk().nextId);
    auto* next = page.languageModelControls()->findChild<QPushButton*>("lmNextToken");
    QVERIFY(next && next->isEnabled());
    next->click();
    QCOMPARE(page.sentence(), QStringLiteral("a cat") + QString::fromStdString(chosen));
    QCOMPARE(page.languageModelWalk().tokens.size(), size_t(6));
  }

  void withoutAModelThePageSaysWhereToGetOne() {
    StepperPage page;
    page.setKind(StepperPage::Kind::LanguageModel);
    QVERIFY(page.errorText().contains("Generate"));
    QCOMPARE(page.stepCount(), 0);
  }

  // In the window, the Generate page's model is the one the Step-through page walks.
  void theGeneratePagesModelIsWalked() {
    MainWindow window;
    SessionModel lm;
    lm.name = "Run 1";
    lm.model = {CausalLmModel::kTask, std::shared_ptr<const CausalLmModel>(seededModel(CausalPosition::Learned, 0))};
    window.library()->add(lm);
    QCOMPARE(window.findChild<GeneratePage*>()->currentModelName(), QString("Run 1"));
    auto* page = window.findChild<StepperPage*>();
    page->setKind(StepperPage::Kind::LanguageModel);
    QVERIFY2(page->hasLanguageModelWalk(), qPrintable(page->errorText()));
  }
};

QTEST_MAIN(TestLmStepper)
#include "test_lm_stepper.moc"
