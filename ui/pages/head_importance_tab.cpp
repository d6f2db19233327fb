// Core headers first (through the run factory): Qt's `emit` macro must not reach them.
#include "ui/session/run_factory.h"

#include "ui/pages/head_importance_tab.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

#include "ui/pages/head_importance_job.h"
#include "ui/text/kind_texts.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

namespace {

QString percent(double fraction) { return QLocale().toString(100.0 * fraction, 'f', 1) + QStringLiteral(" %"); }

// The drop in points, signed: "+6.3" (the model needs the head), "−0.4" (it does a little better without it).
QString points(double drop) {
  const double p = 100.0 * drop;
  if (std::round(10.0 * p) == 0) return QLocale().toString(0.0, 'f', 1);  // no sign on nothing
  return (p >= 0 ? QStringLiteral("+") : QStringLiteral("−")) + QLocale().toString(std::abs(p), 'f', 1);
}

// Red for a drop, blue for a gain, the deeper the larger against the table's largest change.
QColor cellColour(double drop, double largest) {
  const int depth = int(std::round(190.0 * std::min(1.0, std::abs(drop) / largest)));
  return drop >= 0 ? QColor(255, 255 - depth, 255 - depth) : QColor(255 - depth, 255 - depth, 255);
}

}  // namespace

HeadImportanceTab::HeadImportanceTab(QWidget* parent)
    : QWidget(parent), job_(new HeadImportanceJob(this)), progressTimer_(new QTimer(this)) {
  auto* layout = new QVBoxLayout(this);
  intro_ = new QLabel;
  intro_->setWordWrap(true);
  layout->addWidget(intro_);
  auto* row = new QHBoxLayout;
  dataLabel_ = new QLabel;
  dataBox_ = new QComboBox;
  dataBox_->setObjectName("headImportanceData");
  reviewsLabel_ = new QLabel;
  reviewsBox_ = new QSpinBox;
  reviewsBox_->setObjectName("headImportanceReviews");
  reviewsBox_->setRange(0, 1000000);  // 0: all, shown as its special text
  reviewsBox_->setSingleStep(100);
  reviewsBox_->setValue(500);
  replacementLabel_ = new QLabel;
  replacementBox_ = new QComboBox;
  replacementBox_->setObjectName("headImportanceReplacement");
  replacementBox_->addItems({QString(), QString()});
  runButton_ = new QPushButton;
  runButton_->setObjectName("headImportanceRun");
  cancelButton_ = new QPushButton;
  cancelButton_->setObjectName("headImportanceCancel");
  // Two rows, the combos free to shrink: the tab must not widen the page (a projector's large type).
  for (QComboBox* box : {dataBox_, replacementBox_}) box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  dataBox_->setMinimumContentsLength(30);
  replacementBox_->setMinimumContentsLength(14);
  for (QWidget* w : std::initializer_list<QWidget*>{dataLabel_, dataBox_, reviewsLabel_, reviewsBox_}) row->addWidget(w);
  row->addStretch(1);
  layout->addLayout(row);
  auto* secondRow = new QHBoxLayout;
  for (QWidget* w : std::initializer_list<QWidget*>{replacementLabel_, replacementBox_, runButton_, cancelButton_})
    secondRow->addWidget(w);
  secondRow->addStretch(1);
  layout->addLayout(secondRow);
  progress_ = new QProgressBar;
  progress_->setRange(0, 1000);
  progress_->setTextVisible(false);
  progress_->hide();
  layout->addWidget(progress_);
  statusLabel_ = new QLabel;
  statusLabel_->setWordWrap(true);
  statusLabel_->setObjectName("headImportanceStatus");
  layout->addWidget(statusLabel_);
  table_ = new QTableWidget;
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  layout->addWidget(table_, 1);

  progressTimer_->setInterval(100);
  connect(progressTimer_, &QTimer::timeout, this, &HeadImportanceTab::showProgress);
  connect(runButton_, &QPushButton::clicked, this, &HeadImportanceTab::run);
  connect(cancelButton_, &QPushButton::clicked, this, &HeadImportanceTab::cancel);
  connect(job_, &HeadImportanceJob::finished, this, &HeadImportanceTab::finished);
  connect(table_, &QTableWidget::cellDoubleClicked, this, &HeadImportanceTab::headChosen);
  setTranslatedTexts(this, [this] { setTexts(); });
  enableControls();
}

void HeadImportanceTab::setModel(const SessionModel* model) {
  if (job_->busy()) job_->cancel();  // its table would be of the model before
  model_ = model ? model->as<ImdbTransformerModel>() : nullptr;
  bertModel_ = model ? model->as<BertSentimentModel>() : nullptr;
  if (bertModel_) replacementBox_->setCurrentIndex(0);  // BERT's heads give zeros when off
  refusal_.clear();
  if (model && !shownModel())
    refusal_ = tr("“%1” is a model of the kind “%2”. “Which heads matter?” measures the accuracy of a classifier of "
                  "reviews (train one on the Train page, or a toy model above).")
                   .arg(model->name, kindTitle(model->model.task));
  const std::string data = model ? dataSourceOf(*model) : std::string();
  dataSource_ = data == "builtin" ? std::string() : data;
  seed_ = model ? dataSeedOf(*model) : 1337;
  result_.reset();
  status_.clear();
  setTexts();
  showTable();
  enableControls();
}

const void* HeadImportanceTab::shownModel() const {
  return model_ ? static_cast<const void*>(model_.get()) : static_cast<const void*>(bertModel_.get());
}

void HeadImportanceTab::run() {
  if (!shownModel() || job_->busy()) return;
  HeadImportanceJob::Request request;
  request.model = model_;
  request.bertModel = bertModel_;
  measured_ = shownModel();
  const bool ownData = !dataSource_.empty() && dataBox_->currentIndex() == 0;
  request.source = ownData ? dataSource_ : std::string("builtin");
  request.seed = seed_;
  request.limit = size_t(reviewsBox_->value());
  request.replacement = replacementBox_->currentIndex() == 1 ? teaching::HeadReplacement::Mean : teaching::HeadReplacement::Zero;
  result_.reset();
  showTable();
  status_ = tr("Reading the reviews…");
  job_->start(std::move(request));
  progress_->setValue(0);
  progress_->show();
  progressTimer_->start();
  setTexts();
  enableControls();
}

void HeadImportanceTab::cancel() { job_->cancel(); }

bool HeadImportanceTab::running() const { return job_->busy(); }

void HeadImportanceTab::showProgress() {
  const HeadImportanceJob::Progress p = job_->progress();
  progress_->setValue(int(1000 * (p.reading ? 0.1 * p.fraction : 0.1 + 0.9 * p.fraction)));
  status_ = p.reading ? tr("Reading the reviews…") : tr("Measuring: every head on, then each head alone switched off…");
  statusLabel_->setText(status_);
}

void HeadImportanceTab::finished() {
  progressTimer_->stop();
  progress_->hide();
  HeadImportanceJob::Outcome outcome = job_->takeOutcome();
  // A run of the model before (another was chosen meanwhile) says nothing about this one.
  if (measured_ == shownModel()) result_ = std::move(outcome.importance);
  status_ = outcome.cancelled ? tr("Cancelled.")
            : !outcome.error.isEmpty() ? tr("The heads could not be measured: %1").arg(outcome.error)
                                       : QString();
  setTexts();
  showTable();
  enableControls();
  emit runEnded();
}

double HeadImportanceTab::shownDrop(int layer, int head) const {
  const QTableWidgetItem* item = table_->item(layer, head);
  return item ? item->data(Qt::UserRole).toDouble() : std::numeric_limits<double>::quiet_NaN();
}

// Layers down, heads across; each cell the drop in points, its exact value kept in Qt::UserRole (as a fraction).
void HeadImportanceTab::showTable() {
  table_->clear();
  const size_t layers = result_ ? result_->accuracy.size() : 0;
  const size_t heads = layers ? result_->accuracy.front().size() : 0;
  table_->setRowCount(int(layers));
  table_->setColumnCount(int(heads));
  double largest = 1e-9;
  for (size_t l = 0; l < layers; ++l)
    for (size_t h = 0; h < heads; ++h) largest = std::max(largest, std::abs(result_->drop(l, h)));
  QStringList rows, columns;
  for (size_t l = 0; l < layers; ++l) rows << tr("Layer %1").arg(l + 1);
  for (size_t h = 0; h < heads; ++h) columns << tr("Head %1").arg(h + 1);
  table_->setVerticalHeaderLabels(rows);
  table_->setHorizontalHeaderLabels(columns);
  for (size_t l = 0; l < layers; ++l)
    for (size_t h = 0; h < heads; ++h) {
      const double drop = result_->drop(l, h);
      auto* item = new QTableWidgetItem(points(drop));
      item->setData(Qt::UserRole, drop);
      item->setTextAlignment(Qt::AlignCenter);
      item->setBackground(cellColour(drop, largest));
      item->setForeground(Qt::black);  // on its light colour, in every theme
      item->setToolTip(tr("Accuracy with this head switched off: %1 (every head on: %2). Double-click to switch it "
                          "off on the Heatmaps tab.")
                           .arg(percent(result_->accuracy[l][h]), percent(result_->baseline)));
      table_->setItem(int(l), int(h), item);
    }
}

QString HeadImportanceTab::statusText() const { return statusLabel_->text(); }

void HeadImportanceTab::setTexts() {
  intro_->setText(tr("<b>Which heads matter?</b> A map shows where a head looks; this measures whether the prediction "
                     "needs what it finds there. Each head is switched off alone and the test accuracy measured "
                     "again: the table gives the drop in points (red: the model needs the head; blue: it does as "
                     "well or better without it)."));
  dataLabel_->setText(tr("Data:"));
  const int data = dataBox_->currentIndex();
  dataBox_->clear();
  if (!dataSource_.empty())
    dataBox_->addItem(tr("test reviews of the model's data (%1)")
                          .arg(dataName(QString::fromStdString(dataSource_), QString::fromLatin1(ImdbTransformerModel::kTask))));
  dataBox_->addItem(tr("the built-in reviews (their test split)"));
  dataBox_->setCurrentIndex(std::clamp(data, 0, dataBox_->count() - 1));
  reviewsLabel_->setText(tr("Reviews:"));
  reviewsBox_->setSpecialValueText(tr("all"));
  replacementLabel_->setText(tr("A switched-off head gives:"));
  replacementBox_->setItemText(0, tr("zeros"));
  replacementBox_->setItemText(1, tr("its mean output"));
  replacementBox_->setToolTip(bertModel_ ? tr("In a sentiment head on BERT, a switched-off head of BERT gives zeros.")
                                         : tr("Zeros also take away what a head always adds, which the layers after it "
                                              "may rely on; its mean output over the same reviews takes away only what "
                                              "it reads in each text."));
  runButton_->setText(tr("Run"));
  cancelButton_->setText(tr("Cancel"));
  QString status = status_;
  if (!refusal_.isEmpty()) {
    status = refusal_;
  } else if (!shownModel()) {
    status = tr("Choose a classifier of reviews above.");
  } else if (result_ && status.isEmpty()) {
    status = tr("Accuracy with every head on: <b>%1</b> over %n review(s); below, the drop in points with each head "
                "alone switched off (its output set to %2). Double-click a head to switch it off on the Heatmaps tab.",
                nullptr, int(result_->samples))
                 .arg(percent(result_->baseline),
                      result_->replacement == teaching::HeadReplacement::Mean ? tr("its mean") : tr("zero"));
  }
  statusLabel_->setText(status);
}

void HeadImportanceTab::enableControls() {
  const bool busy = job_->busy(), measurable = shownModel() != nullptr;
  for (QWidget* w : std::initializer_list<QWidget*>{dataBox_, reviewsBox_}) w->setEnabled(measurable && !busy);
  replacementBox_->setEnabled(model_ && !busy);  // BERT's heads: zeros only
  runButton_->setEnabled(measurable && !busy);
  cancelButton_->setEnabled(busy);
}

}  // namespace al::ui
