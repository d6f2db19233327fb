// Core headers first: they must not see Qt's `emit` macro.
#include "core/inference/chatbot_inference.h"
#include "core/train/chatbot_task.h"  // the toy model

#include "ui/chatbot_page.h"
#include "ui/strings.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTextDocument>
#include <QVBoxLayout>
#include <QtConcurrent>

#include "ui/export.h"
#include "ui/heatmap_view.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

namespace {

QString describe(const Seq2SeqConfig& c) {
  return ChatbotPage::tr("embedding E %1, GRU units U %2, attention units A %3, %4 question words known, %5 answer words")
      .arg(c.embedDim)
      .arg(c.units)
      .arg(c.attentionUnits)
      .arg(c.sourceVocabSize)
      .arg(c.targetVocabSize);
}

}  // namespace

ChatbotPage::ChatbotPage(QWidget* parent) : QWidget(parent), trainer_(new QFutureWatcher<Training>(this)) {
  auto* layout = new QVBoxLayout(this);

  auto* bar = new QHBoxLayout;
  auto* modelLabel = new QLabel;
  bar->addWidget(modelLabel);
  modelBox_ = new QComboBox;
  modelBox_->setMinimumWidth(220);
  connect(modelBox_, &QComboBox::currentIndexChanged, this, [this] {
    const auto model = currentModel();
    modelInfo_->setText(model ? describe(model->model->config()) : QString());
    if (model && !question().trimmed().isEmpty()) ask(question());
    emit currentModelChanged();
  });
  bar->addWidget(modelBox_);
  auto* open = new QPushButton;
  connect(open, &QPushButton::clicked, this, &ChatbotPage::openModelDialog);
  bar->addWidget(open);
  bar->addSpacing(12);
  toyButton_ = new QPushButton;
  toyDataBox_ = new QComboBox;
  toyDataBox_->addItem(QString(), QStringLiteral("builtin:translate"));
  toyDataBox_->addItem(QString(), QStringLiteral("builtin"));
  toyEpochsBox_ = new QSpinBox;
  toyEpochsBox_->setRange(1, 200);
  toyEpochsBox_->setValue(8);
  connect(toyButton_, &QPushButton::clicked, this,
          [this] { trainToyModel(toyDataBox_->currentData().toString(), toyEpochsBox_->value()); });
  bar->addWidget(toyButton_);
  bar->addWidget(toyDataBox_);
  bar->addWidget(toyEpochsBox_);
  modelInfo_ = new QLabel;
  modelInfo_->setObjectName("modelInfo");
  bar->addWidget(modelInfo_, 1);
  layout->addLayout(bar);

  error_ = new QLabel;
  error_->setWordWrap(true);
  error_->setObjectName("chatbotError");
  error_->hide();
  layout->addWidget(error_);

  auto* askRow = new QHBoxLayout;
  questionEdit_ = new QLineEdit(QStringLiteral("the red car sees a small house"));
  connect(questionEdit_, &QLineEdit::returnPressed, this, [this] { ask(question()); });
  auto* askButton = new QPushButton;
  connect(askButton, &QPushButton::clicked, this, [this] { ask(question()); });
  auto* questionLabel = new QLabel;
  askRow->addWidget(questionLabel);
  askRow->addWidget(questionEdit_, 1);
  askRow->addWidget(askButton);
  layout->addLayout(askRow);

  answer_ = new QLabel;
  answer_->setObjectName("answer");
  answer_->setWordWrap(true);
  answer_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(answer_);
  tokens_ = new QLabel;
  tokens_->setWordWrap(true);
  tokens_->setObjectName("tokenNote");
  layout->addWidget(tokens_);

  alignment_ = new HeatmapView;
  layout->addWidget(alignment_, 1);
  auto* hint = new QLabel;
  hint->setWordWrap(true);
  hint->setObjectName("hint");
  layout->addWidget(hint);

  connect(trainer_, &QFutureWatcher<Training>::finished, this, &ChatbotPage::toyModelTrained);
  setTranslatedTexts(this, [=, this] {
    modelLabel->setText(tr("Model:"));
    modelBox_->setPlaceholderText(tr("no chatbot yet"));
    open->setText(tr("Open model…"));
    toyButton_->setText(trainer_->isRunning() ? tr("Training…") : tr("Train a tiny chatbot now"));
    toyButton_->setToolTip(tr("The tiny preset on a built-in corpus, on a worker thread"));
    setItemTexts(toyDataBox_, {tr("English → Spanish"), tr("everyday dialogs")});
    toyEpochsBox_->setSuffix(tr(" epochs"));
    questionEdit_->setPlaceholderText(tr("Ask a question (or, for the translation model, an English sentence)"));
    askButton->setText(tr("Ask"));
    questionLabel->setText(tr("Question:"));
    alignment_->setTitle(tr("Alignment: where the decoder looked while writing each answer word"));
    alignment_->setAxisTitles(tr("answer word (being written)"), tr("question word (looked at)"));
    hint->setText(tr("Each row is the additive attention of one decoder step and sums to 1. The Step through page "
                     "walks through one row: W1·s, W2·h, tanh, V, softmax, context."));
    const auto model = currentModel();
    modelInfo_->setText(model ? describe(model->model->config()) : QString());
    if (hasReply_) showReply();
    else answer_->setText(tr("Choose a chatbot above: open a model directory, or train a tiny one in a few seconds."));
  });
}

ChatbotPage::~ChatbotPage() { trainer_->waitForFinished(); }

// ---------------------------------------------------------------------------------------------------------
// Models

void ChatbotPage::addModel(const QString& name, std::shared_ptr<const ChatbotModel> model) {
  models_.push_back({name, std::move(model)});
  modelBox_->addItem(name);
  modelBox_->setCurrentIndex(modelBox_->count() - 1);
}

bool ChatbotPage::openModelDirectory(const QString& dir) {
  try {
    addModel(QFileInfo(dir).fileName(), std::make_shared<ChatbotModel>(loadChatbot(dir.toStdString())));
    return true;
  } catch (const std::exception& e) {
    showError(QString::fromStdString(e.what()));
    return false;
  }
}

void ChatbotPage::openModelDialog() {
  const QString dir = QFileDialog::getExistingDirectory(this, tr("Open a chatbot model directory"));
  if (!dir.isEmpty()) openModelDirectory(dir);
}

void ChatbotPage::trainToyModel(const QString& data, int epochs) {
  if (isTrainingToyModel()) return;
  trainingToy_ = true;
  toyButton_->setEnabled(false);
  toyButton_->setText(tr("Training…"));
  emit statusMessage(tr("Training a tiny chatbot…"));
  trainer_->setFuture(QtConcurrent::run([data, epochs] {
    Training result;
    result.name = ChatbotPage::tr("tiny chatbot, %1, %2 epochs").arg(data).arg(epochs);
    try {
      ChatbotRunSettings settings = chatbotPreset("tiny");
      settings.data = data.toStdString();
      settings.training.epochs = epochs;
      settings.threads = 1;  // leave the other core to the interface
      std::unique_ptr<ChatbotRun> run = ChatbotRun::prepare(settings);
      run->train(nullptr, nullptr);
      // The run owns its model; the page keeps an independent copy (no file is written).
      result.model = std::make_shared<const ChatbotModel>(copyChatbot(
          run->gruModel(), run->sourceVocabulary(), run->targetVocabulary(), historyRecords(run->history())));
    } catch (const std::exception& e) {
      result.error = QString::fromStdString(e.what());
    }
    return result;
  }));
}

bool ChatbotPage::isTrainingToyModel() const { return trainingToy_; }

void ChatbotPage::toyModelTrained() {
  trainingToy_ = false;
  toyButton_->setEnabled(true);
  toyButton_->setText(tr("Train a tiny chatbot now"));
  const Training result = trainer_->result();
  if (!result.error.isEmpty()) {
    showError(tr("The chatbot could not be trained: %1").arg(result.error));
    return;
  }
  addModel(result.name, result.model);
  emit statusMessage(tr("Chatbot ready"));
}

void ChatbotPage::selectModel(int index) { modelBox_->setCurrentIndex(index); }

std::shared_ptr<const ChatbotModel> ChatbotPage::currentModel() const {
  const int i = modelBox_->currentIndex();
  return i >= 0 && i < modelCount() ? models_[size_t(i)].model : nullptr;
}

QString ChatbotPage::currentModelName() const {
  const int i = modelBox_->currentIndex();
  return i >= 0 && i < modelCount() ? models_[size_t(i)].name : QString();
}

void ChatbotPage::showError(const QString& message) {
  error_->setText(message);
  error_->setVisible(!message.isEmpty());
}

QString ChatbotPage::errorText() const { return error_->isHidden() ? QString() : error_->text(); }

// ---------------------------------------------------------------------------------------------------------
// Asking

void ChatbotPage::ask(const QString& text) {
  if (questionEdit_->text() != text) questionEdit_->setText(text);
  const auto model = currentModel();
  if (!model) {
    showError(tr("Choose a chatbot first."));
    return;
  }
  try {
    reply_ = askChatbot(*model->model, model->source, model->target, text.toStdString());
    hasReply_ = true;
    showError({});
  } catch (const std::exception& e) {
    hasReply_ = false;
    showError(QString::fromStdString(e.what()));
    return;
  }
  showReply();
}

void ChatbotPage::showReply() {
  answer_->setText(tr("Answer: <b>%1</b>").arg(QString::fromStdString(reply_.answer).toHtmlEscaped()));
  int unknown = 0;
  for (int id : reply_.sourceIds) unknown += id == Vocabulary::kUnknownId;
  QString note = tr("The model read: %1").arg(toQStrings(reply_.sourceTokens).join(' ').toHtmlEscaped());
  if (unknown) note += tr(" (%n word(s) unknown to it, read as [UNK])", "", unknown);
  if (reply_.truncated) note += tr("; the question was cut to %1 tokens").arg(reply_.sourceTokens.size());
  tokens_->setText(note);
  alignment_->setMatrix(reply_.attention, toQStrings(reply_.outputTokens), toQStrings(reply_.sourceTokens));
}

QString ChatbotPage::question() const { return questionEdit_->text(); }

QString ChatbotPage::answerText() const {
  QTextDocument doc;
  doc.setHtml(answer_->text());
  return doc.toPlainText();
}

void ChatbotPage::exportFigure() { askAndExportWidget(alignment_, QStringLiteral("chatbot_alignment")); }

}  // namespace al::ui
