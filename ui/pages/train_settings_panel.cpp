#include "ui/pages/train_settings_panel.h"  // first: it brings the core headers before any Qt header

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QVBoxLayout>

#include "ui/widgets/bare_layout.h"
#include "ui/widgets/library_model_box.h"
#include "ui/widgets/data_source_picker.h"
#include "ui/widgets/fine_tune_layers_box.h"
#include "ui/widgets/hyperparameter_form.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

TrainSettingsPanel::TrainSettingsPanel(QWidget* parent)
    : QWidget(parent), data_(new DataSourcePicker(this)), parameters_(new HyperParameterForm) {
  // The form scrolls on a small screen; the page's Start button above it stays in sight.
  auto* content = new QWidget;
  auto* layout = new QVBoxLayout(content);
  layout->setContentsMargins(0, 0, 8, 0);

  auto* source = new QGroupBox;
  auto* form = new QFormLayout(source);
  form->setRowWrapPolicy(QFormLayout::WrapLongRows);
  taskBox_ = new QComboBox;
  taskBox_->setObjectName("task");
  // As narrow as a presented settings panel: the longest task's name is in the list and its tooltip.
  taskBox_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  taskBox_->setMinimumContentsLength(12);
  for (const TaskInfo& info : trainingTasks()) {
    taskBox_->addItem(info.title, static_cast<int>(info.kind));
    const int row = taskBox_->count() - 1;
    taskBox_->setItemData(row, info.toolTip, Qt::ToolTipRole);
    // A task whose run does not exist yet is shown, greyed out, with its reason as the tooltip.
    if (!info.available) taskBox_->setItemData(row, 0, Qt::UserRole - 1);
  }
  connect(taskBox_, &QComboBox::currentIndexChanged, this, [this](int index) {
    if (index >= 0) setTask(static_cast<TaskKind>(taskBox_->itemData(index).toInt()));
  });
  form->addRow(new QLabel, taskBox_);
  data_->addRows(form);
  form->addRow(new QLabel, parameters_->presetBox());
  // BERT's second half: an IMDB classifier can start from a masked-LM's vocabulary, embeddings and encoder.
  startFromBox_ = new QComboBox;
  startFromBox_->setObjectName("startFrom");
  startFromBox_->addItem(QString(), -1);
  form->addRow(new QLabel, startFromBox_);
  // The article's other way: fine-tune BERT's top layers with the head instead of keeping it frozen.
  fineTuneBox_ = new FineTuneLayersBox;
  fineTuneBox_->setObjectName("fineTuneLayers");
  form->addRow(new QLabel, fineTuneBox_);
  // What the run's timeline watches (docs/training-timeline.md): a few lines, the corpus's own sentences shown
  // greyed until one is typed.
  watchEdit_ = new QPlainTextEdit;
  watchEdit_->setObjectName("watchSentences");
  watchEdit_->setTabChangesFocus(true);
  watchEdit_->setLineWrapMode(QPlainTextEdit::NoWrap);
  watchEdit_->setFixedHeight(watchEdit_->fontMetrics().lineSpacing() * 3 + 12);
  form->addRow(new QLabel, watchEdit_);
  sourceForm_ = form;
  form->setRowVisible(startFromBox_, task() == TaskKind::ImdbTransformer);
  showFineTuning();
  // The classifier takes the masked-LM's architecture: the form shows the sizes the run will have.
  connect(startFromBox_, &QComboBox::currentIndexChanged, this, &TrainSettingsPanel::showFineTuning);
  connect(startFromBox_, &QComboBox::currentIndexChanged, this, [this] {
    const MaskedLmModel* pretrained = startFromModel();
    if (!pretrained) return;
    const QVariantMap architecture = fineTuningValues(*pretrained);
    for (auto it = architecture.begin(); it != architecture.end(); ++it) parameters_->setParameter(it.key(), it.value());
  });
  setTranslatedTexts(this, [=, this] {
    startFromBox_->setItemText(0, tr("scratch (random weights)"));
    startFromBox_->setToolTip(tr("Start the classifier from a masked language model of this session: its vocabulary, "
                                 "embeddings and encoder, with a new head. The classifier takes its sizes (vocabulary, "
                                 "sequence length, widths, layers) from it. Or from a pretrained BERT opened in this "
                                 "session: a new sentiment head learns on its [CLS] state, with BERT frozen (it reads "
                                 "each review once) or with its top layers fine-tuned (Fine-tune top layers)."));
    source->setTitle(tr("Task and data"));
    taskBox_->setToolTip(tr("What to train"));
    const std::vector<TaskInfo> tasks = trainingTasks();
    for (int row = 0; row < taskBox_->count() && row < static_cast<int>(tasks.size()); ++row) {
      taskBox_->setItemText(row, tasks[size_t(row)].title);
      taskBox_->setItemData(row, tasks[size_t(row)].toolTip, Qt::ToolTipRole);
    }
    setFormLabels(form, {{taskBox_, tr("Task")}, {parameters_->presetBox(), tr("Preset")},
                         {startFromBox_, tr("Start from")}, {fineTuneBox_, FineTuneLayersBox::labelText()},
                         {watchEdit_, tr("Watch sentences")}});
    watchEdit_->setToolTip(tr("Up to %1 sentences, one a line, whose attention and prediction the run records while it "
                              "trains (a timeline to scrub on the Attention page and to save with the model). Empty: "
                              "the data's own sentences, shown in grey.").arg(kMaxWatchSentences));
  });
  layout->addWidget(source);
  layout->addWidget(parameters_);
  layout->addStretch(1);
  auto* scroll = new QScrollArea;
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  scroll->setWidget(content);
  auto* outer = bareLayout<QVBoxLayout>(this);
  outer->addWidget(scroll);

  connect(data_, &DataSourcePicker::error, this, &TrainSettingsPanel::error);
  // A preset may suit the source differently (the chatbot's tiny preset on the built-in conversations).
  connect(data_, &DataSourcePicker::readyChanged, this, [this] { parameters_->setDataSource(data_->source()); });
  connect(data_, &DataSourcePicker::readyChanged, this, [this] { choosePresetOfSource(false); });
  connect(data_, &DataSourcePicker::readyChanged, this, &TrainSettingsPanel::showDefaultWatchSentences);
  showDefaultWatchSentences();
  connect(parameters_, &HyperParameterForm::error, this, &TrainSettingsPanel::error);
}

void TrainSettingsPanel::setTask(TaskKind kind) {
  const TaskInfo info = taskInfo(kind);
  if (!info.available) {
    emit error(info.toolTip);
    kind = TaskKind::ImdbTransformer;
  }
  {
    const QSignalBlocker blocker(taskBox_);
    taskBox_->setCurrentIndex(taskBox_->findData(static_cast<int>(kind)));
  }
  parameters_->setTask(kind);
  data_->setTask(kind);
  parameters_->setDataSource(data_->source());
  choosePresetOfSource(true);
  sourceForm_->setRowVisible(startFromBox_, kind == TaskKind::ImdbTransformer);
  showFineTuning();
  showDefaultWatchSentences();
}

QStringList TrainSettingsPanel::typedWatchSentences() const {
  QStringList sentences;
  for (const QString& line : watchEdit_->toPlainText().split(QLatin1Char('\n')))
    if (!line.trimmed().isEmpty()) sentences << line.trimmed();
  return sentences;
}

void TrainSettingsPanel::setWatchSentences(const QStringList& sentences) { watchEdit_->setPlainText(sentences.join('\n')); }

QStringList TrainSettingsPanel::defaultWatchSentences() const {
  const ModelKind* kind = taskInfo(task()).catalogueEntry;
  QStringList sentences;
  if (kind)
    for (const std::string& s : defaultProbes(*kind, data_->source().toStdString())) sentences << QString::fromStdString(s);
  return sentences;
}

void TrainSettingsPanel::showDefaultWatchSentences() {
  if (watchEdit_) watchEdit_->setPlaceholderText(defaultWatchSentences().join('\n'));
}

// The fine-tuning row is there when the classifier starts from a BERT, up to that BERT's layer count.
void TrainSettingsPanel::showFineTuning() {
  const std::shared_ptr<const PretrainedBert> bert = startFromBert();
  fineTuneBox_->followBert(bert.get(), sourceForm_);
}

std::shared_ptr<const PretrainedBert> TrainSettingsPanel::startFromBert() const {
  if (task() != TaskKind::ImdbTransformer || !library_ || startFrom() < 0) return nullptr;
  const SessionModel* model = library_->model(startFrom());
  return model ? model->as<PretrainedBert>() : nullptr;
}

void TrainSettingsPanel::choosePresetOfSource(bool newTask) {
  const QString source = data_->source();
  if (!newTask && source == presetSource_) return;  // the same source: a preset chosen by hand stays
  const QStringList presets = presetNames(task());
  if (presets.contains(source)) parameters_->setPreset(source);
  else if (presets.contains(presetSource_) && parameters_->preset() == presetSource_)
    parameters_->setPreset(defaultPreset(task()));  // the previous source's own preset
  presetSource_ = source;
}

TaskKind TrainSettingsPanel::task() const { return static_cast<TaskKind>(taskBox_->currentData().toInt()); }

void TrainSettingsPanel::setLibrary(ModelLibrary* library) {
  library_ = library;
  // A masked-LM whose encoder an imdb classifier can start from (core/train/imdb_run.h), or a BERT to put a head on.
  listLibraryModels(startFromBox_, library_, [](const SessionModel& model) { return canStartClassifierFrom(model.model); });
}

void TrainSettingsPanel::setStartFrom(int libraryId) {
  const int row = startFromBox_->findData(libraryId);
  startFromBox_->setCurrentIndex(row >= 0 ? row : 0);
}

int TrainSettingsPanel::startFrom() const { return startFromBox_->currentData().toInt(); }

const MaskedLmModel* TrainSettingsPanel::startFromModel() const {
  if (task() != TaskKind::ImdbTransformer || !library_ || startFrom() < 0) return nullptr;
  const SessionModel* model = library_->model(startFrom());
  return model ? model->as<MaskedLmModel>().get() : nullptr;
}

RunRequest TrainSettingsPanel::request() const {
  RunRequest request;
  request.task = task();
  request.data = data_->source();
  request.preset = parameters_->preset();
  request.values = parameters_->values();
  if (const MaskedLmModel* pretrained = startFromModel()) {
    request.initEncoder = library_->model(startFrom())->as<MaskedLmModel>();
    // the masked-LM's architecture, even where a preset chosen afterwards filled in other sizes
    request.values.insert(fineTuningValues(*pretrained));
  }
  request.initEncoderBert = startFromBert();
  if (request.initEncoderBert) request.fineTuneLayers = fineTuneBox_->value();
  return request;
}

}  // namespace al::ui
