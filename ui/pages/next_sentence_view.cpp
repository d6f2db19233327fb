// Core headers first: Qt's `emit` macro must not reach them.
#include "core/pretrained/bert_model.h"

#include "ui/pages/next_sentence_view.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtConcurrent>
#include <cmath>

#include "ui/session/background_jobs.h"
#include "ui/text/error_texts.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

namespace {
constexpr int kBarSteps = 1000;  // the bar's resolution: 0.1 %

// The article's pairs: one that follows and one that does not, in English (the BERT paper's own) and in Chinese.
struct ExamplePair {
  const char* a;
  const char* b;
};
constexpr ExamplePair kExamples[] = {
    {"the man went to the store.", "he bought a gallon of milk."},
    {"the man went to the store.", "penguins are flightless birds."},
    {"小明把书包忘在教室了。", "他只好跑回学校去拿。"},
    {"小明把书包忘在教室了。", "企鹅是不会飞的鸟。"},
};
}  // namespace

NextSentenceView::NextSentenceView(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  auto* idea = new QLabel;
  idea->setObjectName("nextSentenceIdea");
  idea->setWordWrap(true);
  layout->addWidget(idea);

  auto* exampleRow = new QHBoxLayout;
  auto* exampleLabel = new QLabel;
  exampleRow->addWidget(exampleLabel);
  examples_ = new QComboBox;
  examples_->setObjectName("nextSentenceExamples");
  for (int i = 0; i <= static_cast<int>(std::size(kExamples)); ++i) examples_->addItem(QString());
  connect(examples_, &QComboBox::activated, this, [this](int item) {
    if (item < 1) return;
    const ExamplePair& pair = kExamples[item - 1];
    setSentences(QString::fromUtf8(pair.a), QString::fromUtf8(pair.b));
  });
  exampleRow->addWidget(examples_);
  exampleRow->addStretch(1);
  layout->addLayout(exampleRow);

  auto* form = new QFormLayout;
  sentenceA_ = new QLineEdit(QString::fromUtf8(kExamples[0].a));
  sentenceA_->setObjectName("sentenceA");
  sentenceB_ = new QLineEdit(QString::fromUtf8(kExamples[0].b));
  sentenceB_->setObjectName("sentenceB");
  auto* labelA = new QLabel;
  auto* labelB = new QLabel;
  form->addRow(labelA, sentenceA_);
  form->addRow(labelB, sentenceB_);
  layout->addLayout(form);
  for (QLineEdit* edit : {sentenceA_, sentenceB_}) connect(edit, &QLineEdit::returnPressed, this, &NextSentenceView::predict);

  auto* resultRow = new QHBoxLayout;
  go_ = new QPushButton;
  go_->setObjectName("nextSentenceButton");
  connect(go_, &QPushButton::clicked, this, &NextSentenceView::predict);
  resultRow->addWidget(go_);
  auto* barLabel = new QLabel;
  resultRow->addWidget(barLabel);
  bar_ = new QProgressBar;
  bar_->setObjectName("isNextBar");
  bar_->setRange(0, kBarSteps);
  bar_->setTextVisible(false);
  resultRow->addWidget(bar_, 1);
  percent_ = new QLabel;
  percent_->setObjectName("isNextPercent");
  percent_->setMinimumWidth(percent_->fontMetrics().horizontalAdvance(QStringLiteral("100.0 %")) + 8);
  resultRow->addWidget(percent_);
  layout->addLayout(resultRow);

  message_ = new QLabel;
  message_->setObjectName("nextSentenceMessage");
  message_->setWordWrap(true);
  layout->addWidget(message_);
  layout->addStretch(1);

  connect(&watcher_, &QFutureWatcher<Outcome>::finished, this, &NextSentenceView::finished);
  setTranslatedTexts(this, [=, this] {
    idea->setText(tr("BERT's second pre-training task: it was shown pairs of sentences where half the time B really "
                     "came next in the text (IsNext) and half the time B was a random sentence from elsewhere "
                     "(NotNext), and learned to tell which. Its answer for your two sentences:"));
    exampleLabel->setText(tr("Examples:"));
    setItemTexts(examples_, {tr("Pick a pair…"), tr("English, B follows A"), tr("English, B does not follow A"),
                             tr("Chinese, B follows A"), tr("Chinese, B does not follow A")});
    labelA->setText(tr("Sentence A:"));
    labelB->setText(tr("Sentence B:"));
    go_->setText(tr("Does B follow A?"));
    barLabel->setText(tr("B follows A:"));
    bar_->setToolTip(tr("The probability the next-sentence head gives to IsNext; 1 minus it is NotNext"));
  });
  clearResult(QString());
}

NextSentenceView::~NextSentenceView() { watcher_.waitForFinished(); }  // the worker reads the model

bool NextSentenceView::canPredict(const PretrainedBert* bert) {
  return bert && bert->model && bert->model->hasNextSentenceHead();
}

void NextSentenceView::setModel(std::shared_ptr<const PretrainedBert> bert) {
  bert_ = canPredict(bert.get()) ? std::move(bert) : nullptr;
  predict();
}

void NextSentenceView::setSentences(const QString& a, const QString& b) {
  sentenceA_->setText(a);
  sentenceB_->setText(b);
  predict();
}

void NextSentenceView::predict() {
  if (!bert_) return clearResult(QString());
  const QString a = sentenceA_->text().trimmed(), b = sentenceB_->text().trimmed();
  if (a.isEmpty() || b.isEmpty()) return clearResult(tr("Type two sentences: A, and B that may or may not follow it."));
  if (watcher_.isRunning()) {
    again_ = true;  // the result in the making is for older input
    return;
  }
  message_->setText(tr("Reading the two sentences…"));
  message_->setStyleSheet({});
  watcher_.setFuture(QtConcurrent::run(backgroundJobs(), [bert = bert_, a = a.toStdString(), b = b.toStdString()] {
    Outcome outcome;
    try {
      outcome.result = nextSentence(*bert, a, b);
    } catch (...) {
      outcome.error = std::current_exception();
    }
    return outcome;
  }));
}

void NextSentenceView::finished() {
  if (again_) {
    again_ = false;
    return predict();
  }
  if (!bert_) return;  // the model left while it ran
  const Outcome outcome = watcher_.result();
  if (outcome.error) {
    try {
      std::rethrow_exception(outcome.error);
    } catch (const std::exception& e) {
      clearResult(errorMessage(e));
    }
  } else {
    hasResult_ = true;
    showProbability(outcome.result.isNext);
    message_->setText(tr("%n piece(s) read: [CLS] A [SEP] B [SEP]", "", static_cast<int>(outcome.result.tokens.size())));
    message_->setStyleSheet({});
  }
  emit predicted();
}

void NextSentenceView::showProbability(float p) {
  probability_ = p;
  bar_->setValue(static_cast<int>(std::lround(static_cast<double>(p) * kBarSteps)));
  percent_->setText(QStringLiteral("%1 %").arg(static_cast<double>(p) * 100, 0, 'f', 1));
}

void NextSentenceView::clearResult(const QString& note) {
  hasResult_ = false;
  probability_ = 0;
  bar_->setValue(0);
  percent_->setText(QStringLiteral("–"));
  message_->setText(note);
  message_->setStyleSheet(note.isEmpty() ? QString() : QStringLiteral("color: #b00020"));
}

QString NextSentenceView::messageText() const { return message_->text(); }
QString NextSentenceView::percentText() const { return percent_->text(); }

}  // namespace al::ui
