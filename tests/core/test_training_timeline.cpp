// The training timeline (core/inference/training_timeline.h, core/train/timeline_recorder.h): a snapshot is what
// the model saved at that step shows, for every kind trained here; the same seed records the same timeline; the file
// reads back, and a damaged one is refused with a message while the model still opens.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/catalogue/model_catalogue.h"
#include "core/error.h"
#include "core/inference/model_attention.h"
#include "core/inference/training_timeline.h"
#include "core/train/hyperparameters.h"
#include "core/train/timeline_recorder.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace al;
namespace fs = std::filesystem;

Q_DECLARE_METATYPE(std::string)

namespace {

std::string golden(const char* path) { return std::string(ATTENTIONLAB_SOURCE_DIR "/tests/reference/golden/") + path; }

// One layer of these heads' maps.
std::vector<std::vector<Matrix>> oneLayer(std::vector<Matrix> heads) { return {std::move(heads)}; }

// A run of `kind` small enough for seconds: a few dozen samples of its first built-in corpus, batches of 8.
std::unique_ptr<TrainingRun> tinyRun(const ModelKind& kind, int epochs = 2, uint64_t seed = 7) {
  RunRequest request;
  request.task = kind.task;
  request.preset = "tiny";
  request.values = kind.formValues;
  request.values.update({{"epochs", epochs}, {"batch_size", 8}, {"train_limit", 64}, {"threads", 1}, {"seed", seed}});
  if (kind.startsFrom == PretrainedBert::kTask) request.initEncoderDir = golden("bert-tiny");
  return taskSchema(kind.trainCommand).prepare(request, {});
}

// Saves the run's model when it reaches `step`, between the batches, as the recorder snapshots it.
class CheckpointAt : public TrainingEvents {
 public:
  CheckpointAt(const TrainingRun& run, long step, fs::path dir) : run_(run), step_(step), dir_(std::move(dir)) {}
  void onBatch(const BatchEvent& e) override {
    if ((e.epoch - 1) * static_cast<long>(e.batchesPerEpoch) + static_cast<long>(e.batch) == step_) run_.save(dir_);
  }

 private:
  const TrainingRun& run_;
  long step_;
  fs::path dir_;
};

float largestDifference(const std::vector<std::vector<Matrix>>& a, const std::vector<std::vector<Matrix>>& b) {
  if (a.size() != b.size()) return INFINITY;
  float largest = 0;
  for (size_t l = 0; l < a.size(); ++l) {
    if (a[l].size() != b[l].size()) return INFINITY;
    for (size_t h = 0; h < a[l].size(); ++h) {
      if (a[l][h].rows() != b[l][h].rows() || a[l][h].cols() != b[l][h].cols()) return INFINITY;
      largest = std::max(largest, (a[l][h] - b[l][h]).cwiseAbs().maxCoeff());
    }
  }
  return largest;
}

float largestDifference(const std::vector<std::vector<float>>& a, const std::vector<std::vector<float>>& b) {
  if (a.size() != b.size()) return INFINITY;
  float largest = 0;
  for (size_t l = 0; l < a.size(); ++l) {
    if (a[l].size() != b[l].size()) return INFINITY;
    for (size_t h = 0; h < a[l].size(); ++h) largest = std::max(largest, std::abs(a[l][h] - b[l][h]));
  }
  return largest;
}

float largestDifference(const std::vector<PredictedToken>& a, const std::vector<PredictedToken>& b) {
  if (a.size() != b.size()) return INFINITY;
  float largest = 0;
  for (size_t i = 0; i < a.size(); ++i)
    largest = a[i].token == b[i].token ? std::max(largest, std::abs(a[i].probability - b[i].probability)) : INFINITY;
  return largest;
}

// The largest difference of any number two readings of one probe hold (infinite where their shapes differ).
float readingDifference(const ProbeReading& a, const ProbeReading& b) {
  const ModelPrediction &p = a.prediction, &q = b.prediction;
  float d = std::max({largestDifference(a.attention, b.attention), largestDifference(a.heads.entropy, b.heads.entropy),
                      largestDifference(a.heads.distanceFromUniform, b.heads.distanceFromUniform),
                      std::abs(p.probability - q.probability), largestDifference(p.next, q.next)});
  if (p.blanks.size() != q.blanks.size()) return INFINITY;
  for (size_t i = 0; i < p.blanks.size(); ++i) d = std::max(d, largestDifference(p.blanks[i].top, q.blanks[i].top));
  if (p.alignment.rows() != q.alignment.rows() || p.alignment.cols() != q.alignment.cols()) return INFINITY;
  if (p.alignment.size() > 0) d = std::max(d, (p.alignment - q.alignment).cwiseAbs().maxCoeff());
  return d;
}

// Every number of two readings of the same probe agrees to `tolerance`; the words exactly.
void compareReadings(const ProbeReading& a, const ProbeReading& b, float tolerance) {
  QCOMPARE(int(a.prediction.kind), int(b.prediction.kind));
  QCOMPARE(a.prediction.tokens, b.prediction.tokens);
  QCOMPARE(a.prediction.answer, b.prediction.answer);
  QCOMPARE(a.prediction.answerTokens, b.prediction.answerTokens);
  const float difference = readingDifference(a, b);
  QVERIFY2(difference <= tolerance, std::to_string(difference).c_str());
}

std::string fileText(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TrainingTimeline recordTinyImdb(uint64_t seed) {
  std::unique_ptr<TrainingRun> run = tinyRun(modelKind("imdb-transformer"), 2, seed);
  TimelineRecorder recorder(*run, {.probes = {"this movie was not good at all", "a wonderful film"}, .every = 3});
  run->train(&recorder, nullptr);
  return recorder.finish();
}

InputError readError(const fs::path& file) {
  try {
    readTrainingTimeline(file);
  } catch (const InputError& e) {
    return e;
  }
  return InputError(ErrorKind::Other, {}, "no error");
}

}  // namespace

class TestTrainingTimeline : public QObject {
  Q_OBJECT
 private slots:
  // Dense in the first epoch (1, 2, 4, 8 ... up to its steps), then every interval; automatic: about 48 in all.
  void theScheduleIsDenseEarlyThenRegular() {
    const SnapshotSchedule every10(10, 20, 100);
    for (long step : {1L, 2L, 4L, 8L, 16L, 10L, 20L, 30L, 100L}) QVERIFY2(every10.due(step), std::to_string(step).c_str());
    for (long step : {3L, 5L, 32L, 64L, 33L, 99L}) QVERIFY2(!every10.due(step), std::to_string(step).c_str());
    QCOMPARE(SnapshotSchedule(0, 625, 12500).interval(), 261L);  // the book preset: 20 epochs of 625 steps
    QCOMPARE(SnapshotSchedule(0, 5, 10).interval(), 1L);
    SnapshotSchedule thinned(10, 20, 100);
    thinned.thin();
    QCOMPARE(thinned.interval(), 20L);
  }

  // Uniform rows are at distance 0 with entropy ln n; a row on one key at 1 - 1/n with entropy 0; a causal map
  // counts only the keys up to the query, and leaves out the first row (one key: no choice).
  void headStatisticsFollowTheirFormulas() {
    Matrix uniform = Matrix::Constant(3, 4, 0.25f);
    Matrix sharp = Matrix::Zero(3, 4);
    sharp.col(2).setOnes();
    const HeadStatistics full = headStatistics(oneLayer({uniform, sharp}), false, 0, 0);
    QVERIFY(std::abs(full.distanceFromUniform[0][0]) < 1e-7f);
    QVERIFY(std::abs(full.entropy[0][0] - std::log(4.0f)) < 1e-6f);
    QVERIFY(std::abs(full.distanceFromUniform[0][1] - 0.75f) < 1e-6f);
    QVERIFY(std::abs(full.entropy[0][1]) < 1e-7f);

    // Causal, 3 tokens: row 1 sees 2 keys (0.5, 0.5: uniform), row 2 sees 3 keys (1, 0, 0: 2/3 from uniform).
    Matrix causal = Matrix::Zero(3, 3);
    causal(0, 0) = 1;
    causal(1, 0) = causal(1, 1) = 0.5f;
    causal(2, 0) = 1;
    const HeadStatistics masked = headStatistics(oneLayer({causal}), true, 0, 0);
    QVERIFY(std::abs(masked.distanceFromUniform[0][0] - (0.0f + 2.0f / 3.0f) / 2) < 1e-6f);
    QVERIFY(std::abs(masked.entropy[0][0] - std::log(2.0f) / 2) < 1e-6f);
    // The same map read as an encoder's: every row over all 3 keys.
    const HeadStatistics unmasked = headStatistics(oneLayer({causal}), false, 0, 0);
    QVERIFY(std::abs(unmasked.distanceFromUniform[0][0] - (2.0f / 3 + 1.0f / 3 + 2.0f / 3) / 3) < 1e-6f);
  }

  void aSnapshotIsWhatTheModelSavedAtItsStepShows_data() {
    QTest::addColumn<std::string>("task");
    for (const ModelKind& kind : modelKinds())
      if (kind.trainable()) QTest::newRow(kind.task.c_str()) << kind.task;
  }
  // For every kind trained here: the model saved at step 4 (a snapshot of the first epoch's dense part) gives the
  // snapshot's maps, statistics and prediction, to 1e-6.
  void aSnapshotIsWhatTheModelSavedAtItsStepShows() {
    QFETCH(std::string, task);
    const ModelKind& kind = modelKind(task);
    QTemporaryDir tmp;
    const fs::path checkpoint = fs::path(tmp.path().toStdString()) / "step4";
    std::unique_ptr<TrainingRun> run = tinyRun(kind);
    const std::vector<std::string> probes = defaultProbes(kind, "builtin");
    QCOMPARE(probes.size(), size_t(1));
    CheckpointAt saver(*run, 4, checkpoint);
    TimelineRecorder recorder(*run, {.probes = probes}, &saver);
    run->train(&recorder, nullptr);
    const TrainingTimeline timeline = recorder.finish();

    QCOMPARE(timeline.task, task);
    QVERIFY(timeline.snapshots.size() >= 4);
    QCOMPARE(timeline.snapshots[0].step, 0L);
    QVERIFY(std::isnan(timeline.snapshots[0].loss));
    QVERIFY(timeline.snapshots.back().epochEnd);
    QCOMPARE(timeline.snapshots.back().epoch, 2);
    const TimelineSnapshot* at4 = nullptr;
    for (const TimelineSnapshot& s : timeline.snapshots)
      if (s.step == 4) at4 = &s;
    QVERIFY(at4);
    QCOMPARE(at4->epoch, 1);
    QVERIFY(std::isfinite(at4->loss));

    const AnyModel saved = loadModel(checkpoint);
    const std::vector<ProbeReading> fromDisk = takeReadings(saved, probes);
    QCOMPARE(fromDisk.size(), at4->probes.size());
    compareReadings(at4->probes[0], fromDisk[0], 1e-6f);
    if (QTest::currentTestFailed()) return;
    // The model trained on: the maps moved since step 0 (where it has maps), so the comparison above could fail.
    const ModelShape shape = modelShape(saved);
    QCOMPARE(timeline.layers, shape.layers);
    QVERIFY(readingDifference(timeline.snapshots[0].probes[0], fromDisk[0]) > 1e-6f);
    if (shape.layers == 0) QVERIFY(timeline.snapshots[0].probes[0].attention.empty());
    QVERIFY(at4->probes[0].prediction.kind != PredictionKind::None);
  }

  // Two runs with the same seed record the same timeline, to the byte of its file.
  void theSameSeedRecordsTheSameTimeline() {
    QTemporaryDir tmp;
    const fs::path a = fs::path(tmp.path().toStdString()) / "a.json", b = fs::path(tmp.path().toStdString()) / "b.json";
    writeTrainingTimeline(a, recordTinyImdb(11));
    writeTrainingTimeline(b, recordTinyImdb(11));
    QVERIFY(fileText(a).size() > 1000);
    QCOMPARE(fileText(a), fileText(b));
    const fs::path c = fs::path(tmp.path().toStdString()) / "c.json";
    writeTrainingTimeline(c, recordTinyImdb(12));
    QVERIFY(fileText(a) != fileText(c));
  }

  // Written and read back: every number exactly (9 significant digits are a float's), the words too; written
  // again, the same bytes.
  void theFileRoundTrips() {
    QTemporaryDir tmp;
    const fs::path file = fs::path(tmp.path().toStdString()) / kTimelineFile;
    const TrainingTimeline recorded = recordTinyImdb(3);
    writeTrainingTimeline(file, recorded);
    const TrainingTimeline read = readTrainingTimeline(file);
    QCOMPARE(read.task, recorded.task);
    QCOMPARE(read.layers, recorded.layers);
    QCOMPARE(read.heads, recorded.heads);
    QCOMPARE(read.probes.size(), size_t(2));
    QCOMPARE(read.probes[1].text, std::string("a wonderful film"));
    QCOMPARE(read.probes[1].tokens, recorded.probes[1].tokens);
    QCOMPARE(read.snapshots.size(), recorded.snapshots.size());
    for (size_t i = 0; i < read.snapshots.size(); ++i) {
      const TimelineSnapshot &r = read.snapshots[i], &w = recorded.snapshots[i];
      QCOMPARE(r.step, w.step);
      QCOMPARE(r.epoch, w.epoch);
      QCOMPARE(r.epochEnd, w.epochEnd);
      QVERIFY(i == 0 ? std::isnan(r.loss) : std::abs(r.loss - w.loss) < 1e-12);
      for (size_t p = 0; p < r.probes.size(); ++p) compareReadings(r.probes[p], w.probes[p], 0.0f);
    }
    const fs::path again = fs::path(tmp.path().toStdString()) / "again.json";
    writeTrainingTimeline(again, read);
    QCOMPARE(fileText(again), fileText(file));
  }

  // A truncated or damaged timeline.json is refused with the file's name and what is wrong; the model opens.
  void aDamagedTimelineIsRefusedAndTheModelStillOpens() {
    QTemporaryDir tmp;
    const fs::path dir = fs::path(tmp.path().toStdString()) / "model";
    std::unique_ptr<TrainingRun> run = tinyRun(modelKind("imdb-transformer"), 1);
    TimelineRecorder recorder(*run, {.probes = {"not good"}});
    run->train(&recorder, nullptr);
    run->save(dir);
    const fs::path file = dir / kTimelineFile;
    writeTrainingTimeline(file, recorder.finish());
    QVERIFY(readTrainingTimelineIfPresent(dir).has_value());
    const std::string whole = fileText(file);

    std::ofstream(file, std::ios::binary | std::ios::trunc) << whole.substr(0, whole.size() / 2);
    const InputError truncated = readError(file);
    QCOMPARE(int(truncated.kind()), int(ErrorKind::JsonInvalid));
    QVERIFY(std::string(truncated.what()).find(file.string()) != std::string::npos);
    QVERIFY(loadModel(dir).hasWeights());

    auto damaged = [&](const std::string& from, const std::string& to) {
      std::string text = whole;
      const size_t at = text.find(from);
      if (at == std::string::npos) return false;
      text.replace(at, from.size(), to);
      std::ofstream(file, std::ios::binary | std::ios::trunc) << text;
      return true;
    };
    QVERIFY(damaged("\"distance_from_uniform\":[[", "\"distance_from_uniform\":[[\"x\","));
    QCOMPARE(int(readError(file).kind()), int(ErrorKind::JsonWrongType));
    QVERIFY(damaged("\"version\":1", "\"version\":2"));
    QCOMPARE(int(readError(file).kind()), int(ErrorKind::NewerFormat));
    QVERIFY(damaged("\"step\":0", "\"step\":-1"));
    QCOMPARE(int(readError(file).kind()), int(ErrorKind::JsonOutOfRange));
    QVERIFY(damaged("\"attention\":[[[[", "\"attention\":[[[[\"a\","));
    QCOMPARE(int(readError(file).kind()), int(ErrorKind::JsonWrongType));
    // Maps of another size than the probe's tokens: a token fewer for the queries.
    QVERIFY(damaged("\"query_start\":0", "\"query_start\":1"));
    const InputError shape = readError(file);
    QCOMPARE(int(shape.kind()), int(ErrorKind::JsonOutOfRange));
    QCOMPARE(shape.fields().name, std::string("attention"));
    QVERIFY2(std::string(shape.what()).find(file.string()) != std::string::npos, shape.what());
    QVERIFY2(std::string(shape.what()).find("expected 1 x 2") != std::string::npos, shape.what());
    QVERIFY(loadModel(dir).hasWeights());
  }

  // What the recorder refuses before training starts: no sentence or more than 4, one without words, and one
  // longer than 64 tokens (the language model reads every character of it).
  void theRecorderRefusesWhatItCannotWatch() {
    auto refused = [](const TrainingRun& run, const TimelineSettings& settings) {
      try {
        TimelineRecorder recorder(run, settings);
      } catch (const InputError& e) {
        return e.kind();
      }
      return ErrorKind::Other;
    };
    std::unique_ptr<TrainingRun> imdb = tinyRun(modelKind("imdb-transformer"), 1);
    QCOMPARE(int(refused(*imdb, {})), int(ErrorKind::OptionInvalid));
    QCOMPARE(int(refused(*imdb, {.probes = {"a", "b", "c", "d", "e"}})), int(ErrorKind::OptionInvalid));
    QCOMPARE(int(refused(*imdb, {.probes = {"!!!"}})), int(ErrorKind::EmptySentence));
    QCOMPARE(int(refused(*imdb, {.probes = {"not good"}})), int(ErrorKind::Other));  // accepted
    std::unique_ptr<TrainingRun> lm = tinyRun(modelKind(CausalLmModel::kTask), 1);
    QCOMPARE(int(refused(*lm, {.probes = {std::string(65, 'a')}})), int(ErrorKind::SentenceTooLong));
    QCOMPARE(int(refused(*lm, {.probes = {std::string(64, 'a')}})), int(ErrorKind::Other));
  }
};

QTEST_GUILESS_MAIN(TestTrainingTimeline)
#include "test_training_timeline.moc"
