#pragma once
// The rows at the top of a page that shows a model: "Model:" and the picker of the session's models, "Open
// model…" and a line that describes the model chosen; below, a button that trains a toy model on a worker thread
// (with the page's options for it after it). The Attention, Fill and Chatbot pages share it; what a model is, how it
// is opened and what the toy is stay the page's business.
#include <QString>
#include <QWidget>

class QComboBox;
class QHBoxLayout;
class QLabel;
class QPushButton;

namespace al::ui {

class ModelBar : public QWidget {
  Q_OBJECT
 public:
  explicit ModelBar(QWidget* parent = nullptr);

  QComboBox* box() const { return box_; }                 // object name "modelBox"
  QPushButton* openButton() const { return open_; }
  QPushButton* toyButton() const { return toy_; }         // object name "trainToyButton"
  QLabel* info() const { return info_; }                  // object name "modelInfo"
  void addToyOption(QWidget* option);                     // after the toy button, in the order added

  // The page's words for its kind of model, set again after a language change. The toy button's text follows
  // setToyTraining: toyText, or "Training…" (disabled) while it trains.
  void setTexts(const QString& placeholder, const QString& openToolTip, const QString& toyText,
                const QString& toyToolTip);
  void setToyTraining(bool training);

  // Asks for a model directory (empty: cancelled).
  QString askDirectory(const QString& title);

 private:
  QHBoxLayout* row_;  // the toy's row
  QComboBox* box_;
  QPushButton* open_;
  QPushButton* toy_;
  QLabel* info_;
  QString toyText_;
  bool toyTraining_ = false;
};

}  // namespace al::ui
