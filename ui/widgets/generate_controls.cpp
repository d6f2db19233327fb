// Core headers first (through the widget's header): Qt's `emit` macro must not reach them.
#include "ui/widgets/generate_controls.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <algorithm>
#include <cmath>

#include "ui/widgets/bare_layout.h"
#include "ui/widgets/flow_layout.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

namespace {
constexpr int kSliderSteps = 20;  // the temperature slider: 0 to 2 in steps of 0.1

// A label and its field, kept on one line when the row wraps.
QWidget* labelled(QLabel* label, std::initializer_list<QWidget*> fields) {
  auto* group = new QWidget;
  auto* row = bareLayout<QHBoxLayout>(group);
  row->addWidget(label);
  for (QWidget* field : fields) row->addWidget(field);
  return group;
}
}  // namespace

GenerateControls::GenerateControls(QWidget* parent)
    : QWidget(parent),
      temperatureSlider_(new QSlider(Qt::Horizontal)),
      temperature_(new QDoubleSpinBox),
      topK_(new QSpinBox),
      topP_(new QDoubleSpinBox),
      seed_(new QSpinBox),
      tokens_(new QSpinBox),
      attentionChooser_(new QWidget),
      layer_(new QComboBox),
      head_(new QComboBox) {
  temperatureSlider_->setRange(0, kSliderSteps);
  temperatureSlider_->setFixedWidth(110);
  temperature_->setObjectName("temperature");
  temperature_->setRange(0, 2);
  temperature_->setSingleStep(0.1);
  temperature_->setDecimals(2);
  topK_->setObjectName("topK");
  topK_->setRange(0, 1000);
  topP_->setObjectName("topP");
  topP_->setRange(0.01, 1);
  topP_->setSingleStep(0.05);
  topP_->setDecimals(2);
  topP_->setValue(1);
  seed_->setObjectName("seed");
  seed_->setRange(0, 999999);
  seed_->setValue(1);
  tokens_->setObjectName("tokensPerRun");
  tokens_->setRange(1, 1024);
  tokens_->setValue(20);
  layer_->setObjectName("attentionLayer");
  head_->setObjectName("attentionHead");
  for (QComboBox* box : {layer_, head_}) box->setSizeAdjustPolicy(QComboBox::AdjustToContents);

  // The slider and the spin box show one temperature.
  connect(temperatureSlider_, &QSlider::valueChanged, this, [this](int step) {
    if (std::lround(temperature_->value() * 10) != step) temperature_->setValue(step / 10.0);
  });
  connect(temperature_, &QDoubleSpinBox::valueChanged, this, [this](double t) {
    const QSignalBlocker block(temperatureSlider_);
    temperatureSlider_->setValue(static_cast<int>(std::lround(t * 10)));
    emit samplingChanged();
  });
  connect(topK_, &QSpinBox::valueChanged, this, &GenerateControls::samplingChanged);
  connect(topP_, &QDoubleSpinBox::valueChanged, this, &GenerateControls::samplingChanged);
  connect(seed_, &QSpinBox::valueChanged, this, &GenerateControls::samplingChanged);
  connect(layer_, &QComboBox::currentIndexChanged, this, &GenerateControls::attentionChanged);
  connect(head_, &QComboBox::currentIndexChanged, this, &GenerateControls::attentionChanged);

  auto* temperatureLabel = new QLabel, *topKLabel = new QLabel, *topPLabel = new QLabel, *seedLabel = new QLabel,
       *tokensLabel = new QLabel, *layerLabel = new QLabel, *headLabel = new QLabel;
  auto* flow = new FlowLayout(this);
  flow->setContentsMargins(0, 0, 0, 0);
  flow->addWidget(labelled(temperatureLabel, {temperatureSlider_, temperature_}));
  flow->addWidget(labelled(topKLabel, {topK_}));
  flow->addWidget(labelled(topPLabel, {topP_}));
  flow->addWidget(labelled(seedLabel, {seed_}));
  flow->addWidget(labelled(tokensLabel, {tokens_}));
  auto* chooser = bareLayout<QHBoxLayout>(attentionChooser_);
  chooser->addWidget(layerLabel);
  chooser->addWidget(layer_);
  chooser->addWidget(headLabel);
  chooser->addWidget(head_);
  chooser->addStretch(1);
  setTranslatedTexts(this, [=, this] {
    temperatureLabel->setText(tr("Temperature:"));
    const QString temperatureTip =
        tr("Divides the logits before the softmax: below 1 sharper, above 1 flatter; 0 takes the most probable token "
           "(greedy)");
    temperatureSlider_->setToolTip(temperatureTip);
    temperature_->setToolTip(temperatureTip);
    temperature_->setSpecialValueText(tr("0 (greedy)"));
    topKLabel->setText(tr("Top-k:"));
    topK_->setToolTip(tr("Draw only among the k most probable tokens (0: all)"));
    topK_->setSpecialValueText(tr("all"));
    topPLabel->setText(tr("Top-p:"));
    topP_->setToolTip(
        tr("Draw only among the fewest most probable tokens whose probabilities reach p (1: all); after top-k"));
    seedLabel->setText(tr("Seed:"));
    seed_->setToolTip(tr("The same seed draws the same tokens again (temperature above 0)"));
    tokensLabel->setText(tr("Tokens per run:"));
    tokens_->setToolTip(tr("How many tokens Generate appends"));
    layerLabel->setText(tr("Attention of layer:"));
    headLabel->setText(tr("head:"));
    if (head_->count() > 0) head_->setItemText(0, tr("average of heads"));
  });
}

pretrained::SamplingSettings GenerateControls::sampling(long token) const {
  return {.temperature = static_cast<float>(temperature_->value()),
          .topK = topK_->value(),
          .topP = static_cast<float>(topP_->value()),
          .seed = static_cast<uint64_t>(seed_->value()) * 1000003u + static_cast<uint64_t>(token)};
}

int GenerateControls::tokensPerRun() const { return tokens_->value(); }
int GenerateControls::layer() const { return std::max(0, layer_->currentIndex()); }
int GenerateControls::head() const { return head_->currentIndex() - 1; }

void GenerateControls::setTemperature(double temperature) { temperature_->setValue(temperature); }
void GenerateControls::setTopK(int k) { topK_->setValue(k); }
void GenerateControls::setTopP(double p) { topP_->setValue(p); }
void GenerateControls::setSeed(int seed) { seed_->setValue(seed); }
void GenerateControls::setTokensPerRun(int tokens) { tokens_->setValue(tokens); }
void GenerateControls::setHead(int head) { head_->setCurrentIndex(head + 1); }

void GenerateControls::setShape(int layers, int heads) {
  const int layer = layer_->currentIndex(), head = head_->currentIndex();
  {
    const QSignalBlocker blockLayers(layer_), blockHeads(head_);
    layer_->clear();
    for (int l = 0; l < layers; ++l) layer_->addItem(QString::number(l + 1));
    head_->clear();
    if (heads > 0) head_->addItem(tr("average of heads"));
    for (int h = 0; h < heads; ++h) head_->addItem(QString::number(h + 1));
    layer_->setCurrentIndex(layers > 0 ? std::clamp(layer, 0, layers - 1) : -1);
    head_->setCurrentIndex(heads > 0 ? std::clamp(head, 0, heads) : -1);
  }
  heads_ = heads;
  emit attentionChanged();
}

}  // namespace al::ui
