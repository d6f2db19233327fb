// Kinds x pages against the command line: every kind of the catalogue (a tiny model of each trainable kind, trained
// for an epoch; the tiny Hugging Face folders of the reference tests for the pretrained kinds) opens on each page its
// abilities name and shows the numbers the command line prints for the same input, to 1e-5:
// - the Attention page (SelfAttention) and `inspect --json`: every map of every layer and head, with every head on
//   and with a head switched off (inspect --ablate), and a classifier's probability;
// - the Fill page (Fill) and `fill --json`: each blank's candidates and probabilities, and every map;
// - the Generate page (Generate) and `generate --json --temperature 0`: the greedy tokens and their probabilities;
// - the Chatbot page (Ask) and `ask --json`: the answer's tokens and the alignment over the question.
// Every kind without self-attention is refused, by the page and by inspect, in words. Which kinds are which is read
// from the catalogue, so a new kind is covered the day its entry is added.
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
#include "ui/pages/chatbot_page.h"
#include "ui/pages/fill_page.h"
#include "ui/pages/generate_page.h"
#include "ui/widgets/generate_controls.h"
#include "ui/widgets/weight_bars.h"
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

// `attentionlab-cli COMMAND --model DIR --json OPTIONS TEXT`, its output read as JSON; null (and a warning naming the
// command and its error) when it fails.
nlohmann::json cliJson(const QString& command, const QString& dir, const QStringList& options, const QString& text) {
  const QStringList args = QStringList{command, "--model", dir, "--json"} + options + QStringList{text};
  const test::CliRun run = test::runCli(args);
  if (run.exitCode != 0) {
    qWarning("%s", qPrintable(test::describe(run, args)));
    return {};
  }
  return nlohmann::json::parse(run.out.toStdString());
}

nlohmann::json inspect(const QString& dir, const QStringList& options = {}) {
  return cliJson(QStringLiteral("inspect"), dir, options, kSentence);
}

// What differs between a matrix a page holds and the command line's rows ([row][column]): a sentence naming the
// first difference larger than the tolerance, or empty.
QString differenceFromRows(const Matrix& map, const nlohmann::json& rows, const QString& what) {
  if (size_t(map.rows()) != rows.size() || (map.rows() > 0 && size_t(map.cols()) != rows[0].size()))
    return QString("%1: %2 x %3 shown, %4 rows printed").arg(what).arg(map.rows()).arg(map.cols()).arg(rows.size());
  for (Index q = 0; q < map.rows(); ++q)
    for (Index k = 0; k < map.cols(); ++k) {
      const double printed = rows[size_t(q)][size_t(k)].get<double>();
      if (std::abs(double(map(q, k)) - printed) > kTolerance)
        return QString("%1 (%2, %3): %4 shown, %5 printed").arg(what).arg(q).arg(k).arg(map(q, k)).arg(printed);
    }
  return {};
}

// The same for every map of [layer][head].
QString differenceFromMaps(const std::vector<std::vector<Matrix>>& shown, const nlohmann::json& attention) {
  if (shown.size() != attention.size()) return QString("%1 layers shown, %2 printed").arg(shown.size()).arg(attention.size());
  for (size_t l = 0; l < shown.size(); ++l) {
    if (shown[l].size() != attention[l].size()) return QString("layer %1: %2 heads shown").arg(l).arg(shown[l].size());
    for (size_t h = 0; h < shown[l].size(); ++h) {
      const QString difference = differenceFromRows(shown[l][h], attention[l][h], QString("map %1.%2").arg(l).arg(h));
      if (!difference.isEmpty()) return difference;
    }
  }
  return {};
}

// The text a kind is asked about on a page: the sentence its first corpus's training timeline watches (a review with
// a [MASK] for a masked model, a prompt for a language model, a question for a chatbot); for a pretrained kind, what
// the tiny Hugging Face folders read.
QString inputOf(const ModelKind& kind) {
  const std::vector<std::string> probes = defaultProbes(kind, "");
  if (!probes.empty()) return QString::fromStdString(probes.front());
  return kind.can(Ability::Fill) ? QStringLiteral("the cat sat on the [MASK].") : QStringLiteral("the cat sat on the");
}

QString differenceFromInspect(const AttentionPage& page, const nlohmann::json& attention) {
  return differenceFromMaps(page.prediction().attention, attention);
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

  // The Fill page and `fill --json --top 10` (the page's ten candidates): each blank's position, candidates and
  // probabilities, and every map of every layer and head.
  void everyKindThatFillsShowsTheNumbersOfFill() {
    int kinds = 0;
    for (const ModelKind& kind : modelKinds()) {
      if (!kind.can(Ability::Fill)) continue;
      const QByteArray what = QByteArray::fromStdString(kind.task);
      const QString dir = directoryOf(kind);
      if (QTest::currentTestFailed()) return;
      QVERIFY2(!dir.isEmpty(), what + ": no tiny model of the kind");
      const QString text = inputOf(kind);
      QVERIFY2(text.contains(QStringLiteral("[MASK]")), qPrintable(what + ": " + text.toUtf8()));
      ModelLibrary library;
      FillPage page(&library);
      QVERIFY2(opensOn(page, dir), qPrintable(what + ": " + page.errorText().toUtf8()));
      page.setText(text);
      QVERIFY2(page.hasResult(), qPrintable(what + ": " + page.messageText().toUtf8()));

      const nlohmann::json printed = cliJson(QStringLiteral("fill"), dir, {"--top", "10"}, text);
      QVERIFY2(printed.contains("predictions"), what + ": fill failed");
      const FillResult& shown = page.result();
      QCOMPARE(shown.tokens.size(), printed["tokens"].size());
      QCOMPARE(shown.predictions.size(), printed["predictions"].size());
      QVERIFY2(!shown.predictions.empty(), what);
      for (size_t b = 0; b < shown.predictions.size(); ++b) {
        const FillPrediction& blank = shown.predictions[b];
        const nlohmann::json& blankPrinted = printed["predictions"][b];
        QCOMPARE(blank.position, blankPrinted["position"].get<int>());
        QCOMPARE(blank.top.size(), blankPrinted["top"].size());
        for (size_t c = 0; c < blank.top.size(); ++c) {
          QCOMPARE(blank.top[c].token, blankPrinted["top"][c]["token"].get<std::string>());
          const double probability = blankPrinted["top"][c]["probability"].get<double>();
          QVERIFY2(std::abs(double(blank.top[c].probability) - probability) <= kTolerance,
                   qPrintable(what + QString(": blank %1, candidate %2: %3 shown, %4 printed")
                                         .arg(b).arg(c).arg(blank.top[c].probability).arg(probability).toUtf8()));
        }
      }
      // The bars drawn are the candidates read: the first blank's best candidate.
      QVERIFY2(std::abs(double(page.candidateBars()->weights()(0)) -
                        printed["predictions"][0]["top"][0]["probability"].get<double>()) <= kTolerance, what);
      const QString difference = differenceFromMaps(shown.attention, printed["attention"]);
      QVERIFY2(difference.isEmpty(), qPrintable(what + ": " + difference.toUtf8()));
      ++kinds;
    }
    QVERIFY(kinds >= 2);  // the masked language model trained here, BERT
  }

  // The Generate page and `generate --json --temperature 0`: the same prompt read into the same number of tokens,
  // then the same greedy tokens, one Generate of four.
  void everyKindThatGeneratesWritesTheTokensOfGenerate() {
    int kinds = 0;
    for (const ModelKind& kind : modelKinds()) {
      if (!kind.can(Ability::Generate)) continue;
      const QByteArray what = QByteArray::fromStdString(kind.task);
      const QString dir = directoryOf(kind);
      if (QTest::currentTestFailed()) return;
      QVERIFY2(!dir.isEmpty(), what + ": no tiny model of the kind");
      const QString prompt = inputOf(kind);
      ModelLibrary library;
      GeneratePage page(&library);
      page.setPrompt(prompt);
      QVERIFY2(opensOn(page, dir), qPrintable(what + ": " + page.errorText().toUtf8()));
      QVERIFY2(QTest::qWaitFor([&] { return !page.isBusy(); }, kTimeoutMs), what);
      page.controls()->setTemperature(0);
      page.controls()->setTokensPerRun(4);
      page.generate();
      QVERIFY2(QTest::qWaitFor([&] { return !page.isBusy(); }, kTimeoutMs), what);

      const nlohmann::json printed =
          cliJson(QStringLiteral("generate"), dir, {"--temperature", "0", "--max-new-tokens", "4"}, prompt);
      QVERIFY2(printed.contains("steps"), what + ": generate failed");
      QCOMPARE(size_t(page.promptLength()), printed["prompt_tokens"].size());
      std::vector<int64_t> greedy;
      for (const nlohmann::json& step : printed["steps"]) greedy.push_back(step["id"].get<int64_t>());
      QVERIFY2(!greedy.empty(), what);
      QCOMPARE(page.generatedIds(), greedy);
      ++kinds;
    }
    QVERIFY(kinds >= 2);  // the language model trained here, GPT-2
  }

  // The Chatbot page and `ask --json`: the answer, its tokens as produced, the question's tokens, and where each
  // answer token looked in the question (the GRU's additive attention; the Transformer's cross-attention of its
  // last layer, mean of the heads), to 1e-5.
  void everyKindThatAnswersShowsTheNumbersOfAsk() {
    int kinds = 0;
    for (const ModelKind& kind : modelKinds()) {
      if (!kind.can(Ability::Ask)) continue;
      const QByteArray what = QByteArray::fromStdString(kind.task);
      const QString dir = directoryOf(kind);
      if (QTest::currentTestFailed()) return;
      QVERIFY2(!dir.isEmpty(), what + ": no tiny model of the kind");
      const QString question = inputOf(kind);
      ModelLibrary library;
      ChatbotPage page(&library);
      QVERIFY2(opensOn(page, dir), qPrintable(what + ": " + page.errorText().toUtf8()));
      page.ask(question);
      const Seq2SeqReply* shown = page.hasReply()              ? static_cast<const Seq2SeqReply*>(&page.reply())
                                  : page.hasTransformerReply() ? &page.transformerReply()
                                                               : nullptr;
      QVERIFY2(shown, qPrintable(what + ": " + page.errorText().toUtf8()));

      const nlohmann::json printed = cliJson(QStringLiteral("ask"), dir, {}, question);
      QVERIFY2(printed.contains("answer"), what + ": ask failed");
      QCOMPARE(shown->answer, printed["answer"].get<std::string>());
      QCOMPARE(shown->outputTokens, printed["output_tokens"].get<std::vector<std::string>>());
      QCOMPARE(shown->sourceTokens, printed["source_tokens"].get<std::vector<std::string>>());
      const QString difference = differenceFromRows(shown->attention, printed["attention"], QStringLiteral("alignment"));
      QVERIFY2(difference.isEmpty(), qPrintable(what + ": " + difference.toUtf8()));
      // The map drawn is the alignment read.
      QCOMPARE(page.alignmentView()->rows(), int(shown->attention.rows()));
      ++kinds;
    }
    QVERIFY(kinds >= 2);  // the GRU chatbot and the encoder-decoder Transformer
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
