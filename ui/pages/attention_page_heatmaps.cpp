// The Heatmaps tab of the Attention page: its controls, and the sentence read on a worker thread (AttentionReader),
// then its tokens and prediction put on the page; the maps are drawn one per turn of the event loop
// (attention_page_maps.cpp), with a progress bar meanwhile: a long review (600 tokens through the book preset's
// model) never freezes the window.
//
// Core headers first: they must not see Qt's `emit` macro.
#include "core/inference/imdb_transformer_inference.h"
#include "core/inference/model_words.h"
#include "core/inference/training_timeline.h"

#include "ui/pages/attention_page.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QFontMetrics>
#include <algorithm>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTextDocument>
#include <QTimer>
#include <QVBoxLayout>

#include "ui/widgets/hidden_while_presenting.h"
#include "ui/pages/attention_reader.h"
#include "ui/pages/attention_heads_tab.h"
#include "ui/pages/attention_rollout_tab.h"
#include "ui/pages/timeline_moments.h"
#include "ui/pages/timeline_reading.h"
#include "ui/text/prediction_texts.h"
#include "core/teaching/word_grouping.h"
#include "ui/text/strings.h"
#include "ui/widgets/appearance.h"
#include "ui/widgets/attention_thumbnails.h"
#include "ui/widgets/heatmap_view.h"
#include "ui/widgets/maximised_heatmap.h"
#include "ui/widgets/retranslate.h"
#include "ui/widgets/timeline_bar.h"
#include "ui/widgets/token_strip.h"
#include "ui/widgets/weight_bars.h"
#include "ui/widgets/word_order_tab.h"

namespace al::ui {

namespace {

const char* kExampleReview =
    "This movie was not good at all. The acting was wooden and the story made no sense, "
    "but the music was wonderful.";

QString percent(double p) { return QString::number(100.0 * p, 'f', 1) + QStringLiteral(" %"); }

QString sentiment(double p) {
  return (p >= 0.5 ? AttentionPage::tr("positive") : AttentionPage::tr("negative")) + QStringLiteral(" (p = %1)").arg(p, 0, 'f', 4);
}

}  // namespace

// ---------------------------------------------------------------------------------------------------------
// Building the tab

QWidget* AttentionPage::createHeatmapsTab() {
  auto* tab = new QWidget;
  auto* layout = new QVBoxLayout(tab);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->setSpacing(4);
  // One row: the sentence (a line high; a long review scrolls in it), "Show attention" and its progress, pieces or
  // words. At 1280 x 720 the maps beneath need every pixel of the height.
  auto* inputRow = new QHBoxLayout;
  textEdit_ = new QPlainTextEdit(QString::fromUtf8(kExampleReview));
  textEdit_->setObjectName("sentenceEdit");
  auto lineHigh = [this] {
    const int frame = 2 * textEdit_->frameWidth() + 2 * qRound(textEdit_->document()->documentMargin());
    textEdit_->setFixedHeight(QFontMetrics(textEdit_->font()).lineSpacing() + frame + 2);
  };
  lineHigh();
  // After the new type reaches the box (the style sheet's sizes are applied after the signal).
  connect(Appearance::instance(), &Appearance::changed, textEdit_, [this, lineHigh] { QTimer::singleShot(0, textEdit_, lineHigh); });
  inputRow->addWidget(textEdit_, 1);
  auto* show = new QPushButton;
  connect(show, &QPushButton::clicked, this, &AttentionPage::showAttention);
  inputRow->addWidget(show);
  // Beside the button, while a sentence is read and its maps drawn: a bar (the window stays usable meanwhile).
  progress_ = new QProgressBar;
  progress_->setObjectName("attentionProgress");
  progress_->setMaximumWidth(160);
  QSizePolicy keepRoom = progress_->sizePolicy();
  keepRoom.setRetainSizeWhenHidden(true);  // the row does not move when it comes and goes
  progress_->setSizePolicy(keepRoom);
  progress_->hide();
  // The maps over a pretrained model's pieces or over the text's words.
  auto* unitsLabel = new QLabel;
  unitsBox_ = new QComboBox;
  unitsBox_->setObjectName("attentionUnits");
  unitsBox_->addItems({QString(), QString()});
  unitsBox_->setEnabled(false);
  connect(unitsBox_, &QComboBox::currentIndexChanged, this, [this] {
    if (hasPrediction_) applyUnits();
  });
  // Presenting, the maps need the room: the choice of pieces or words and the token strip (the maps' axes name
  // the tokens, a row of a map chooses the bars) step aside.
  for (QWidget* w : {static_cast<QWidget*>(unitsLabel), static_cast<QWidget*>(unitsBox_)})
    w->setProperty(kHiddenWhilePresenting, true);
  inputRow->addWidget(unitsLabel);
  inputRow->addWidget(unitsBox_);
  inputRow->addWidget(progress_);
  layout->addLayout(inputRow);

  tokens_ = new TokenStrip(tr("The tokens as the model reads them. Click one to see where it looks."));
  connect(tokens_, &TokenStrip::tokenClicked, this, &AttentionPage::selectToken);
  tokens_->setProperty(kHiddenWhilePresenting, true);
  layout->addWidget(tokens_);
  predictionLabel_ = new QLabel;
  predictionLabel_->setObjectName("prediction");
  predictionLabel_->setWordWrap(true);  // it names unknown words too: a long line would widen the page
  // "show all" / "show fewer" of a long list of unknown words.
  connect(predictionLabel_, &QLabel::linkActivated, this, [this](const QString& link) {
    if (link == QLatin1String("#unknown")) {
      unknownShownWhole_ = !unknownShownWhole_;
      showPredictionLine();
      updateTokens();
    }
  });
  layout->addWidget(predictionLabel_);

  drawTimer_ = new QTimer(this);
  drawTimer_->setSingleShot(true);
  drawTimer_->setInterval(0);
  connect(drawTimer_, &QTimer::timeout, this, &AttentionPage::drawNextMap);

  // One row, the page's whole height: the thumbnails and the choice of maps, the maps, and beside them the bars of
  // the chosen token (its weights, the tokens down the side in rows as high as the map's). Under the maps, at
  // 1280 x 720, the bars were a strip of 25 px and the maps lost their rows' labels.
  auto* mapsRow = new QHBoxLayout;
  mapsRow->setContentsMargins(0, 0, 0, 0);
  heatmapHost_ = new QWidget;
  heatmapGrid_ = new QGridLayout(heatmapHost_);
  heatmapGrid_->setContentsMargins(0, 0, 0, 0);
  mapsScroll_ = new QScrollArea;
  mapsScroll_->setWidget(heatmapHost_);
  mapsScroll_->setWidgetResizable(true);
  mapsScroll_->setFrameShape(QFrame::NoFrame);
  // The room the maps have decides whether every map can be read at once (showChosenMaps).
  mapsScroll_->viewport()->installEventFilter(this);
  thumbnails_ = new AttentionThumbnails;
  connect(thumbnails_, &AttentionThumbnails::opened, this, [this](int l, int h) {
    if (showsOneMap()) return showOneMap(l, h);  // the thumbnails choose the map on the page
    if (!gridFits_) return chooseBarsMap(l, h);  // one map at a time: the one the thumbnail names
    if (heatmap(l, h))  // not while its map is still to be drawn
      MaximisedHeatmap::open(heatmap(l, h), [this](int layer, int head) { return heatmap(layer, head); }, l, h);
  });
  connect(thumbnails_, &AttentionThumbnails::switchRequested, this, &AttentionPage::setHeadSwitchedOff);
  connect(thumbnails_, &AttentionThumbnails::layerSwitchRequested, this, &AttentionPage::setLayerSwitchedOff);
  connect(thumbnails_, &AttentionThumbnails::allOnRequested, this, &AttentionPage::switchEveryHeadOn);
  // Beside the maps: the thumbnails, then which maps the page shows (one map: a room can read its labels; the
  // keyboard walks the list when the box has focus), then what a switched-off head gives.
  auto* barsLabel = new QLabel;
  barsSourceBox_ = new QComboBox;
  barsSourceBox_->setObjectName("barsSource");
  barsSourceBox_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  barsSourceBox_->setMinimumContentsLength(12);
  connect(barsSourceBox_, &QComboBox::currentIndexChanged, this, &AttentionPage::updateBars);
  connect(barsSourceBox_, &QComboBox::currentIndexChanged, this, [this] {
    if (!gridFits_) showChosenMaps();  // one map at a time: the bars' map
  });
  // Presenting, the box steps aside: a click on a row of a map shows that map's bars, and the bars' title names
  // the map.
  for (QWidget* w : {static_cast<QWidget*>(barsLabel), static_cast<QWidget*>(barsSourceBox_)})
    w->setProperty(kHiddenWhilePresenting, true);
  auto* thumbnailColumn = new QVBoxLayout;
  thumbnailColumn->addWidget(thumbnails_);
  auto* mapsShownLabel = new QLabel;
  thumbnailColumn->addWidget(mapsShownLabel);
  mapsShownBox_ = new QComboBox;
  mapsShownBox_->setObjectName("mapsShown");
  mapsShownBox_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  mapsShownBox_->setMinimumContentsLength(12);
  mapsShownBox_->addItem(QString());
  connect(mapsShownBox_, &QComboBox::currentIndexChanged, this, &AttentionPage::mapsShownChanged);
  thumbnailColumn->addWidget(mapsShownBox_);
  thumbnailColumn->addWidget(barsLabel);  // which map the bars beside the maps are of
  thumbnailColumn->addWidget(barsSourceBox_);
  thumbnailColumn->addWidget(createReplacementChoice());  // under the thumbnails, whose menu switches heads
  thumbnailColumn->addStretch(1);
  mapsRow->addLayout(thumbnailColumn);
  mapsRow->addWidget(mapsScroll_, 1);

  auto* barsPanel = new QWidget;
  barsPanel->setObjectName("barsPanel");
  auto* barsLayout = new QVBoxLayout(barsPanel);
  barsLayout->setContentsMargins(0, 0, 0, 0);
  bars_ = new WeightBars;
  bars_->setTokensDown(true);
  // Wide enough for a token's label and a chart beside it, in type that grows with zoom and presentation.
  auto keepBarsReadable = [this, barsPanel] {
    const double scale = Appearance::instance()->scale();
    barsPanel->setFixedWidth(qRound(std::clamp(240 * scale, 240.0, 340.0)));
    bars_->setMinimumSize(180, 160);
  };
  keepBarsReadable();
  connect(Appearance::instance(), &Appearance::changed, bars_, keepBarsReadable);
  barsLayout->addWidget(bars_, 1);
  mapsRow->addWidget(barsPanel);
  layout->addLayout(mapsRow, 1);
  // Under the maps: the moments of a model that recorded its training (hidden for one that did not).
  moments_ = new TimelineMoments(this, {[this] { return text(); }, [this](const QString& t) { setText(t); },
                                        [this] { timelineMoved(); }});
  timeline_ = moments_->bar();
  timeline_->addControl(createTimelineExportButton());
  layout->addWidget(timeline_);
  setTranslatedTexts(this, [=, this] {
    textEdit_->setPlaceholderText(tr("Type or paste a sentence or a whole review"));
    showProgress();
    show->setText(tr("Show attention"));
    tokens_->setToolTip(tr("The tokens as the model reads them. Click one to see where it looks."));
    unitsLabel->setText(tr("Maps over:"));
    unitsBox_->setItemText(0, tr("pieces"));
    unitsBox_->setItemText(1, tr("words"));
    unitsBox_->setToolTip(tr("Words: the pieces of each word of the text taken together (the weights on a word's "
                             "pieces added, its pieces' rows averaged, so each row still sums to 1)."));
    barsLabel->setText(tr("Bars from:"));
    const QString hint = tr("Click a token above or a row of a heatmap: the bars show how that token spreads its "
                            "attention over the sentence (the row sums to 1).");
    bars_->setToolTip(hint);
    barsSourceBox_->setToolTip(hint);
    mapsShownLabel->setText(tr("On the page:"));
    mapsShownBox_->setItemText(0, tr("every map"));
    mapsShownBox_->setToolTip(tr("One map fills the space of all of them, for a room to read; the thumbnails "
                                 "above then choose which. Every map: a click on a thumbnail maximises it."));
    renameMaps();
  });
  return tab;
}

// ---------------------------------------------------------------------------------------------------------
// Heatmaps

void AttentionPage::setText(const QString& text) {
  textEdit_->setPlainText(text);
  typingTimer_->stop();
  showAttention();
}

QString AttentionPage::text() const { return textEdit_->toPlainText(); }

// Reads the sentence on the worker; what was shown stays, under the progress bar, until the reading is in.
void AttentionPage::showAttention() {
  typingTimer_->stop();
  const SessionModel* model = currentSessionModel();
  if (!model) {
    reader_->cancel();
    reading_ = false;
    kept_ = noReading();
    clearPrediction(tr("Choose a model above: open a model directory, or train a toy model in a few seconds."));
    return;
  }
  wordOrder_->clear();  // a comparison of the sentence before; one made from now on is of this sentence
  reading_ = true;
  drawTimer_->stop();  // maps of a reading before are not drawn any further
  nextMap_ = -1;
  showProgress();
  HeadSwitches switches;
  if (!switchesForReading(switches)) return;  // the heads' means first; this reading follows them
  readSwitches_ = switches;
  askedText_ = text();
  reader_->read(model->model, text().toStdString(), switches);
}

bool AttentionPage::isComputingAttention() const { return reading_ || nextMap_ >= 0; }

// The newest reading (AttentionReader drops the ones overtaken by a newer sentence or model).
void AttentionPage::readingDone(SharedReading reading) {
  reading_ = false;
  if (!reading->error.isEmpty()) {
    kept_ = noReading();
    clearPrediction({});  // nothing of the last sentence stays under the banner
    showError(reading->error);
    showProgress();
    return;
  }
  kept_ = std::move(reading);
  keptText_ = askedText_;
  moments_->notePageSentence(keptText_);
  showReading(kept_);
}

// The kept model's reading, or at a moment of the timeline the maps and prediction stored then for its sentence.
void AttentionPage::showReading(SharedReading kept) {
  shownMoment_ = -1;
  pieces_ = std::move(kept);
  if (const ProbeReading* moment = moments_->readingOf(keptText_)) {
    if (SharedReading then = readingAtMoment(*pieces_, *moment)) {
      pieces_ = std::move(then);
      shownMoment_ = timeline_->position();
    }
  }
  classified_ = pieces_->classified;
  hasPrediction_ = true;
  showError({});
  // The other tabs take the reading after the maps, each in a turn of its own (drawNextMap): each draws a
  // 600 x 600 map of its own for a long review, and all of it in this turn froze the window for a tenth of a second.
  tabsToFill_ = 2;
  applyUnits();
}

// A moment of training is the kept model's reading with other maps: nothing is read again when that reading is in
// hand, only drawn. A sentence the run did not watch has no moments: the bar's sentence takes its place.
void AttentionPage::timelineMoved() {
  if (!currentSessionModel()) return;
  const bool keptInHand = !reading_ && !typingTimer_->isActive() && kept_ != noReading() && keptText_ == text();
  if (keptInHand) return showReading(kept_);
  showAttention();
}

void AttentionPage::showTimelineSentence(int probe) {
  const TrainingTimeline* timeline = timeline_->timeline();
  if (!timeline || probe < 0 || size_t(probe) >= timeline->probes.size()) return;
  timeline_->setProbe(probe);
  setText(QString::fromStdString(timeline->probes[size_t(probe)].text));
}

QString AttentionPage::momentText() const {
  const TimelineSnapshot* moment = timeline_->snapshot();
  const int probe = timeline_->probeOf(keptText_);
  if (shownMoment_ < 0 || !moment || probe < 0) return {};
  auto best = [](const std::vector<PredictedToken>& top) { return candidatesText(top, 3); };
  const ModelPrediction& then = moment->probes[size_t(probe)].prediction;
  QString line = tr("<b>Step %1 of training</b>: the maps and the prediction recorded then.").arg(moment->step);
  if (then.kind == PredictionKind::NextToken) line += " " + tr("Next word then: %1").arg(best(then.next));
  if (then.kind == PredictionKind::Fill && !then.blanks.empty()) line += " " + tr("Best fill then: %1").arg(best(then.blanks[0].top));
  if (then.kind == PredictionKind::Answer) line += " " + tr("Answer then: %1").arg(QString::fromStdString(then.answer).toHtmlEscaped());
  if (!headSwitches().empty()) line += " " + tr("(recorded with every head on)");
  return line + QStringLiteral("<br>");
}

void AttentionPage::setShowWords(bool words) { unitsBox_->setCurrentIndex(words ? 1 : 0); }

bool AttentionPage::showsWords() const { return canShowWords() && unitsBox_->currentIndex() == 1; }

void AttentionPage::applyUnits() {
  unitsBox_->setEnabled(canShowWords());
  prediction_ = pieces_->prediction;
  averages_ = pieces_->averages;
  if (showsWords()) {
    const teaching::WordGroups& words = pieces_->words;
    prediction_.tokens.clear();
    prediction_.ids.clear();
    for (size_t w = 0; w < words.pieces.size(); ++w) {
      // An added token ([CLS], [SEP]) keeps its name; a word of one unknown piece stays marked.
      const size_t first = words.pieces[w].front();
      prediction_.tokens.push_back(words.words[w].empty() ? pieces_->prediction.tokens[first] : words.words[w]);
      prediction_.ids.push_back(words.pieces[w].size() == 1 ? pieces_->prediction.ids[first] : -1);
    }
    for (auto& heads : prediction_.attention)
      for (Matrix& map : heads) map = teaching::wordAttention(map, words);
    for (Matrix& map : averages_) map = teaching::wordAttention(map, words);
  }
  showPrediction();
}

// The prediction, the tokens, the heatmaps and the bars of the sentence read last.
void AttentionPage::showPrediction() {
  const int T = static_cast<int>(prediction_.tokens.size());
  if (selectedToken_ >= T) selectedToken_ = -1;
  showPredictionLine();
  tokensToShow_ = true;  // in the first turn of the drawing: a long review's strip takes a while to lay out
  rebuildHeatmaps();  // and the bars, when the maps are drawn
}

// The words the model read as [UNK]: all of them while they are few, else the first kUnknownShown and how many
// there are, with a link to the whole list (a 600-token review once listed hundreds, and the maps left the window).
QString AttentionPage::unknownWordsText(bool withLink) const {
  constexpr int kUnknownShown = 12;
  const QString all = unknownWordList(prediction_.tokens, prediction_.ids);
  const QStringList words = all.isEmpty() ? QStringList() : all.split(QStringLiteral(", "));
  if (words.size() <= kUnknownShown) return all.toHtmlEscaped();
  // More than kUnknownShown: always a plural.
  const QString shown = (unknownShownWhole_ ? words : words.mid(0, kUnknownShown)).join(QStringLiteral(", ")).toHtmlEscaped() +
                        (unknownShownWhole_ ? QString() : QStringLiteral(" …"));
  QString text = tr("%1 words unknown: %2").arg(QString::number(words.size()), shown);
  if (withLink)
    text += QStringLiteral(" <a href=\"#unknown\">%1</a>").arg(unknownShownWhole_ ? tr("show fewer") : tr("show all"));
  return text;
}

void AttentionPage::showPredictionLine() {
  const int T = static_cast<int>(prediction_.tokens.size());
  const QString unknown = unknownWordsText(true);
  // A pretrained model predicts no sentiment: the page shows how it read the text and where it looked.
  QString line = classified_ ? tr("Prediction: <b>%1</b>, %2 positive").arg(sentiment(prediction_.probability), percent(prediction_.probability))
                             : tr("The model read %n piece(s) of text; below, where each one looks in every layer and head.", "", T);
  const bool many = unknown.contains(QLatin1String("<a href"));
  if (!unknown.isEmpty() && classified_ && !many)
    line += tr(". The model has never seen %1: it read [UNK] there, so this answer does not rest on those words.").arg(unknown);
  if (classified_ && many)
    line += QStringLiteral(". ") + unknown + QStringLiteral(" ") + tr("(read as [UNK]: this answer does not rest on them)");
  if (prediction_.truncated && tokensHiddenForRoom_)  // what the token strip says, while it steps aside
    line += tr("; <b>the text was cut</b> after %1 tokens (the model's sequence length): the rest is not read")
                .arg(prediction_.tokens.size());
  if (!headSwitches().empty()) line += " " + switchedOffText();
  predictionLabel_->setText(momentText() + line);
}

// No prediction: no tokens, maps or bars of a sentence read before; `message` where the prediction was.
void AttentionPage::clearPrediction(const QString& message) {
  hasPrediction_ = false;
  shownMoment_ = -1;
  prediction_ = {};
  pieces_ = noReading();
  unitsBox_->setEnabled(false);
  tabsToFill_ = 0;
  tokensToShow_ = false;
  headsTab_->setReading({});
  rolloutTab_->setReading({});
  averages_.clear();
  selectedToken_ = -1;
  predictionLabel_->setText(message);
  tokens_->setTokens({}, QString());
  rebuildHeatmaps();  // none
  bars_->setWeights(RowVector(), {}, QString());
  wordOrder_->clear();
}

void AttentionPage::updateTokens() {
  std::vector<TokenStrip::Token> tokens;
  int unknown = 0;
  for (size_t t = 0; t < prediction_.tokens.size(); ++t) {
    const bool isUnknown = prediction_.ids[t] == Vocabulary::kUnknownId;
    unknown += isUnknown;
    tokens.push_back({QString::fromStdString(prediction_.tokens[t]), isUnknown, static_cast<int>(t) == selectedToken_});
  }
  QString notes = tr("%n token(s)", "", static_cast<int>(prediction_.tokens.size()));
  if (unknown > 0)
    notes += tr("; %n unknown: %1 (grey, marked ?: the model reads them all as [UNK])", "", unknown)
                 .arg(unknownWordsText(false));
  if (prediction_.truncated)
    notes += tr("; <b>the text was cut</b> after %1 tokens (the model's sequence length): the rest is not read")
                 .arg(prediction_.tokens.size());
  tokens_->setTokens(tokens, notes);
}

QString AttentionPage::tokensText() const { return tokens_->toPlainText(); }

QString AttentionPage::predictionText() const {
  QTextDocument doc;
  doc.setHtml(predictionLabel_->text());
  return doc.toPlainText();
}

}  // namespace al::ui
