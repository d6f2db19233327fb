#include "app/cli/cli_support.h"

#include "core/io/training_record.h"

#include <unistd.h>

#include <cmath>
#include <ctime>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "app/cli/commands.h"
#include "core/catalogue/model_catalogue.h"
#include "core/error.h"
#include "core/inference/imdb_transformer_inference.h"
#include "core/train/imdb_run.h"
#include "core/train/timeline_recorder.h"

namespace al::cli {

int guarded(const std::function<int()>& body) {
  try {
    return body();
  } catch (const InputError& e) {
    std::cerr << "\nattentionlab-cli: bad input: " << e.what() << "\n";
    return kBadInput;
  } catch (const RunError& e) {
    std::cerr << "\nattentionlab-cli: failed: " << e.what() << "\n";
    return kFailed;
  } catch (const std::exception& e) {
    std::cerr << "\nattentionlab-cli: failed: " << e.what() << "\n";
    return kFailed;
  }
}

RunRequest runRequest(const TrainOptions& o) {
  RunRequest request;
  request.task = taskSchema(o.task).task;
  request.data = o.data;
  request.preset = o.preset;
  request.values = o.values;
  request.initDir = o.init;
  request.initEncoderDir = o.initEncoder;
  request.fineTuneLayers = o.fineTuneLayers;
  return request;
}

std::unique_ptr<ImdbRun> prepareImdbEvaluation(const EvalOptions& o, const std::string& option) {
  const ModelKind& kind = modelKindOfDirectory(o.model);
  if (kind.task != ImdbTransformerModel::kTask)
    throw InputError(o.model + " holds a model of task " + kind.task + "; " + option + " reads an " +
                     ImdbTransformerModel::kTask + " model");
  ImdbRunSettings s;
  s.data = o.data.empty() ? std::string("builtin") : o.data;
  s.initDir = o.model;
  s.threads = o.threads;
  s.model = loadImdbTransformer(o.model).model->config();
  return ImdbRun::prepare(s);
}

std::string defaultOutputDirectory(const std::string& task) {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  std::ostringstream out;
  out << "runs/" << task << "-" << std::put_time(&local, "%Y%m%d-%H%M%S");
  return out.str();
}

std::string formatSeconds(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0) return "--:--";
  const long s = std::lround(seconds);
  std::ostringstream out;
  if (s >= 3600) out << s / 3600 << "h";
  out << std::setfill('0') << std::setw(2) << (s / 60) % 60 << ":" << std::setw(2) << s % 60;
  return out.str();
}

ConsoleProgress::ConsoleProgress(const std::string& logFile) : terminal_(isatty(STDERR_FILENO) != 0) {
  if (!logFile.empty()) {
    log_.open(logFile, std::ios::out | std::ios::trunc);
    if (!log_) throw InputError(logFile + ": cannot open the log file for writing");
  }
}

void ConsoleProgress::log(const nlohmann::json& event) {
  std::lock_guard lock(mutex_);
  if (!log_.is_open()) return;
  log_ << event.dump() << "\n";
  log_.flush();
}

void ConsoleProgress::onBatch(const BatchEvent& e) {
  log({{"event", "batch"}, {"epoch", e.epoch}, {"batch", e.batch}, {"loss", e.loss}, {"accuracy", e.accuracy},
       {"samples_per_s", e.samplesPerSecond}});
  const auto now = std::chrono::steady_clock::now();
  if (!terminal_ || now - lastDraw_ < std::chrono::milliseconds(100)) return;
  lastDraw_ = now;
  constexpr int kWidth = 28;
  const int filled = static_cast<int>(e.fraction * kWidth);
  std::ostringstream bar;
  bar << "\r epoch " << e.epoch << " [" << std::string(static_cast<size_t>(filled), '#')
      << std::string(static_cast<size_t>(kWidth - filled), '.') << "] " << std::fixed << std::setprecision(0)
      << e.fraction * 100 << "%  loss " << std::setprecision(4) << e.loss << "  acc " << std::setprecision(3)
      << e.accuracy << "  " << std::setprecision(0) << e.samplesPerSecond << " samples/s  left "
      << formatSeconds(e.secondsLeft) << "   ";
  std::cerr << bar.str() << std::flush;
}

void ConsoleProgress::onEpoch(const EpochEvent& e) {
  auto number = [](double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); };
  log({{"event", "epoch"}, {"epoch", e.epoch}, {"loss", e.loss}, {"accuracy", e.accuracy},
       {"val_loss", number(e.valLoss)}, {"val_accuracy", number(e.valAccuracy)}, {"seconds", e.seconds},
       {"best", e.best}});
  std::ostringstream line;
  line << std::fixed << std::setprecision(4) << "\r epoch " << e.epoch << ": loss " << e.loss << ", accuracy "
       << e.accuracy;
  if (std::isfinite(e.valLoss)) line << ", val_loss " << e.valLoss << ", val_accuracy " << e.valAccuracy;
  line << std::setprecision(1) << " (" << e.seconds << " s)" << (e.best ? "  *best" : "");
  std::cerr << line.str() << std::string(20, ' ') << "\n";
  if (e.best && onBest) onBest(e);
}

namespace {

// The timeline the options ask for: none without --watch and --watch-every.
std::optional<TimelineSettings> timelineSettings(const TrainingRun& run, const TrainOptions& o) {
  if (o.watch.empty() && o.watchEvery == 0) return std::nullopt;
  TimelineSettings settings{o.watch, o.watchEvery};
  if (settings.probes.empty()) settings.probes = defaultProbes(modelKind(run.task()), o.data);
  return settings;
}

}  // namespace

TrainedModel trainAndSave(TrainingRun& run, const std::string& out, ConsoleProgress& progress,
                          const TrainOptions& options) {
  progress.log({{"event", "start"}, {"settings", run.settings()}});
  progress.onBest = [&](const EpochEvent& e) {
    run.save(out);
    progress.log({{"event", "checkpoint"}, {"dir", out}, {"epoch", e.epoch}});
  };
  const std::optional<TimelineSettings> watch = timelineSettings(run, options);
  std::unique_ptr<TimelineRecorder> recorder;
  if (watch) recorder = std::make_unique<TimelineRecorder>(run, *watch, &progress);  // reads step 0
  TrainingResult result;
  try {
    result = run.train(recorder ? static_cast<TrainingEvents*>(recorder.get()) : &progress, nullptr);
  } catch (const std::exception& e) {
    progress.log({{"event", "error"}, {"message", e.what()}});
    throw;
  }
  // The model, and beside it how it was trained and how it scored (training.json), and what it showed on the way.
  const BatchStats test = run.evaluateTest();
  saveWithRecord(run, out, result.bestEpoch, testRecord(test, run.testIsHeldOut()));
  if (recorder) {
    const TrainingTimeline timeline = recorder->finish();
    const std::filesystem::path file = std::filesystem::path(out) / kTimelineFile;
    writeTrainingTimeline(file, timeline);
    progress.log({{"event", "timeline"}, {"file", file.string()}, {"snapshots", timeline.snapshots.size()}});
    std::cerr << "Timeline: " << timeline.snapshots.size() << " snapshots of " << timeline.probes.size()
              << " sentence" << (timeline.probes.size() == 1 ? "" : "s") << " (" << file.string() << ")\n";
  }
  return {result, test};
}

std::string taskList(std::initializer_list<const char*> tasks) {
  std::string list;
  size_t i = 0;
  for (const char* task : tasks) {
    list += (i == 0 ? "" : i + 1 == tasks.size() ? " and " : ", ") + std::string(task);
    ++i;
  }
  return list;
}

nlohmann::json matrixJson(const Matrix& m) {
  nlohmann::json rows = nlohmann::json::array();
  for (Index r = 0; r < m.rows(); ++r) rows.push_back(std::vector<float>(m.row(r).data(), m.row(r).data() + m.cols()));
  return rows;
}

nlohmann::json attentionJson(const std::vector<std::vector<Matrix>>& attention) {
  nlohmann::json layers = nlohmann::json::array();
  for (const auto& heads : attention) {
    nlohmann::json layer = nlohmann::json::array();
    for (const Matrix& a : heads) layer.push_back(matrixJson(a));
    layers.push_back(std::move(layer));
  }
  return layers;
}

}  // namespace al::cli
