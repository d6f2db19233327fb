#pragma once
// Reading a sentence with a model without freezing the window (the Attention page). The prediction, every
// attention map and the heads' averages are computed on a worker thread (QtConcurrent), one reading at a time: a
// 600-token review through the book preset's model takes long enough to be felt. A request made while a reading
// runs waits, replacing any request that was waiting; when the running reading ends its result is dropped (the
// page asked for a newer one) and the newest request starts. Only the newest request's result reaches `done`.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/inference/any_model.h"
#include "core/inference/imdb_transformer_inference.h"
#include "core/models/head_switches.h"
#include "core/teaching/word_grouping.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>

namespace al::ui {

// A sentence as a model read it (core/inference/model_attention.h): what the Attention page draws. A classifier of
// reviews gives its prediction (a sentiment head on a BERT too, with BERT's pieces and maps); every other model with
// self-attention only its tokens (a pretrained model's pieces as a person reads them) and its attention.
struct AttentionReading {
  ImdbPrediction prediction;     // tokens, ids (only to mark unknown words: 1 = unknown), attention; probability
  bool classified = true;        // false: no probability (not a classifier of reviews)
  std::vector<Matrix> averages;  // [layer]: the heads' average, T x T
  std::vector<Matrix> rollout;   // [layer]: the attention rollout R_1 .. R_L (core/teaching/attention_rollout.h), T x T
  // A pretrained model's pieces grouped into the text's words (ICU's, through the pieces' byte offsets): the words
  // view. Empty for the app's own classifier, whose tokens are words already.
  teaching::WordGroups words;
  // The app's classifier only: gradient × input per token towards the predicted label, of the model with every
  // head on (core/teaching/token_attribution.h). Empty otherwise.
  std::vector<double> saliency;
  QString error;                 // the core's message when the text cannot be read (then nothing else)
};

// The reading itself: slow for a long text and a large model, so call it on a worker thread. The model is any model
// with self-attention (what the Attention page shows); a language model's text longer than one segment with a memory
// is refused in words (the page's maps have the same tokens on both axes). `switches`: heads switched off.
AttentionReading readSentence(const AnyModel& model, const std::string& text, const HeadSwitches& switches = {});

// A reading as the page and its tabs keep it: made once on the worker thread and shared, never copied. A 600-token
// review's maps are megabytes, and copying them on the GUI thread, once per holder, was the page's longest stall.
using SharedReading = std::shared_ptr<const AttentionReading>;
// The reading of no sentence, for a holder that has none (never null).
const SharedReading& noReading();

class AttentionReader : public QObject {
  Q_OBJECT
 public:
  explicit AttentionReader(QObject* parent = nullptr);
  ~AttentionReader() override;  // waits for a reading in flight

  // Reads text with model on the worker thread; done(reading) follows on the GUI thread unless a newer read() or
  // cancel() came meanwhile.
  void read(AnyModel model, const std::string& text, HeadSwitches switches = {});
  void cancel();  // the reading in flight is dropped when it ends, the waiting one forgotten
  bool busy() const { return running_; }  // until the newest request's result is out
  void waitForFinished();  // blocks: only for a page that is being destroyed

 signals:
  void done(al::ui::SharedReading reading);

 private:
  struct Request {
    AnyModel model;  // its weights kept alive while the worker reads them
    std::string text;
    HeadSwitches switches;
  };
  void start(Request request);
  void finished();

  QFutureWatcher<SharedReading>* watcher_;
  bool running_ = false;
  bool dropRunning_ = false;  // a newer request or cancel() came while it ran
  std::optional<Request> waiting_;
};

}  // namespace al::ui
