// Training the language model with Transformer-XL's memory (core/train/causal_lm_run.h): the text read as B
// streams segment after segment with the memory carried, reproducible over threads, saved with its memory length,
// and generation that reads the whole text so far segment after segment.
#include <filesystem>
#include <fstream>

#include "core/data/text_corpus.h"
#include "core/error.h"
#include "core/inference/causal_lm_generation.h"
#include "core/train/causal_lm_run.h"
#include "tests/core/causal_lm_checks.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace al;
namespace fs = std::filesystem;

namespace {

CausalLmRunSettings memorySettings(const std::string& data, int epochs, int memory = 12) {
  return al::test::memoryLmSettings(data, epochs, memory);
}

}  // namespace

class TestCausalLmMemory : public QObject {
  Q_OBJECT
 private slots:
  // A run with memory trains (the loss falls), reads its streams in order (shuffling off, whatever was asked) and
  // saves a relative model with its memory length.
  void memoryRunTrains() {
    QTemporaryDir dir;
    CausalLmRunSettings settings = memorySettings(al::test::writeTinyText(dir), 6);
    settings.training.shuffle = true;
    std::unique_ptr<CausalLmRun> run = CausalLmRun::prepare(settings);
    QCOMPARE(run->settings()["shuffle"], nlohmann::json("off"));
    QCOMPARE(run->settings()["memory_length"], nlohmann::json(12));
    QCOMPARE(run->settings()["position"], nlohmann::json("relative"));
    const double before = run->evaluateTest().loss();
    const TrainingResult result = run->train(nullptr, nullptr);
    const double after = run->evaluateTest().loss();
    QVERIFY2(after < 0.6 * before, qPrintable(QString("loss %1 -> %2").arg(before).arg(after)));
    QVERIFY(std::isfinite(result.history.back().valLoss));
    const fs::path modelDir = dir.filePath("model").toStdString();
    run->save(modelDir);
    const CausalLmModel loaded = loadCausalLm(modelDir);
    QCOMPARE(loaded.model->config().memoryLength, 12);
    QVERIFY(loaded.model->config().position == CausalPosition::Relative);
  }

  // A text file has no test split: evaluateTest reads the training text as training does, B = 4 equal streams,
  // each segment after segment with the memory carried. It is the mean cross-entropy of that reading, computed
  // here from the model's segments, and not that of the segments read alone.
  void evaluationCarriesTheMemory() {
    QTemporaryDir dir;
    const CausalLmRunSettings settings = memorySettings(al::test::writeTinyText(dir), 3);
    std::unique_ptr<CausalLmRun> run = CausalLmRun::prepare(settings);
    run->train(nullptr, nullptr);
    const double evaluated = run->evaluateTest().loss();
    const auto model = run->snapshot().as<CausalLmModel>();
    std::vector<int> stream;  // the documents, each followed by [EOS]
    for (const std::string& d : loadTextCorpus(settings.data, settings.training.seed).train) {
      for (const int id : causalLmIds(causalLmTokens(d, "chars"), model->vocabulary)) stream.push_back(id);
      stream.push_back(kEndOfTextId);
    }
    const size_t length = (stream.size() - 1) / 4;  // inputs of each of the 4 streams
    QVERIFY(length > 3 * 12);                       // several segments each
    auto readStreams = [&](bool carry) {
      double sum = 0, count = 0;
      for (size_t s = 0; s < 4; ++s) {
        CausalLanguageModel::Memory memory;
        for (size_t first = 0; first < length; first += 12) {
          const size_t start = s * length + first, T = std::min<size_t>(12, length - first);
          Rng unused(0);
          CausalLanguageModel::Cache cache;
          const Matrix losses = model->model->segmentLoss(model->model->parameters(), std::span(stream).subspan(start, T),
                                                          std::span(stream).subspan(start + 1, T), Mode::Eval, unused,
                                                          cache, &memory);
          sum += losses.sum();
          count += static_cast<double>(losses.rows());
          if (carry) memory = model->model->memoryAfter(cache);
        }
      }
      return sum / count;
    };
    const double carried = readStreams(true), alone = readStreams(false);
    QVERIFY2(std::abs(evaluated - carried) < 1e-5, qPrintable(QString("%1 vs %2").arg(evaluated).arg(carried)));
    QVERIFY2(std::abs(carried - alone) > 1e-3, qPrintable(QString("%1 with memory, %2 without").arg(carried).arg(alone)));
  }

  // generate with memory: each step's token is the greedy choice of the whole text so far read segment after
  // segment (greedyContinuation), and the last token's attention reaches back over the memory too.
  void generationReadsSegmentsFromTheStart() {
    QTemporaryDir dir;
    std::unique_ptr<CausalLmRun> run = CausalLmRun::prepare(memorySettings(al::test::writeTinyText(dir), 2));
    run->train(nullptr, nullptr);
    const auto model = run->snapshot().as<CausalLmModel>();
    const std::string prompt = "the cat sat on the mat. the dog";  // 31 characters: two segments and a part
    GenerationSettings settings;
    settings.maxNewTokens = 10;
    const Generation g = generate(*model, prompt, settings);
    const std::vector<int> ids = causalLmIds(causalLmTokens(prompt, "chars"), model->vocabulary);
    const std::vector<int> greedy = greedyContinuation(*model->model, ids, 10);
    for (size_t i = 0; i < greedy.size(); ++i) QCOMPARE(g.steps[i].id, int64_t{greedy[i]});
    const CausalLmStep step = nextTokenStep(*model, std::vector<int64_t>(ids.begin(), ids.end()));
    QCOMPARE(step.windowStart, size_t{24 - 12});  // the last segment starts at 24, its memory holds 12 before
    QCOMPARE(step.attention[0][0].size(), Index{31 - 12});
    const CausalLmAttention a = readAttention(*model, prompt);
    QCOMPARE(a.segmentStart, size_t{24});
    QCOMPARE(a.memoryRows, size_t{12});
    QCOMPARE(a.attention[0][0].rows(), Index{7});
    QCOMPARE(a.attention[0][0].cols(), Index{12 + 7});
  }
};

QTEST_GUILESS_MAIN(TestCausalLmMemory)
#include "test_causal_lm_memory.moc"
