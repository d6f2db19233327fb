// Core headers first: Qt's `emit` macro must not reach them.
#include "core/teaching/head_finder.h"

#include "ui/pages/attention_heads_tab.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSplitter>
#include <QVBoxLayout>

#include "ui/text/strings.h"
#include "ui/widgets/heatmap_view.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

namespace {

// The texts' two examples: (query, first candidate, second candidate).
const char* const kExamples[][3] = {{"它", "书包", "教室"}, {"apple", "phone", "fruit"}};

int findWord(const QStringList& words, const QString& word) {
  for (int i = 0; i < words.size(); ++i)
    if (words[i].compare(word, Qt::CaseInsensitive) == 0) return i;
  return -1;
}

}  // namespace

AttentionHeadsTab::AttentionHeadsTab(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  intro_ = new QLabel;
  intro_->setWordWrap(true);
  layout->addWidget(intro_);
  auto* row = new QHBoxLayout;
  queryLabel_ = new QLabel;
  query_ = new QComboBox;
  firstLabel_ = new QLabel;
  first_ = new QComboBox;
  secondLabel_ = new QLabel;
  second_ = new QComboBox;
  for (QComboBox* box : {query_, first_, second_}) {
    box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(box, &QComboBox::currentIndexChanged, this, &AttentionHeadsTab::rank);
  }
  row->addWidget(queryLabel_);
  row->addWidget(query_);
  row->addWidget(firstLabel_);
  row->addWidget(first_);
  row->addWidget(secondLabel_);
  row->addWidget(second_);
  row->addStretch(1);
  layout->addLayout(row);
  verdict_ = new QLabel;
  verdict_->setObjectName("headVerdict");
  verdict_->setWordWrap(true);
  verdict_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(verdict_);
  advice_ = new QLabel;
  advice_->setObjectName("headAdvice");
  advice_->setWordWrap(true);
  layout->addWidget(advice_);
  auto* splitter = new QSplitter(Qt::Horizontal);
  table_ = new HeatmapView;
  table_->setColouring(HeatmapView::Colouring::Signed);
  table_->setZoomToNameEveryCell(false);
  connect(table_, &HeatmapView::cellClicked, this, [this](int layer, int head) {
    if (head >= 0) showHead(layer, head);
  });
  headMap_ = new HeatmapView;
  splitter->addWidget(table_);
  splitter->addWidget(headMap_);
  splitter->setStretchFactor(0, 2);  // the table has a few cells; the head's map names every token
  splitter->setStretchFactor(1, 3);
  layout->addWidget(splitter, 1);
  setTranslatedTexts(this, [this] { setTexts(); });
}

void AttentionHeadsTab::setTexts() {
  intro_->setText(tr("Which head does this? Pick a word, and two words it might look at: every layer and head is "
                     "scored by how much more weight the word puts on the first than on the second (red: more on "
                     "the first, blue: more on the second). Click a cell for that head's map."));
  queryLabel_->setText(tr("Word:"));
  firstLabel_->setText(tr("more weight on:"));
  secondLabel_->setText(tr("than on:"));
  table_->setAxisTitles(tr("layer"), tr("head"));
  rank();
}

void AttentionHeadsTab::setReading(SharedReading shared) {
  reading_ = shared ? std::move(shared) : noReading();
  const AttentionReading& reading = *reading_;
  units_.clear();
  labels_.clear();
  const QStringList tokens = readTokenLabels(reading.prediction.tokens, reading.prediction.ids);
  if (!reading.words.pieces.empty()) {
    units_ = reading.words.pieces;
    for (size_t w = 0; w < units_.size(); ++w)
      labels_ << (reading.words.words[w].empty() ? tokens.value(int(units_[w].front()))
                                                  : QString::fromStdString(reading.words.words[w]));
  } else {
    for (int t = 0; t < tokens.size(); ++t) units_.push_back({size_t(t)});
    labels_ = tokens;
  }
  for (QComboBox* box : {query_, first_, second_}) {
    const QSignalBlocker blocker(box);
    box->clear();
    for (int i = 0; i < labels_.size(); ++i) box->addItem(QStringLiteral("%1  (%2)").arg(labels_[i]).arg(i + 1));
  }
  defaultPicks();
  rank();
}

// The texts' examples when the sentence has them; otherwise the last word asks about the first two.
void AttentionHeadsTab::defaultPicks() {
  const int n = int(labels_.size());
  int q = n - 1, a = 0, b = std::min(1, n - 1);
  if (n > 4 && reading_->words.pieces.size() == size_t(n) && reading_->words.words.front().empty()) {
    q = n - 2;  // past [CLS] and [SEP]
    a = 1;
    b = 2;
  }
  for (const auto& example : kExamples) {
    const int eq = findWord(labels_, QString::fromUtf8(example[0]));
    const int ea = findWord(labels_, QString::fromUtf8(example[1]));
    const int eb = findWord(labels_, QString::fromUtf8(example[2]));
    if (eq >= 0 && ea >= 0 && eb >= 0) std::tie(q, a, b) = std::tuple(eq, ea, eb);
  }
  for (auto [box, i] : {std::pair{query_, q}, {first_, a}, {second_, b}}) {
    const QSignalBlocker blocker(box);
    box->setCurrentIndex(i);
  }
}

void AttentionHeadsTab::choose(int query, int first, int second) {
  for (auto [box, i] : {std::pair{query_, query}, {first_, first}, {second_, second}}) {
    const QSignalBlocker blocker(box);
    box->setCurrentIndex(i);
  }
  rank();
}

void AttentionHeadsTab::rank() {
  ranking_ = {};
  advice_->setText(advice());
  advice_->setVisible(!advice_->text().isEmpty());
  const int q = query_->currentIndex(), a = first_->currentIndex(), b = second_->currentIndex();
  if (reading_->prediction.attention.empty() || q < 0 || a < 0 || b < 0) {
    verdict_->setText(tr("No model has read the sentence yet: choose one above (the sentence is typed on the "
                          "Heatmaps tab)."));
    table_->setMatrix(Matrix());
    headMap_->setMatrix(Matrix());
    return;
  }
  ranking_ = teaching::rankHeads(reading_->prediction.attention, units_[size_t(q)], units_[size_t(a)], units_[size_t(b)]);
  const size_t layers = size_t(ranking_.differences.rows()), heads = size_t(ranking_.differences.cols());
  QStringList layerLabels, headLabels;
  for (size_t l = 0; l < layers; ++l) layerLabels << QString::number(l + 1);
  for (size_t h = 0; h < heads; ++h) headLabels << QString::number(h + 1);
  table_->setMatrix(ranking_.differences, layerLabels, headLabels);
  verdict_->setText(verdict());
  if (!ranking_.ranked.empty()) showHead(int(ranking_.ranked.front().layer), int(ranking_.ranked.front().head));
}

QString AttentionHeadsTab::verdict() const {
  if (ranking_.ranked.empty()) return {};
  const teaching::HeadPreference& best = ranking_.ranked.front();
  const QString a = labels_.value(first_->currentIndex()), b = labels_.value(second_->currentIndex());
  const QString q = labels_.value(query_->currentIndex());
  QString text = best.difference > 0
      ? tr("In this model, head %1.%2 puts %3 more of the weight of “%4” on “%5” than on “%6” (%7 against %8).")
            .arg(best.layer + 1).arg(best.head + 1).arg(best.difference, 0, 'f', 3).arg(q, a, b)
            .arg(best.onA, 0, 'f', 3).arg(best.onB, 0, 'f', 3)
      : tr("In this model, no head puts more of the weight of “%1” on “%2” than on “%3”.").arg(q, a, b);
  text += ' ' + tr("%1 of %2 heads prefer %3.").arg(ranking_.preferA).arg(ranking_.ranked.size()).arg(a);
  text += ' ' + tr("These are one model's numbers on one sentence. A model with random weights (a toy or a test "
                   "folder) has such differences too: there they are accidents, not something it learned.");
  return text;
}

QString AttentionHeadsTab::advice() const {
  if (!reading_->classified) return {};  // a pretrained BERT or GPT-2
  const QString open = tr("For the texts' examples, open a pretrained model on this page: bert-base-chinese for 它 → "
                          "书包, bert-base-uncased for Apple → phone (File › Download a pretrained model…, then the "
                          "Hugging Face cache button or Open model…).");
  if (reading_->prediction.attention.empty()) return open;
  return tr("This model classifies reviews: nothing in its training asked it what “it” refers to, so what its heads "
            "prefer here says nothing about the texts' claim.") + ' ' + open;
}

void AttentionHeadsTab::showHead(int layer, int head) {
  const auto& attention = reading_->prediction.attention;
  if (layer < 0 || size_t(layer) >= attention.size() || head < 0 || size_t(head) >= attention[size_t(layer)].size()) return;
  const QStringList tokens = readTokenLabels(reading_->prediction.tokens, reading_->prediction.ids);
  headMap_->setTitle(tr("Layer %1, head %2").arg(layer + 1).arg(head + 1));
  headMap_->setMatrix(attention[size_t(layer)][size_t(head)], tokens, tokens);
}

}  // namespace al::ui
