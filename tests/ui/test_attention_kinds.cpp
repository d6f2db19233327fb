// Kinds x the Attention page: every kind of the catalogue with self-attention (a tiny model of each trainable kind,
// trained for an epoch; the tiny Hugging Face folders of the reference tests for the pretrained kinds) opens on the
// page and shows the numbers `attentionlab-cli inspect --json` prints for the same sentence, to 1e-5: every map
// of every layer and head, with every head on and with a head switched off (inspect --ablate), and a classifier's
// probability. Every kind without self-attention is refused, by the page and by inspect, in words. Which kinds are
// which is read from the catalogue, so a new kind is covered the day its entry is added.
#include "core/catalogue/model_catalogue.h"
#include "core/train/hyperparameters.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <map>

#include <nlohmann/json.hpp>

#include "tests/attention_shown.h"
#include "tests/cli/cli_runner.h"
#include "ui/pages/attention_page.h"
#include "ui/session/model_library.h"
#include "ui/widgets/heatmap_view.h"

using namespace al;
using namespace al::ui;

namespace {

constexpr int kTimeoutMs = 60000;  // generous: the machine may be busy
constexpr double kTolerance = 1e-5;
// Words every tiny vocabulary reads: the golden GPT-2's 40 pieces hold the bytes of these (it has none for m or g,
// so "mat" or "dog" would be refused); a short text: one segment of any model.
const QString kSentence = QStringLiteral("the cat sat on the hat");

// The first folder of the reference tests' golden models that holds a model of `task` (the tiny Hugging Face
// folders for the pretrained kinds); empty when none does.
QString goldenFolderOf(const std::string& task) {
  const QDir golden(QStringLiteral(ATTENTIONLAB_SOURCE_DIR "/tests/reference/golden"));
  for (const QString& name : golden.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
    try {
      if (modelKindOfDirectory(golden.filePath(name).toStdString()).task == task) return golden.filePath(name);
    } catch (const std::exception&) {  // a folder of reference data, not a model
    }
  }
  return {};
}

// A tiny model of the kind trained for one epoch on a few samples of its first corpus, saved as a directory.
void saveTrainedModel(const ModelKind& kind, const QString& dir) {
  RunRequest request;
  request.task = kind.trainCommand;
  request.preset = "tiny";
  request.values = kind.formValues;
  request.values["threads"] = 1;
  request.values["epochs"] = 1;
  request.values["train_limit"] = 64;
  if (!kind.startsFrom.empty()) request.initEncoderDir = goldenFolderOf(kind.startsFrom).toStdString();
  const std::unique_ptr<TrainingRun> run = taskSchema(kind.trainCommand).prepare(request, {});
  QCOMPARE(run->task(), kind.task);
  run->train(nullptr, nullptr);
  run->save(dir.toStdString());
}

bool opensOn(ModelPage& page, const QString& dir) {
  page.openModelDirectory(dir);
  if (!QTest::qWaitFor([&] { return !page.isOpeningModel(); }, kTimeoutMs)) return false;
  return page.errorText().isEmpty() && page.currentModelName() == QFileInfo(dir).fileName();
}

nlohmann::json inspect(const QString& dir, const QStringList& options = {}) {
  const QStringList args = QStringList{"inspect", "--model", dir, "--json"} + options + QStringList{kSentence};
  const test::CliRun run = test::runCli(args);
  if (run.exitCode != 0) {
    qWarning("%s", qPrintable(test::describe(run, args)));
    return {};
  }
  return nlohmann::json::parse(run.out.toStdString());
}

// What differs between the maps the page shows and inspect's "attention" ([layer][head][query][key]): a sentence
// naming the first difference larger than the tolerance, or empty.
QString differenceFromInspect(const AttentionPage& page, const nlohmann::json& attention) {
  const std::vector<std::vector<Matrix>>& shown = page.prediction().attention;
  if (shown.size() != attention.size()) return QString("%1 layers shown, %2 inspected").arg(shown.size()).arg(attention.size());
  for (size_t l = 0; l < shown.size(); ++l) {
    if (shown[l].size() != attention[l].size()) return QString("layer %1: %2 heads shown").arg(l).arg(shown[l].size());
    for (size_t h = 0; h < shown[l].size(); ++h) {
      const Matrix& map = shown[l][h];
      const nlohmann::json& rows = attention[l][h];
      if (size_t(map.rows()) != rows.size() || size_t(map.cols()) != rows[0].size())
        return QString("map %1.%2: %3 x %4 shown").arg(l).arg(h).arg(map.rows()).arg(map.cols());
      for (Index q = 0; q < map.rows(); ++q)
        for (Index k = 0; k < map.cols(); ++k) {
          const double inspected = rows[size_t(q)][size_t(k)].get<double>();
          if (std::abs(double(map(q, k)) - inspected) > kTolerance)
            return QString("map %1.%2 (%3, %4): %5 shown, %6 inspected").arg(l).arg(h).arg(q).arg(k).arg(map(q, k)).arg(inspected);
        }
    }
  }
  return {};
}

}  // namespace

class TestAttentionKinds : public QObject {
  Q_OBJECT
  QTemporaryDir folder_;
  std::map<std::string, QString> directories_;  // task -> a model directory of that kind

  // Every kind's directory: trained here, or a golden folder for a kind that is not trained here.
  QString directoryOf(const ModelKind& kind) {
    if (auto found = directories_.find(kind.task); found != directories_.end()) return found->second;
    QString dir;
    if (kind.trainable()) {
      dir = folder_.filePath(QString::fromStdString("tiny-" + kind.task));
      saveTrainedModel(kind, dir);
    } else {
      dir = goldenFolderOf(kind.task);
    }
    directories_[kind.task] = dir;
    return dir;
  }

 private slots:
  void everyKindWithSelfAttentionShowsTheNumbersOfInspect() {
    int kinds = 0;
    for (const ModelKind& kind : modelKinds()) {
      if (!kind.can(Ability::SelfAttention)) continue;
      const QByteArray what = QByteArray::fromStdString(kind.task);
      const QString dir = directoryOf(kind);
      if (QTest::currentTestFailed()) return;
      QVERIFY2(!dir.isEmpty(), what + ": no tiny model of the kind");
      ModelLibrary library;
      AttentionPage page(&library);
      QVERIFY2(opensOn(page, dir), qPrintable(what + ": " + page.errorText().toUtf8()));
      page.setText(kSentence);
      QVERIFY2(test::attentionShown(page), what);
      QVERIFY2(page.hasPrediction(), qPrintable(what + ": " + page.errorText().toUtf8()));

      const nlohmann::json inspected = inspect(dir);
      QVERIFY2(inspected.contains("attention"), what + ": inspect failed");
      QCOMPARE(inspected["model_type"].get<std::string>(), kind.task);
      const ImdbPrediction& shown = page.prediction();
      QVERIFY2(shown.tokens.size() == inspected["tokens"].size(), what);  // (pieces written as a person reads them)
      const QString difference = differenceFromInspect(page, inspected["attention"]);
      QVERIFY2(difference.isEmpty(), qPrintable(what + ": " + difference.toUtf8()));
      // The map drawn is the map read: the last layer's last head, the last token's row.
      const size_t L = shown.attention.size(), H = shown.attention.back().size();
      const Matrix& last = shown.attention.back().back();
      const HeatmapView* view = page.heatmap(int(L) - 1, int(H) - 1);
      QVERIFY2(view, what);
      QVERIFY2(std::abs(view->drawnValue(int(last.rows()) - 1, 0) - last(last.rows() - 1, 0)) <= kTolerance, what);

      // A head switched off on the page: the maps and the verdict of inspect --ablate 0.0.
      page.setHeadSwitchedOff(0, 0, true);
      QVERIFY2(test::attentionShown(page), what);
      const nlohmann::json ablated = inspect(dir, {"--ablate", "0.0"});
      QVERIFY2(ablated.contains("ablation"), what + ": inspect --ablate failed");
      const QString ablatedDifference = differenceFromInspect(page, ablated["attention"]);
      QVERIFY2(ablatedDifference.isEmpty(), qPrintable(what + " with head 0.0 off: " + ablatedDifference.toUtf8()));
      if (kind.can(Ability::Classify)) {
        const double probability = ablated["ablation"]["probability"].get<double>();
        QVERIFY2(std::abs(double(page.prediction().probability) - probability) <= kTolerance,
                 qPrintable(what + QString(": %1 shown, %2 inspected").arg(page.prediction().probability).arg(probability).toUtf8()));
      }
      ++kinds;
    }
    QVERIFY(kinds >= 7);  // the classifier, the chatbot's encoder, two language models, BERT, GPT-2, BERT's head
  }

  void aKindWithoutSelfAttentionIsRefusedInWords() {
    int kinds = 0;
    for (const ModelKind& kind : modelKinds()) {
      if (kind.can(Ability::SelfAttention)) continue;
      const QByteArray what = QByteArray::fromStdString(kind.task);
      const QString dir = directoryOf(kind);
      if (QTest::currentTestFailed()) return;
      ModelLibrary library;
      AttentionPage page(&library);
      QVERIFY2(!opensOn(page, dir), what);
      QVERIFY2(page.errorText().contains(QStringLiteral("no self-attention")), qPrintable(page.errorText()));
      const QStringList args{"inspect", "--model", dir, kSentence};
      const test::CliRun run = test::runCli(args);
      QVERIFY2(run.exitCode == 3 && run.err.contains("does not read"), qPrintable(test::describe(run, args)));
      ++kinds;
    }
    QVERIFY(kinds >= 2);  // the bigram classifier and the GRU chatbot
  }
};

QTEST_MAIN(TestAttentionKinds)
#include "test_attention_kinds.moc"
