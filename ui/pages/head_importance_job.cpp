// oneTBB first: it must not see Qt's `emit` macro.
#include <oneapi/tbb/task_arena.h>

#include "core/teaching/bert_head_importance.h"

#include "ui/pages/head_importance_job.h"

#include <algorithm>
#include <exception>
#include <functional>
#include <thread>

#include "core/error.h"
#include "ui/text/error_texts.h"

namespace al::ui {

namespace {

// The model's settings: a run's, then a directory's training.json.
std::vector<const nlohmann::json*> settingsOf(const SessionModel& model) {
  std::vector<const nlohmann::json*> all{&model.settings};
  if (model.record) all.push_back(&model.record->settings);
  return all;
}

}  // namespace

std::string dataSourceOf(const SessionModel& model) {
  for (const nlohmann::json* s : settingsOf(model))
    if (s->is_object() && s->contains("data") && (*s)["data"].is_string()) return (*s)["data"].get<std::string>();
  return {};
}

uint64_t dataSeedOf(const SessionModel& model) {
  for (const nlohmann::json* s : settingsOf(model))
    if (s->is_object() && s->contains("seed") && (*s)["seed"].is_number_unsigned()) return (*s)["seed"].get<uint64_t>();
  return 1337;
}

HeadImportanceJob::HeadImportanceJob(QObject* parent) : QObject(parent) {
  connect(this, &HeadImportanceJob::workerEnding, this, &HeadImportanceJob::workerDone, Qt::QueuedConnection);
}

HeadImportanceJob::~HeadImportanceJob() {
  if (!worker_.joinable()) return;
  cancel_ = true;
  worker_.join();
}

void HeadImportanceJob::start(Request request) {
  if (busy()) return;
  cancel_ = false;
  {
    std::lock_guard lock(mutex_);
    progress_ = Progress{};
    outcome_ = Outcome{};
  }
  worker_ = std::thread([this, request = std::move(request)] { work(request); });
}

void HeadImportanceJob::cancel() { cancel_ = true; }

HeadImportanceJob::Progress HeadImportanceJob::progress() const {
  std::lock_guard lock(mutex_);
  return progress_;
}

HeadImportanceJob::Outcome HeadImportanceJob::takeOutcome() {
  std::lock_guard lock(mutex_);
  return std::move(outcome_);
}

namespace {

// Progress of a stage (reading the reviews, then measuring); false cancels.
using Report = std::function<bool(bool reading, size_t done, size_t total)>;

// One core is left to the window, which keeps drawing while the heads are measured.
int measuringThreads() { return std::max(1, int(std::thread::hardware_concurrency()) - 1); }

// The IMDB classifier: the reviews through its own vocabulary; zeros or each head's mean in place of a head.
void measureClassifier(const HeadImportanceJob::Request& request, const Report& report, HeadImportanceJob::Outcome& outcome) {
  const std::vector<EncodedSample> reviews = teaching::headImportanceReviews(
      *request.model, request.source, request.seed, [&](size_t done, size_t total) { return report(true, done, total); });
  const std::vector<const EncodedSample*> chosen = teaching::chooseReviews(reviews, request.limit);
  outcome.reviews = chosen.size();
  if (chosen.empty())
    throw InputError(ErrorKind::DataEmpty, {.file = request.source}, "the data has no review to measure");
  tbb::task_arena arena(measuringThreads());
  arena.execute([&] {
    if (request.task == HeadImportanceJob::Task::Means) {
      outcome.means = request.model->model->headMeans(chosen);
      return;
    }
    outcome.importance = teaching::headImportance(*request.model->model, chosen, request.replacement,
                                                  [&](size_t done, size_t total) { return report(false, done, total); });
  });
}

// A sentiment head on BERT: the reviews as text, read by its BERT with its own tokenizer; a head gives zeros.
void measureBert(const HeadImportanceJob::Request& request, const Report& report, HeadImportanceJob::Outcome& outcome) {
  if (request.task == HeadImportanceJob::Task::Means || request.replacement == teaching::HeadReplacement::Mean)
    throw InputError(ErrorKind::OptionsConflict, {.name = "--replace mean", .found = "BERT"},
                     "a sentiment head on BERT switches heads off with zeros only");
  const LabeledDataset data = loadImdbSource(
      request.source, [&](size_t done, size_t total) { return report(true, done, total); }, request.seed);
  const std::vector<const LabeledText*> chosen =
      teaching::chooseReviews(data.hasTestSplit ? data.test : data.train, request.limit);
  outcome.reviews = chosen.size();
  if (chosen.empty())
    throw InputError(ErrorKind::DataEmpty, {.file = request.source}, "the data has no review to measure");
  tbb::task_arena arena(measuringThreads());
  arena.execute([&] {
    outcome.importance = teaching::bertHeadImportance(*request.bertModel, chosen, [&](size_t done, size_t total) {
      return report(false, done, total);
    });
  });
}

}  // namespace

void HeadImportanceJob::work(Request request) {
  Outcome outcome;
  // Both stages report under the mutex and go on; returning false cancels (the core throws RunError Cancelled).
  const Report report = [this](bool reading, size_t done, size_t total) {
    std::lock_guard lock(mutex_);
    progress_ = {reading, total ? double(done) / double(total) : 0.0};
    return !cancel_.load();
  };
  try {
    if (request.bertModel) measureBert(request, report, outcome);
    else measureClassifier(request, report, outcome);
  } catch (const std::exception& e) {
    outcome.cancelled = cancel_.load();
    if (!outcome.cancelled) outcome.error = errorMessage(e);
    outcome.importance.reset();
    outcome.means.clear();
  }
  {
    std::lock_guard lock(mutex_);
    outcome_ = std::move(outcome);
  }
  emit workerEnding();  // workerDone() joins this thread on the GUI thread, after this function has returned
}

void HeadImportanceJob::workerDone() {
  if (worker_.joinable()) worker_.join();
  emit finished();
}

}  // namespace al::ui
