// attentionlab-stall: the longest stall of the window's event loop while the app opens a model with a 20,000-word
// vocabulary, saves it, and steps through its trained layer. A 1 ms timer notes the longest gap between two of its
// ticks during each action: what a person would feel as a frozen window. Prints one line per action, in ms.
// Opening and saving run on a worker thread: an action ends when its result is on the page. After the opening, a
// 600-token review pasted on the Attention page with the book preset's model. Then the same for the Step-through
// page's walk through an encoder-decoder Transformer's decoder.
//
// Then the Attention page's training timeline scrubbed: a timeline of the classroom-size model watching a 32-token
// sentence, the slider moved across every moment to the kept model; each move's redraw, in ms (under 50 wanted).
//
// Last, the book preset trains on the Train page: the longest stall meanwhile and the curves' redraw rate.
//
//   QT_QPA_PLATFORM=offscreen attentionlab-stall [IMDB SOURCE]
//
// With ATTENTIONLAB_STALL_ONLY=paste in the environment, only the pasted review's line is measured (a few seconds
// instead of a minute: for working on that stall); with ATTENTIONLAB_STALL_ONLY=scrub, only the timeline's scrubbing;
// with ATTENTIONLAB_STALL_ONLY=files, only the Train page's opening and saving. With ATTENTIONLAB_STALL_TRACE=MS, every event that took MS ms
// or more is printed (receiver class, object name, event type; nested events too), to find what a stall is made of.
#include "core/inference/imdb_transformer_inference.h"
#include "core/inference/training_timeline.h"
#include "core/train/chatbot_task.h"
#include "core/train/imdb_run.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <ctime>
#include <cstdio>
#include <functional>
#include <thread>

#include "ui/pages/attention_page.h"
#include "ui/session/model_library.h"
#include "ui/widgets/timeline_bar.h"
#include "ui/widgets/runs_list.h"
#include "ui/pages/stepper_page.h"
#include "ui/teaching/decoder_controls.h"
#include "ui/pages/train_page.h"
#include "ui/session/run_factory.h"
#include "ui/widgets/curve_plot.h"

namespace {

// The application, timing each event when asked to (ATTENTIONLAB_STALL_TRACE).
class TracingApplication : public QApplication {
 public:
  TracingApplication(int& argc, char** argv)
      : QApplication(argc, argv), traceMs_(qEnvironmentVariableIntValue("ATTENTIONLAB_STALL_TRACE")) {}

  bool notify(QObject* receiver, QEvent* event) override {
    if (traceMs_ <= 0) return QApplication::notify(receiver, event);
    const int type = event->type();  // the event, and the receiver (a deleteLater), may be gone after it is delivered
    const QByteArray className = receiver->metaObject()->className();
    const QString name = receiver->objectName();
    QElapsedTimer clock;
    clock.start();
    ++depth_;
    const bool result = QApplication::notify(receiver, event);
    --depth_;
    const double ms = static_cast<double>(clock.nsecsElapsed()) / 1e6;
    if (ms >= traceMs_)
      std::printf("  %*sevent %d to %s \"%s\": %.1f ms\n", 2 * depth_, "", type, className.constData(), qPrintable(name),
                  ms);
    return result;
  }

 private:
  int traceMs_ = 0;
  int depth_ = 0;
};

// Runs `action` from the event loop, waits until `done`, lets the loop settle, and returns the longest gap
// between two ticks of a 1 ms timer (ms).
double longestStall(const std::function<void()>& action, const std::function<bool()>& done) {
  QElapsedTimer clock;
  double last = 0, longest = 0;
  QTimer tick;
  tick.setInterval(1);
  QObject::connect(&tick, &QTimer::timeout, [&] {
    const double now = static_cast<double>(clock.nsecsElapsed()) / 1e6;
    longest = std::max(longest, now - last);
    last = now;
  });
  clock.start();
  tick.start();
  QTimer::singleShot(5, action);
  // The loop waits for events as the app's own does (a loop that polled would keep a core busy, and take it from
  // a training that runs meanwhile); every 5 ms it checks whether the action is done and has settled for 300 ms.
  QEventLoop loop;
  QElapsedTimer settled;
  QTimer check;
  check.setInterval(5);
  QObject::connect(&check, &QTimer::timeout, [&] {
    if (!done()) {
      settled.invalidate();
    } else if (!settled.isValid()) {
      settled.start();
    } else if (settled.elapsed() >= 300) {
      loop.quit();
    }
  });
  check.start();
  loop.exec();
  tick.stop();
  return longest;
}

}  // namespace

// Lets a page that was just shown paint itself and finish what it started (the Train page reads its data card),
// so that an action is measured alone.
void settle(int ms = 1000) {
  QEventLoop loop;
  QTimer::singleShot(ms, &loop, &QEventLoop::quit);
  loop.exec();
}

int main(int argc, char** argv) {
  TracingApplication app(argc, argv);
  QTemporaryDir dir;
  const QString modelDir = dir.filePath(QStringLiteral("large")), copyDir = dir.filePath(QStringLiteral("copy"));
  {
    // The classroom preset's model: vocabulary 20,000, 400 tokens, D 64, trained weights not needed for timing.
    al::TransformerClassifier model(al::imdbPreset("classroom").model);
    model.initialize(1);
    std::vector<std::string> words = {"", "[UNK]"};
    for (int i = 2; i < model.config().vocabSize; ++i) words.push_back("word" + std::to_string(i));
    al::saveImdbTransformer(modelDir.toStdString(), model, al::Vocabulary::fromTokens(words), {});
  }

  al::ui::AttentionPage attention;
  attention.show();
  settle();
  const QString only = qEnvironmentVariable("ATTENTIONLAB_STALL_ONLY");  // empty: every line
  if (only.isEmpty()) {
    const double open = longestStall([&] { attention.openModelDirectory(modelDir); },
                                     [&] { return attention.modelCount() > 0; });
    std::printf("open a 20,000-word model (Attention page): longest stall %.1f ms\n", open);
    // What is not the files: the first model of the page creates and draws its heatmap widgets once; a model already
    // in memory, and the same directory opened again, show what opening costs after that.
    const double show = longestStall([&] { attention.addModel(QStringLiteral("again"), attention.currentModel()); },
                                     [&] { return attention.modelCount() > 1; });
    std::printf("show it again from memory (Attention page): longest stall %.1f ms\n", show);
    const double open2 = longestStall([&] { attention.openModelDirectory(modelDir); },
                                     [&] { return attention.modelCount() > 2; });
    std::printf("open it again (Attention page, its heatmaps drawn once already): longest stall %.1f ms\n", open2);
  }

  // A 600-token review pasted with the book preset's model (600 tokens, D 256, 2 heads of K 256): it is read on a
  // worker thread and its 600 x 600 maps drawn one per turn; the action ends when the last map is drawn.
  if (only.isEmpty() || only == QLatin1String("paste")) {
    auto book = std::make_shared<al::ImdbTransformerModel>();
    book->model = std::make_unique<al::TransformerClassifier>(al::imdbPreset("book").model);
    book->model->initialize(1);
    book->vocabulary = al::Vocabulary::fromTokens({"", "[UNK]", "the", "movie", "was", "good"});
    attention.addModel(QStringLiteral("book"), book);
    while (attention.isComputingAttention()) settle(20);
    QString review;
    for (int i = 0; i < 150; ++i) review += QStringLiteral("the movie was good ");  // 600 tokens
    bool asked = false;
    const double paste = longestStall(
        [&] {
          attention.setText(review);
          asked = true;
        },
        [&] { return asked && !attention.isComputingAttention(); });
    std::printf("paste a 600-token review, book-size model (Attention page): longest stall %.1f ms%s\n", paste,
                attention.prediction().tokens.size() == 600 ? "" : " (not every token shown)");
  }
  if (only == QLatin1String("paste")) return 0;

  // Scrubbing the timeline: the classroom preset's model (vocabulary 20,000, 400 tokens, D 64) with a
  // timeline of 24 moments of a 32-token sentence (each moment the readings of other weights, as a run records them),
  // the slider moved from the first moment to the kept model, 80 ms apart. A move's time: from the slider's move to
  // the page's maps, bars and prediction drawn (the page's work done, its paint events handled).
  if (only.isEmpty() || only == QLatin1String("scrub")) {
    const al::TransformerConfig config = al::imdbPreset("classroom").model;
    std::vector<std::string> words = {"", "[UNK]"};
    for (int i = 2; i < config.vocabSize; ++i) words.push_back("word" + std::to_string(i));
    const al::Vocabulary vocabulary = al::Vocabulary::fromTokens(words);
    auto modelOfSeed = [&](uint64_t seed) {
      auto m = std::make_shared<al::ImdbTransformerModel>();
      m->model = std::make_unique<al::TransformerClassifier>(config);
      m->model->initialize(seed);
      m->vocabulary = vocabulary;
      return al::anyModelOf<al::ImdbTransformerModel>(m);
    };
    std::string sentence;
    for (int i = 0; i < 32; ++i) sentence += (i ? " word" : "word") + std::to_string(2 + 37 * i);
    auto timeline = std::make_shared<al::TrainingTimeline>();
    const al::AnyModel kept = modelOfSeed(100);
    timeline->task = kept.task;
    timeline->layers = static_cast<size_t>(config.numLayers);
    timeline->heads = static_cast<size_t>(config.numHeads);
    timeline->probes = al::describeProbes(kept, {sentence});
    constexpr int kMoments = 24;
    for (int i = 0; i < kMoments; ++i) {
      al::TimelineSnapshot s;
      s.step = 40L * i;
      s.epoch = i == 0 ? 0 : 1 + i / 8;
      s.loss = i == 0 ? std::nan("") : 0.7 - 0.01 * i;
      s.accuracy = i == 0 ? std::nan("") : 0.5 + 0.015 * i;
      s.probes = al::takeReadings(modelOfSeed(static_cast<uint64_t>(i + 1)), {sentence});
      timeline->snapshots.push_back(std::move(s));
    }
    al::ui::SessionModel watched = al::ui::sessionModel(QStringLiteral("classroom with a timeline"), kept, QStringLiteral("opened"));
    watched.timeline = timeline;
    attention.addModel(watched);
    attention.setText(QString::fromStdString(sentence));
    while (attention.isComputingAttention()) settle(20);
    settle(300);
    al::ui::TimelineBar* bar = attention.timelineBar();
    // One move at a time, the page left alone 50 ms between two (a hand on the slider moves it no faster).
    // Each move's time on the clock, and the window's thread's own time on a core meanwhile (what the move costs,
    // whatever else the machine runs: on a busy machine the clock's time is mostly waiting for a core).
    std::vector<double> redraws, cpu;
    auto threadMs = [] {
      timespec t{};
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
      return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
    };
    for (int k = 0; k <= kMoments; ++k) {
      QElapsedTimer clock;
      clock.start();
      const double cpuStart = threadMs();
      bar->setPosition(k);
      while (attention.isComputingAttention()) QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
      QCoreApplication::processEvents();  // the paint events the drawing posted
      redraws.push_back(static_cast<double>(clock.nsecsElapsed()) / 1e6);
      cpu.push_back(threadMs() - cpuStart);
      settle(50);
    }
    auto median = [](std::vector<double> v) {
      std::sort(v.begin(), v.end());
      return v[v.size() / 2];
    };
    const bool shown = attention.shownMoment() == -1 && attention.prediction().tokens.size() == 32;
    std::printf("scrub the timeline (Attention page, classroom-size model, 32-token sentence, %zu moves): redraw "
                "median %.1f ms, slowest %.1f ms; the window's thread busy median %.1f ms, most %.1f ms%s\n",
                redraws.size(), median(redraws), *std::max_element(redraws.begin(), redraws.end()), median(cpu),
                *std::max_element(cpu.begin(), cpu.end()), shown ? "" : " (the page did not show the sentence)");
  }
  if (only == QLatin1String("scrub")) return 0;

  // The Train page reads and writes model directories on a worker thread; its busy bar shows meanwhile.
  al::ui::TrainPage train;
  train.show();
  settle();
  const double openTrain = longestStall([&] { train.openModel(modelDir); },
                                        [&] { return !train.filesBusy() && train.runs()->runCount() > 0; });
  std::printf("open it (Train page): longest stall %.1f ms%s\n", openTrain, train.errorText().isEmpty() ? "" : " (failed)");
  bool started = false;
  const double save = longestStall(
      [&] { started = train.saveModel(train.runs()->selectedRun(), copyDir); },  // openModel selects its run
      [&] { return !started || !train.filesBusy(); });
  const bool saved = started && train.errorText().isEmpty() && QFileInfo::exists(copyDir + "/config.json");
  std::printf("save it (Train page): longest stall %.1f ms%s\n", save, saved ? "" : " (save failed)");
  if (only == QLatin1String("files")) return 0;

  al::ui::StepperPage stepper;
  stepper.show();
  stepper.setModel(QStringLiteral("large"), al::anyModelOf<al::ImdbTransformerModel>(attention.currentModel()));
  const double first = longestStall([&] { stepper.useTrainedModel(true); }, [&] { return stepper.hasWalk(); });
  std::printf("walk its first layer (Step through): longest stall %.1f ms\n", first);
  int steps = 0;
  double slowestStep = 0;  // the longest single nextStep() call, ms
  auto timedStep = [&] {
    QElapsedTimer clock;
    clock.start();
    stepper.nextStep();
    slowestStep = std::max(slowestStep, static_cast<double>(clock.nsecsElapsed()) / 1e6);
    ++steps;
  };
  const double stepping = longestStall(
      [&] {
        for (int i = 0; i < 10; ++i) QTimer::singleShot(20 * i, timedStep);
      },
      [&] { return steps == 10; });
  std::printf("step through it, 10 steps: longest stall %.1f ms (slowest step %.1f ms)\n", stepping, slowestStep);

  // The classroom preset's encoder-decoder Transformer (D 64, 4 heads of 16, F 128, 2 layers a side) with a
  // 2,000-word vocabulary: the decoder's steps, then five generation steps (Next token).
  auto transformer = std::make_shared<al::Seq2SeqTransformerModel>();
  {
    std::vector<std::string> words = {"", "[UNK]", "<start>", "<end>", "the", "cat", "sat", "on", "mat"};
    for (int i = static_cast<int>(words.size()); i < 2000; ++i) words.push_back("word" + std::to_string(i));
    transformer->source = transformer->target = al::Vocabulary::fromTokens(words);
    al::Seq2SeqTransformerConfig c = al::chatbotPreset("classroom", "transformer").transformer;
    c.sourceVocabSize = c.targetVocabSize = 2000;
    c.maxSourceLength = c.maxTargetLength = 24;
    transformer->model = std::make_unique<al::Seq2SeqTransformer>(c);
    transformer->model->initialize(1);
  }
  stepper.setKind(al::ui::StepperPage::Kind::Decoder);
  const double decoderWalk = longestStall(
      [&] { stepper.setModel(QStringLiteral("seq2seq"), al::anyModelOf<al::Seq2SeqTransformerModel>(transformer)); },
      [&] { return stepper.hasDecoderWalk(); });
  std::printf("walk a Transformer's decoder (Step through): longest stall %.1f ms\n", decoderWalk);
  steps = 0;
  slowestStep = 0;
  const double decoderSteps = longestStall(
      [&] {
        for (int i = 0; i < 10; ++i) QTimer::singleShot(20 * i, timedStep);
      },
      [&] { return steps == 10; });
  std::printf("step through the decoder, 10 steps: longest stall %.1f ms (slowest step %.1f ms)\n", decoderSteps, slowestStep);
  int tokens = 0;
  const double nextTokens = longestStall(
      [&] {
        for (int i = 0; i < 5; ++i)
          QTimer::singleShot(40 * i, [&] { stepper.decoderControls()->nextToken(); ++tokens; });
      },
      [&] { return tokens == 5; });
  std::printf("Next token, 5 times: longest stall %.1f ms\n", nextTokens);

  // The book preset training on the Train page: the longest stall of the window from Start (the data is read and
  // prepared first) to 20 s after the first batch, and how often the curves were redrawn in those 20 s (the page
  // redraws at most 30 times a second, when a batch has come in). First with the page's own number of threads (all
  // cores but one, which it leaves to the window), then with every core. The data: the IMDB source given as the
  // first argument, or the built-in corpus.
  train.setTask(al::ui::TaskKind::ImdbTransformer);
  train.setPreset(QStringLiteral("book"));
  if (argc > 1) train.setDataSource(QString::fromLocal8Bit(argv[1]));
  while (!train.dataCardReady()) settle(20);
  auto trainAndMeasure = [&] {
    settle();
    QElapsedTimer sinceFirstBatch;
    int replotsAtFirstBatch = 0, batchesAtFirst = 0;
    auto measured = [&] {
      if (!sinceFirstBatch.isValid() && train.isTraining() && train.batchesSeen(train.currentRunId()) > 0) {
        sinceFirstBatch.start();
        replotsAtFirstBatch = train.curves()->replotCount();
        batchesAtFirst = train.batchesSeen(train.currentRunId());
      }
      return sinceFirstBatch.isValid() && (sinceFirstBatch.elapsed() > 20000 || !train.isTraining());
    };
    bool trainingStarted = false;
    const double stall = longestStall(
        [&] {
          train.start();
          trainingStarted = true;
        },
        [&] { return trainingStarted && (measured() || !train.errorText().isEmpty()); });
    const double seconds = static_cast<double>(sinceFirstBatch.elapsed()) / 1000.0;
    const int replots = train.curves()->replotCount() - replotsAtFirstBatch;
    const int batches = train.batchesSeen(train.currentRunId()) - batchesAtFirst;
    train.stop();
    while (train.isTraining()) settle(20);
    const int threads = train.parameter(QStringLiteral("threads")).toInt();
    std::printf("train the book preset (Train page, %s, %d %s): longest stall %.1f ms from Start to %.0f s after "
                "the first batch; then %.1f batches and %.1f redraws of the curves a second%s\n",
                argc > 1 ? argv[1] : "built-in data", threads, threads == 1 ? "thread" : "threads", stall, seconds,
                batches / seconds, replots / seconds, train.errorText().isEmpty() ? "" : " (failed)");
  };
  trainAndMeasure();
  train.setParameter(QStringLiteral("threads"), static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
  trainAndMeasure();
  return 0;
}
