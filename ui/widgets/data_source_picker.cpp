#include "ui/widgets/data_source_picker.h"  // first: it brings the core headers before any Qt header

#include <algorithm>

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSettings>
#include <QtConcurrent/QtConcurrentRun>

#include "ui/session/background_jobs.h"
#include "ui/widgets/flow_layout.h"
#include "ui/widgets/imdb_data_choice.h"
#include "ui/widgets/data_card_text.h"
#include "ui/widgets/retranslate.h"
#include "ui/text/error_texts.h"
#include "ui/text/kind_texts.h"

namespace al::ui {

namespace {

constexpr int kRecentDataSources = 6;

// QSettings keys, per task: the chosen data source, and the sources chosen before.
QString dataKey(TaskKind kind) { return QStringLiteral("train/data/") + taskInfo(kind).contractName; }
QString recentKey(TaskKind kind) { return QStringLiteral("train/recentData/") + taskInfo(kind).contractName; }

// "builtin", "builtin:translate", "poems-zh": a corpus the catalogue names (core/catalogue/model_catalogue.h), not
// a file.
bool isBuiltin(const QString& source) {
  if (source.startsWith(QLatin1String("builtin"))) return true;
  for (const ModelKind& kind : modelKinds())
    for (const BuiltinCorpus& corpus : kind.corpora)
      if (source == QString::fromStdString(corpus.source)) return true;
  return false;
}

// A corpus by its title in the language of now ("内置影评"), never its source name ("builtin:zh"); a file by its
// name and path.
QString displayName(const QString& source, TaskKind task) {
  if (isBuiltin(source)) return dataName(source, QString::fromStdString(taskInfo(task).catalogueEntry->task));
  return QFileInfo(source).fileName() + QStringLiteral("  (") + source + QLatin1Char(')');
}

}  // namespace

DataSourcePicker::DataSourcePicker(QWidget* owner)
    : QObject(owner), owner_(owner), box_(new QComboBox), card_(new QLabel), reader_(new QFutureWatcher<Reading>(this)) {
  box_->setObjectName("data");
  box_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  box_->setMinimumContentsLength(12);
  connect(box_, &QComboBox::activated, this, [this](int index) {
    if (!isImdbDownloadChoice(box_->itemData(index))) return setSource(box_->itemData(index).toString());
    box_->setCurrentIndex(box_->findData(source_));  // the current source, until the archive is there
    downloadImdb(box_, owner_, [this](const QString& archive) { setSource(archive); });
  });

  auto* openFile = new QPushButton;
  connect(openFile, &QPushButton::clicked, this, &DataSourcePicker::chooseFile);
  auto* openFolder = new QPushButton;
  connect(openFolder, &QPushButton::clicked, this, &DataSourcePicker::chooseFolder);
  openButtons_ = new QWidget;
  // Side by side where they fit; one under the other in a narrow panel (the Train page presented), which would
  // otherwise be wider than its view and cut on the right.
  auto* open = new FlowLayout(openButtons_);
  open->setContentsMargins(0, 0, 0, 0);
  open->setSpacing(6);
  open->insertWidget(-1, openFile);
  open->insertWidget(-1, openFolder);

  card_->setObjectName("dataCard");
  card_->setWordWrap(true);
  card_->setTextFormat(Qt::RichText);
  card_->setFrameShape(QFrame::StyledPanel);
  card_->setMargin(6);
  connect(reader_, &QFutureWatcher<Reading>::finished, this, &DataSourcePicker::readingDone);
  setTranslatedTexts(card_, [=, this] {
    box_->setToolTip(tr("The training data: built in (works offline), or a folder, archive, CSV or TSV file "
                        "chosen before"));
    openFile->setText(tr("Open file…"));
    openFile->setToolTip(tr("An aclImdb_v1.tar.gz archive, a CSV (review,sentiment) or a TSV (label, tab, text)"));
    openFolder->setText(tr("Open folder…"));
    openFolder->setToolTip(tr("An aclImdb folder (train/pos, train/neg, test/pos, test/neg)"));
    card_->setToolTip(tr("The rule of thumb of the book (Deep Learning with Python, ch. 11): divide the number "
                         "of samples by the mean number of words per sample. Below about 1500, a bag-of-bigrams "
                         "model tends to win; above, a sequence model such as the Transformer."));
    // The built-in corpora and the IMDB entry by their titles in this language; files keep their names.
    const std::vector<std::pair<QString, QString>> builtins = taskInfo(task_).builtinData;
    for (int i = 0; i < box_->count(); ++i)
      for (const auto& [builtin, title] : builtins)
        if (box_->itemData(i).toString() == builtin) box_->setItemText(i, title);
    retitleImdbChoice(box_);
    if (ready_) showCard(shownCard_, shownSource_);
  });
}

DataSourcePicker::~DataSourcePicker() { reader_->waitForFinished(); }

void DataSourcePicker::addRows(QFormLayout* form) {
  form->addRow(new QLabel, box_);
  setTranslatedTexts(card_, [=, this] { setFormLabels(form, {{box_, tr("Data")}}); });
  form->addRow(QString(), openButtons_);
  form->addRow(card_);
}

void DataSourcePicker::setTask(TaskKind kind) {
  task_ = kind;
  const QSignalBlocker blocker(box_);
  box_->clear();
  for (const auto& [source, title] : taskInfo(kind).builtinData) box_->addItem(title, source);
  QSettings settings;
  for (const QString& recent : settings.value(recentKey(kind)).toStringList()) box_->addItem(displayName(recent, kind), recent);
  if (taskInfo(kind).hasDataCard) addImdbChoice(box_);  // the downloaded IMDB archive, or its download
  QString remembered = settings.value(dataKey(kind), QStringLiteral("builtin")).toString();
  if (!isBuiltin(remembered) && !QFileInfo::exists(remembered)) remembered = QStringLiteral("builtin");
  source_ = QString();  // force a reading
  setSource(remembered);
}

void DataSourcePicker::setSource(const QString& source) {
  if (source.isEmpty() || (source == source_ && (ready_ || reader_->isRunning()))) return;
  emit sourceChosen();
  previousSource_ = source_.isEmpty() ? QStringLiteral("builtin") : source_;
  source_ = source;
  {
    const QSignalBlocker blocker(box_);
    int index = box_->findData(source);
    if (index < 0) {
      box_->addItem(displayName(source, task_), source);
      index = box_->count() - 1;
    }
    box_->setCurrentIndex(index);
  }
  readInBackground();
}

QString DataSourcePicker::cardText() const { return card_->text(); }

void DataSourcePicker::chooseFile() {
  const QString dir = isBuiltin(source_) ? QDir::homePath() : QFileInfo(source_).absolutePath();
  const QString file = QFileDialog::getOpenFileName(owner_, tr("Open training data"), dir, taskInfo(task_).dataFileFilter);
  if (!file.isEmpty()) setSource(file);
}

void DataSourcePicker::chooseFolder() {
  const QString folder = QFileDialog::getExistingDirectory(owner_, tr("Open an aclImdb folder"), QDir::homePath());
  if (!folder.isEmpty()) setSource(folder);
}

void DataSourcePicker::readInBackground() {
  ready_ = false;
  emit readyChanged(false);
  if (reader_->isRunning()) {
    readAgain_ = true;  // read the newest choice once the running reading is done
    return;
  }
  card_->setText(tr("<i>Reading %1…</i>").arg(source_.toHtmlEscaped()));
  const TaskKind kind = task_;
  const QString source = source_;
  reader_->setFuture(QtConcurrent::run(backgroundJobs(), [kind, source] {
    Reading reading{kind, source, {}, {}};
    try {
      reading.card = describeData(kind, source);
    } catch (const std::exception& e) {
      reading.error = errorMessage(e);
    }
    return reading;
  }));
}

void DataSourcePicker::readingDone() {
  const Reading reading = reader_->result();
  if (readAgain_ || reading.source != source_ || reading.task != task_) {
    readAgain_ = false;
    readInBackground();
    return;
  }
  if (!reading.error.isEmpty()) {
    // Keep the previous, readable source chosen; the unreadable one leaves the list.
    forget(reading.source);
    const QString fallback = previousSource_ == reading.source ? QStringLiteral("builtin") : previousSource_;
    source_ = fallback;
    box_->setCurrentIndex(std::max(0, box_->findData(fallback)));
    readInBackground();
    emit error(tr("Could not read the data: %1").arg(reading.error));
    return;
  }
  remember(reading.source);
  showCard(reading.card, reading.source);
  ready_ = true;
  emit readyChanged(true);
}

// A source that could be read, for the next launch: the chosen one, and at the top of the recent ones.
void DataSourcePicker::remember(const QString& source) {
  QSettings settings;
  settings.setValue(dataKey(task_), source);
  if (isBuiltin(source)) return;
  QStringList recent = settings.value(recentKey(task_)).toStringList();
  recent.removeAll(source);
  recent.prepend(source);
  while (recent.size() > kRecentDataSources) recent.removeLast();
  settings.setValue(recentKey(task_), recent);
}

void DataSourcePicker::forget(const QString& source) {
  const QSignalBlocker blocker(box_);
  const int bad = box_->findData(source);
  if (bad > 0 && !isBuiltin(source)) box_->removeItem(bad);  // a corpus stays offered (its package may come)
  QSettings settings;
  QStringList recent = settings.value(recentKey(task_)).toStringList();
  recent.removeAll(source);
  settings.setValue(recentKey(task_), recent);
}

void DataSourcePicker::showCard(const DataCard& card, const QString& source) {
  shownCard_ = card;  // for a language change
  shownSource_ = source;
  if (taskInfo(task_).catalogueEntry->data == DataKind::Text) {  // a language model's documents
    QString text = tr("<b>%1</b> texts to learn from (%2).")
                       .arg(QLocale().toString(static_cast<qulonglong>(card.samples)), displayName(source, task_).toHtmlEscaped());
    for (const BuiltinCorpus& corpus : taskInfo(task_).catalogueEntry->corpora)
      if (QString::fromStdString(corpus.source) == source && !corpusNote(corpus.key).isEmpty())
        text += QStringLiteral("<br>") + corpusNote(corpus.key).toHtmlEscaped();
    card_->setText(text);
    return;
  }
  if (!taskInfo(task_).hasDataCard) {
    card_->setText(tr("<b>%1</b> question–answer pairs to learn from (%2).")
                       .arg(QLocale().toString(static_cast<qulonglong>(card.samples)), displayName(source, task_).toHtmlEscaped()));
    return;
  }
  card_->setText(sentimentDataCardHtml(card));
}

}  // namespace al::ui
