#pragma once
// "Next sentence?": BERT's second pre-training task, live. Two sentences in, the probability that B follows A out
// (nextSentence of core/inference/pretrained_inference.h: the pooled [CLS] state through cls.seq_relationship).
//
//   A  [the man went to the store.        ]
//   B  [he bought a gallon of milk.       ]      [Does B follow A?]
//   B follows A  ██████████████████░░░░  91.3 %
//
// A few example pairs (one that follows, one that does not, in English and in Chinese) fill the boxes. The
// model runs on a worker thread (a BERT base on two sentences takes about a tenth of a second).
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include <exception>
#include <memory>

#include "core/inference/pretrained_inference.h"

#include <QFutureWatcher>
#include <QString>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;

namespace al::ui {

class NextSentenceView : public QWidget {
  Q_OBJECT
 public:
  explicit NextSentenceView(QWidget* parent = nullptr);
  ~NextSentenceView() override;

  // True when the model can be asked (a BERT whose checkpoint has the next-sentence head).
  static bool canPredict(const PretrainedBert* bert);
  // The BERT asked (null, or one without the head: nothing is computed). Predicts for the sentences in the boxes.
  void setModel(std::shared_ptr<const PretrainedBert> bert);
  // Puts the sentences in the boxes and predicts.
  void setSentences(const QString& a, const QString& b);
  void predict();  // again, for the boxes' sentences and the model

  bool isBusy() const { return watcher_.isRunning(); }
  bool hasResult() const { return hasResult_; }
  float probability() const { return probability_; }  // P(B follows A) of the last result
  QString messageText() const;
  QString percentText() const;

 signals:
  void predicted();  // a result, or an error, is shown

 private:
  struct Outcome {
    NextSentence result;
    std::exception_ptr error;
  };
  void finished();
  void showProbability(float p);
  void clearResult(const QString& note);

  std::shared_ptr<const PretrainedBert> bert_;
  QFutureWatcher<Outcome> watcher_;
  bool again_ = false;  // the input changed while the model ran: run once more for the latest
  bool hasResult_ = false;
  float probability_ = 0;

  QComboBox* examples_;
  QLineEdit* sentenceA_;
  QLineEdit* sentenceB_;
  QPushButton* go_;
  QProgressBar* bar_;
  QLabel* percent_;
  QLabel* message_;
};

}  // namespace al::ui
