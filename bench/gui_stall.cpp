// attentionlab-stall: the longest stall of the window's event loop while the app opens a model with a 20,000-word
// vocabulary, saves it, and steps through its trained layer. A 1 ms timer notes the longest gap between two of its
// ticks during each action: what a person would feel as a frozen window. Prints one line per action, in ms.
// Opening and saving run on a worker thread: an action ends when its result is on the page. Then the same for the
// Step-through page's walk through an encoder-decoder Transformer's decoder.
//
//   QT_QPA_PLATFORM=offscreen attentionlab-stall
#include "core/inference/imdb_transformer_inference.h"
#include "core/train/chatbot_task.h"
#include "core/train/imdb_run.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <functional>

#include "ui/pages/attention_page.h"
#include "ui/widgets/runs_list.h"
#include "ui/pages/stepper_page.h"
#include "ui/teaching/decoder_controls.h"
#include "ui/pages/train_page.h"

namespace {

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
  QElapsedTimer settle;
  while (!done() || !settle.isValid() || settle.elapsed() < 300) {
    if (done() && !settle.isValid()) settle.start();
    QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
  }
  tick.stop();
  return longest;
}

}  // namespace

// Lets a page that was just shown paint itself and finish what it started (the Train page reads its data card),
// so that an action is measured alone.
void settle(int ms = 1000) {
  QElapsedTimer clock;
  clock.start();
  while (clock.elapsed() < ms) QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
}

int main(int argc, char** argv) {
  QApplication app(argc, argv);
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

  al::ui::StepperPage stepper;
  stepper.show();
  stepper.setTrainedModel(QStringLiteral("large"), attention.currentModel());
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
  const double decoderWalk = longestStall([&] { stepper.setTransformerModel(QStringLiteral("seq2seq"), transformer); },
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
  return 0;
}
