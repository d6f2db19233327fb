// Core headers first: they must not see Qt's `emit` macro.
#include "core/inference/chatbot_inference.h"
#include "core/inference/model_words.h"
#include "core/io/json_fields.h"
#include "core/train/chatbot_task.h"  // the toy model

#include "ui/text/kind_texts.h"
#include "ui/pages/chatbot_page.h"
#include "ui/pages/timeline_moments.h"
#include "ui/text/strings.h"

#include <algorithm>
#include <cmath>

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTextDocument>
#include <QVBoxLayout>
#include <QtConcurrent>

#include "ui/widgets/export.h"
#include "ui/session/model_files.h"
#include "ui/session/run_factory.h"
#include "ui/text/option_texts.h"
#include "ui/widgets/error_banner.h"
#include "ui/widgets/file_job_bar.h"
#include "ui/widgets/model_bar.h"
#include "ui/widgets/heatmap_view.h"
#include "ui/widgets/attention_grid.h"
#include "ui/widgets/retranslate.h"
#include "ui/widgets/timeline_bar.h"
#include "ui/text/error_texts.h"

namespace al::ui {

namespace {

QString describe(const Seq2SeqConfig& c) {
  return ChatbotPage::tr("embedding E %1, GRU units U %2, attention units A %3, %4 question words known, %5 answer words")
      .arg(QString::number(c.embedDim), QString::number(c.units), QString::number(c.attentionUnits),
           QString::number(c.sourceVocabSize), QString::number(c.targetVocabSize));
}

QString describe(const Seq2SeqTransformerConfig& c) {
  return ChatbotPage::tr("encoder-decoder Transformer: width D %1, %2 heads of K %3, feed-forward F %4, %5 layer(s) "
                         "each side, %6 question words known, %7 answer words")
      .arg(QString::number(c.embedDim), QString::number(c.numHeads), QString::number(c.keyDim),
           QString::number(c.denseDim), QString::number(c.numLayers), QString::number(c.sourceVocabSize),
           QString::number(c.targetVocabSize));
}

// The epochs a toy trains unless changed: 8, by when the translation tasks' alignment crosses, or the tiny
// preset's own when it has more (25 on the built-in conversations, which it learns by heart).
int toyEpochs(const QString& data, const QString& architecture) {
  return std::max(8, chatbotPreset("tiny", architecture.toStdString(), data.toStdString()).training.epochs);
}

}  // namespace

ChatbotPage::ChatbotPage(ModelLibrary* library, QWidget* parent) : ModelPage(library, parent) {
  auto* layout = new QVBoxLayout(this);

  ModelBar* bar = modelBar();
  modelInfo_ = bar->info();
  connect(bar, &ModelBar::exampleChosen, this, &ChatbotPage::ask);  // it shows the question too
  toyDataBox_ = new QComboBox;
  toyDataBox_->setObjectName("toyData");
  toyDataBox_->addItem(QString(), QStringLiteral("builtin:translate"));
  toyDataBox_->addItem(QString(), QStringLiteral("builtin"));
  toyDataBox_->addItem(QString(), QStringLiteral("builtin:translate-zh"));
  toyDataBox_->addItem(QString(), QStringLiteral("builtin:zh"));
  toyArchitectureBox_ = new QComboBox;
  toyArchitectureBox_->addItem(QString(), QStringLiteral("gru"));
  toyArchitectureBox_->addItem(QString(), QStringLiteral("transformer"));
  toyEpochsBox_ = new QSpinBox;
  toyEpochsBox_->setObjectName("toyEpochs");
  toyEpochsBox_->setRange(1, 200);
  auto suggestEpochs = [this] {
    toyEpochsBox_->setValue(toyEpochs(toyDataBox_->currentData().toString(), toyArchitectureBox_->currentData().toString()));
  };
  suggestEpochs();
  connect(toyDataBox_, &QComboBox::currentIndexChanged, this, suggestEpochs);
  connect(toyArchitectureBox_, &QComboBox::currentIndexChanged, this, suggestEpochs);
  keepLastBox_ = new QCheckBox;
  keepLastBox_->setObjectName("keepLastEpoch");
  connect(bar->toyButton(), &QPushButton::clicked, this,
          [this] {
            trainToyModel(toyDataBox_->currentData().toString(), toyEpochsBox_->value(),
                          toyArchitectureBox_->currentData().toString());
          });
  for (QWidget* option : std::initializer_list<QWidget*>{toyArchitectureBox_, toyDataBox_, toyEpochsBox_, keepLastBox_})
    bar->addToyOption(option);
  layout->addWidget(modelArea());

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
  tabs_ = new QTabWidget;
  tabs_->addTab(alignment_, QString());
  createTransformerTabs();
  layout->addWidget(tabs_, 1);
  auto* hint = new QLabel;
  hint->setWordWrap(true);
  hint->setObjectName("hint");
  layout->addWidget(hint);
  // Under the page: the moments of a chatbot that recorded its training (hidden for one that did not).
  moments_ = new TimelineMoments(this, {[this] { return question(); }, [this](const QString& q) { ask(q); },
                                        [this] { showReply(); }});
  timeline_ = moments_->bar();
  layout->addWidget(timeline_);

  setTranslatedTexts(this, [=, this] {
    bar->setTexts(tr("no chatbot yet"), QString(), tr("Train a tiny chatbot now"),
                        tr("The tiny preset on a built-in corpus, on a worker thread"));
    setItemTexts(toyDataBox_, {tr("English → Spanish"), tr("everyday dialogs"), tr("Chinese → English"),
                               tr("Chinese everyday dialogs")});
    setItemTexts(toyArchitectureBox_, {tr("GRU + additive attention"), tr("Transformer")});
    toyEpochsBox_->setSuffix(tr(" epochs"));
    keepLastBox_->setText(tr("keep the last epoch"));
    keepLastBox_->setToolTip(tr("Off: the model keeps the epoch with the lowest validation loss, often an early one "
                                "that answers little. On: it keeps the last epoch, which fits the training pairs best."));
    questionEdit_->setPlaceholderText(tr("Ask a question (or, for the translation model, an English sentence)"));
    askButton->setText(tr("Ask"));
    questionLabel->setText(tr("Question:"));
    alignment_->setTitle(tr("Alignment: where the decoder looked while writing each answer word"));
    alignment_->setAxisTitles(tr("answer word (being written)"), tr("question word (looked at)"));
    tabs_->setTabText(0, tr("Alignment"));
    tabs_->setTabText(1, tr("Encoder self-attention"));
    tabs_->setTabText(2, tr("Decoder masked self-attention"));
    tabs_->setTabText(3, tr("Cross-attention"));
    encoderGrid_->setAxisTitles(tr("question word (looks)"), tr("question word (is looked at)"));
    decoderGrid_->setAxisTitles(tr("answer word (looks)"), tr("earlier answer word"));
    crossGrid_->setAxisTitles(tr("answer word (being written)"), tr("question word (looked at)"));
    hint->setText(tr("Each row is the attention of one decoder step and sums to 1 (for a Transformer: its last "
                     "layer's cross-attention, averaged over the heads). The Step through page walks through "
                     "one step. Click a row of any heatmap to see where that word looks."));
    showModelInfo();
    if (hasReply_ || hasTransformerReply_) showReply();
    else answer_->setText(tr("Choose a chatbot above: open a model directory, or train a tiny one in a few seconds."));
  });
  showLibraryModels();
}

ChatbotPage::~ChatbotPage() = default;

QWidget* ChatbotPage::createTransformerTabs() {
  // Their titles are set with the page's other texts (and again on a language change).
  auto add = [this] {
    auto* grid = new AttentionGrid;
    tabs_->addTab(grid, QString());
    tabs_->setTabEnabled(tabs_->count() - 1, false);
    return grid;
  };
  encoderGrid_ = add();
  decoderGrid_ = add();
  crossGrid_ = add();
  return tabs_;
}

// ---------------------------------------------------------------------------------------------------------
// Models

bool ChatbotPage::shows(const SessionModel& model) const { return model.can(Ability::Ask); }

ChatbotPage::PageWords ChatbotPage::pageWords() const {
  return {tr("Chatbot"), tr("this page shows chatbots (the GRU and the Transformer).")};
}

QString ChatbotPage::openDialogTitle() const { return tr("Open a chatbot model directory"); }

void ChatbotPage::modelChanged() {
  const auto transformer = currentTransformer();
  showModelInfo();
  const ModelWords words = transformer ? modelWords(transformer) : currentModel() ? modelWords(currentModel()) : ModelWords{};
  modelBar()->setModel(currentModelName(), words.vocabulary ? &words : nullptr);
  for (int tab = 1; tab < tabs_->count(); ++tab) tabs_->setTabEnabled(tab, transformer != nullptr);
  moments_->follow(currentSessionModel());
  // What is shown belongs to this model: its answer to the question typed, or nothing yet.
  if ((currentModel() || transformer) && !question().trimmed().isEmpty()) {
    ask(question());
  } else {
    clearReply();
    showError({});
  }
}

void ChatbotPage::addModel(const QString& name, std::shared_ptr<const ChatbotModel> model) {
  addModel(sessionModel(name, anyModelOf(std::move(model)), QStringLiteral("opened")));
}

void ChatbotPage::addModel(const QString& name, std::shared_ptr<const Seq2SeqTransformerModel> model) {
  addModel(sessionModel(name, anyModelOf(std::move(model)), QStringLiteral("opened")));
}

void ChatbotPage::trainToyModel(const QString& data, int epochs, const QString& architecture) {
  trainToy(
      tr("Training a tiny chatbot…"),
      [data, epochs, architecture, keepLast = keepLastBox_->isChecked()] {
        ChatbotRunSettings settings = chatbotPreset("tiny", architecture.toStdString(), data.toStdString());
        settings.training.epochs = epochs;
        settings.training.keepLastEpoch = keepLast;
        settings.threads = 1;  // leave the other core to the interface
        return std::unique_ptr<TrainingRun>(ChatbotRun::prepare(settings));
      },
      // The name says which epoch the model is: with a validation split, often an early one.
      [data, epochs, architecture](const TrainingRun& run, const TrainingResult& result) {
        return [data, epochs, architecture, task = QString::fromStdString(run.task()), kept = result.bestEpoch] {
          return tr("tiny %1, %2, epoch %3 of %4").arg(architectureName(architecture), dataName(data, task)).arg(kept).arg(epochs);
        };
      },
      tr("The chatbot could not be trained: %1"), [this](int) { emit statusMessage(tr("Chatbot ready")); });
}

// The model's sizes, and which epoch it keeps when that is known (a toy's or a run's record), in two short lines:
// why that epoch is in the tooltip, where it does not take a presented page's height (six lines at 1280 x 720).
void ChatbotPage::showModelInfo() {
  const SessionModel* model = currentSessionModel();
  modelInfo_->setToolTip({});
  if (!model) return modelInfo_->clear();
  const auto gru = model->as<ChatbotModel>();
  const QString sizes = gru ? describe(gru->model->config()) : describe(model->as<Seq2SeqTransformerModel>()->model->config());
  if (!model->record || model->record->keptEpoch <= 0 || model->history.empty()) return modelInfo_->setText(sizes);
  const int kept = model->record->keptEpoch, epochs = static_cast<int>(model->history.size());
  const bool keptLast = model->settings.value("keep", std::string("best")) == "last" ||
                        std::isnan(model->history.back().valLoss);
  if (keptLast) return modelInfo_->setText(sizes + QStringLiteral("\n") + tr("Kept: the last epoch (%1 of %2).").arg(kept).arg(epochs));
  modelInfo_->setText(sizes + QStringLiteral("\n") + tr("Kept: epoch %1 of %2 (lowest validation loss).").arg(kept).arg(epochs));
  modelInfo_->setToolTip(tr("Kept: epoch %1 of %2, the one with the lowest validation loss on held-out pairs. Later "
                            "epochs fit the training pairs better; tick “keep the last epoch” to keep the last one.")
                             .arg(kept)
                             .arg(epochs));
}

std::shared_ptr<const ChatbotModel> ChatbotPage::currentModel() const {
  const SessionModel* model = currentSessionModel();
  return model ? model->as<ChatbotModel>() : nullptr;
}

std::shared_ptr<const Seq2SeqTransformerModel> ChatbotPage::currentTransformer() const {
  const SessionModel* model = currentSessionModel();
  return model ? model->as<Seq2SeqTransformerModel>() : nullptr;
}

// ---------------------------------------------------------------------------------------------------------
// Asking

void ChatbotPage::setQuestion(const QString& question) { questionEdit_->setText(question); }

void ChatbotPage::ask(const QString& text) {
  if (questionEdit_->text() != text) questionEdit_->setText(text);
  const auto model = currentModel();
  const auto transformer = currentTransformer();
  clearReply();  // what is shown next belongs to this question: its answer, or the banner's reason
  if (!model && !transformer) {
    showError(tr("Choose a chatbot first."));
    return;
  }
  if (text.trimmed().isEmpty()) return showError(tr("Type a question first, then press Ask."));
  hasReply_ = hasTransformerReply_ = false;
  askedQuestion_ = text;
  moments_->notePageSentence(text);
  try {
    if (transformer) {
      transformerReply_ = askSeq2seqTransformer(*transformer->model, transformer->source, transformer->target,
                                                text.toStdString());
      hasTransformerReply_ = true;
    } else {
      reply_ = askChatbot(*model->model, model->source, model->target, text.toStdString());
      hasReply_ = true;
    }
    showError({});
  } catch (const std::exception& e) {
    showError(errorMessage(e));
    return;
  }
  showReply();
}

void ChatbotPage::clearReply() {
  hasReply_ = hasTransformerReply_ = false;
  shownMoment_ = -1;
  answer_->clear();
  tokens_->clear();
  alignment_->setMatrix(Matrix());  // (the Transformer's tabs are refilled with its next reply)
}

void ChatbotPage::showReply() {
  shownMoment_ = -1;
  if (hasTransformerReply_) {
    const Seq2SeqTransformerReply& r = transformerReply_;
    showReply(r.sourceTokens, r.sourceIds, r.truncated, r.answer);
    // A question word the model does not know is labelled "bike→[UNK]", as on the Attention page.
    const QStringList source = readTokenLabels(r.sourceTokens, r.sourceIds), output = toQStrings(r.outputTokens);
    QStringList read = output;  // the decoder reads <start> and every token but the last it produced
    read.prepend(QStringLiteral("<start>"));
    read.removeLast();
    alignment_->setMatrix(r.attention, output, source);
    encoderGrid_->setAttention(r.decoding.encoderAttention, source, source);
    decoderGrid_->setAttention(r.decoding.decoderAttention, read, read);
    crossGrid_->setAttention(r.decoding.crossAttention, output, source);
    showMoment(source);
    return;
  }
  if (!hasReply_) return;
  showReply(reply_.sourceTokens, reply_.sourceIds, reply_.truncated, reply_.answer);
  const QStringList source = readTokenLabels(reply_.sourceTokens, reply_.sourceIds);
  alignment_->setMatrix(reply_.attention, toQStrings(reply_.outputTokens), source);
  showMoment(source);
}

// The question reads the same at every moment (training does not change the vocabulary): the moment's answer and
// alignment take the kept model's place over the same question words.
bool ChatbotPage::showMoment(const QStringList& questionLabels) {
  const bool transformer = hasTransformerReply_;
  const ProbeReading* then = moments_->readingOf(askedQuestion_);
  const bool shown = then && then->prediction.kind == PredictionKind::Answer &&
                     then->prediction.alignment.cols() == questionLabels.size();
  // The decoder's own maps are not recorded: at a moment their tabs wait for the kept model.
  for (int tab = 2; tab < tabs_->count(); ++tab) {
    tabs_->setTabEnabled(tab, transformer && !shown);
    tabs_->setTabToolTip(tab, transformer && shown ? tr("A training timeline records the encoder's maps and the "
                                                        "answer's alignment, not the decoder's maps: move the slider "
                                                        "to the last position for the kept model's.")
                                                   : QString());
  }
  if (!tabs_->isTabEnabled(tabs_->currentIndex())) tabs_->setCurrentIndex(0);
  if (!shown) return false;
  const TimelineSnapshot& moment = *moments_->snapshot();
  shownMoment_ = moments_->moment();
  const ModelPrediction& answer = then->prediction;
  answer_->setText(tr("Answer at step %1 of training: <b>%2</b>")
                       .arg(moment.step)
                       .arg(QString::fromStdString(answer.answer).toHtmlEscaped()));
  alignment_->setMatrix(answer.alignment, toQStrings(answer.answerTokens), questionLabels);
  if (transformer && !then->attention.empty() && then->attention[0][0].rows() == questionLabels.size())
    encoderGrid_->setAttention(then->attention, questionLabels, questionLabels);
  return true;
}

void ChatbotPage::showReply(const std::vector<std::string>& sourceTokens, const std::vector<int>& sourceIds,
                            bool truncated, const std::string& answer) {
  answer_->setText(tr("Answer: <b>%1</b>").arg(QString::fromStdString(answer).toHtmlEscaped()));
  int unknown = 0;
  for (int id : sourceIds) unknown += id == Vocabulary::kUnknownId;
  QString note = tr("The model read: %1").arg(toQStrings(sourceTokens).join(' ').toHtmlEscaped());
  if (unknown)
    note += tr(" (%n word(s) unknown to it, read as [UNK]: %1)", "", unknown)
                .arg(unknownWordList(sourceTokens, sourceIds).toHtmlEscaped());
  if (truncated) note += tr("; the question was cut to %1 tokens").arg(sourceTokens.size());
  tokens_->setText(note);
}

QString ChatbotPage::question() const { return questionEdit_->text(); }

QString ChatbotPage::answerText() const {
  QTextDocument doc;
  doc.setHtml(answer_->text());
  return doc.toPlainText();
}

void ChatbotPage::exportFigure() {
  // The tab in view: the alignment or one of the Transformer's attention sets.
  askAndExportWidget(tabs_->currentWidget(), tabs_->currentIndex() == 0 ? QStringLiteral("chatbot_alignment")
                                                                        : QStringLiteral("chatbot_attention"));
}

}  // namespace al::ui
