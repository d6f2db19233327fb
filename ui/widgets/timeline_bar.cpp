// Core headers first (through the bar's header): Qt's `emit` macro must not reach them.
#include "ui/widgets/timeline_bar.h"

#include <algorithm>
#include <cmath>

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QTimer>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include "ui/text/error_texts.h"
#include "ui/text/prediction_texts.h"
#include "ui/widgets/appearance.h"
#include "ui/widgets/error_banner.h"
#include "ui/widgets/palette.h"
#include "ui/widgets/play_button.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

namespace {

constexpr int kPlayIntervalMs = 400;  // at 1×: a snapshot every 0.4 s, time to see a map change
// The layers' line styles: a head's colour is its number's, its layer the dash.
const Qt::PenStyle kLayerDashes[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine};
constexpr int kMaxLegendEntries = 16;  // more heads than that: the legend would cover the lines

}  // namespace

TimelineBar::TimelineBar(QWidget* parent)
    : QWidget(parent),
      probeBox_(new QComboBox),
      slider_(new QSlider(Qt::Horizontal)),
      playButton_(new QPushButton),
      speedBox_(new QComboBox),
      state_(new QLabel),
      playTimer_(new QTimer(this)),
      plot_(new QCustomPlot),
      plotTitle_(new QLabel),
      error_(new ErrorBanner),
      body_(new QWidget),
      prediction_(new QLabel) {
  setObjectName("timelineBar");
  probeBox_->setObjectName("timelineSentence");
  probeBox_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  probeBox_->setMinimumContentsLength(10);
  slider_->setObjectName("timelineSlider");
  slider_->setFocusPolicy(Qt::StrongFocus);
  slider_->setPageStep(5);
  state_->setObjectName("timelineState");
  playButton_->setObjectName("timelinePlay");
  playButton_->setCheckable(true);
  speedBox_->setObjectName("timelineSpeed");
  for (double speed : {0.5, 1.0, 2.0, 4.0}) speedBox_->addItem(QStringLiteral("%1×").arg(speed), speed);
  speedBox_->setCurrentIndex(1);
  showPlayState(playButton_, false);

  auto* controls = new QHBoxLayout;
  controls->setContentsMargins(0, 0, 0, 0);
  controls->addWidget(probeBox_);
  controls->addWidget(slider_, 1);
  controls->addWidget(playButton_);
  controls->addWidget(speedBox_);
  auto* layout = new QVBoxLayout(body_);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(controls);
  // A page's own buttons go beside the state, not after Play: beside the Attention page's bars at 1280 x 720 the
  // slider's row has no width to spare (a button there shrank the slider to its handle).
  stateRow_ = new QHBoxLayout;
  stateRow_->setContentsMargins(0, 0, 0, 0);
  stateRow_->addWidget(state_, 1);
  layout->addLayout(stateRow_);
  prediction_->setObjectName("timelinePrediction");
  prediction_->setWordWrap(true);
  prediction_->setTextFormat(Qt::RichText);  // the words are escaped: a token "<b>" stays a token
  prediction_->hide();
  layout->addWidget(prediction_);
  layout->addWidget(plotTitle_);
  layout->addWidget(plot_);
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  outer->addWidget(error_);
  outer->addWidget(body_);
  error_->hideError();

  marker_ = new QCPItemStraightLine(plot_);
  marker_->setPen(QPen(palette::kHighlight, 2));
  plot_->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
  plot_->setProperty("fontRatio", 0.85);  // the lines matter, the labels are a help

  connect(slider_, &QSlider::valueChanged, this, [this](int position) {
    showState();
    showPrediction();
    placeMarker();
    emit positionChanged(position);
  });
  connect(probeBox_, &QComboBox::activated, this, [this](int probe) {
    setProbe(probe);
    emit probeChosen(probe);
  });
  connect(playButton_, &QPushButton::toggled, this, &TimelineBar::setPlaying);
  connect(playTimer_, &QTimer::timeout, this, &TimelineBar::playNext);
  connect(speedBox_, &QComboBox::currentIndexChanged, this,
          [this] { playTimer_->setInterval(static_cast<int>(kPlayIntervalMs / speed())); });
  playTimer_->setInterval(kPlayIntervalMs);
  connect(Appearance::instance(), &Appearance::changed, this, &TimelineBar::fitToScale);
  fitToScale();
  setTranslatedTexts(this, [this] {
    probeBox_->setToolTip(tr("The sentence the run watched while it trained: its maps and prediction at each moment"));
    slider_->setToolTip(tr("The moments the run recorded, from its first step to the model it kept (the last "
                           "position). Arrows: one moment; Page Up/Down: five; Home/End: first and kept model."));
    speedBox_->setToolTip(tr("How fast Play goes through the moments"));
    plotTitle_->setText(tr("How far each head is from looking at every word alike (0: alike; higher: on a few "
                           "words)"));
    plot_->xAxis->setLabel(tr("training step"));
    plot_->yAxis->setLabel(tr("distance from uniform"));
    showPlayState(playButton_, isPlaying());
    showState();
    plotDistances();
    showReadError();
    showPrediction();
  });
  hide();
}

void TimelineBar::setTimeline(std::shared_ptr<const TrainingTimeline> timeline, std::shared_ptr<const Error> readError) {
  setPlaying(false);
  timeline_ = std::move(timeline);
  readError_ = std::move(readError);
  probe_ = 0;
  {
    const QSignalBlocker blocker(probeBox_);
    probeBox_->clear();
    if (timeline_)
      for (const TimelineProbe& p : timeline_->probes) probeBox_->addItem(QString::fromStdString(p.text));
  }
  {
    const QSignalBlocker blocker(slider_);
    slider_->setRange(0, snapshotCount());
    slider_->setValue(snapshotCount());  // the final model
  }
  const bool moments = timeline_ && !timeline_->snapshots.empty();
  body_->setVisible(moments);
  setVisible(moments || readError_);
  showState();
  plotDistances();
  showReadError();
  showPrediction();
  emit timelineChanged();
}

void TimelineBar::showReadError() {
  if (!readError_) return error_->hideError();
  error_->showError(tr("This model's training timeline could not be read, so there are no moments of its training "
                       "to show (the model itself opened). %1").arg(errorMessage(*readError_)));
}

QString TimelineBar::errorText() const { return error_->text(); }

int TimelineBar::snapshotCount() const { return timeline_ ? static_cast<int>(timeline_->snapshots.size()) : 0; }
int TimelineBar::position() const { return slider_->value(); }
void TimelineBar::setPosition(int position) { slider_->setValue(std::clamp(position, 0, snapshotCount())); }

const TimelineSnapshot* TimelineBar::snapshot() const {
  return atFinalModel() ? nullptr : &timeline_->snapshots[size_t(position())];
}

void TimelineBar::setProbe(int probe) {
  if (!timeline_ || probe < 0 || probe >= static_cast<int>(timeline_->probes.size())) return;
  probe_ = probe;
  const QSignalBlocker blocker(probeBox_);
  probeBox_->setCurrentIndex(probe);
  plotDistances();
  showPrediction();
}

int TimelineBar::probeOf(const QString& text) const {
  if (!timeline_) return -1;
  const std::string wanted = text.trimmed().toStdString();
  for (size_t p = 0; p < timeline_->probes.size(); ++p)
    if (QString::fromStdString(timeline_->probes[p].text).trimmed().toStdString() == wanted) return static_cast<int>(p);
  return -1;
}

// ---------------------------------------------------------------------------------------------------------
// Play

void TimelineBar::setPlaying(bool playing) {
  if (playing && atFinalModel()) setPosition(0);  // Play at the end starts again
  if (playing && snapshotCount() > 0) playTimer_->start();
  else playTimer_->stop();
  showPlayState(playButton_, playTimer_->isActive());
}

bool TimelineBar::isPlaying() const { return playTimer_->isActive(); }
double TimelineBar::speed() const { return speedBox_->currentData().toDouble(); }

void TimelineBar::playNext() {
  setPosition(position() + 1);
  if (atFinalModel()) setPlaying(false);
}

// ---------------------------------------------------------------------------------------------------------
// What the bar says and draws

void TimelineBar::showState() {
  const TimelineSnapshot* s = snapshot();
  QString text;
  if (!timeline_)
    text.clear();
  else if (!s)
    text = tr("The model the run kept (%n moment(s) recorded before it: move the slider to go back)", "", snapshotCount());
  else if (s->step == 0)
    text = tr("Step 0: the first weights, before any training");
  else
    text = tr("Step %1 · epoch %2 · loss %3 · accuracy %4 %")
               .arg(s->step)
               .arg(s->epoch)
               .arg(s->loss, 0, 'f', 3)
               .arg(100 * s->accuracy, 0, 'f', 1);
  state_->setText(text);
}

QString TimelineBar::stateText() const { return state_->text(); }

void TimelineBar::setShowsPrediction(bool shown) {
  showsPrediction_ = shown;
  showPrediction();
}

QString TimelineBar::predictionText() const { return prediction_->isHidden() ? QString() : prediction_->text(); }

// The moment's stored prediction of the chosen sentence, in the words of the page's own lists.
void TimelineBar::showPrediction() {
  const TimelineSnapshot* s = snapshot();
  QString text;
  if (showsPrediction_ && s && size_t(probe_) < s->probes.size()) {
    const ModelPrediction& then = s->probes[size_t(probe_)].prediction;
    const QString sentence = QString::fromStdString(timeline_->probes[size_t(probe_)].text).toHtmlEscaped();
    constexpr size_t kShown = 5;
    switch (then.kind) {
      case PredictionKind::NextToken:
        text = tr("At this moment, after “%1”, the next token: %2").arg(sentence, candidatesText(then.next, kShown));
        break;
      case PredictionKind::Fill: {
        QStringList blanks;
        for (size_t b = 0; b < then.blanks.size(); ++b)
          blanks << tr("blank %1: %2").arg(b + 1).arg(candidatesText(then.blanks[b].top, kShown));
        text = tr("At this moment, in “%1”: %2").arg(sentence, blanks.join(QStringLiteral("; ")));
        break;
      }
      case PredictionKind::Class:
        text = tr("At this moment, “%1” was positive with %2 %").arg(sentence).arg(100.0 * then.probability, 0, 'f', 1);
        break;
      case PredictionKind::Answer:
        text = tr("At this moment, the answer to “%1”: %2").arg(sentence, QString::fromStdString(then.answer).toHtmlEscaped());
        break;
      case PredictionKind::None: break;
    }
  }
  prediction_->setText(text);
  prediction_->setVisible(!text.isEmpty());
}

void TimelineBar::plotDistances() {
  plot_->clearGraphs();
  plot_->legend->clearItems();
  // A model without self-attention (the GRU chatbot) has no heads to plot: the room goes to the page's figure.
  const bool plotted = showsDistances_ && timeline_ && timeline_->layers > 0 && timeline_->heads > 0;
  plot_->setVisible(plotted);
  plotTitle_->setVisible(plotted);
  if (!timeline_ || timeline_->probes.empty() || timeline_->snapshots.empty()) return plot_->replot(QCustomPlot::rpQueuedReplot);
  const size_t layers = timeline_->layers, heads = timeline_->heads;
  QVector<double> steps;
  for (const TimelineSnapshot& s : timeline_->snapshots) steps << double(s.step);
  double highest = 0;
  for (size_t l = 0; l < layers; ++l)
    for (size_t h = 0; h < heads; ++h) {
      QVector<double> distances;
      for (const TimelineSnapshot& s : timeline_->snapshots) {
        const auto& d = s.probes[size_t(probe_)].heads.distanceFromUniform;
        distances << (l < d.size() && h < d[l].size() ? double(d[l][h]) : std::nan(""));
        if (std::isfinite(distances.back())) highest = std::max(highest, distances.back());
      }
      QCPGraph* graph = plot_->addGraph();
      graph->setData(steps, distances, true);
      graph->setName(tr("L%1 H%2").arg(l + 1).arg(h + 1));
      graph->setPen(QPen(palette::run(int(h) + 1), 2 * Appearance::instance()->scale(), kLayerDashes[l % 4]));
    }
  plot_->legend->setWrap(int(std::max<size_t>(heads, 1)));
  plot_->legend->setVisible(plot_->graphCount() > 0 && plot_->graphCount() <= kMaxLegendEntries);
  plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
  plot_->xAxis->setRange(0, std::max(1.0, steps.back()));
  plot_->yAxis->setRange(0, highest > 0 ? highest * 1.1 : 1.0);
  placeMarker();
}

void TimelineBar::placeMarker() {
  const TimelineSnapshot* s = snapshot();
  marker_->setVisible(s != nullptr);
  if (s) {
    marker_->point1->setCoords(double(s->step), 0);
    marker_->point2->setCoords(double(s->step), 1);
  }
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

// A projector's room reads the step and finds the handle: both grow with the type.
void TimelineBar::fitToScale() {
  const double scale = Appearance::instance()->scale();
  const int groove = qRound(8 * scale), handle = qRound(22 * scale);
  slider_->setStyleSheet(QStringLiteral("QSlider::groove:horizontal { height: %1px; border-radius: %2px; "
                                        "background: palette(mid); }"
                                        "QSlider::handle:horizontal { width: %3px; margin: -%4px 0; border-radius: %5px; "
                                        "background: palette(highlight); }")
                             .arg(groove)
                             .arg(groove / 2)
                             .arg(handle)
                             .arg((handle - groove) / 2)
                             .arg(handle / 2));
  slider_->setMinimumHeight(handle + 4);
  QFont big = state_->font();
  big.setBold(true);
  state_->setFont(big);
  plot_->setMinimumHeight(qRound(120 * scale));
}

void TimelineBar::setShowsDistances(bool shown) {
  showsDistances_ = shown;
  plotDistances();
}

void TimelineBar::addControl(QWidget* control) { stateRow_->addWidget(control, 0, Qt::AlignTop); }

}  // namespace al::ui
