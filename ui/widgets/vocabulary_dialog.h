#pragma once
// The vocabulary viewer: the words a model knows, as a table of id, word, frequency (how often the word was seen
// in the training text the vocabulary was built from) and whether the model knows it. The search box takes a
// word (its row first, then every word of the vocabulary that contains it) or a whole sentence (one row per word
// as the model's own tokenizer reads it, and which of them it does not know). Opened from a page's model bar
// (Vocabulary…) or from View › Vocabulary; one viewer per window, showing the model last asked for.
//
// A vocabulary read from a model directory has no frequencies (vocabulary files store none): the viewer says
// "not known" rather than guess. A model trained in this session counted them when it built its vocabulary.
#include <memory>

#include <QDialog>

class QLabel;
class QLineEdit;
class QTableView;

namespace al {
struct ModelWords;
}

namespace al::ui {

class VocabularyTable;

class VocabularyDialog : public QDialog {
  Q_OBJECT
 public:
  explicit VocabularyDialog(QWidget* parent = nullptr);
  ~VocabularyDialog() override;

  // The window's viewer (made on first use), showing `words` of the model `name` (null: no model yet), raised.
  static VocabularyDialog* open(QWidget* anyWidgetOfTheWindow, const QString& name, const ModelWords* words);

  void setModel(const QString& name, const ModelWords* words);
  void search(const QString& text);  // as if typed into the search box

  QLineEdit* searchBox() const { return search_; }  // object name "vocabularySearch"
  QTableView* table() const { return view_; }       // object name "vocabularyTable": id, word, frequency, known
  QLabel* summary() const { return summary_; }      // object name "vocabularySummary": what the search found

 private:
  void update();
  void describeModel();
  QString name_;
  std::unique_ptr<ModelWords> words_;
  QLabel* header_;
  QLineEdit* search_;
  QLabel* summary_;
  VocabularyTable* rows_;
  QTableView* view_;
  QLabel* note_;
};

}  // namespace al::ui
