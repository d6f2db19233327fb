// The Generate page: a GPT-2 folder opens on it through the session library, Next token follows the key/value
// cache to the reference's greedy tokens, the sampling settings redraw the bars from the kept logits without a
// forward pass, its figure exports, and what it cannot do (a BERT folder, an empty prompt, a prompt beyond the
// positions) is said.
#include "core/error.h"
#include "core/inference/causal_lm_generation.h"
#include "core/train/causal_lm_run.h"

#include <QFile>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QTextBrowser>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/core/causal_lm_checks.h"
#include "ui/widgets/export.h"
#include "ui/pages/generate_page.h"
#include "ui/widgets/generate_controls.h"
#include "ui/widgets/weight_bars.h"

using namespace al;
using namespace al::ui;

namespace {

constexpr int kTimeoutMs = 60000;

QString golden(const QString& name) { return QStringLiteral(ATTENTIONLAB_SOURCE_DIR "/tests/reference/golden/") + name; }

bool opens(GeneratePage& page, const QString& dir) {
  page.openModelDirectory(dir);
  return QTest::qWaitFor([&] { return !page.isOpeningModel(); }, kTimeoutMs);
}

bool idle(GeneratePage& page) { return QTest::qWaitFor([&] { return !page.isBusy(); }, kTimeoutMs); }

QJsonObject expected() {
  QFile file(golden("gpt2-tiny/expected.json"));
  if (!file.open(QIODevice::ReadOnly)) return {};
  return QJsonDocument::fromJson(file.readAll()).object();
}

int nonZero(const RowVector& bars) {
  int n = 0;
  for (Index i = 0; i < bars.size(); ++i) n += bars(i) > 0;
  return n;
}

}  // namespace

class TestGeneratePage : public QObject {
  Q_OBJECT
 private slots:
  void greedyNextTokensAreTheReferenceTokens() {
    const QJsonObject reference = expected();
    QVERIFY(!reference.isEmpty());
    GeneratePage page;
    page.setPrompt(reference["text"].toString());
    QVERIFY(opens(page, golden("gpt2-tiny")));
    QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
    QCOMPARE(page.modelCount(), 1);
    QVERIFY(idle(page));
    QVERIFY2(page.messageText().isEmpty(), qPrintable(page.messageText()));
    std::vector<int64_t> prompt;
    for (const QJsonValue& id : reference["ids"].toArray()) prompt.push_back(id.toInteger());
    QCOMPARE(page.ids(), prompt);
    QCOMPARE(page.cacheLength(), static_cast<long>(prompt.size()));
    QCOMPARE(page.candidateBars()->weights().size(), Index(10));

    std::vector<int64_t> greedy;
    for (const QJsonValue& id : reference["generation"].toObject()["ids"].toArray()) greedy.push_back(id.toInteger());
    QVERIFY(!greedy.empty());
    for (size_t n = 0; n < greedy.size(); ++n) {
      page.nextToken();
      QVERIFY(idle(page));
    }
    QCOMPARE(page.generatedIds(), greedy);
    QCOMPARE(page.cacheLength(), static_cast<long>(prompt.size() + greedy.size()));
    // The newest token's attention covers it and everything before it, and sums to 1.
    QCOMPARE(page.attentionBars()->weights().size(), static_cast<Index>(prompt.size() + greedy.size()));
    QVERIFY(std::abs(page.attentionBars()->weights().sum() - 1.0f) < 1e-4f);
    QVERIFY(page.generatedText().startsWith(reference["text"].toString()));

    // Generate appends a run of the same greedy tokens; Reset goes back to the prompt.
    page.reset();
    QVERIFY(idle(page));
    QCOMPARE(page.ids(), prompt);
    page.controls()->setTokensPerRun(static_cast<int>(greedy.size()));
    page.generate();
    QVERIFY(idle(page));
    QCOMPARE(page.generatedIds(), greedy);
  }

  void samplingSettingsRedrawTheBarsWithoutTheModel() {
    GeneratePage page;
    page.setPrompt(QStringLiteral("the cat sat on the"));
    QVERIFY(opens(page, golden("gpt2-tiny")));
    QVERIFY(idle(page));
    const int calls = page.modelCalls();
    const long length = page.cacheLength();
    const RowVector greedy = page.candidateBars()->weights();
    QCOMPARE(nonZero(greedy), 10);

    page.controls()->setTemperature(1.5);
    const RowVector warm = page.candidateBars()->weights();
    QVERIFY(!warm.isApprox(greedy));
    QVERIFY(warm(0) < greedy(0));  // a higher temperature flattens the distribution
    page.controls()->setTopK(3);
    QCOMPARE(nonZero(page.candidateBars()->weights()), 3);
    QVERIFY(std::abs(page.candidateBars()->weights().sum() - 1.0f) < 1e-5f);
    page.controls()->setTopK(0);
    page.controls()->setTopP(0.3);
    QVERIFY(nonZero(page.candidateBars()->weights()) < 10);

    QCOMPARE(page.modelCalls(), calls);
    QCOMPARE(page.cacheLength(), length);
    QVERIFY(!page.isBusy());
  }

  void aSeedRepeatsASampledRun() {
    GeneratePage page;
    QVERIFY(opens(page, golden("gpt2-tiny")));
    QVERIFY(idle(page));
    page.controls()->setTemperature(1.0);
    page.controls()->setSeed(7);
    page.controls()->setTokensPerRun(5);
    page.generate();
    QVERIFY(idle(page));
    const std::vector<int64_t> first = page.generatedIds();
    QCOMPARE(first.size(), size_t(5));
    page.reset();
    QVERIFY(idle(page));
    page.generate();
    QVERIFY(idle(page));
    QCOMPARE(page.generatedIds(), first);
  }

  void theFigureExports() {
    GeneratePage page;
    QVERIFY(opens(page, golden("gpt2-tiny")));
    QVERIFY(idle(page));
    page.nextToken();
    QVERIFY(idle(page));
    page.resize(1100, 650);
    QTemporaryDir out;
    const QString path = out.filePath("generate.png");
    exportWidget(page.figure(), path);
    const QImage picture(path);
    QVERIFY(!picture.isNull());
    QVERIFY(picture.width() >= page.figure()->width());
  }

  void aBertFolderIsRefused() {
    GeneratePage page;
    QVERIFY(opens(page, golden("bert-tiny")));
    QCOMPARE(page.modelCount(), 0);
    QVERIFY2(page.errorText().contains("bert-tiny"), qPrintable(page.errorText()));
  }

  void anEmptyPromptIsExplained() {
    GeneratePage page;
    QVERIFY(opens(page, golden("gpt2-tiny")));
    QVERIFY(idle(page));
    const int calls = page.modelCalls();
    page.setPrompt(QStringLiteral("   "));
    page.nextToken();
    QVERIFY(idle(page));
    QVERIFY2(page.messageText().contains("prompt"), qPrintable(page.messageText()));
    QCOMPARE(page.modelCalls(), calls);
    QVERIFY(page.ids().empty());
  }

  void aPromptBeyondThePositionsIsExplained() {
    GeneratePage page;
    QVERIFY(opens(page, golden("gpt2-tiny")));
    QVERIFY(idle(page));
    // gpt2-tiny reads 16 positions; this prompt is longer.
    page.setPrompt(QStringLiteral("the cat sat on the the cat sat on the the cat sat on the the cat"));
    QVERIFY(idle(page));
    QVERIFY2(page.messageText().contains("16"), qPrintable(page.messageText()));
    QVERIFY(page.ids().empty());
  }

  // A prompt typed over a written text and refused (too long) leaves no text, bars or tokens of the old prompt.
  void aRefusedPromptLeavesNoStaleText() {
    GeneratePage page;
    QVERIFY(opens(page, golden("gpt2-tiny")));
    QVERIFY(idle(page));
    page.nextToken();
    QVERIFY(idle(page));
    auto* text = page.findChild<QTextBrowser*>("generatedText");
    QVERIFY(text);
    QVERIFY(!text->toPlainText().isEmpty());
    auto* prompt = page.findChild<QLineEdit*>("promptEdit");
    QVERIFY(prompt);
    prompt->clear();
    QTest::keyClicks(prompt, QStringLiteral("the cat sat on the the cat sat on the the cat sat on the the cat"));
    page.generate();
    QVERIFY(idle(page));
    QVERIFY2(page.messageText().contains("16"), qPrintable(page.messageText()));
    QVERIFY(page.ids().empty());
    QVERIFY2(text->toPlainText().isEmpty(), qPrintable(text->toPlainText()));
    QCOMPARE(page.candidateBars()->weights().size(), Index(0));
  }

  // A language model trained here (causal-lm) writes on the page like a GPT-2: its greedy tokens are those of
  // re-running its window (the core's generate at temperature 0), its window slides past S tokens with no end, and
  // the newest token's attention covers the window.
  void aTrainedLanguageModelWritesOn() {
    QTemporaryDir dir;
    CausalLmRunSettings settings = causalLmPreset("tiny");
    settings.data = test::writeRepeatedText(dir, "the cat sat on the mat.", 40);
    settings.model.sequenceLength = 8;
    settings.training.epochs = 3;
    settings.threads = 1;
    const QString modelDir = test::trainedLmDirectory(settings, dir);

    GeneratePage page;
    page.setPrompt(QStringLiteral("the cat sat"));
    QVERIFY(opens(page, modelDir));
    QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
    QVERIFY(idle(page));
    QVERIFY2(page.messageText().isEmpty(), qPrintable(page.messageText()));
    QCOMPARE(page.ids().size(), size_t{11});  // characters
    page.controls()->setTokensPerRun(12);
    page.generate();
    QVERIFY(idle(page));
    GenerationSettings greedy;
    greedy.maxNewTokens = 12;
    const Generation expected = generate(loadCausalLm(modelDir.toStdString()), "the cat sat", greedy);
    QCOMPARE(page.generatedIds().size(), size_t{12});
    for (size_t i = 0; i < 12; ++i) QCOMPARE(page.generatedIds()[i], expected.steps[i].id);
    QCOMPARE(page.generatedText(), QStringLiteral("the cat sat") + QString::fromStdString(expected.text));
    QCOMPARE(page.attentionBars()->weights().size(), Index(8));  // the window, not the 23 tokens so far
    QVERIFY(std::abs(page.attentionBars()->weights().sum() - 1.0f) < 1e-4f);
  }

  // The model's line says whether a language model has Transformer-XL's memory, and how long it is.
  void theInfoLineNamesTheMemory() {
    QTemporaryDir dir;
    const QString text = dir.filePath("text.txt");
    QFile file(text);
    QVERIFY(file.open(QIODevice::WriteOnly));
    for (int i = 0; i < 20; ++i) file.write("the cat sat on the mat.\n");
    file.close();
    auto trained = [&](int memory) {  // one epoch of a relative-position model with that memory
      CausalLmRunSettings settings = causalLmPreset("tiny");
      settings.data = text.toStdString();
      settings.model.sequenceLength = 8;
      settings.model.position = CausalPosition::Relative;
      settings.model.memoryLength = memory;
      settings.training.epochs = 1;
      settings.threads = 1;
      const std::unique_ptr<CausalLmRun> run = CausalLmRun::prepare(settings);
      run->train(nullptr, nullptr);
      const QString modelDir = dir.filePath(QStringLiteral("memory-%1").arg(memory));
      run->save(modelDir.toStdString());
      return modelDir;
    };
    GeneratePage page;
    auto* info = page.findChild<QLabel*>("modelInfo");
    QVERIFY(info);
    QVERIFY(opens(page, trained(12)));
    QVERIFY2(info->text().contains("Transformer-XL memory of 12 positions"), qPrintable(info->text()));
    QVERIFY(opens(page, trained(0)));
    QVERIFY2(info->text().contains("no Transformer-XL memory"), qPrintable(info->text()));
  }

  void theSequenceEndsWhereThePositionsDo() {
    GeneratePage page;
    page.setPrompt(QStringLiteral("the cat sat on the"));
    QVERIFY(opens(page, golden("gpt2-tiny")));
    QVERIFY(idle(page));
    // A GPT-2 has no Transformer-XL memory to speak of: the model line does not mention one.
    const QString info = page.findChild<QLabel*>("modelInfo")->text();
    QVERIFY2(!info.contains("memory"), qPrintable(info));
    page.controls()->setTokensPerRun(100);
    page.generate();
    QVERIFY(idle(page));
    QCOMPARE(page.ids().size(), size_t(16));
    QVERIFY2(page.messageText().contains("16"), qPrintable(page.messageText()));
  }
};

QTEST_MAIN(TestGeneratePage)
#include "test_generate_page.moc"
