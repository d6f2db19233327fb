#pragma once
// The rows at the top of a page that shows a model: "Model:" and the picker of the session's models, "Open
// model…", "Hugging Face cache ▾" (the pretrained models on this computer, for a page that shows them) and a line
// that describes the model chosen; below, a button that trains a toy model on a worker thread
// (with the page's options for it after it), and at its end "Examples" (sentences the model knows, to put into
// the page's input) and "Vocabulary…" (the vocabulary viewer for the model). The Attention, Fill and Chatbot pages
// share it; what a model is, how it is opened and what the toy is stay the page's business.
#include <functional>
#include <memory>

#include <QString>
#include <QStringList>
#include <QWidget>

class QComboBox;
class QHBoxLayout;
class QLabel;
class QPushButton;
class QToolButton;

namespace al {
struct ModelWords;
}

namespace al::ui {

class CachedModelsButton;
class FlowLayout;

class ModelBar : public QWidget {
  Q_OBJECT
 public:
  explicit ModelBar(QWidget* parent = nullptr);

  QComboBox* box() const { return box_; }                 // object name "modelBox"
  QPushButton* openButton() const { return open_; }
  CachedModelsButton* cachedModelsButton() const { return cached_; }  // hidden until given model types
  QPushButton* toyButton() const { return toy_; }         // object name "trainToyButton"
  QLabel* info() const { return info_; }                  // object name "modelInfo"
  void addToyOption(QWidget* option);                     // after the toy button, in the order added

  // The page's words for its kind of model, set again after a language change. The toy button's text follows
  // setToyTraining: toyText, or "Training…" (disabled) while it trains.
  void setTexts(const QString& placeholder, const QString& openToolTip, const QString& toyText,
                const QString& toyToolTip);
  void setToyTraining(bool training);

  // Asks for a model directory (empty: cancelled). The dialog's places include the Hugging Face cache and
  // AttentionLab's downloaded models, when they exist.
  QString askDirectory(const QString& title);

  // The page's current model (null words: none), for its examples and its vocabulary.
  void setModel(const QString& name, const ModelWords* words);
  QStringList examples() const { return examples_; }  // what the Examples menu offers
  QToolButton* examplesButton() const { return examplesButton_; }  // object name "examplesButton"
  QPushButton* vocabularyButton() const { return vocabularyButton_; }  // object name "vocabularyButton"
  void showVocabulary();  // the vocabulary viewer, for the current model

  // Sentences for a model's kind of task from the lessons (resources/lessons), when none of the built-in corpora
  // uses only its words: seq2seq questions or classifier sentences. The lessons sit above the widgets: they give
  // their sentences here (ui/lessons/lesson_file.h, lessonExampleSentences), and until then there are none.
  static QStringList lessonSentences(bool seq2seq);
  static void setLessonSentences(std::function<QStringList(bool seq2seq)> sentences);
  // Up to `count` sentences of the built-in corpora of which the model knows every word (core/inference/model_words.h).
  static QStringList knownExamples(const ModelWords& words, int count = 8);

 signals:
  void exampleChosen(const QString& sentence);  // picked from the Examples menu: the page puts it into its input

 private:
  void fillExamplesMenu();

  QHBoxLayout* row_;  // the toy's row: the toy and its options (wrapping), then Examples and Vocabulary
  FlowLayout* toyOptions_;
  QComboBox* box_;
  QPushButton* open_;
  CachedModelsButton* cached_;
  QPushButton* toy_;
  QLabel* info_;
  QString toyText_;
  bool toyTraining_ = false;
  QToolButton* examplesButton_;
  QPushButton* vocabularyButton_;
  QString modelName_;
  std::shared_ptr<const ModelWords> words_;
  QStringList examples_;
  bool examplesKnown_ = false;  // true: every word of every example is known (built-in corpora); false: lessons'
};

}  // namespace al::ui
