// The maps of the Attention page's Heatmaps tab: a view per layer and head (and per layer the heads' average),
// drawn one per turn of the event loop after a reading arrives; which of them the page shows (every one, or one
// given the whole space); the selected token and its bars.
//
// Core headers first: they must not see Qt's `emit` macro.
#include "core/inference/imdb_transformer_inference.h"
#include "core/inference/model_words.h"

#include "ui/pages/attention_page.h"

#include <QComboBox>
#include <QEvent>
#include <QFontMetrics>
#include <QScrollArea>
#include <algorithm>
#include <QGridLayout>
#include <QProgressBar>
#include <QSettings>
#include <QTimer>

#include "ui/pages/attention_heads_tab.h"
#include "ui/pages/attention_rollout_tab.h"
#include "ui/text/strings.h"
#include "ui/widgets/appearance.h"
#include "ui/widgets/attention_thumbnails.h"
#include "ui/widgets/heatmap_view.h"
#include "ui/widgets/weight_bars.h"

namespace al::ui {

namespace {

const char* const kOneMapSetting = "attention/oneMap";

}  // namespace

// A lecturer's choice of one map or every map holds for the next class.
void AttentionPage::mapsShownChanged() {
  QSettings().setValue(kOneMapSetting, showsOneMap());
  showChosenMaps();
}

// The maps of the prediction: views of its shape (a row per layer: its heads, then their average), then one map
// drawn per turn of the event loop (a 600 x 600 map takes a moment to draw), then the thumbnails and the bars.
void AttentionPage::rebuildHeatmaps() {
  const size_t layers = prediction_.attention.size();
  const size_t heads = layers ? prediction_.attention[0].size() : 0;
  const bool sameShape = heatmaps_.size() == layers && (layers == 0 || heatmaps_[0].size() == heads + 1);
  if (!sameShape) shapeHeatmaps(layers, heads);
  labels_ = readTokenLabels(prediction_.tokens, prediction_.ids);
  showChosenMaps();  // every map, or one at a time, for this many tokens
  nextMap_ = 0;
  if (layers == 0) return drawNextMap();  // nothing to draw: done at once
  showProgress();
  drawTimer_->start();
}

// A place for each map of the new shape; its view is made when the map is drawn (a new plot replots at once, and
// several at once would freeze the window).
void AttentionPage::shapeHeatmaps(size_t layers, size_t heads) {
  for (auto& row : heatmaps_)
    for (HeatmapView* v : row) delete v;
  heatmaps_.assign(layers, std::vector<HeatmapView*>(heads + 1, nullptr));
  const QSignalBlocker blocker(barsSourceBox_);
  const QSignalBlocker mapsBlocker(mapsShownBox_);
  barsSourceBox_->clear();
  while (mapsShownBox_->count() > 1) mapsShownBox_->removeItem(1);
  for (size_t l = 0; l < layers; ++l)
    for (size_t h = 0; h <= heads; ++h) {
      barsSourceBox_->addItem(mapName(l, h));
      mapsShownBox_->addItem(mapName(l, h));
    }
  barsSourceBox_->setCurrentIndex(int(heads));  // layer 1's average
  // One map stays one map (layer 1's average): chosen on this page before, or in an earlier session (every
  // choice is stored as it is made).
  const bool wantOneMap = QSettings().value(kOneMapSetting).toBool();
  mapsShownBox_->setCurrentIndex(wantOneMap && layers ? 1 + int(heads) : 0);
}

// "layer 1, head 2", or for head == the number of heads "layer 1, average of the heads": the maps in the boxes.
QString AttentionPage::mapName(size_t layer, size_t head) const {
  const bool average = !heatmaps_.empty() && head + 1 == heatmaps_[0].size();
  return average ? tr("layer %1, average of the heads").arg(layer + 1) : tr("layer %1, head %2").arg(layer + 1).arg(head + 1);
}

// A view's title and axis titles, in the language of the moment.
void AttentionPage::nameView(HeatmapView* view, size_t layer, size_t head) const {
  const size_t heads = heatmaps_[0].size() - 1;
  view->setTitle(head == heads ? tr("Layer %1, average of %2 heads").arg(layer + 1).arg(heads)
                               : tr("Layer %1, head %2").arg(layer + 1).arg(head + 1));
  view->setAxisTitles(tr("query token (looks)"), tr("key token (is looked at)"));
}

// After a switch of language (View › Language) the maps' names are said again: the boxes' items keep their order,
// so the choices made stay, and their signals are blocked, so that nothing is read or drawn again. The bars'
// title names the map in the new words.
void AttentionPage::renameMaps() {
  const QSignalBlocker blocker(barsSourceBox_);
  const QSignalBlocker mapsBlocker(mapsShownBox_);
  const size_t perLayer = heatmaps_.empty() ? 0 : heatmaps_[0].size();
  for (size_t l = 0; l < heatmaps_.size(); ++l)
    for (size_t h = 0; h < perLayer; ++h) {
      const int item = int(l * perLayer + h);
      barsSourceBox_->setItemText(item, mapName(l, h));
      mapsShownBox_->setItemText(1 + item, mapName(l, h));
      if (HeatmapView* view = heatmaps_[l][h]) nameView(view, l, h);
    }
  updateBars();
}

void AttentionPage::showEveryMap() { mapsShownBox_->setCurrentIndex(0); }

void AttentionPage::showOneMap(int layer, int head) {
  const int perLayer = heatmaps_.empty() ? 0 : int(heatmaps_[0].size());
  if (layer < 0 || head < 0 || head >= perLayer || layer >= int(heatmaps_.size())) return;
  mapsShownBox_->setCurrentIndex(1 + layer * perLayer + head);
}

bool AttentionPage::showsOneMap() const { return mapsShownBox_->currentIndex() > 0; }

// Whether every map of the reading can be read at once in the room the maps have: in a grid of a row per layer, a
// map per head and the heads' average, each map needs a row and a column of 13 px a token (labels of 11 px), its
// row labels and colour bar beside it, its column labels and titles above and below.
bool AttentionPage::gridFitsNow() const {
  // A page not on screen has no room to measure: every map, as chosen.
  if (heatmaps_.empty() || !mapsScroll_ || !mapsScroll_->viewport()->isVisible()) return true;
  const int tokens = int(labels_.size());
  const int perLayer = int(heatmaps_[0].size()), layers = int(heatmaps_.size());
  QFont small = font();
  small.setPixelSize(11);
  const QFontMetrics labelMetrics(small);
  // A cell holds a label's ink and a pixel either side; a Chinese column label stands its characters one under
  // the other, each as wide as it is high.
  int widest = 0, ink = 0, characters = 0;
  bool han = false;
  for (const QString& label : labels_) {
    widest = std::max(widest, labelMetrics.horizontalAdvance(label.left(16)));
    ink = std::max(ink, labelMetrics.tightBoundingRect(label.left(16)).height());
    characters = std::max(characters, int(std::min<qsizetype>(label.size(), 16)));
    for (QChar c : label)
      if (c.script() == QChar::Script_Han) {
        han = true;
        ink = std::max(ink, labelMetrics.horizontalAdvance(c));
      }
  }
  const int cell = ink + 2;
  const int line = QFontMetrics(font()).lineSpacing();
  const int columnsDepth = han ? characters * labelMetrics.lineSpacing() : widest;
  const int width = tokens * cell + widest + 8 + 2 * line + 30;  // row labels, the colour bar with its ticks and title
  const int height = tokens * cell + columnsDepth + 12 + 2 * line;  // column labels, the title, the cell's note
  QSize room = mapsScroll_->viewport()->size();
  // The token strip stepped aside for one map: were it back, the maps would have its height less.
  if (tokensHiddenForRoom_) room.rheight() -= tokens_->sizeHint().height() + 4;
  return perLayer * width <= room.width() && layers * height <= room.height();
}

void AttentionPage::chooseBarsMap(int layer, int head) {
  const int perLayer = heatmaps_.empty() ? 0 : int(heatmaps_[0].size());
  if (layer < 0 || head < 0 || head >= perLayer || layer >= int(heatmaps_.size())) return;
  barsSourceBox_->setCurrentIndex(layer * perLayer + head);
}

// The maps' room changed: every map, or one at a time, again.
bool AttentionPage::eventFilter(QObject* watched, QEvent* event) {
  if (mapsScroll_ && watched == mapsScroll_->viewport() && event->type() == QEvent::Resize)
    QTimer::singleShot(0, this, &AttentionPage::showChosenMaps);
  return ModelPage::eventFilter(watched, event);
}

// Hidden views take no room in the grid: the one shown gets all of it. Every map is shown while each can be read
// (a row and a column a token named in 11 px); a longer sentence, or less room (presenting, larger type), shows one
// map at a time, the one whose bars are shown (a thumbnail or "Bars from" chooses it).
void AttentionPage::showChosenMaps() {
  gridFits_ = gridFitsNow();
  const int perLayer = heatmaps_.empty() ? 0 : int(heatmaps_[0].size());
  // One map at a time: the token strip steps aside too (the map's row labels choose the token, and the prediction
  // line says when the text was cut); with every map it comes back.
  const bool stripWasHidden = tokensHiddenForRoom_;
  if (!gridFits_ && !tokens_->isHidden()) {
    tokens_->hide();
    tokensHiddenForRoom_ = true;
  } else if (gridFits_ && tokensHiddenForRoom_) {
    tokens_->show();
    tokensHiddenForRoom_ = false;
  }
  if (stripWasHidden != tokensHiddenForRoom_ && hasPrediction_) showPredictionLine();
  const int chosen = mapsShownBox_->currentIndex() > 0 ? mapsShownBox_->currentIndex() - 1
                     : gridFits_ ? -1 : std::max(0, barsSourceBox_->currentIndex());  // -1: every map
  mapsShownBox_->setToolTip(gridFits_ ? tr("One map fills the space of all of them, for a room to read; the thumbnails "
                                           "above then choose which. Every map: a click on a thumbnail maximises it.")
                                      : tr("This sentence has too many tokens for every map to name them all here: the "
                                           "page shows one map at a time, the one whose bars are shown; a thumbnail "
                                           "chooses it."));
  for (size_t l = 0; l < heatmaps_.size(); ++l)
    for (size_t h = 0; h < heatmaps_[l].size(); ++h)
      if (HeatmapView* view = heatmaps_[l][h]) view->setVisible(chosen < 0 || chosen == int(l) * perLayer + int(h));
}

HeatmapView* AttentionPage::createHeatmapView(size_t layer, size_t head) {
  auto* view = new HeatmapView;
  // A whole heatmap fits the page at 1280 x 720; wider with larger type (zoom, presentation), whose row labels and
  // colour bar take more of the width, so that the cells keep theirs. Taller than the labels' old 190 px, under which
  // upright column labels left rows of 3 px for a review of 15; still within the maps' area at 1280 x 720 (242 px).
  auto keepCellsWide = [view] { view->setMinimumSize(180, 180); };
  keepCellsWide();
  connect(Appearance::instance(), &Appearance::changed, view, keepCellsWide);
  nameView(view, layer, head);
  // A row of this map: its bars.
  connect(view, &HeatmapView::cellClicked, this, [this, layer, head](int row, int) {
    barsSourceBox_->setCurrentIndex(int(layer * heatmaps_[layer].size() + head));
    selectToken(row);
  });
  heatmapGrid_->addWidget(view, int(layer), int(head));
  heatmaps_[layer][head] = view;
  showChosenMaps();
  return view;
}

int AttentionPage::mapCount() const {
  return heatmaps_.empty() ? 0 : static_cast<int>(heatmaps_.size() * heatmaps_[0].size());
}

// Shows a new reading's tokens, then draws map nextMap_ and asks for the next turn; after the last, the reading's
// other tabs (one a turn), then the thumbnails and the bars. The turns are the
// timer's (a zero timer started now is due on the next turn, after the window's events and other timers), not
// posted events, which Qt would handle all in one go.
void AttentionPage::drawNextMap() {
  if (nextMap_ < 0) return;
  if (tokensToShow_) {
    tokensToShow_ = false;
    updateTokens();
    drawTimer_->start();
    return;
  }
  if (nextMap_ < mapCount()) {
    const size_t perLayer = heatmaps_[0].size(), heads = perLayer - 1;
    const size_t l = size_t(nextMap_) / perLayer, h = size_t(nextMap_) % perLayer;
    HeatmapView* view = heatmaps_[l][h] ? heatmaps_[l][h] : createHeatmapView(l, h);
    nameView(view, l, h);
    view->setMatrix(h == heads ? averages_[l] : prediction_.attention[l][h], labels_, labels_);
    view->highlightRow(selectedToken_);
    ++nextMap_;
    showProgress();
    drawTimer_->start();
    return;
  }
  if (tabsToFill_ > 0) {
    if (tabsToFill_-- == 2) headsTab_->setReading(pieces_);
    else rolloutTab_->setReading(pieces_);
    drawTimer_->start();
    return;
  }
  thumbnails_->setAttention(prediction_.attention);
  thumbnails_->setSwitchedOff(switchedOffTable());
  nextMap_ = -1;
  updateBars();
  showProgress();
  if (hasPrediction_) emit attentionShown();
}

// The bar under "Show attention": busy while the worker reads, then how many maps are drawn.
void AttentionPage::showProgress() {
  progress_->setVisible(isComputingAttention());
  if (reading_) {
    progress_->setRange(0, 0);
    progress_->setToolTip(tr("The model reads the sentence…"));
  } else if (nextMap_ >= 0) {
    progress_->setRange(0, mapCount());
    progress_->setValue(nextMap_);
    progress_->setFormat(tr("map %v of %m"));
    progress_->setToolTip(tr("Drawing the heatmaps…"));
  }
}

HeatmapView* AttentionPage::heatmap(int layer, int head) const {
  if (layer < 0 || layer >= static_cast<int>(heatmaps_.size())) return nullptr;
  if (head < 0 || head >= static_cast<int>(heatmaps_[size_t(layer)].size())) return nullptr;
  return heatmaps_[size_t(layer)][size_t(head)];
}

void AttentionPage::selectToken(int token) {
  if (!hasPrediction_ || token < 0 || token >= static_cast<int>(prediction_.tokens.size())) return;
  selectedToken_ = token;
  for (auto& row : heatmaps_)
    for (HeatmapView* v : row)
      if (v) v->highlightRow(token);
  updateTokens();
  updateBars();
}

void AttentionPage::updateBars() {
  if (!hasPrediction_ || prediction_.attention.empty()) return;
  const int token = selectedToken_ >= 0 ? selectedToken_ : 0;
  const int heads = static_cast<int>(prediction_.attention[0].size());
  const int source = std::max(0, barsSourceBox_->currentIndex());
  const int layer = source / (heads + 1), head = source % (heads + 1);
  const Matrix& a = head == heads ? averages_[size_t(layer)] : prediction_.attention[size_t(layer)][size_t(head)];  // T x T
  bars_->setWeights(a.row(token), readTokenLabels(prediction_.tokens, prediction_.ids),
                    tr("Where “%1” looks (%2)").arg(QString::fromStdString(prediction_.tokens[size_t(token)]),
                                                   barsSourceBox_->currentText()));
}

}  // namespace al::ui
