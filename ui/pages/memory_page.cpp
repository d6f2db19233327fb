#include "ui/pages/memory_page.h"

#include "core/data/long_range_corpus.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTabWidget>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtConcurrent>
#include <algorithm>

#include "ui/widgets/export.h"
#include "ui/session/background_jobs.h"
#include "ui/text/error_texts.h"
#include "ui/text/kind_texts.h"
#include "ui/pages/memory_attention_view.h"
#include "ui/pages/timeline_moments.h"
#include "ui/widgets/timeline_bar.h"
#include "ui/widgets/model_bar.h"
#include "ui/widgets/play_button.h"
#include "ui/widgets/retranslate.h"
#include "ui/widgets/segment_memory_diagram.h"

namespace al::ui {

namespace {
// The Trained model tab's first text: a document of the long-range corpus up to the first digit of its repeated
// number. The last character then has to name the next digit, which only the memory still holds.
QString exampleText() {
  const LongRangeDocument d = generateLongRangeCorpus(1, 0, 1).test.front();
  return QString::fromStdString(d.text.substr(0, d.dependent.back().first + 1));
}
}  // namespace

MemoryPage::MemoryPage(ModelLibrary* library, QWidget* parent)
    : ModelPage(library, parent), diagram_(new SegmentMemoryDiagram), segmentBox_(new QSpinBox),
      memoryBox_(new QSpinBox), layersBox_(new QSpinBox), recurrenceBox_(new QCheckBox), backButton_(new QPushButton),
      playButton_(new QPushButton), nextButton_(new QPushButton), playTimer_(new QTimer(this)), caption_(new QLabel),
      tabs_(new QTabWidget), textEdit_(new QLineEdit), layerBox_(new QComboBox), headBox_(new QComboBox),
      view_(new MemoryAttentionView), modelCaption_(new QLabel) {
  for (QWidget* button : std::initializer_list<QWidget*>{modelBar()->toyButton(), modelBar()->examplesButton(),
                                                        modelBar()->vocabularyButton()})
    button->hide();
  setTranslatedTexts(modelBar(), [this] {
    modelBar()->setTexts(tr("no language model yet"),
                         tr("A language model (GPT) trained on the Train page, with or without a memory"), QString(),
                         QString());
    modelBar()->info()->setText(modelInfoText());
  });
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(modelArea());
  tabs_->addTab(createDiagramTab(), QString());
  tabs_->addTab(createModelTab(), QString());
  layout->addWidget(tabs_, 1);
  setTranslatedTexts(tabs_, [this] {
    tabs_->setTabText(0, tr("Diagram"));
    tabs_->setTabText(1, tr("Trained model"));
  });
  connect(&reading_, &QFutureWatcher<Reading>::finished, this, &MemoryPage::readFinished);
  showLibraryModels();
}

MemoryPage::~MemoryPage() { reading_.waitForFinished(); }

QWidget* MemoryPage::createDiagramTab() {
  auto* tab = new QWidget;
  auto* layout = new QVBoxLayout(tab);
  auto* controls = new QHBoxLayout;
  auto* form = new QFormLayout;
  segmentBox_->setRange(2, 8);
  segmentBox_->setValue(diagram_->segmentLength());
  memoryBox_->setRange(0, 16);
  memoryBox_->setValue(diagram_->memoryLength());
  layersBox_->setRange(1, 4);
  layersBox_->setValue(diagram_->layers());
  recurrenceBox_->setChecked(diagram_->recurrence());
  auto* sizes = new QHBoxLayout;
  auto* segmentLabel = new QLabel, *memoryLabel = new QLabel, *layersLabel = new QLabel;
  for (auto [label, box] : {std::pair{segmentLabel, segmentBox_}, {memoryLabel, memoryBox_}, {layersLabel, layersBox_}}) {
    sizes->addWidget(label);
    sizes->addWidget(box);
  }
  sizes->addStretch();
  form->addRow(sizes);
  controls->addLayout(form, 1);
  auto* walk = new QHBoxLayout;  // a second row: the page fits a projector's width even with large fonts
  walk->addWidget(recurrenceBox_);
  walk->addStretch();
  backButton_->setIcon(QIcon(QStringLiteral(":/icons/back.svg")));
  playButton_->setIcon(QIcon(QStringLiteral(":/icons/play.svg")));
  playButton_->setCheckable(true);
  nextButton_->setIcon(QIcon(QStringLiteral(":/icons/forward.svg")));
  for (QPushButton* button : {backButton_, playButton_, nextButton_}) walk->addWidget(button);
  layout->addLayout(controls);
  layout->addLayout(walk);
  layout->addWidget(diagram_, 1);
  caption_->setObjectName("explanation");
  caption_->setWordWrap(true);
  caption_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(caption_);

  playTimer_->setInterval(900);
  connect(playTimer_, &QTimer::timeout, this, &MemoryPage::nextStep);
  connect(segmentBox_, &QSpinBox::valueChanged, diagram_, &SegmentMemoryDiagram::setSegmentLength);
  connect(memoryBox_, &QSpinBox::valueChanged, diagram_, &SegmentMemoryDiagram::setMemoryLength);
  connect(layersBox_, &QSpinBox::valueChanged, diagram_, &SegmentMemoryDiagram::setLayers);
  connect(recurrenceBox_, &QCheckBox::toggled, diagram_, &SegmentMemoryDiagram::setRecurrence);
  connect(backButton_, &QPushButton::clicked, this, &MemoryPage::previousStep);
  connect(nextButton_, &QPushButton::clicked, this, &MemoryPage::nextStep);
  connect(playButton_, &QPushButton::toggled, this, &MemoryPage::setPlaying);
  connect(diagram_, &SegmentMemoryDiagram::changed, this, &MemoryPage::updateCaption);
  setTranslatedTexts(this, [=, this] {
    segmentLabel->setText(tr("Segment length"));
    memoryLabel->setText(tr("Memory"));
    layersLabel->setText(tr("Layers"));
    recurrenceBox_->setText(tr("Recurrence (cache earlier segments' hidden states)"));
    backButton_->setText(tr("Back"));
    nextButton_->setText(tr("Next"));
    playButton_->setText(isPlaying() ? tr("Pause") : tr("Play"));
    updateCaption();
  });
  return tab;
}

void MemoryPage::setSegmentLength(int tokens) { segmentBox_->setValue(tokens); }
void MemoryPage::setMemoryLength(int tokens) { memoryBox_->setValue(tokens); }
void MemoryPage::setLayers(int layers) { layersBox_->setValue(layers); }
void MemoryPage::setRecurrence(bool on) { recurrenceBox_->setChecked(on); }
void MemoryPage::showStep(int step) { diagram_->setStep(step); }
void MemoryPage::nextStep() { diagram_->setStep(diagram_->currentStep() + 1); }
void MemoryPage::previousStep() { diagram_->setStep(diagram_->currentStep() - 1); }

void MemoryPage::setPlaying(bool playing) {
  if (playing) playTimer_->start();
  else playTimer_->stop();
  showPlayState(playButton_, playing);
}

bool MemoryPage::isPlaying() const { return playTimer_->isActive(); }
QString MemoryPage::captionText() const { return caption_->text(); }

int topLayerReach(const SegmentMemoryDiagram& diagram) {
  // The last word of a segment far enough into the text that nothing is cut off at its start. Each layer reads,
  // in the layer below, the keys the diagram draws (its segment up to itself and, with recurrence, the M words
  // before the segment): follow the earliest of them down through every layer. The memory starts at a segment's
  // start minus M, so the reach is L x M + S only when M is a multiple of S (S 8, M 2, 4 layers: 34 words, not 16).
  const int S = diagram.segmentLength(), M = diagram.memoryLength(), L = diagram.layers();
  const int segmentsBefore = L * (M / S + 2) + 1;
  const int query = segmentsBefore * S + S - 1;
  int earliest = query;
  for (int layer = 0; layer < L; ++layer) earliest = diagram.keysOf(earliest).first();
  return query - earliest + 1;
}

void MemoryPage::updateCaption() {
  const SegmentMemoryDiagram& d = *diagram_;
  const int keys = static_cast<int>(d.keysOf(d.queryPosition()).size());
  const int cached = static_cast<int>(d.memoryPositions().size());
  const int reach = topLayerReach(d);
  // The memory holds the last M hidden states before the segment: with M longer than a segment, from several.
  const int segmentsBack = (cached + d.segmentLength() - 1) / d.segmentLength();
  caption_->setText(
      tr("Segment %1, word %2: its query reads %3 of its own segment's words and the cached hidden states of the %4 "
         "words before the segment (the memory keeps the last %5, here from %6 earlier segment(s)). Stacked over %7 "
         "layers, the top layer can draw on up to %8 words.")
          .arg(d.currentSegment() + 1).arg(d.currentToken() + 1).arg(keys - cached).arg(cached)
          .arg(d.memoryLength()).arg(segmentsBack).arg(d.layers()).arg(reach));
  if (!d.recurrence())
    caption_->setText(tr("Segment %1, word %2: its query reads %3 of its own segment's words and nothing before. "
                         "Without the memory no layer sees past the segment's start, however many layers there are.")
                          .arg(d.currentSegment() + 1).arg(d.currentToken() + 1).arg(keys));
}

// ---------------------------------------------------------------------------------------------------------
// The trained model's tab

QWidget* MemoryPage::createModelTab() {
  auto* tab = new QWidget;
  auto* layout = new QVBoxLayout(tab);
  auto* row = new QHBoxLayout;
  auto* textLabel = new QLabel, *layerLabel = new QLabel, *headLabel = new QLabel;
  textEdit_->setText(exampleText());
  textEdit_->setClearButtonEnabled(true);
  row->addWidget(textLabel);
  row->addWidget(textEdit_, 1);
  row->addWidget(layerLabel);
  row->addWidget(layerBox_);
  row->addWidget(headLabel);
  row->addWidget(headBox_);
  layout->addLayout(row);
  layout->addWidget(view_);
  modelCaption_->setObjectName("explanation");
  modelCaption_->setWordWrap(true);
  modelCaption_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(modelCaption_);
  layout->addStretch(1);
  // Under the text: the moments of a model that recorded its training (hidden for one that did not).
  moments_ = new TimelineMoments(this, {[this] { return text(); }, [this](const QString& t) { setText(t); },
                                        [this] { timelineMoved(); }},
                                 true);
  timeline_ = moments_->bar();
  layout->addWidget(timeline_);
  connect(textEdit_, &QLineEdit::editingFinished, this, [this] {
    if (!view_->hasReading() || textEdit_->text() != lastReadText_) read();
  });
  connect(layerBox_, &QComboBox::currentIndexChanged, this, [this](int i) { view_->setLayer(std::max(i, 0)); });
  connect(headBox_, &QComboBox::currentIndexChanged, this, [this](int i) { view_->setHead(i - 1); });
  connect(view_, &MemoryAttentionView::queryChanged, this, &MemoryPage::updateModelCaption);
  setTranslatedTexts(tab, [=, this] {
    textLabel->setText(tr("Text"));
    layerLabel->setText(tr("Layer"));
    headLabel->setText(tr("Head"));
    textEdit_->setToolTip(tr("The model reads this text segment after segment; press Enter to read it again"));
    updateHeadBox();
    updateModelCaption();
  });
  return tab;
}

void MemoryPage::setText(const QString& text) {
  textEdit_->setText(text);
  read();
}

QString MemoryPage::text() const { return textEdit_->text(); }
bool MemoryPage::isReading() const { return reading_.isRunning() || readAgain_; }
QString MemoryPage::modelCaptionText() const { return modelCaption_->text(); }
void MemoryPage::setLayer(int layer) { layerBox_->setCurrentIndex(layer); }
void MemoryPage::setHead(int head) { headBox_->setCurrentIndex(head + 1); }

void MemoryPage::exportFigure() {
  askAndExportWidget(tabs_->currentWidget(), tabs_->currentIndex() == 0 ? QStringLiteral("memory_diagram")
                                                                         : QStringLiteral("memory_attention"));
}

bool MemoryPage::shows(const SessionModel& model) const { return model.as<CausalLmModel>() != nullptr; }

MemoryPage::PageWords MemoryPage::pageWords() const {
  return {tr("Memory"), tr("this page shows the attention of language models (GPT) trained here.")};
}

QString MemoryPage::openDialogTitle() const { return tr("Open a language model"); }

QString MemoryPage::modelInfoText() const {
  const auto model = currentSessionModel() ? currentSessionModel()->as<CausalLmModel>() : nullptr;
  if (!model) return {};
  return tr("segments of %1 tokens, memory of %2, %3 layer(s) of %4 heads")
      .arg(model->model->config().sequenceLength)
      .arg(model->model->config().memoryLength)
      .arg(model->model->config().numLayers)
      .arg(model->model->config().numHeads);
}

void MemoryPage::modelChanged() {
  const auto model = currentSessionModel() ? currentSessionModel()->as<CausalLmModel>() : nullptr;
  modelBar()->setModel(currentModelName(), nullptr);
  const QSignalBlocker blocker(layerBox_);
  layerBox_->clear();
  if (model)
    for (int l = 1; l <= model->model->config().numLayers; ++l) layerBox_->addItem(QString::number(l));
  layerBox_->setCurrentIndex(layerBox_->count() - 1);  // the last layer: where copying from far back shows
  view_->setLayer(std::max(0, layerBox_->count() - 1));
  updateHeadBox();
  modelBar()->info()->setText(modelInfoText());
  if (model) tabs_->setCurrentIndex(1);
  kept_.reset();
  moments_->follow(currentSessionModel());
  read();
}

void MemoryPage::updateHeadBox() {
  const auto model = currentSessionModel() ? currentSessionModel()->as<CausalLmModel>() : nullptr;
  const int current = std::max(0, headBox_->currentIndex());
  const QSignalBlocker blocker(headBox_);
  headBox_->clear();
  headBox_->addItem(tr("average"));
  if (model)
    for (int h = 1; h <= model->model->config().numHeads; ++h) headBox_->addItem(tr("head %1").arg(h));
  headBox_->setCurrentIndex(std::min(current, headBox_->count() - 1));
  view_->setHead(headBox_->currentIndex() - 1);
}

void MemoryPage::read() {
  const auto model = currentSessionModel() ? currentSessionModel()->as<CausalLmModel>() : nullptr;
  if (!model || textEdit_->text().isEmpty()) {
    kept_.reset();
    shownMoment_ = -1;
    view_->clear();
    return;
  }
  if (reading_.isRunning()) {  // one reading at a time: the newest text follows
    readAgain_ = true;
    return;
  }
  lastReadText_ = textEdit_->text();
  reading_.setFuture(QtConcurrent::run(backgroundJobs(), [model, text = lastReadText_.toStdString()] {
    Reading r;
    try {
      r.attention = readAttention(*model, text);
    } catch (const std::exception&) {
      r.error = std::current_exception();
    }
    return r;
  }));
}

void MemoryPage::readFinished() {
  if (readAgain_) {
    readAgain_ = false;
    read();
    return;
  }
  const Reading r = reading_.result();
  if (r.error) {
    try {
      std::rethrow_exception(r.error);
    } catch (const std::exception& e) {
      view_->clear();
      showError(errorMessage(e));
    }
  } else {
    kept_ = r.attention;
    moments_->notePageSentence(lastReadText_);
    showKeptReading();
  }
  emit readingFinished();
}

// At a moment the tab shows the maps stored for the text then: the same tokens, memory and segment (a language model's
// timeline keeps its last segment's maps over the memory, as read here), other weights.
void MemoryPage::showKeptReading() {
  shownMoment_ = -1;
  if (!kept_) return;
  MemoryAttentionView::Reading shown;
  for (const std::string& token : kept_->tokens) shown.tokens.append(QString::fromStdString(token));
  shown.segmentStart = static_cast<int>(kept_->segmentStart);
  shown.memoryRows = static_cast<int>(kept_->memoryRows);
  shown.attention = kept_->attention;
  if (const ProbeReading* then = moments_->readingOf(lastReadText_)) {
    bool fits = then->attention.size() == shown.attention.size();
    for (size_t l = 0; fits && l < then->attention.size(); ++l) {
      fits = then->attention[l].size() == shown.attention[l].size();
      for (size_t h = 0; fits && h < then->attention[l].size(); ++h)
        fits = then->attention[l][h].rows() == shown.attention[l][h].rows() &&
               then->attention[l][h].cols() == shown.attention[l][h].cols();
    }
    if (fits) {
      shown.attention = then->attention;
      shownMoment_ = moments_->moment();
    }
  }
  // The query the class chose stays while it scrubs (the same text, the same rows).
  const bool sameText = view_->hasReading() && view_->reading().tokens == shown.tokens;
  const int query = view_->query();
  view_->setReading(std::move(shown));
  if (sameText) view_->setQuery(query);
  updateModelCaption();
}

// Nothing is read again when the text's reading is in hand: only other maps drawn.
void MemoryPage::timelineMoved() {
  if (kept_ && !reading_.isRunning() && !readAgain_ && lastReadText_ == textEdit_->text()) return showKeptReading();
  read();
}

void MemoryPage::updateModelCaption() {
  if (!view_->hasReading()) {
    modelCaption_->setText(currentSessionModel()
                               ? QString()
                               : tr("Open a language model above, or train a “Language model (GPT)” on the Train "
                                    "page (Transformer-XL: relative positions and a memory), to see its real "
                                    "attention over the memory and the segment."));
    return;
  }
  const MemoryAttentionView::Reading& r = view_->reading();
  const int T = static_cast<int>(r.tokens.size()) - r.segmentStart;
  const QString query = r.tokens[view_->queryPosition()] == QLatin1String(" ") ? tr("space")
                                                                                : r.tokens[view_->queryPosition()];
  const QString who = headBox_->currentIndex() <= 0 ? tr("the heads' average") : headBox_->currentText();
  const TimelineSnapshot* moment = shownMoment_ >= 0 ? moments_->snapshot() : nullptr;
  const QString when = moment ? tr("Step %1 of training: the maps recorded then. ").arg(moment->step) : QString();
  if (r.memoryRows == 0) {
    modelCaption_->setText(when +
        tr("Layer %1, %2: the query “%3” (token %4 of the text) reads only the %5 token(s) of its segment up to "
           "itself: this model keeps no memory of the segments before (blue: the segment). Click a token of the "
           "segment to choose the query.")
            .arg(layerBox_->currentText(), who, query).arg(view_->queryPosition() + 1).arg(view_->query() + 1));
    return;
  }
  modelCaption_->setText(when +
      tr("Layer %1, %2: the query “%3” (token %4 of the text) gives %5 % of its attention to the memory's %6 "
         "tokens (hatched: the cached states of the segments before) and %7 % to the %8 token(s) of its own segment "
         "up to itself (blue, of %9). Shade and arcs: the weights, the darkest the largest. Click a token of the "
         "segment to choose the query.")
          .arg(layerBox_->currentText(), who, query)
          .arg(view_->queryPosition() + 1)
          .arg(100.0 * view_->memoryShare(), 0, 'f', 1)
          .arg(r.memoryRows)
          .arg(100.0 * (1.0 - view_->memoryShare()), 0, 'f', 1)
          .arg(view_->query() + 1)
          .arg(T));
}

}  // namespace al::ui
