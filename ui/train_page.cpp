#include "ui/train_page.h"  // first: it brings the core headers before any Qt header

#include <algorithm>
#include <cmath>

#include <QAction>
#include <QButtonGroup>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QFrame>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollArea>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include "core/error.h"
#include "ui/curve_plot.h"
#include "ui/export.h"
#include "ui/runs_list.h"
#include "ui/training_controller.h"
#include "ui/widgets/data_card_text.h"
#include "ui/widgets/imdb_data_choice.h"

namespace al::ui {

namespace {

constexpr int kRedrawIntervalMs = 33;       // about 30 redraws a second, however fast batches come
constexpr double kSmoothingWeight = 0.9;    // of the batch curve's moving average
constexpr int kRecentDataSources = 6;

const char* kDataKey = "train/data";           // QSettings: the chosen data source, per task
const char* kRecentKey = "train/recentData";   // QSettings: sources chosen before

// Colours that stay apart on a projector and for the common colour-vision deficiencies (Okabe-Ito).
const QColor kRunColors[] = {QColor(0, 114, 178), QColor(213, 94, 0), QColor(0, 158, 115), QColor(204, 121, 167),
                             QColor(230, 159, 0), QColor(86, 180, 233), QColor(0, 0, 0), QColor(240, 228, 66)};

QString formatDuration(double seconds) {
  const long s = std::lround(std::max(0.0, seconds));
  if (s >= 3600) return QStringLiteral("%1:%2:%3").arg(s / 3600).arg(s / 60 % 60, 2, 10, QLatin1Char('0')).arg(s % 60, 2, 10, QLatin1Char('0'));
  return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

QString dataKey(TaskKind kind) { return QString::fromLatin1(kDataKey) + QLatin1Char('/') + taskInfo(kind).contractName; }
QString recentKey(TaskKind kind) {
  return QString::fromLatin1(kRecentKey) + QLatin1Char('/') + taskInfo(kind).contractName;
}

// "builtin", "builtin:translate": data written by this project, not a file.
bool isBuiltin(const QString& source) { return source.startsWith(QLatin1String("builtin")); }

QString displayName(const QString& source) {
  return isBuiltin(source) ? source : QFileInfo(source).fileName() + QStringLiteral("  (") + source + QLatin1Char(')');
}

}  // namespace

TrainPage::TrainPage(QWidget* parent)
    : QWidget(parent),
      controller_(new TrainingController(this)),
      redrawTimer_(new QTimer(this)),
      dataReader_(new QFutureWatcher<DataReading>(this)) {
  setObjectName("trainPage");
  createActions();

  errorLabel_ = new QLabel;
  errorLabel_->setObjectName("error");
  errorLabel_->setWordWrap(true);
  errorLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* closeError = new QToolButton;
  closeError->setIcon(QIcon(QStringLiteral(":/icons/close.svg")));
  closeError->setToolTip(tr("Hide this message"));
  connect(closeError, &QToolButton::clicked, this, &TrainPage::hideError);
  errorBanner_ = new QFrame;
  errorBanner_->setObjectName("errorBanner");
  auto* bannerLayout = new QHBoxLayout(errorBanner_);
  bannerLayout->addWidget(errorLabel_, 1);
  bannerLayout->addWidget(closeError, 0, Qt::AlignTop);
  errorBanner_->hide();

  auto* right = new QSplitter(Qt::Vertical);
  right->addWidget(createCurvesPanel());
  right->addWidget(createRunsPanel());
  right->setStretchFactor(0, 3);
  right->setStretchFactor(1, 1);

  auto* left = new QWidget;
  auto* leftLayout = new QVBoxLayout(left);
  leftLayout->setContentsMargins(0, 0, 0, 0);
  leftLayout->addWidget(createControls());
  auto* scroll = new QScrollArea;
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  scroll->setWidget(createSettingsPanel());
  leftLayout->addWidget(scroll, 1);
  left->setMinimumWidth(400);
  left->setMaximumWidth(560);

  auto* split = new QSplitter(Qt::Horizontal);
  split->addWidget(left);
  split->addWidget(right);
  split->setStretchFactor(1, 1);

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(errorBanner_);
  layout->addWidget(split, 1);

  redrawTimer_->setInterval(kRedrawIntervalMs);
  connect(redrawTimer_, &QTimer::timeout, this, &TrainPage::takeTrainingUpdate);
  connect(controller_, &TrainingController::finished, this, &TrainPage::trainingFinished);
  connect(dataReader_, &QFutureWatcher<DataReading>::finished, this, &TrainPage::dataRead);

  // The last data source of the default task, if it still exists; the built-in data otherwise, so that the
  // first launch works offline.
  setTask(TaskKind::ImdbTransformer);
  updateButtons();
  setStatus(tr("Choose data and a preset, then press Start (F5)."));
}

TrainPage::~TrainPage() {
  // The controller's destructor stops and joins the worker; a data reading in flight is waited for here.
  dataReader_->waitForFinished();
}

// ---------------------------------------------------------------------------------------------------------------
// Building the page

void TrainPage::createActions() {
  startAction_ = new QAction(tr("&Start training"), this);
  startAction_->setShortcut(Qt::Key_F5);
  startAction_->setToolTip(tr("Prepare the data and the model, then train (F5)"));
  connect(startAction_, &QAction::triggered, this, &TrainPage::start);

  pauseAction_ = new QAction(tr("&Pause"), this);
  pauseAction_->setShortcut(Qt::Key_F6);
  pauseAction_->setCheckable(true);
  pauseAction_->setToolTip(tr("Pause after the current batch; press again to resume (F6)"));
  connect(pauseAction_, &QAction::toggled, this, &TrainPage::setPaused);

  stopAction_ = new QAction(tr("S&top"), this);
  stopAction_->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F5));
  stopAction_->setToolTip(tr("Stop after the current batch; the run keeps its best epoch (Shift+F5)"));
  connect(stopAction_, &QAction::triggered, this, &TrainPage::stop);
  // The keys work wherever the page is shown (the main window's menu holds the same actions).
  addActions({startAction_, pauseAction_, stopAction_});
}

QWidget* TrainPage::createControls() {
  auto* box = new QWidget;
  auto* layout = new QVBoxLayout(box);
  layout->setContentsMargins(0, 0, 8, 0);

  auto makeButton = [](QAction* action, const char* name) {
    auto* button = new QPushButton(action->text().remove(QLatin1Char('&')));
    button->setObjectName(name);
    button->setToolTip(action->toolTip());
    button->setMinimumHeight(36);
    return button;
  };
  startButton_ = makeButton(startAction_, "start");
  pauseButton_ = makeButton(pauseAction_, "pause");
  stopButton_ = makeButton(stopAction_, "stop");
  startButton_->setText(tr("Start"));
  pauseButton_->setCheckable(true);
  QFont bold = startButton_->font();
  bold.setBold(true);
  startButton_->setFont(bold);
  connect(startButton_, &QPushButton::clicked, startAction_, &QAction::trigger);
  connect(pauseButton_, &QPushButton::clicked, this, [this](bool checked) { pauseAction_->setChecked(checked); });
  connect(stopButton_, &QPushButton::clicked, stopAction_, &QAction::trigger);

  auto* buttons = new QHBoxLayout;
  buttons->addWidget(startButton_, 2);
  buttons->addWidget(pauseButton_, 1);
  buttons->addWidget(stopButton_, 1);
  layout->addLayout(buttons);

  progress_ = new QProgressBar;
  progress_->setObjectName("progress");
  progress_->setRange(0, 1000);
  progress_->setValue(0);
  progress_->setTextVisible(true);
  progress_->setFormat(QString());
  speed_ = new QLabel;
  speed_->setObjectName("speed");
  speed_->setToolTip(tr("How many samples the model learns from per second, and the time left at that pace"));
  auto* progressRow = new QHBoxLayout;
  progressRow->addWidget(progress_, 1);
  progressRow->addWidget(speed_);
  layout->addLayout(progressRow);

  status_ = new QLabel;
  status_->setObjectName("status");
  status_->setWordWrap(true);
  status_->setMinimumHeight(status_->fontMetrics().height() * 2 + 4);
  layout->addWidget(status_);
  return box;
}

QWidget* TrainPage::createSettingsPanel() {
  settingsPanel_ = new QWidget;
  auto* layout = new QVBoxLayout(settingsPanel_);
  layout->setContentsMargins(0, 0, 8, 0);

  auto* source = new QGroupBox(tr("Task and data"));
  auto* form = new QFormLayout(source);
  taskBox_ = new QComboBox;
  taskBox_->setObjectName("task");
  for (const TaskInfo& info : trainingTasks()) {
    taskBox_->addItem(info.title, static_cast<int>(info.kind));
    const int row = taskBox_->count() - 1;
    taskBox_->setItemData(row, info.toolTip, Qt::ToolTipRole);
    // A task whose run does not exist yet is shown, greyed out, with its reason as the tooltip.
    if (!info.available) taskBox_->setItemData(row, 0, Qt::UserRole - 1);
  }
  taskBox_->setToolTip(tr("What to train"));
  connect(taskBox_, &QComboBox::currentIndexChanged, this, [this](int index) {
    if (index >= 0) setTask(static_cast<TaskKind>(taskBox_->itemData(index).toInt()));
  });
  form->addRow(tr("Task"), taskBox_);

  dataBox_ = new QComboBox;
  dataBox_->setObjectName("data");
  dataBox_->setToolTip(tr("The training data: built in (works offline), or a folder, archive, CSV or TSV file "
                          "chosen before"));
  dataBox_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  dataBox_->setMinimumContentsLength(12);
  connect(dataBox_, &QComboBox::activated, this, [this](int index) {
    if (!isImdbDownloadChoice(dataBox_->itemData(index))) return setDataSource(dataBox_->itemData(index).toString());
    dataBox_->setCurrentIndex(dataBox_->findData(dataSource_));  // the current source, until the archive is there
    downloadImdb(dataBox_, this, [this](const QString& archive) { setDataSource(archive); });
  });
  form->addRow(tr("Data"), dataBox_);

  auto* openFile = new QPushButton(tr("Open file…"));
  openFile->setToolTip(tr("An aclImdb_v1.tar.gz archive, a CSV (review,sentiment) or a TSV (label, tab, text)"));
  connect(openFile, &QPushButton::clicked, this, &TrainPage::chooseDataFile);
  auto* openFolder = new QPushButton(tr("Open folder…"));
  openFolder->setToolTip(tr("An aclImdb folder (train/pos, train/neg, test/pos, test/neg)"));
  connect(openFolder, &QPushButton::clicked, this, &TrainPage::chooseDataFolder);
  auto* open = new QHBoxLayout;
  open->addWidget(openFile);
  open->addWidget(openFolder);
  form->addRow(QString(), open);

  dataCard_ = new QLabel;
  dataCard_->setObjectName("dataCard");
  dataCard_->setWordWrap(true);
  dataCard_->setTextFormat(Qt::RichText);
  dataCard_->setFrameShape(QFrame::StyledPanel);
  dataCard_->setMargin(6);
  dataCard_->setToolTip(tr("The rule of thumb of the book (Deep Learning with Python, ch. 11): divide the number "
                           "of samples by the mean number of words per sample. Below about 1500, a bag-of-bigrams "
                           "model tends to win; above, a sequence model such as the Transformer."));
  form->addRow(dataCard_);

  presetBox_ = new QComboBox;
  presetBox_->setObjectName("preset");
  presetBox_->setToolTip(tr("A named set of hyper-parameters: tiny (seconds), classroom (minutes), book (the "
                            "book's exact model). Every value below can still be changed."));
  connect(presetBox_, &QComboBox::currentTextChanged, this, [this](const QString&) { rebuildParameterForm(); });
  form->addRow(tr("Preset"), presetBox_);
  layout->addWidget(source);

  modelGroup_ = new QGroupBox(tr("Model"));
  modelForm_ = new QFormLayout(modelGroup_);
  trainingGroup_ = new QGroupBox(tr("Training"));
  trainingForm_ = new QFormLayout(trainingGroup_);
  for (QFormLayout* f : {form, modelForm_, trainingForm_}) f->setRowWrapPolicy(QFormLayout::WrapLongRows);
  layout->addWidget(modelGroup_);
  layout->addWidget(trainingGroup_);
  layout->addStretch(1);
  return settingsPanel_;
}

QWidget* TrainPage::createCurvesPanel() {
  auto* panel = new QWidget;
  auto* layout = new QVBoxLayout(panel);
  layout->setContentsMargins(0, 0, 0, 0);
  curves_ = new CurvePlot;
  curves_->setObjectName("figure");
  curves_->setMinimumHeight(260);
  layout->addWidget(curves_, 1);

  auto* row = new QHBoxLayout;
  row->addStretch(1);
  auto* picture = new QPushButton(tr("Save picture…"));
  picture->setToolTip(tr("The curves as PNG, SVG or PDF"));
  connect(picture, &QPushButton::clicked, this, &TrainPage::exportFigure);
  auto* numbers = new QPushButton(tr("Save numbers…"));
  numbers->setToolTip(tr("Every point of the curves shown, as a CSV table"));
  connect(numbers, &QPushButton::clicked, this, &TrainPage::exportNumbers);
  row->addWidget(picture);
  row->addWidget(numbers);
  layout->addLayout(row);
  return panel;
}

QWidget* TrainPage::createRunsPanel() {
  auto* panel = new QWidget;
  auto* layout = new QVBoxLayout(panel);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* header = new QHBoxLayout;
  auto* title = new QLabel(tr("<b>Runs</b> — tick to overlay curves"));
  header->addWidget(title, 1);
  auto* open = new QPushButton(tr("Open model…"));
  open->setToolTip(tr("Show a saved model's curves beside this session's runs"));
  connect(open, &QPushButton::clicked, this, &TrainPage::openModelDialog);
  auto* save = new QPushButton(tr("Save model…"));
  save->setObjectName("saveModel");
  save->setToolTip(tr("Save the selected run (or the last one) as a model directory, with its history"));
  connect(save, &QPushButton::clicked, this, &TrainPage::saveModelDialog);
  header->addWidget(open);
  header->addWidget(save);
  layout->addLayout(header);

  runsList_ = new RunsList;
  runsList_->setMinimumHeight(110);
  connect(runsList_, &RunsList::runToggled, this, [this](int id, bool checked) {
    curves_->setRunVisible(id, checked);
    curves_->refresh();
  });
  connect(runsList_, &RunsList::runRenamed, this, [this](int id, const QString& name) {
    auto it = runs_.find(id);
    if (it == runs_.end() || it->second.name == name) return;
    it->second.name = name;
    curves_->renameRun(id, name);
    curves_->refresh();
  });
  layout->addWidget(runsList_, 1);
  return panel;
}

// ---------------------------------------------------------------------------------------------------------------
// Task, data, preset, hyper-parameters

void TrainPage::setTask(TaskKind kind) {
  const TaskInfo info = taskInfo(kind);
  if (!info.available) {
    showError(info.toolTip);
    kind = TaskKind::ImdbTransformer;
  }
  {
    const QSignalBlocker blocker(taskBox_);
    taskBox_->setCurrentIndex(taskBox_->findData(static_cast<int>(kind)));
  }
  rebuildPresets();

  // The data box: the task's built-in data, then the sources chosen before.
  const QSignalBlocker blocker(dataBox_);
  dataBox_->clear();
  for (const auto& [source, title] : taskInfo(kind).builtinData) dataBox_->addItem(title, source);
  QSettings settings;
  for (const QString& recent : settings.value(recentKey(kind)).toStringList())
    dataBox_->addItem(displayName(recent), recent);
  if (taskInfo(kind).hasDataCard) addImdbChoice(dataBox_);  // the downloaded IMDB archive, or its download
  QString remembered = settings.value(dataKey(kind), QStringLiteral("builtin")).toString();
  if (!isBuiltin(remembered) && !QFileInfo::exists(remembered)) remembered = QStringLiteral("builtin");
  dataSource_ = QString();  // force a reading
  setDataSource(remembered);
}

TaskKind TrainPage::task() const { return static_cast<TaskKind>(taskBox_->currentData().toInt()); }

void TrainPage::setDataSource(const QString& source) {
  if (source.isEmpty() || (source == dataSource_ && (dataCardReady_ || dataReader_->isRunning()))) return;
  hideError();
  previousDataSource_ = dataSource_.isEmpty() ? QStringLiteral("builtin") : dataSource_;
  dataSource_ = source;
  {
    const QSignalBlocker blocker(dataBox_);
    int index = dataBox_->findData(source);
    if (index < 0) {
      dataBox_->addItem(displayName(source), source);
      index = dataBox_->count() - 1;
    }
    dataBox_->setCurrentIndex(index);
  }
  readDataInBackground();
}

void TrainPage::readDataInBackground() {
  dataCardReady_ = false;
  startAction_->setEnabled(false);
  updateButtons();
  if (dataReader_->isRunning()) {
    rereadData_ = true;  // read the newest choice once the running reading is done
    return;
  }
  dataCard_->setText(tr("<i>Reading %1…</i>").arg(dataSource_.toHtmlEscaped()));
  const TaskKind kind = task();
  const QString source = dataSource_;
  dataReader_->setFuture(QtConcurrent::run([kind, source] {
    DataReading reading;
    reading.task = kind;
    reading.source = source;
    try {
      reading.card = describeData(kind, source);
    } catch (const std::exception& e) {
      reading.error = QString::fromStdString(e.what());
    }
    return reading;
  }));
}

void TrainPage::dataRead() {
  const DataReading reading = dataReader_->result();
  if (rereadData_ || reading.source != dataSource_ || reading.task != task()) {
    rereadData_ = false;
    readDataInBackground();
    return;
  }
  if (!reading.error.isEmpty()) {
    // Keep the previous, readable source chosen; the unreadable one leaves the list.
    const QSignalBlocker blocker(dataBox_);
    const int bad = dataBox_->findData(reading.source);
    if (bad > 0) dataBox_->removeItem(bad);
    QSettings settings;
    QStringList recent = settings.value(recentKey(task())).toStringList();
    recent.removeAll(reading.source);
    settings.setValue(recentKey(task()), recent);
    const QString fallback = previousDataSource_ == reading.source ? QStringLiteral("builtin") : previousDataSource_;
    dataSource_ = fallback;
    dataBox_->setCurrentIndex(std::max(0, dataBox_->findData(fallback)));
    readDataInBackground();
    showError(tr("Could not read the data: %1").arg(reading.error));  // readDataInBackground keeps the banner
    return;
  }
  // Remember a source that could be read, for the next launch.
  QSettings settings;
  settings.setValue(dataKey(task()), reading.source);
  if (!isBuiltin(reading.source)) {
    QStringList recent = settings.value(recentKey(task())).toStringList();
    recent.removeAll(reading.source);
    recent.prepend(reading.source);
    while (recent.size() > kRecentDataSources) recent.removeLast();
    settings.setValue(recentKey(task()), recent);
  }
  updateDataCard(reading.card, reading.source);
  dataCardReady_ = true;
  updateButtons();
  emit dataCardChanged();
}

void TrainPage::updateDataCard(const DataCard& card, const QString& source) {
  if (!taskInfo(task()).hasDataCard) {
    dataCard_->setText(tr("<b>%1</b> question–answer pairs to learn from (%2).")
                           .arg(QLocale().toString(static_cast<qulonglong>(card.samples)), displayName(source).toHtmlEscaped()));
    return;
  }
  dataCard_->setText(sentimentDataCardHtml(card));
}

void TrainPage::rebuildPresets() {
  const QSignalBlocker blocker(presetBox_);
  presetBox_->clear();
  presetBox_->addItems(presetNames(task()));
  presetBox_->setCurrentText(defaultPreset(task()));
  rebuildParameterForm();
}

void TrainPage::setPreset(const QString& preset) {
  presetBox_->setCurrentText(preset);  // rebuilds the form through currentTextChanged
}

QString TrainPage::preset() const { return presetBox_->currentText(); }

void TrainPage::rebuildParameterForm() {
  for (QFormLayout* form : {modelForm_, trainingForm_})
    while (form->rowCount() > 0) form->removeRow(0);
  editors_.clear();
  toggles_.clear();
  parameters_.clear();
  if (presetBox_->currentText().isEmpty()) return;
  try {
    parameters_ = presetParameters(task(), presetBox_->currentText());
  } catch (const std::exception& e) {
    showError(QString::fromStdString(e.what()));
    return;
  }
  for (const HyperParameter& p : parameters_) {
    QFormLayout* form = p.group == QLatin1String("Model") ? modelForm_ : trainingForm_;
    auto* label = new QLabel(p.label);
    label->setToolTip(p.toolTip);
    form->addRow(label, createEditor(p));
  }
}

QWidget* TrainPage::createEditor(const HyperParameter& p) {
  QWidget* editor = nullptr;
  switch (p.kind) {
    case HyperParameter::Kind::Integer: {
      auto* spin = new QSpinBox;
      spin->setRange(static_cast<int>(p.minimum), static_cast<int>(p.maximum));
      spin->setValue(p.value.toInt());
      spin->setGroupSeparatorShown(true);
      editor = spin;
      break;
    }
    case HyperParameter::Kind::Real: {
      auto* spin = new QDoubleSpinBox;
      spin->setDecimals(p.decimals);
      spin->setRange(p.minimum, p.maximum);
      spin->setSingleStep(std::pow(10.0, -std::min(p.decimals, 2)));
      spin->setValue(p.value.toDouble());
      editor = spin;
      break;
    }
    case HyperParameter::Kind::Choice: {
      // Plain toggles, all visible at once: a student sees the alternatives without opening anything.
      editor = new QWidget;
      auto* row = new QHBoxLayout(editor);
      row->setContentsMargins(0, 0, 0, 0);
      auto* group = new QButtonGroup(editor);
      for (int i = 0; i < p.choices.size(); ++i) {
        auto* toggle = new QRadioButton(p.choiceLabels.value(i, p.choices[i]));
        toggle->setObjectName(p.key + QLatin1Char('_') + p.choices[i]);
        toggle->setToolTip(p.toolTip);
        toggle->setChecked(p.choices[i] == p.value.toString());
        group->addButton(toggle, i);
        row->addWidget(toggle);
      }
      row->addStretch(1);
      toggles_[p.key] = group;
      break;
    }
  }
  editor->setObjectName(p.key);
  editor->setToolTip(p.toolTip);
  editors_[p.key] = editor;
  return editor;
}

void TrainPage::setParameter(const QString& key, const QVariant& value) {
  auto it = editors_.find(key);
  if (it == editors_.end()) return;
  if (auto* spin = qobject_cast<QSpinBox*>(it->second)) spin->setValue(value.toInt());
  if (auto* spin = qobject_cast<QDoubleSpinBox*>(it->second)) spin->setValue(value.toDouble());
  if (auto group = toggles_.find(key); group != toggles_.end()) {
    for (const HyperParameter& p : parameters_) {
      if (p.key != key) continue;
      const int index = static_cast<int>(p.choices.indexOf(value.toString()));
      if (QAbstractButton* button = group->second->button(index)) button->setChecked(true);
    }
  }
}

QVariant TrainPage::parameter(const QString& key) const {
  auto it = editors_.find(key);
  if (it == editors_.end()) return {};
  if (auto* spin = qobject_cast<QSpinBox*>(it->second)) return spin->value();
  if (auto* spin = qobject_cast<QDoubleSpinBox*>(it->second)) return spin->value();
  if (auto group = toggles_.find(key); group != toggles_.end()) {
    for (const HyperParameter& p : parameters_)
      if (p.key == key) return p.choices.value(group->second->checkedId());
  }
  return {};
}

void TrainPage::chooseDataFile() {
  const QString dir = isBuiltin(dataSource_) ? QDir::homePath() : QFileInfo(dataSource_).absolutePath();
  const QString file = QFileDialog::getOpenFileName(this, tr("Open training data"), dir, taskInfo(task()).dataFileFilter);
  if (!file.isEmpty()) setDataSource(file);
}

void TrainPage::chooseDataFolder() {
  const QString folder = QFileDialog::getExistingDirectory(this, tr("Open an aclImdb folder"), QDir::homePath());
  if (!folder.isEmpty()) setDataSource(folder);
}

bool TrainPage::dataCardReady() const { return dataCardReady_; }
QString TrainPage::dataCardText() const { return dataCard_->text(); }

// ---------------------------------------------------------------------------------------------------------------
// Training

RunRequest TrainPage::currentRequest() const {
  RunRequest request;
  request.task = task();
  request.data = dataSource_;
  request.preset = presetBox_->currentText();
  for (const HyperParameter& p : parameters_) request.values[p.key] = parameter(p.key);
  return request;
}

QColor TrainPage::colorOf(int runId) const {
  return kRunColors[static_cast<size_t>(runId - 1) % std::size(kRunColors)];
}

int TrainPage::addRun(const QString& name, const nlohmann::json& settings, bool checked, int plannedEpochs) {
  const int id = nextRunId_++;
  Run& run = runs_[id];
  run.name = name;
  run.settings = settings;
  curves_->addRun(id, name, colorOf(id), checked, plannedEpochs);
  runsList_->addRun(id, name, settingsSummary(settings), QString::fromStdString(settings.dump(2)), colorOf(id), checked);
  return id;
}

void TrainPage::start() {
  if (isTraining()) return;
  if (!dataCardReady_) {
    setStatus(tr("The data is still being read; Start will be possible in a moment."));
    return;
  }
  hideError();
  const RunRequest request = currentRequest();
  // Ticked runs stay ticked: a run ticked before Start is compared live with the new one ("with position"
  // against "without position").
  currentRunId_ = addRun(tr("Run %1").arg(nextRunId_), requestSettings(request), true,
                         request.values.value(QStringLiteral("epochs")).toInt());
  runsList_->setState(currentRunId_, tr("preparing"));
  runsList_->selectRun(currentRunId_);
  curves_->refresh();

  runClock_.start();
  speed_->clear();
  progress_->setValue(0);
  progress_->setFormat(tr("preparing…"));
  {
    const QSignalBlocker blocker(pauseAction_);
    pauseAction_->setChecked(false);
  }
  controller_->start(request);
  redrawTimer_->start();
  updateButtons();
  setStatus(tr("Preparing: reading the data and building the model…"));
  emit trainingChanged(true);
}

void TrainPage::setPaused(bool paused) {
  if (!isTraining()) paused = false;
  controller_->setPaused(paused);
  {
    const QSignalBlocker blocker(pauseAction_);
    pauseAction_->setChecked(paused);
  }
  pauseButton_->setChecked(paused);
  pauseButton_->setText(paused ? tr("Resume") : tr("Pause"));
  pauseAction_->setText(paused ? tr("&Resume") : tr("&Pause"));
  if (isTraining()) {
    runsList_->setState(currentRunId_, paused ? tr("paused") : tr("training"));
    setStatus(paused ? tr("Paused. Press Resume (F6) to go on.") : tr("Training…"));
  }
}

void TrainPage::stop() {
  if (!isTraining()) return;
  controller_->stop();
  stopButton_->setEnabled(false);
  setStatus(tr("Stopping after the current batch…"));
}

bool TrainPage::isTraining() const { return controller_->busy(); }
bool TrainPage::isPaused() const { return controller_->paused(); }

int TrainPage::batchesSeen(int runId) const {
  auto it = runs_.find(runId);
  return it == runs_.end() ? 0 : it->second.batches;
}

std::vector<EpochEvent> TrainPage::history(int runId) const {
  auto it = runs_.find(runId);
  return it == runs_.end() ? std::vector<EpochEvent>{} : it->second.history;
}

void TrainPage::takeTrainingUpdate() {
  const TrainingController::Update update = controller_->takeUpdate();
  auto it = runs_.find(currentRunId_);
  if (it == runs_.end()) return;
  Run& run = it->second;
  if (update.phase == TrainingController::Phase::Preparing) {
    progress_->setValue(static_cast<int>(1000 * update.prepareFraction));
    if (!update.preparing.isEmpty()) progress_->setFormat(update.preparing);
  }
  if (update.phase == TrainingController::Phase::Testing && runsList_->text(currentRunId_, RunsList::StateColumn) != tr("testing")) {
    runsList_->setState(currentRunId_, tr("testing"));
    setStatus(tr("Trained. Measuring the kept model on the test data…"));
  }
  for (const BatchEvent& e : update.batches) drawBatch(run, currentRunId_, e);
  for (const EpochEvent& e : update.epochs) {
    run.history.push_back(e);
    curves_->addEpochPoint(currentRunId_, e.epoch, e.loss, e.accuracy, e.valLoss, e.valAccuracy);
    runsList_->setResult(currentRunId_, bestValidationAccuracy(run.history), runClock_.elapsed() / 1000.0,
                         isPaused() ? tr("paused") : tr("training"));
  }
  if (!update.batches.empty()) showProgress(update.batches.back());
  curves_->refresh();
}

void TrainPage::drawBatch(Run& run, int runId, const BatchEvent& e) {
  if (run.batches == 0) runsList_->setState(runId, tr("training"));
  ++run.batches;
  // A debiased moving average, as TensorBoard smooths: without the correction the curve would start at 0.
  run.lossAverage = kSmoothingWeight * run.lossAverage + (1 - kSmoothingWeight) * e.loss;
  run.accuracyAverage = kSmoothingWeight * run.accuracyAverage + (1 - kSmoothingWeight) * e.accuracy;
  run.smoothingWeight *= kSmoothingWeight;
  const double correction = 1 - run.smoothingWeight;
  const double x = (e.epoch - 1) + static_cast<double>(e.batch) / static_cast<double>(std::max<size_t>(1, e.batchesPerEpoch));
  curves_->addBatchPoint(runId, x, run.lossAverage / correction, run.accuracyAverage / correction);
}

void TrainPage::showProgress(const BatchEvent& e) {
  progress_->setValue(static_cast<int>(1000 * e.fraction));
  progress_->setFormat(tr("%1 %").arg(static_cast<int>(100 * e.fraction)));
  speed_->setText(tr("%1 samples/s · %2 left")
                      .arg(QLocale().toString(e.samplesPerSecond, 'f', 0), formatDuration(e.secondsLeft)));
  if (!isPaused())
    setStatus(tr("Epoch %1, batch %2 of %3\nthis batch: loss %4 · accuracy %5 %")
                  .arg(e.epoch)
                  .arg(e.batch)
                  .arg(e.batchesPerEpoch)
                  .arg(e.loss, 0, 'f', 3)
                  .arg(100 * e.accuracy, 0, 'f', 1));
}

void TrainPage::trainingFinished() {
  redrawTimer_->stop();
  takeTrainingUpdate();  // whatever came after the last tick
  TrainingController::Outcome outcome = controller_->takeOutcome();
  const int id = currentRunId_;
  const bool trained = outcome.run != nullptr;
  if (trained)
    keepFinishedRun(id, std::move(outcome));
  else
    dropUnstartedRun(id, outcome);
  setPaused(false);
  updateButtons();
  curves_->refresh();
  emit trainingChanged(false);
  if (trained) emit runFinished(id);
}

const TrainingRun* TrainPage::trainingRun(int runId) const {
  const auto it = runs_.find(runId);
  return it == runs_.end() || (isTraining() && runId == currentRunId_) ? nullptr : it->second.run.get();
}

QString TrainPage::runFailure(int runId) const {
  const auto it = runs_.find(runId);
  return it == runs_.end() ? QString() : it->second.failure;
}

bool TrainPage::runStopped(int runId) const {
  const auto it = runs_.find(runId);
  return it != runs_.end() && it->second.stopped;
}

void TrainPage::keepFinishedRun(int id, TrainingController::Outcome outcome) {
  Run& run = runs_[id];
  run.stopped = outcome.stopped;
  run.seconds = runClock_.elapsed() / 1000.0;
  run.run = std::move(outcome.run);
  if (!outcome.result.history.empty()) run.history = outcome.result.history;

  QString state;
  if (!outcome.error.isEmpty()) {
    state = tr("failed");
    run.failure = outcome.error;
    showError(tr("Training stopped with an error: %1 Its curves stay in the runs list.").arg(outcome.error));
  } else if (outcome.stopped) {
    state = tr("stopped after epoch %1").arg(outcome.result.epochsDone);
    setStatus(tr("Stopped. The run keeps its best epoch (%1); save it with Save model.").arg(outcome.result.bestEpoch));
  } else {
    state = tr("done, best epoch %1").arg(outcome.result.bestEpoch);
    setStatus(tr("Done in %1. Best epoch: %2%3.")
                  .arg(formatDuration(run.seconds))
                  .arg(outcome.result.bestEpoch)
                  .arg(outcome.test ? tr("; on the test data: %1 % accuracy").arg(100 * outcome.test->accuracy(), 0, 'f', 1)
                                    : QString()));
  }
  runsList_->setResult(id, bestValidationAccuracy(run.history), run.seconds, state);
  if (outcome.test) runsList_->setTestAccuracy(id, outcome.test->accuracy());
  // The row keeps the page's summary; its tooltip now shows every setting the run really used.
  runsList_->setSettings(id, settingsSummary(run.settings), QString::fromStdString(run.run->settings().dump(2)));
  const bool complete = outcome.error.isEmpty() && !outcome.stopped;
  if (complete) progress_->setValue(1000);
  progress_->setFormat(state);
  speed_->setText(tr("%1 in all").arg(formatDuration(run.seconds)));
}

void TrainPage::dropUnstartedRun(int id, const TrainingController::Outcome& outcome) {
  // Nothing was trained (the data could not be read, or Stop came while preparing): the row would only confuse.
  runsList_->removeRun(id);
  curves_->removeRun(id);
  runs_.erase(id);
  currentRunId_ = -1;
  progress_->setValue(0);
  progress_->setFormat(QString());
  speed_->clear();
  if (outcome.stopped)
    setStatus(tr("Cancelled before training began."));
  else
    showError(tr("Could not start training: %1").arg(outcome.error));
}

void TrainPage::updateButtons() {
  const bool training = isTraining();
  startAction_->setEnabled(!training && dataCardReady_);
  startButton_->setEnabled(startAction_->isEnabled());
  pauseAction_->setEnabled(training);
  pauseButton_->setEnabled(training);
  stopAction_->setEnabled(training);
  stopButton_->setEnabled(training);
  settingsPanel_->setEnabled(!training);  // the settings of a running run cannot change; the next run's can
}

// ---------------------------------------------------------------------------------------------------------------
// Files

bool TrainPage::saveModel(int runId, const QString& dir, bool remember) {
  auto it = runs_.find(runId);
  if (it == runs_.end()) {
    showError(tr("There is no run to save yet: train one first."));
    return false;
  }
  if (!it->second.run) {
    showError(tr("\"%1\" was opened from %2 and is saved there already.").arg(it->second.name, it->second.directory));
    return false;
  }
  if (!it->second.failure.isEmpty()) {
    showError(tr("\"%1\" failed (%2); its weights are not worth saving. Train it again with a smaller learning "
                 "rate.").arg(it->second.name, it->second.failure));
    return false;
  }
  if (runId == currentRunId_ && isTraining()) {
    showError(tr("\"%1\" is still training: stop it or wait for the end, then save.").arg(it->second.name));
    return false;
  }
  try {
    it->second.run->save(dir.toStdString());
  } catch (const std::exception& e) {
    showError(tr("Could not save the model: %1").arg(QString::fromStdString(e.what())));
    return false;
  }
  if (!remember) return true;
  it->second.directory = dir;
  hideError();
  setStatus(tr("Saved \"%1\" to %2").arg(it->second.name, dir));
  return true;
}

bool TrainPage::openModel(const QString& dir) {
  SavedModel saved;
  try {
    saved = al::ui::openModel(dir);
  } catch (const std::exception& e) {
    showError(tr("Could not open the model: %1").arg(QString::fromStdString(e.what())));
    return false;
  }
  hideError();
  const int id = addRun(QFileInfo(dir).fileName(), saved.config, true);
  Run& run = runs_[id];
  run.directory = dir;
  run.history = saved.history;
  double seconds = 0;
  for (const EpochEvent& e : saved.history) {
    curves_->addEpochPoint(id, e.epoch, e.loss, e.accuracy, e.valLoss, e.valAccuracy);
    seconds += e.seconds;
  }
  run.seconds = seconds;
  runsList_->setResult(id, bestValidationAccuracy(saved.history), seconds, tr("opened"));
  runsList_->selectRun(id);
  curves_->refresh();
  setStatus(tr("Opened %1: %2 epochs of history.").arg(dir).arg(saved.history.size()));
  return true;
}

void TrainPage::openModelDialog() {
  const QString dir = QFileDialog::getExistingDirectory(this, tr("Open a model directory"), QDir::homePath());
  if (!dir.isEmpty()) openModel(dir);
}

void TrainPage::saveModelDialog() {
  int id = runsList_->selectedRun();
  if (id < 0) id = currentRunId_;
  if (id < 0 || !runs_.count(id)) {
    showError(tr("There is no run to save yet: train one first."));
    return;
  }
  const QString suggested = QDir::home().filePath(runs_[id].name.simplified().replace(QLatin1Char(' '), QLatin1Char('-')).toLower());
  const QString dir = QFileDialog::getSaveFileName(this, tr("Save model directory"), suggested, QString(), nullptr,
                                                   QFileDialog::ShowDirsOnly);
  if (!dir.isEmpty()) saveModel(id, dir);
}

void TrainPage::exportFigure() {
  QString selected;
  QString path = QFileDialog::getSaveFileName(this, tr("Save the curves"), QDir::home().filePath("training-curves.png"),
                                              pictureFileFilter(), &selected);
  if (path.isEmpty()) return;
  if (QFileInfo(path).suffix().isEmpty()) {
    const qsizetype star = selected.indexOf(QLatin1String("*."));
    path += star >= 0 ? selected.mid(star + 1).chopped(1) : QStringLiteral(".png");
  }
  try {
    curves_->savePicture(path);
    setStatus(tr("Saved %1").arg(path));
  } catch (const std::exception& e) {
    showError(QString::fromStdString(e.what()));
  }
}

void TrainPage::exportNumbers() {
  if (askAndWriteCsv(this, QStringLiteral("training-curves"), curves_->csvHeader(), curves_->csvRows()))
    setStatus(tr("Saved the numbers of the curves."));
}

// ---------------------------------------------------------------------------------------------------------------
// Messages

void TrainPage::showError(const QString& message) {
  errorLabel_->setText(message);
  errorBanner_->show();
  emit statusMessage(message);
}

void TrainPage::hideError() {
  errorLabel_->clear();
  errorBanner_->hide();
}

QString TrainPage::errorText() const { return errorBanner_->isHidden() ? QString() : errorLabel_->text(); }

void TrainPage::setStatus(const QString& text) {
  status_->setText(text);
  emit statusMessage(QString(text).replace(QLatin1Char('\n'), QStringLiteral(" · ")));
}

QString TrainPage::statusText() const { return status_->text(); }

}  // namespace al::ui
