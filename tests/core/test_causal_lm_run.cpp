// Training the GPT-style language model (core/train/causal_lm_run.h) and its place in the catalogue: the kind is
// listed and trainable, a trained model saved and loaded back is the same model, training lowers the loss on a
// tiny text, a batch's gradients do not depend on the thread count, and generation at temperature 0 is the
// greedy continuation of re-running the window.
#include <algorithm>
#include <filesystem>
#include <fstream>

#include "core/catalogue/model_catalogue.h"
#include "core/data/text_corpus.h"
#include "core/error.h"
#include "core/inference/causal_lm_generation.h"
#include "core/train/causal_lm_run.h"
#include "core/train/hyperparameters.h"
#include "tests/core/causal_lm_checks.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace al;
namespace fs = std::filesystem;

namespace {

CausalLmRunSettings tinySettings(const std::string& data, int epochs) { return al::test::tinyLmSettings(data, epochs); }

}  // namespace

class TestCausalLmRun : public QObject {
  Q_OBJECT
 private slots:
  // "Language model (GPT)" is one entry of the catalogue: trained by `train lm`, generates and shows attention.
  void theKindIsInTheCatalogue() {
    const ModelKind* kind = findModelKind("causal-lm");
    QVERIFY(kind);
    QVERIFY(kind->trainable());
    QCOMPARE(kind->trainCommand, std::string("lm"));
    QVERIFY(kind->can(Ability::Generate));
    QVERIFY(kind->can(Ability::SelfAttention));
    QVERIFY(!kind->can(Ability::Classify));
    QCOMPARE(kind->data, DataKind::Text);
    QCOMPARE(kind->corpora.size(), size_t{6});  // builtin, builtin:zh, quotes, poems-zh, long-range, referent-zh
    QCOMPARE(kind->corpora[1].source, std::string("builtin:zh"));
    const TaskSchema& schema = taskSchema("lm");
    QCOMPARE(schema.task, std::string("causal-lm"));
    QCOMPARE(schema.presets, (std::vector<std::string>{"tiny", "classroom", "large", "long-range", "referent-zh"}));
    // a run on the long-range text takes its own preset when none is named: Transformer-XL with a memory
    QCOMPARE(defaultPresetFor(schema, "long-range"), std::string("long-range"));
    QCOMPARE(defaultPresetFor(schema, "referent-zh"), std::string("referent-zh"));
    QCOMPARE(defaultPresetFor(schema, "builtin"), std::string("tiny"));
    RunRequest onLongRange;
    onLongRange.task = "causal-lm", onLongRange.data = "long-range";
    const nlohmann::json longRange = schema.settings(onLongRange);
    QCOMPARE(longRange["preset"].get<std::string>(), std::string("long-range"));
    QCOMPARE(longRange["position"].get<std::string>(), std::string("relative"));
    QVERIFY(longRange["memory_length"].get<int>() > 0);
    QVERIFY(knownTasks().find("causal-lm") != std::string::npos);
  }

  // A text file's documents are its lines; the built-in corpora have a test split, English and Chinese.
  void textSources() {
    QCOMPARE(splitDocuments("a b\nc\n\n  \r\nd\r\n"), (std::vector<std::string>{"a b", "c", "d"}));
    const TextCorpus en = loadTextCorpus("builtin", 1), zh = loadTextCorpus("builtin:zh", 1);
    QVERIFY(!en.train.empty() && !en.test.empty());
    QVERIFY(!zh.train.empty() && !zh.test.empty());
    QVERIFY(zh.train.front().size() > characterTokens(zh.train.front()).size());  // multi-byte characters
    QVERIFY_THROWS_EXCEPTION(InputError, loadTextCorpus("builtin:fr", 1));
  }

  // After a few epochs on a tiny text, the loss on the same windows is far below the untrained model's, and each
  // epoch's validation loss is recorded.
  void trainingLowersTheLoss() {
    QTemporaryDir dir;
    std::unique_ptr<CausalLmRun> run = CausalLmRun::prepare(tinySettings(al::test::writeTinyText(dir), 8));
    const double before = run->evaluateTest().loss();
    const TrainingResult result = run->train(nullptr, nullptr);
    const double after = run->evaluateTest().loss();
    QCOMPARE(result.epochsDone, 8);
    QVERIFY2(after < 0.6 * before, qPrintable(QString("loss %1 -> %2").arg(before).arg(after)));
    QVERIFY(std::isfinite(result.history.back().valLoss));
    QVERIFY(result.history.back().valLoss < result.history.front().valLoss);
  }

  // Saved and loaded back (through the catalogue, as the app opens it): the same config, vocabulary, weights and
  // history, so the same next-token probabilities.
  void saveAndLoadRoundTrip() {
    QTemporaryDir dir;
    std::unique_ptr<CausalLmRun> run = CausalLmRun::prepare(tinySettings(al::test::writeTinyText(dir), 2));
    run->train(nullptr, nullptr);
    const fs::path modelDir = dir.filePath("model").toStdString();
    const AnyModel snapshot = run->snapshot();
    saveModel(snapshot, modelDir);
    const AnyModel loaded = loadModel(modelDir);
    QCOMPARE(loaded.task, std::string("causal-lm"));
    const auto a = snapshot.as<CausalLmModel>(), b = loaded.as<CausalLmModel>();
    QVERIFY(a && b);
    QCOMPARE(toJson(b->model->config()), toJson(a->model->config()));
    QCOMPARE(b->vocabulary.tokens(), a->vocabulary.tokens());
    QVERIFY(b->model->parameters().data() == a->model->parameters().data());
    QCOMPARE(b->history.size(), size_t{2});
    QCOMPARE(b->history[1].valLoss, a->history[1].valLoss);
    const std::vector<int64_t> ids = encodePrompt(*a, "the cat").ids;
    QVERIFY(nextTokenStep(*b, ids).logits == nextTokenStep(*a, ids).logits);
    QCOMPARE(modelKind("causal-lm").describe(loaded)["num_layers"], nlohmann::json(1));
  }

  // A batch's gradients are summed in fixed chunks (with a memory: the streams' segments trained in parallel): the
  // same on two threads every time, and the same as one thread's up to rounding.
  void parallelTrainingIsReproducible() {
    QTemporaryDir dir;
    const std::string text = al::test::writeTinyText(dir);
    for (const CausalLmRunSettings& settings : {tinySettings(text, 1), al::test::memoryLmSettings(text, 1)}) {
      const QString problem = al::test::threadReproducibilityProblem(settings);
      QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }
  }

  // Temperature 0: each step's token is the argmax of re-running the last S ids (greedyContinuation), and its
  // probability the plain softmax's.
  void greedyGenerationIsTheArgmax() {
    QTemporaryDir dir;
    std::unique_ptr<CausalLmRun> run = CausalLmRun::prepare(tinySettings(al::test::writeTinyText(dir), 2));
    run->train(nullptr, nullptr);
    const auto model = run->snapshot().as<CausalLmModel>();
    const std::string prompt = "the cat sat on the";  // longer than the window of 16: the window slides
    GenerationSettings settings;
    settings.maxNewTokens = 12;
    const Generation g = generate(*model, prompt, settings);
    const std::vector<int> ids = causalLmIds(causalLmTokens(prompt, "chars"), model->vocabulary);
    const std::vector<int> greedy = greedyContinuation(*model->model, ids, 12);
    QCOMPARE(g.steps.size(), size_t{12});
    for (size_t i = 0; i < greedy.size(); ++i) {
      QCOMPARE(g.steps[i].id, int64_t{greedy[i]});
      QCOMPARE(g.steps[i].probability, g.steps[i].top.front().second);
    }
    QCOMPARE(g.text, decodeTokens(*model, std::vector<int64_t>(greedy.begin(), greedy.end())));
  }

  // Data and settings a run refuses, with the reason.
  void refusals() {
    QTemporaryDir dir;
    const std::string empty = dir.filePath("empty.txt").toStdString();
    std::ofstream(empty) << "\n\n  \n";
    QVERIFY_THROWS_EXCEPTION(InputError, CausalLmRun::prepare(tinySettings(empty, 1)));
    CausalLmRunSettings memoryWithoutRelative = tinySettings(al::test::writeTinyText(dir), 1);
    memoryWithoutRelative.model.memoryLength = 8;  // a memory needs relative positions (Transformer-XL)
    QVERIFY_THROWS_EXCEPTION(InputError, CausalLmRun::prepare(memoryWithoutRelative));
    QVERIFY_THROWS_EXCEPTION(InputError, causalLmPreset("book"));
  }
};

QTEST_GUILESS_MAIN(TestCausalLmRun)
#include "test_causal_lm_run.moc"
