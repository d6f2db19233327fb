#pragma once
// The Attention page's "Which heads matter?" tab: for the IMDB classifier shown, the test accuracy with each head
// alone switched off (core/teaching/head_importance.h), as a layers x heads table of the drops in points, coloured
// (red: the model needs the head; blue: it does better without it), under the accuracy with every head on. For a
// sentiment head on BERT, the heads of its BERT (core/teaching/bert_head_importance.h), which give zeros when off.
//
//   data          the test split of the model's own data, or the built-in reviews (always at hand, offline)
//   reviews       500 by default, or all of them; the same fixed choice as eval --head-importance --samples N
//   replacement   a switched-off head's output becomes zeros, or its mean output over the same reviews
//
// Run measures on a worker thread (HeadImportanceJob) with a progress bar and Cancel. A double click on a cell
// asks the page to switch that head off (headChosen). Another model clears the table.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "core/inference/bert_sentiment.h"
#include "core/teaching/head_importance.h"
#include "ui/session/model_library.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QTimer;

namespace al::ui {

class HeadImportanceJob;

class HeadImportanceTab : public QWidget {
  Q_OBJECT
 public:
  explicit HeadImportanceTab(QWidget* parent = nullptr);

  // The model the page shows (null: none). Only an IMDB classifier or a sentiment head on BERT can be measured; for
  // another the tab says why.
  void setModel(const SessionModel* model);
  void run();
  void cancel();
  bool running() const;
  // The last table, when a run ended well.
  const std::optional<teaching::HeadImportance>& result() const { return result_; }
  double shownDrop(int layer, int head) const;  // the table's number, in points (NaN when there is none)

  QComboBox* dataBox() const { return dataBox_; }
  QSpinBox* reviewsBox() const { return reviewsBox_; }  // 0: all
  QComboBox* replacementBox() const { return replacementBox_; }
  QPushButton* runButton() const { return runButton_; }
  QPushButton* cancelButton() const { return cancelButton_; }
  QTableWidget* table() const { return table_; }
  QString statusText() const;

 signals:
  void headChosen(int layer, int head);  // a double click: switch this head off on the page
  void runEnded();                       // measured, cancelled or failed

 private:
  void finished();
  void showProgress();
  void showTable();
  void setTexts();
  void enableControls();

  const void* shownModel() const;  // model_ or bertModel_, whichever is shown (null: none)

  std::shared_ptr<const ImdbTransformerModel> model_;
  std::shared_ptr<const BertSentimentModel> bertModel_;  // or a sentiment head on BERT
  const void* measured_ = nullptr;  // the model of the run in flight (the job keeps it alive)
  QString refusal_;         // why the shown model cannot be measured (empty: it can)
  std::string dataSource_;  // the model's own data, when known and not the built-in reviews
  uint64_t seed_ = 1337;
  std::optional<teaching::HeadImportance> result_;
  QString status_;

  HeadImportanceJob* job_;
  QTimer* progressTimer_;
  QLabel* intro_;
  QLabel* dataLabel_;
  QComboBox* dataBox_;
  QLabel* reviewsLabel_;
  QSpinBox* reviewsBox_;
  QLabel* replacementLabel_;
  QComboBox* replacementBox_;
  QPushButton* runButton_;
  QPushButton* cancelButton_;
  QProgressBar* progress_;
  QLabel* statusLabel_;
  QTableWidget* table_;
};

}  // namespace al::ui
