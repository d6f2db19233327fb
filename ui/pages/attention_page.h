#pragma once
// The Attention page: type a sentence and see what attends to what.
//
//   model bar     pick a model: one trained on the Train page this session, a model directory, or a toy model
//                 trained here in a few seconds (tiny preset on the built-in reviews)
//   Heatmaps      the tokens as the model reads them (unknown words and a cut-off tail marked, and named in the
//                 prediction and as "bomb→[UNK]" on the heatmaps' axes), the prediction,
//                 one heatmap per layer and head plus the heads' average; click a token (or a heatmap row) for
//                 a bar chart of where it looks
//   Word order    "Shuffle words": the shuffled review's prediction and attention beside the original, and what
//                 that proves about the model's position information, with the numbers (WordOrderTab)
//   Position      the sinusoidal encoding (positions x dimensions) and the similarity of the model's learned
//                 position vectors (PositionTab)
//
// The numbers come from the core (predictText of core/inference/imdb_transformer_inference.h and core/teaching/attention_steps.h);
// this page only draws them.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include <functional>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "core/teaching/attention_steps.h"
#include "core/teaching/head_importance.h"
#include "core/inference/imdb_transformer_inference.h"
#include "core/inference/training_timeline.h"
#include "ui/session/model_library.h"
#include "ui/pages/attention_reader.h"

#include <QFutureWatcher>
#include <QString>
#include <QStringList>
#include "ui/pages/model_page.h"

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QScrollArea;
class QPushButton;
class QTabWidget;
class QTextBrowser;
class QTimer;
class QGridLayout;
class QImage;

namespace al::ui {

class AttentionCompareTab;
class AttentionHeadsTab;
class AttentionRolloutTab;
class HeadImportanceJob;
class HeadImportanceTab;
class AttentionThumbnails;
class ModelBar;
class ErrorBanner;
class HeatmapView;
class ModelFileJob;
class TokenStrip;
class PositionTab;
class TimelineBar;
class TimelineMoments;
class WeightBars;
class WordOrderTab;

class AttentionPage : public ModelPage {
  Q_OBJECT
 public:
  // What a session keeps of the page (ui/session/page_state.h; the keys are in ui/pages/page_states.cpp).
  QJsonObject saveState() const override;
  void restoreState(const QJsonObject& state) override;
  // library: the session's models (null: a library of the page's own).
  explicit AttentionPage(ModelLibrary* library = nullptr, QWidget* parent = nullptr);
  ~AttentionPage() override;

  // --- Models (the box, opening and toy training: ModelPage) ---
  using ModelPage::addModel;
  // Adds a model to the session's library and shows it (the user chose it). `seed`: the run's, when known.
  void addModel(const QString& name, std::shared_ptr<const ImdbTransformerModel> model,
                std::optional<uint64_t> seed = {});
  // Trains a toy model (tiny preset, built-in data) on a worker thread; it joins the library and is shown when done.
  void trainToyModel(PositionKind position);
  // Shows the toy model of that position kind: the one trained before, or a new one (what a lesson asks for).
  void showToyModel(PositionKind position);
  int toyModelIndex(PositionKind position) const;  // -1: none trained yet
  std::shared_ptr<const ImdbTransformerModel> currentModel() const;
  std::optional<uint64_t> currentModelSeed() const;  // the seed it was trained with, when known

  // --- Heatmaps ---
  // The sentence is read on a worker thread and its maps drawn one per turn of the event loop: what was shown
  // stays until then (isComputingAttention, a progress bar on the page), and attentionShown() follows. A reading
  // overtaken by a newer sentence or model is dropped.
  void setText(const QString& text);  // and shows its attention
  QString text() const;
  void showAttention();               // again, for the current text and model
  bool isComputingAttention() const;
  bool hasPrediction() const { return hasPrediction_; }
  const ImdbPrediction& prediction() const { return prediction_; }
  // head == number of heads: the heads' average. Null when out of range.
  AttentionThumbnails* thumbnails() const { return thumbnails_; }
  HeatmapView* heatmap(int layer, int head) const;
  int heatmapCount() const { return static_cast<int>(heatmaps_.size()); }
  void selectToken(int token);        // the bar chart of where it looks
  int selectedToken() const { return selectedToken_; }
  // Which maps the page shows: every one (a small map each), or one map (a layer's head, or head == number of
  // heads for the heads' average) given the whole space, for a room to read. Thumbnails choose it then.
  void showEveryMap();
  void showOneMap(int layer, int head);
  bool showsOneMap() const;
  QComboBox* mapsShownBox() const { return mapsShownBox_; }
  WeightBars* tokenBars() const { return bars_; }
  QString tokensText() const;         // the token strip, as plain text
  QString predictionText() const;
  // Words or pieces: a pretrained model's maps over the pieces it read, or over the text's words (pieces grouped
  // by teaching::groupIntoWords, keys summed and queries averaged). Off for a reading without words.
  void setShowWords(bool words);
  bool showsWords() const;
  bool canShowWords() const { return !pieces_->words.pieces.empty(); }
  AttentionHeadsTab* headsTab() const { return headsTab_; }
  AttentionRolloutTab* rolloutTab() const { return rolloutTab_; }
  HeadImportanceTab* headImportanceTab() const { return headImportanceTab_; }
  AttentionCompareTab* compareTab() const { return compareTab_; }

  // --- The timeline of a model that recorded one while it trained (hidden otherwise) ---
  // The session model's (ui/session/model_library.h): a run's of the Train page, or read with its directory.
  // Under the maps. At a moment of training (any position but the last, the kept model) the page shows the maps and
  // the prediction the timeline stored for the sentence, when the sentence is one the run watched; moving there with
  // another sentence, or choosing a sentence in the bar, puts the bar's sentence on the page.
  TimelineBar* timelineBar() const { return timeline_; }
  // The moment shown (sessions): TimelineMoments::moment / setMoment, -1 at the kept model.
  TimelineMoments* timelineMoments() const { return moments_; }
  // The moment whose maps the page shows (an index into the timeline's snapshots), or -1: the kept model's.
  int shownMoment() const { return shownMoment_; }

  // --- Exporting the timeline (ui/pages/attention_page_timeline_export.cpp) ---
  // The watched sentence's maps (the Heatmaps tab's figure, as File › Export figure draws it) at moments of the
  // timeline, each under its step in the language of the interface. The bar and the tabs go back as they were.
  // `progress(done, total)` is told of every picture; false stops the export there. Throw al::InputError without a
  // timeline and al::RunError when a file cannot be written.
  using ExportProgress = std::function<bool(int done, int total)>;
  // frame-0001.png, ... one per snapshot in step order, and index.json ({"sentence", "frames": [{"file", "step",
  // "epoch"}]}) of the frames written, in `folder`. Returns how many were written (fewer when stopped).
  int exportTimelineFrames(const QString& folder, const ExportProgress& progress = {});
  // One figure (PNG, SVG or PDF by the suffix) of these bar positions side by side (snapshotCount(): the kept
  // model). False when stopped.
  bool exportTimelineSheet(const QString& path, const std::vector<int>& positions, const ExportProgress& progress = {});
  // `panels` positions for a sheet: step 0, evenly spaced moments, the kept model.
  std::vector<int> sheetPositions(int panels) const;
  QPushButton* timelineExportButton() const { return timelineExport_; }

  // --- Head switches ---
  // A head switched off adds nothing to the prediction or to the layers after it (its output set to zero); its own
  // map is still shown, crossed out among the thumbnails (a right-click there switches it). The switches are the
  // model's (ModelPage::headSwitches): another model has its own, and the Fill and Generate pages follow them.
  void setHeadSwitchedOff(int layer, int head, bool off);
  void setLayerSwitchedOff(int layer, bool off);  // every head of the layer at once (one reading)
  void switchEveryHeadOn();
  // What a switched-off head gives: zeros, or (the app's IMDB classifier) its mean output over 500 test reviews of
  // the model's data, computed on a worker thread the first time a head is off; the reading waits for it. The
  // choice is remembered; a pretrained model's heads give zeros.
  void setHeadReplacement(teaching::HeadReplacement replacement);
  teaching::HeadReplacement headReplacement() const;
  QComboBox* headReplacementBox() const { return replacementBox_; }

  // --- Word order ---
  void shuffleWords();
  bool hasComparison() const;
  const teaching::ShuffledComparison& comparison() const;
  QString wordOrderVerdict() const;
  HeatmapView* originalOrderView() const;
  HeatmapView* shuffledOrderView() const;

  // --- Position ---
  HeatmapView* sinusoidView() const;
  HeatmapView* positionSimilarityView() const;

  QTabWidget* tabs() const { return tabs_; }
  // The figure of the tab in view, without its controls (no text box, buttons or scroll bars): what File › Export
  // figure writes (PNG at twice the pixels; SVG and PDF as vectors, a rectangle per heatmap cell, text as text).
  QWidget* figure() const;
  void exportFigureTo(const QString& path);  // throws what exportWidget throws

 public slots:
  void exportFigure() override;   // File > Export figure: the current tab's figure as a picture
  void exportNumbers();  // the weights of the current tab's maps as CSV
  void exportTimelineFramesAsked();  // "Export timeline… › Frames": asks for a folder, with progress and Cancel
  void exportTimelineSheetAsked();   // "Export timeline… › Sheet": asks how many moments and for a file

 signals:
  void attentionShown();  // the prediction of the sentence asked for last, every map drawn

 private:
  bool shows(const SessionModel& model) const override;
  PageWords pageWords() const override;
  QString refusal(const SessionModel& model) const override;
  QString openDialogTitle() const override;
  void modelChanged() override;
  void headSwitchesChanged() override;
  void createModelBar();
  QWidget* createHeatmapsTab();
  QWidget* createFigureCorner();
  void readingDone(SharedReading reading);
  void showReading(SharedReading kept);  // the kept model's reading, or the timeline's moment of it
  void readTimeline();  // the model shown's, on the bar
  void timelineMoved();  // the bar's slider moved, the page's sentence a watched one (TimelineMoments)
  void showTimelineSentence(int probe);  // the sentence the bar watched, read on the page
  QString momentText() const;  // the prediction line's words for the moment shown
  QWidget* createTimelineExportButton();
  QImage pictureAtMoment(int position);  // the maps at that bar position, drawn first (the event loop runs)
  QString momentTitle(int position) const;  // "Step 120", or the kept model
  void showPrediction();
  void showPredictionLine();  // the prediction, the unknown words and the heads switched off
  QString unknownWordsText(bool withLink) const;  // all of a few, or the first of many with how many (and a link)
  void chooseBarsMap(int layer, int head);  // the map whose bars are shown (and, one at a time, the map shown)
  bool gridFitsNow() const;  // every map of the reading, each with a row and a column of 11 px labels per token
  bool eventFilter(QObject* watched, QEvent* event) override;
  void rebuildHeatmaps();
  void shapeHeatmaps(size_t layers, size_t heads);
  HeatmapView* createHeatmapView(size_t layer, size_t head);
  QString mapName(size_t layer, size_t head) const;  // as the boxes list it
  void nameView(HeatmapView* view, size_t layer, size_t head) const;  // its title and axis titles
  void renameMaps();  // the boxes' items, the views' titles and the bars' title in the language of the moment
  void showChosenMaps();  // every view, or only the one mapsShownBox_ names
  void mapsShownChanged();  // remembered, then shown
  int mapCount() const;
  void drawNextMap();
  void showProgress();
  void updateTokens();
  void updateBars();
  void clearPrediction(const QString& message);
  void applyUnits();  // prediction_ and averages_ from pieces_, as pieces or as words
  std::vector<std::vector<bool>> switchedOffTable() const;  // [layer][head] of the maps shown
  QString switchedOffText() const;  // "(heads switched off: L1 H2, ...)"
  QWidget* createReplacementChoice();  // beside the thumbnails: zeros or the mean
  void showReplacementInMenu();  // the thumbnails' menu shows the box's choice
  bool usesMeans() const;  // the heads switched off give their mean output
  // The switches the reading uses (the means set when they replace a head). False: the means are computed first,
  // on the worker, and showAttention() follows.
  bool switchesForReading(HeadSwitches& switches);
  void meansDone();

  SharedReading pieces_ = noReading();  // the reading as it came (pieces); prediction_ is it or its words
  SharedReading kept_ = noReading();    // the kept model's reading of keptText_ (pieces_ unless at a moment)
  QString keptText_;                    // the text kept_ is of
  QString askedText_;                   // the text of the reading asked for last
  int shownMoment_ = -1;                // the timeline's snapshot pieces_ is of; -1: kept_ itself
  ImdbPrediction prediction_;
  std::vector<Matrix> averages_;  // [layer]: the heads' average of prediction_, T x T
  bool hasPrediction_ = false;
  bool classified_ = true;  // the reading has a prediction (a classifier of reviews; not a pretrained model)
  bool reading_ = false;  // a reading asked for has not come back
  QTimer* drawTimer_;     // a map per turn of the event loop
  int nextMap_ = -1;      // the map to draw next, in layer-major order; -1: none being drawn
  bool tokensToShow_ = false;  // a new reading's token strip, shown in the first turn of the drawing
  int tabsToFill_ = 0;    // after the maps: 2, the heads tab and the rollout tab still take the new reading; 1, the latter
  QStringList labels_;    // the tokens as the maps name them
  int selectedToken_ = -1;
  HeadImportanceJob* meansJob_ = nullptr;  // the heads' mean outputs, on a worker thread
  std::shared_ptr<const ImdbTransformerModel> meansModel_;  // whose means headMeans_ are (or are being computed)
  std::vector<Matrix> headMeans_;  // [layer], H x K; empty until computed
  HeadSwitches readSwitches_;  // what the reading asked for last has switched off (with the means it gives)
  QComboBox* replacementBox_ = nullptr;

  AttentionReader* reader_;  // the sentence, read on a worker thread
  std::optional<PositionKind> wantedToy_;  // the toy model to show when the training ends

  QTabWidget* tabs_;
  QComboBox* toyPositionBox_;
  QLabel* modelInfo_;
  QPlainTextEdit* textEdit_;
  QTimer* typingTimer_;
  TokenStrip* tokens_;
  QLabel* predictionLabel_;
  QProgressBar* progress_;
  AttentionThumbnails* thumbnails_;  // every layer x head, beside the heatmaps
  QWidget* heatmapHost_;
  QGridLayout* heatmapGrid_;
  std::vector<std::vector<HeatmapView*>> heatmaps_;  // [layer][head], the last head entry the average; null until drawn
  QComboBox* barsSourceBox_;
  QScrollArea* mapsScroll_ = nullptr;
  bool gridFits_ = true;  // every map can be read at once; else one at a time, the bars' map (showChosenMaps)
  bool tokensHiddenForRoom_ = false;  // the token strip stepped aside for one map at a time
  bool unknownShownWhole_ = false;  // the whole list of unknown words, asked for with "show all"
  QComboBox* mapsShownBox_;  // "every map", then each map as barsSourceBox_ lists them
  QComboBox* unitsBox_;  // pieces or words
  WeightBars* bars_;

  WordOrderTab* wordOrder_;
  PositionTab* positionTab_;
  AttentionHeadsTab* headsTab_;
  AttentionRolloutTab* rolloutTab_;
  HeadImportanceTab* headImportanceTab_;
  AttentionCompareTab* compareTab_;
  TimelineBar* timeline_;
  TimelineMoments* moments_;
  QPushButton* timelineExport_ = nullptr;  // beside the bar, shown with it
};

}  // namespace al::ui
