// Core headers first: they must not see Qt's `emit` macro.
#include "core/teaching/attention_steps.h"

#include "ui/widgets/word_order_tab.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTextDocument>
#include <QVBoxLayout>

#include "ui/text/strings.h"
#include "ui/text/option_texts.h"
#include "ui/widgets/bare_layout.h"
#include "ui/widgets/heatmap_view.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

WordOrderTab::WordOrderTab(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  auto* row = new QHBoxLayout;
  auto* shuffle = new QPushButton;
  shuffle->setObjectName("shuffleButton");
  connect(shuffle, &QPushButton::clicked, this, &WordOrderTab::shuffleRequested);
  row->addWidget(shuffle);
  auto* headLabel = new QLabel;
  row->addWidget(headLabel);
  headBox_ = new QComboBox;
  connect(headBox_, &QComboBox::currentIndexChanged, this, &WordOrderTab::updateViews);
  row->addWidget(headBox_);
  row->addStretch(1);
  layout->addLayout(row);
  shuffledText_ = new QLabel;
  shuffledText_->setWordWrap(true);
  layout->addWidget(shuffledText_);
  verdict_ = new QLabel;
  verdict_->setObjectName("verdict");
  verdict_->setWordWrap(true);
  layout->addWidget(verdict_);
  figure_ = new QWidget;
  auto* maps = bareLayout<QHBoxLayout>(figure_);
  originalView_ = new HeatmapView;
  shuffledView_ = new HeatmapView;
  for (HeatmapView* v : {originalView_, shuffledView_}) maps->addWidget(v, 1);
  HeatmapView::shareOneScale({originalView_, shuffledView_});  // the same colour is the same weight in both
  layout->addWidget(figure_, 1);
  setTranslatedTexts(this, [=, this] {
    shuffle->setText(tr("Shuffle words"));
    shuffle->setToolTip(tr("Put the words of the sentence in a random order and run the model again"));
    headLabel->setText(tr("Heatmap of:"));
    originalView_->setTitle(tr("Original order"));
    shuffledView_->setTitle(tr("Shuffled"));
    for (HeatmapView* v : {originalView_, shuffledView_}) v->setAxisTitles(tr("query token"), tr("key token"));
    if (comparison_) {
      const int heads = headBox_->count() - 1;
      QStringList items;
      for (int h = 0; h < heads; ++h) items << tr("layer 1, head %1").arg(h + 1);
      setItemTexts(headBox_, items << tr("layer 1, average"));
    } else {
      clear();
    }
  });
}

void WordOrderTab::shuffle(const TransformerClassifier& model, const Vocabulary& vocabulary, const std::string& text) {
  try {
    comparison_ = std::make_unique<teaching::ShuffledComparison>(
        teaching::compareShuffledWords(model, vocabulary, text, seed_++));
  } catch (...) {
    clear();
    throw;
  }
  const int heads = static_cast<int>(comparison_->original.attention[0].size());
  if (headBox_->count() != heads + 1) {
    const QSignalBlocker blocker(headBox_);
    headBox_->clear();
    for (int h = 0; h < heads; ++h) headBox_->addItem(tr("layer 1, head %1").arg(h + 1));
    headBox_->addItem(tr("layer 1, average"));
    headBox_->setCurrentIndex(heads);
  }
  shuffledText_->setText(tr("<b>Shuffled:</b> %1").arg(QString::fromStdString(comparison_->shuffledText).toHtmlEscaped()));
  showVerdict(model.config().position);
  updateViews();
}

void WordOrderTab::showVerdict(PositionKind position) {
  const teaching::ShuffledComparison& c = *comparison_;
  const QString numbers = tr("original p = %1, shuffled p = %2 (difference %3); largest difference between a "
                             "shuffled attention weight and the original weight of the same two words: %4")
                              .arg(c.original.probability, 0, 'f', 6)
                              .arg(c.shuffled.probability, 0, 'f', 6)
                              .arg(c.probabilityDifference, 0, 'g', 2)
                              .arg(c.largestWeightDifference, 0, 'g', 2);
  QString verdict;
  if (position == PositionKind::None)
    verdict = tr("<b>This model has no position information.</b> The prediction is identical and every row of "
                 "attention moved with its word: attention sees a bag of words, not a sentence. ");
  else if (c.probabilityDifference > 1e-6 || c.largestWeightDifference > 1e-5)
    verdict = tr("<b>This model adds a %1,</b> so word order matters: the prediction and the attention change "
                 "when the words move. ")
                  .arg(positionPhrase(position));
  else
    verdict = tr("<b>This model has a %1,</b> yet this shuffle changed nothing visible. ")
                  .arg(positionPhrase(position));
  verdict_->setText(verdict + numbers);
}

void WordOrderTab::clear() {
  comparison_.reset();
  shuffledText_->clear();
  verdict_->setText(tr("Press “Shuffle words”. Attention by itself does not see word order: only position "
                       "information added to the embeddings can tell “not good, bad” from “bad, not good”."));
  originalView_->setMatrix(Matrix());
  shuffledView_->setMatrix(Matrix());
}

// The original and the shuffled heatmap of the chosen head (or the average), each with its own word order.
void WordOrderTab::updateViews() {
  if (!comparison_) return;
  const int index = std::max(0, headBox_->currentIndex());
  const auto& a = comparison_->original.attention[0];
  const auto& b = comparison_->shuffled.attention[0];
  const bool average = index >= static_cast<int>(a.size());
  const QStringList original = readTokenLabels(comparison_->original.tokens, comparison_->original.ids);
  const QStringList shuffled = readTokenLabels(comparison_->shuffled.tokens, comparison_->shuffled.ids);
  originalView_->setMatrix(average ? teaching::headAverage(a) : a[size_t(index)], original, original);
  shuffledView_->setMatrix(average ? teaching::headAverage(b) : b[size_t(index)], shuffled, shuffled);
}

QString WordOrderTab::verdictText() const {
  QTextDocument doc;
  doc.setHtml(verdict_->text());
  return doc.toPlainText();
}

}  // namespace al::ui
