// Core headers first: Qt's `emit` macro must not reach them.
#include "core/inference/model_attention.h"
#include "core/teaching/attention_rollout.h"
#include "core/teaching/attention_steps.h"  // headAverage
#include "core/teaching/token_attribution.h"

#include "ui/pages/attention_reader.h"
#include "ui/session/background_jobs.h"
#include "ui/text/error_texts.h"

#include <QtConcurrent/QtConcurrentRun>

namespace al::ui {

namespace {

// The reading as the page draws it: each token as a person reads it, the unknown ones marked with the app's own
// unknown id (the page reads ids only for that, and the app's classifier for its saliency).
ImdbPrediction asPageReading(ModelAttention read) {
  ImdbPrediction reading;
  const bool ownWords = read.pieces.empty();  // the app's own vocabulary: its ids are the page's
  for (size_t t = read.queryStart; t < read.tokens.size(); ++t) {
    reading.tokens.push_back(std::move(read.readable[t]));
    reading.ids.push_back(read.unknown[t] ? Vocabulary::kUnknownId : ownWords ? static_cast<int>(read.ids[t]) : -1);
  }
  reading.attention = std::move(read.attention);
  reading.truncated = read.truncated;
  reading.probability = read.probability.value_or(0.0f);
  return reading;
}

}  // namespace

AttentionReading readSentence(const AnyModel& model, const std::string& text, const HeadSwitches& switches) {
  AttentionReading reading;
  try {
    ModelAttention read = readModelAttention(model, text, &switches);
    if (!read.square()) {
      // A language model with a memory over a text longer than a segment: its last segment's queries read the
      // memory's tokens too, which the page's square maps over one row of tokens cannot show.
      reading.error = AttentionReader::tr("The text is longer than one segment of this language model: its last %n "
                                          "token(s) also read a memory of the tokens before them, which these maps (the "
                                          "same tokens on both axes) cannot show. Shorten the text to one segment, or "
                                          "see the memory on the Memory page.",
                                          "", static_cast<int>(read.tokens.size() - read.queryStart));
      return reading;
    }
    reading.classified = read.probability.has_value();
    if (!read.pieces.empty()) reading.words = teaching::groupIntoWords(text, read.pieces);
    reading.prediction = asPageReading(std::move(read));
    // The app's classifier: which words the prediction rests on, with every head on.
    if (const auto imdb = model.as<ImdbTransformerModel>())
      reading.saliency = teaching::gradientTimesInput(*imdb->model, reading.prediction.ids).saliency;
    for (const std::vector<Matrix>& heads : reading.prediction.attention)
      reading.averages.push_back(teaching::headAverage(heads));
    if (!reading.prediction.attention.empty()) reading.rollout = teaching::attentionRollout(reading.prediction.attention);
  } catch (const std::exception& e) {
    reading = {};
    reading.error = errorMessage(e);
  }
  return reading;
}

const SharedReading& noReading() {
  static const SharedReading none = std::make_shared<const AttentionReading>();
  return none;
}

AttentionReader::AttentionReader(QObject* parent)
    : QObject(parent), watcher_(new QFutureWatcher<SharedReading>(this)) {
  connect(watcher_, &QFutureWatcher<SharedReading>::finished, this, &AttentionReader::finished);
}

AttentionReader::~AttentionReader() { watcher_->waitForFinished(); }

void AttentionReader::waitForFinished() { watcher_->waitForFinished(); }

void AttentionReader::read(AnyModel model, const std::string& text, HeadSwitches switches) {
  Request request{std::move(model), text, std::move(switches)};
  if (!running_) return start(std::move(request));
  dropRunning_ = true;
  waiting_ = std::move(request);
}

void AttentionReader::start(Request request) {
  running_ = true;
  dropRunning_ = false;
  watcher_->setFuture(QtConcurrent::run(backgroundJobs(), [request = std::move(request)] {
    return SharedReading(std::make_shared<const AttentionReading>(readSentence(request.model, request.text, request.switches)));
  }));
}

void AttentionReader::cancel() {
  if (running_) dropRunning_ = true;
  waiting_.reset();
}

void AttentionReader::finished() {
  running_ = false;
  if (waiting_) {
    Request next = std::move(*waiting_);
    waiting_.reset();
    return start(std::move(next));  // the result in hand is of an older request
  }
  if (!dropRunning_) emit done(watcher_->result());
}

}  // namespace al::ui
