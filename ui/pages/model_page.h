#pragma once
// What the pages that show the session's models of their task have in common (the Attention page: IMDB
// encoders; the Chatbot page: encoder-decoders): a model box fed by the session's model library, by toy models
// trained on the page and by model directories opened there; an error banner; a figure to export. The main
// window forwards statusMessage to the status bar, and the Step-through page follows currentModelChanged.
#include <QString>
#include <QWidget>

namespace al::ui {

class ModelPage : public QWidget {
  Q_OBJECT
 public:
  using QWidget::QWidget;

  // Reads the directory on a worker thread; the model is added and selected when it arrives, or the banner says
  // why not.
  virtual void openModelDirectory(const QString& dir) = 0;
  virtual bool isOpeningModel() const = 0;
  virtual QString currentModelName() const = 0;  // empty without a model
  virtual QString errorText() const = 0;         // the banner's text, empty when nothing went wrong

 public slots:
  virtual void openModelDialog() = 0;  // asks for a model directory, then openModelDirectory
  virtual void exportFigure() = 0;     // File › Export figure: the figure of the tab in view

 signals:
  void currentModelChanged();
  void statusMessage(const QString& message);
};

}  // namespace al::ui
