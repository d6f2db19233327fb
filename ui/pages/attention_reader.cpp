// Core headers first: Qt's `emit` macro must not reach them.
#include "core/inference/bert_sentiment.h"
#include "core/inference/pretrained_inference.h"
#include "core/pretrained/token_text.h"
#include "core/teaching/attention_rollout.h"
#include "core/teaching/attention_steps.h"  // headAverage
#include "core/teaching/token_attribution.h"

#include "ui/pages/attention_reader.h"
#include "ui/session/background_jobs.h"
#include "ui/text/error_texts.h"

#include <QtConcurrent/QtConcurrentRun>

namespace al::ui {

namespace {

// A pretrained model's reading as the page draws it: each piece as a person reads it (BERT's as its vocabulary
// writes them, "##ing"; a byte-level piece decoded, "Ġthe" as "the"), its unknown token marked as the app's own.
// The pieces' places in the text, as the model's reading cut it (BERT: encode, GPT-2: encodePrompt).
std::vector<teaching::PieceSpan> spansOf(const pretrained::Encoding& encoding) {
  std::vector<teaching::PieceSpan> spans;
  for (size_t t = 0; t < encoding.size(); ++t)
    spans.push_back({encoding.offsets[t].begin, encoding.offsets[t].end, bool(encoding.added[t])});
  return spans;
}

// Pieces as the page draws them: each as a person reads it, the unknown piece marked as the app's own.
ImdbPrediction asReadPieces(const pretrained::Tokenizer& tokenizer, const std::vector<std::string>& pieces,
                            const std::vector<int64_t>& ids, std::vector<std::vector<Matrix>> attention) {
  ImdbPrediction reading;
  const std::optional<int64_t> unknown = tokenizer.specialTokens().unknown.id;
  const bool bytePieces = tokenizer.type() == pretrained::TokenizerType::ByteLevelBpe;  // "Ġthe": decoded
  for (size_t t = 0; t < ids.size(); ++t) {
    reading.tokens.push_back(bytePieces ? pretrained::readablePiece(tokenizer, ids[t]) : pieces[t]);
    // The page reads ids only to mark unknown words (Vocabulary::kUnknownId); other pieces get an id it never marks.
    reading.ids.push_back(unknown && ids[t] == *unknown ? Vocabulary::kUnknownId : -1);
  }
  reading.attention = std::move(attention);
  return reading;
}

template <class Pretrained>
ImdbPrediction readPretrained(const Pretrained& model, const std::string& text, const HeadSwitches& switches) {
  PretrainedAttention read = readAttention(model, text, &switches);
  return asReadPieces(*model.tokenizer, read.tokens, read.ids, std::move(read.attention));
}

// A sentiment head on a BERT: BERT's pieces and maps, as a BERT folder's reading, and the head's verdict, as the
// app's classifier's. The model's own encoder reads the text, cut where the head's training cut it.
ImdbPrediction readBertSentiment(const BertSentimentModel& model, const std::string& text, const HeadSwitches& switches) {
  BertSentimentPrediction read = predictBertSentiment(model, text, &switches);
  ImdbPrediction reading = asReadPieces(*model.encoder.tokenizer, read.tokens, read.ids, std::move(read.attention));
  reading.probability = read.probability;
  reading.truncated = read.truncated;
  return reading;
}

}  // namespace

AttentionReading readSentence(const AnyModel& model, const std::string& text, const HeadSwitches& switches) {
  AttentionReading reading;
  try {
    if (const auto imdb = model.as<ImdbTransformerModel>()) {
      reading.prediction = predictText(*imdb->model, imdb->vocabulary, text, &switches);
      reading.saliency = teaching::gradientTimesInput(*imdb->model, reading.prediction.ids).saliency;
    } else if (const auto bert = model.as<PretrainedBert>()) {
      reading.prediction = readPretrained(*bert, text, switches);
      reading.words = teaching::groupIntoWords(text, spansOf(bert->tokenizer->encode(text)));
      reading.classified = false;
    } else if (const auto sentiment = model.as<BertSentimentModel>()) {
      reading.prediction = readBertSentiment(*sentiment, text, switches);
      const pretrained::Encoding read = sentimentEncoding(sentiment->encoder, text, sentiment->sequenceLength);
      reading.words = teaching::groupIntoWords(text, spansOf(read));
    } else if (const auto gpt = model.as<PretrainedGpt2>()) {
      reading.prediction = readPretrained(*gpt, text, switches);
      reading.words = teaching::groupIntoWords(text, spansOf(gpt->tokenizer->encodePrompt(text)));
      reading.classified = false;
    }
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
