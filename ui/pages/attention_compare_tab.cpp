#include "ui/pages/attention_compare_tab.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QTextDocument>
#include <QVBoxLayout>

#include "ui/widgets/heatmap_view.h"
#include "ui/widgets/library_model_box.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

AttentionCompareTab::AttentionCompareTab(ModelLibrary* library, std::function<bool(const SessionModel&)> shows,
                                         QWidget* parent)
    : QWidget(parent), library_(library) {
  auto* layout = new QVBoxLayout(this);
  intro_ = new QLabel;
  intro_->setWordWrap(true);
  layout->addWidget(intro_);
  auto* row = new QHBoxLayout;
  secondLabel_ = new QLabel;
  secondBox_ = new QComboBox;
  secondBox_->setObjectName("compareWith");
  secondBox_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  secondBox_->setMinimumContentsLength(16);
  layerLabel_ = new QLabel;
  layerBox_ = new QComboBox;
  layerBox_->addItems({QString(), QString()});
  layerBox_->setCurrentIndex(1);  // the last layer: what the prediction is read from
  for (QWidget* w : std::initializer_list<QWidget*>{secondLabel_, secondBox_, layerLabel_, layerBox_}) row->addWidget(w);
  row->addStretch(1);
  layout->addLayout(row);
  auto* grid = new QGridLayout;
  for (int side = 0; side < 2; ++side) {
    predictions_[side] = new QLabel;
    predictions_[side]->setWordWrap(true);
    maps_[side] = new HeatmapView;
    maps_[side]->setMinimumSize(240, 190);
    grid->addWidget(predictions_[side], 0, side);
    grid->addWidget(maps_[side], 1, side);
    grid->setColumnStretch(side, 1);
    readers_[side] = new AttentionReader(this);
    connect(readers_[side], &AttentionReader::done, this,
            [this, side](SharedReading reading) { readingDone(side, std::move(reading)); });
  }
  grid->setRowStretch(1, 1);
  layout->addLayout(grid, 1);
  HeatmapView::shareOneScale({maps_[0], maps_[1]});

  connect(secondBox_, &QComboBox::currentIndexChanged, this, &AttentionCompareTab::read);
  connect(layerBox_, &QComboBox::currentIndexChanged, this, &AttentionCompareTab::draw);
  secondBox_->addItem(QString(), 0);  // "(choose a second model)"
  listLibraryModels(secondBox_, library_, std::move(shows));
  setTranslatedTexts(this, [this] { setTexts(); });
}

void AttentionCompareTab::setFirst(const SessionModel* model, const QString& text, const HeadSwitches& switches) {
  const AnyModel any = model ? model->model : AnyModel{};
  std::string key = toString(switches);
  for (const HeadMask& layer : switches.layers) key += layer.means.size() > 0 ? "m" : "z";
  if (any.snapshot == models_[0].snapshot && text == text_ && key == switchesKey_) return;
  models_[0] = any;
  names_[0] = model ? model->name : QString();
  text_ = text;
  switches_ = switches;
  switchesKey_ = std::move(key);
  read();
}

void AttentionCompareTab::setSecondModel(int libraryId) {
  secondBox_->setCurrentIndex(std::max(0, secondBox_->findData(libraryId)));
}

int AttentionCompareTab::secondModel() const { return secondBox_->currentData().toInt(); }

bool AttentionCompareTab::busy() const { return waiting_[0] || waiting_[1]; }

// Both sides again, each on its worker; nothing without a second model.
void AttentionCompareTab::read() {
  const SessionModel* second = library_->model(secondModel());
  models_[1] = second ? second->model : AnyModel{};
  names_[1] = second ? second->name : QString();
  for (int side = 0; side < 2; ++side) {
    readings_[side] = noReading();
    waiting_[side] = second && models_[0].hasWeights();
    if (waiting_[side]) readers_[side]->read(models_[side], text_.toStdString(), side == 0 ? switches_ : HeadSwitches{});
    else readers_[side]->cancel();
  }
  if (!busy()) draw();
}

void AttentionCompareTab::readingDone(int side, SharedReading reading) {
  readings_[side] = std::move(reading);
  waiting_[side] = false;
  if (busy()) return;
  draw();
  emit shown();
}

QString AttentionCompareTab::predictionText(int side) const {
  QTextDocument doc;
  doc.setHtml(predictions_[side]->text());
  return doc.toPlainText();
}

// Each side's map of the chosen layer (its own first or last: the models may differ in depth) and prediction.
void AttentionCompareTab::draw() {
  for (int side = 0; side < 2; ++side) {
    const AttentionReading& r = *readings_[side];
    const bool drawn = !r.averages.empty() && r.error.isEmpty();
    const size_t layer = layerBox_->currentIndex() == 0 || !drawn ? 0 : r.averages.size() - 1;
    QStringList labels;
    for (const std::string& t : r.prediction.tokens) labels << QString::fromStdString(t);
    maps_[side]->setMatrix(drawn ? r.averages[layer] : Matrix(), labels, labels);
    maps_[side]->setTitle(drawn ? tr("%1: layer %2, average of the heads").arg(names_[side]).arg(layer + 1) : QString());
    QString line;
    if (!r.error.isEmpty()) {
      line = r.error;
    } else if (drawn && r.classified) {
      line = tr("<b>%1</b>: %2, %3 % positive")
                 .arg(names_[side].toHtmlEscaped(), r.prediction.probability >= 0.5f ? tr("positive") : tr("negative"))
                 .arg(100.0 * r.prediction.probability, 0, 'f', 1);
    } else if (drawn) {
      line = tr("<b>%1</b> predicts no sentiment: it read %n piece(s).", nullptr, int(r.prediction.tokens.size()))
                 .arg(names_[side].toHtmlEscaped());
    }
    if (side == 0 && drawn && !switches_.empty()) {
      QStringList heads;
      for (const auto& [l, h] : switches_.off()) heads << tr("L%1 H%2").arg(l + 1).arg(h + 1);
      line += " " + tr("(heads switched off: %1)").arg(heads.join(", "));
    }
    predictions_[side]->setText(line);
  }
}

void AttentionCompareTab::setTexts() {
  intro_->setText(tr("<b>Two models, one sentence.</b> The sentence of the Heatmaps tab read by the model shown there "
                     "(left, with the heads switched off there off) and by a second model of this session (right, "
                     "every head on): where each one looks, on one colour scale, and what each one predicts."));
  secondLabel_->setText(tr("Compare with:"));
  secondBox_->setItemText(0, tr("(choose a second model)"));
  layerLabel_->setText(tr("Map:"));
  layerBox_->setItemText(0, tr("each model's first layer"));
  layerBox_->setItemText(1, tr("each model's last layer"));
  draw();
}

}  // namespace al::ui
