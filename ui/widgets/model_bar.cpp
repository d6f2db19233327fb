// Core headers first: Qt's `emit` macro must not reach them.
#include "core/inference/model_words.h"

#include "ui/widgets/model_bar.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>

#include "ui/widgets/bare_layout.h"
#include "ui/widgets/cached_models_button.h"
#include "ui/widgets/clamped_label.h"
#include "ui/widgets/flow_layout.h"
#include "ui/widgets/retranslate.h"
#include "ui/widgets/vocabulary_dialog.h"

namespace al::ui {

ModelBar::ModelBar(QWidget* parent)
    : QWidget(parent), row_(new QHBoxLayout), box_(new QComboBox), open_(new QPushButton),
      cached_(new CachedModelsButton), toy_(new QPushButton),
      info_(new ClampedLabel(2)), examplesButton_(new QToolButton), vocabularyButton_(new QPushButton) {
  // Two rows: the model and its description, then the toy and its options. On one row, with a page's toy options,
  // the bar is wider than a projector's 1280 px.
  auto* rows = bareLayout<QVBoxLayout>(this);
  auto* modelRow = new QHBoxLayout;
  auto* label = new QLabel;
  modelRow->addWidget(label);
  box_->setObjectName("modelBox");
  box_->setMinimumWidth(220);
  modelRow->addWidget(box_);
  modelRow->addWidget(open_);
  modelRow->addWidget(cached_);
  modelRow->addSpacing(12);
  info_->setObjectName("modelInfo");
  // A long description wraps rather than widen the page, to two lines at most: the whole text is in its tooltip.
  modelRow->addWidget(info_, 1);
  rows->addLayout(modelRow);
  toy_->setObjectName("trainToyButton");
  // The toy and its options wrap onto more lines where the page is narrow (a Chatbot page presented).
  toyOptions_ = new FlowLayout;
  toyOptions_->setSpacing(row_->spacing() >= 0 ? row_->spacing() : 6);
  toyOptions_->insertWidget(-1, toy_);
  row_->addLayout(toyOptions_, 1);
  examplesButton_->setObjectName("examplesButton");
  examplesButton_->setPopupMode(QToolButton::InstantPopup);
  examplesButton_->setMenu(new QMenu(examplesButton_));
  row_->addWidget(examplesButton_);
  vocabularyButton_->setObjectName("vocabularyButton");
  connect(vocabularyButton_, &QPushButton::clicked, this, &ModelBar::showVocabulary);
  row_->addWidget(vocabularyButton_);
  rows->addLayout(row_);
  setTranslatedTexts(this, [=, this] {
    label->setText(tr("Model:"));
    open_->setText(tr("Open model…"));
    examplesButton_->setText(tr("Examples"));
    examplesButton_->setToolTip(tr("Sentences the model knows every word of: pick one to put it into the input"));
    vocabularyButton_->setText(tr("Vocabulary…"));
    vocabularyButton_->setToolTip(tr("The words the model knows: search a word for its id and frequency, or type a "
                                     "sentence to see which of its words are unknown"));
    fillExamplesMenu();
  });
  setModel({}, nullptr);
}

void ModelBar::setModel(const QString& name, const ModelWords* words) {
  modelName_ = name;
  words_ = words ? std::make_shared<const ModelWords>(*words) : nullptr;
  examples_.clear();
  examplesKnown_ = false;
  if (words_) {
    examples_ = knownExamples(*words_);
    examplesKnown_ = !examples_.isEmpty();
    if (examples_.isEmpty()) examples_ = lessonSentences(words_->task == TextTask::Seq2seq);
  }
  examplesButton_->setEnabled(!examples_.isEmpty());
  vocabularyButton_->setEnabled(words_ != nullptr);
  fillExamplesMenu();
}

void ModelBar::fillExamplesMenu() {
  QMenu* menu = examplesButton_->menu();
  menu->clear();
  menu->addSection(examplesKnown_ ? tr("Sentences it knows every word of") : tr("From the lessons (some words may be unknown)"));
  for (const QString& sentence : examples_)
    menu->addAction(sentence, this, [this, sentence] { emit exampleChosen(sentence); });
}

void ModelBar::showVocabulary() { VocabularyDialog::open(this, modelName_, words_.get()); }

QStringList ModelBar::knownExamples(const ModelWords& words, int count) {
  QStringList sentences;
  for (const std::string& sentence : knownExampleSentences(words, size_t(count))) sentences << QString::fromStdString(sentence);
  return sentences;
}

namespace {
std::function<QStringList(bool)>& lessonSentenceSource() {
  static std::function<QStringList(bool)> source;
  return source;
}
}  // namespace

QStringList ModelBar::lessonSentences(bool seq2seq) {
  return lessonSentenceSource() ? lessonSentenceSource()(seq2seq) : QStringList{};
}

void ModelBar::setLessonSentences(std::function<QStringList(bool seq2seq)> sentences) {
  lessonSentenceSource() = std::move(sentences);
}

// Before the stretch, which comes right before the Examples button.
void ModelBar::addToyOption(QWidget* option) { toyOptions_->insertWidget(-1, option); }

void ModelBar::setTexts(const QString& placeholder, const QString& openToolTip, const QString& toyText,
                        const QString& toyToolTip) {
  box_->setPlaceholderText(placeholder);
  open_->setToolTip(openToolTip);
  toyText_ = toyText;
  toy_->setToolTip(toyToolTip);
  setToyTraining(toyTraining_);
}

void ModelBar::setToyTraining(bool training) {
  toyTraining_ = training;
  toy_->setEnabled(!training);
  toy_->setText(training ? tr("Training…") : toyText_);
}

QString ModelBar::askDirectory(const QString& title) {
  QFileDialog dialog(this, title);
  dialog.setFileMode(QFileDialog::Directory);
  dialog.setOption(QFileDialog::ShowDirsOnly);
  // Where pretrained models already are, one click away (a native dialog keeps its own places).
  QList<QUrl> places = dialog.sidebarUrls();
  for (const QString& folder : {CachedModelsButton::cacheRoot(), CachedModelsButton::downloadsFolder()})
    if (!folder.isEmpty() && QFileInfo(folder).isDir()) places << QUrl::fromLocalFile(folder);
  dialog.setSidebarUrls(places);
  return dialog.exec() == QDialog::Accepted ? dialog.selectedFiles().value(0) : QString();
}

}  // namespace al::ui
