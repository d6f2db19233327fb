// Core headers first: Qt's `emit` macro must not reach them.
#include "core/teaching/attention_steps.h"  // headAverage

#include "ui/pages/attention_reader.h"
#include "ui/text/error_texts.h"

#include <QtConcurrent/QtConcurrentRun>

namespace al::ui {

AttentionReading readSentence(const ImdbTransformerModel& model, const std::string& text) {
  AttentionReading reading;
  try {
    reading.prediction = predictText(*model.model, model.vocabulary, text);
    for (const std::vector<Matrix>& heads : reading.prediction.attention)
      reading.averages.push_back(teaching::headAverage(heads));
  } catch (const std::exception& e) {
    reading = {};
    reading.error = errorMessage(e);
  }
  return reading;
}

AttentionReader::AttentionReader(QObject* parent)
    : QObject(parent), watcher_(new QFutureWatcher<AttentionReading>(this)) {
  connect(watcher_, &QFutureWatcher<AttentionReading>::finished, this, &AttentionReader::finished);
}

AttentionReader::~AttentionReader() { watcher_->waitForFinished(); }

void AttentionReader::waitForFinished() { watcher_->waitForFinished(); }

void AttentionReader::read(std::shared_ptr<const ImdbTransformerModel> model, const std::string& text) {
  Request request{std::move(model), text};
  if (!running_) return start(std::move(request));
  dropRunning_ = true;
  waiting_ = std::move(request);
}

void AttentionReader::start(Request request) {
  running_ = true;
  dropRunning_ = false;
  watcher_->setFuture(QtConcurrent::run([request = std::move(request)] { return readSentence(*request.model, request.text); }));
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
