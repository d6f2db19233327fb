#pragma once
// The Train page's settings: the task, where the data comes from (with its data card), the preset and the
// hyper-parameters, and for an IMDB Transformer the masked-LM of the session it starts from ("Start from", BERT's
// second half). request() is the run these settings describe. Parts: the data source picker and the
// hyper-parameter form (ui/widgets/); this panel puts them in one form and follows the session's model library.
#include "ui/session/model_library.h"
#include "ui/session/run_factory.h"

#include <QString>
#include <QWidget>

class QComboBox;
class QFormLayout;
class QPlainTextEdit;

namespace al::ui {

class DataSourcePicker;
class FineTuneLayersBox;
class HyperParameterForm;

class TrainSettingsPanel : public QWidget {
  Q_OBJECT
 public:
  explicit TrainSettingsPanel(QWidget* parent = nullptr);

  // A task whose run does not exist yet is refused (error() says why) and the IMDB Transformer is chosen.
  void setTask(TaskKind kind);
  TaskKind task() const;
  DataSourcePicker* data() const { return data_; }
  HyperParameterForm* parameters() const { return parameters_; }

  // The library's masked-LM and BERT models are offered as "Start from"; none by default.
  void setLibrary(ModelLibrary* library);
  void setStartFrom(int libraryId);  // -1: scratch
  int startFrom() const;

  // The sentences a run's timeline watches (the recorder takes a snapshot of what the model shows of them): the ones
  // typed, one a line, or when none is typed the corpus's own (defaultWatchSentences).
  static constexpr int kMaxWatchSentences = 4;
  QStringList typedWatchSentences() const;  // non-empty lines, trimmed
  void setWatchSentences(const QStringList& sentences);
  QStringList defaultWatchSentences() const;

  RunRequest request() const;  // the run to start with these settings; from a masked-LM, with its architecture

 signals:
  void error(const QString& message);  // the data could not be read, a value or a task was refused

 private:
  const MaskedLmModel* startFromModel() const;  // the chosen masked-LM, or null for scratch
  std::shared_ptr<const PretrainedBert> startFromBert() const;  // the chosen BERT (IMDB Transformer), or null
  void showFineTuning();
  // A built-in source with a preset of its own (the language model's long-range text) takes that preset; leaving
  // it gives the task's default back. Called when the source or the task changes.
  void choosePresetOfSource(bool newTask);

  void showDefaultWatchSentences();  // as the field's placeholder, for the task and data of now

  QComboBox* taskBox_;
  QComboBox* startFromBox_;  // scratch, a masked-LM or a BERT of the library (IMDB Transformer only)
  QPlainTextEdit* watchEdit_ = nullptr;  // the sentences the run's timeline watches
  FineTuneLayersBox* fineTuneBox_;  // BERT's top layers trained with the head (shown when starting from a BERT)
  QFormLayout* sourceForm_;
  DataSourcePicker* data_;
  HyperParameterForm* parameters_;
  ModelLibrary* library_ = nullptr;
  QString presetSource_;  // the data source the preset was last chosen for
};

}  // namespace al::ui
