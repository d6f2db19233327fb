// Core headers first: they must not see Qt's `emit` macro.
#include "core/layers/sinusoidal_encoding.h"
#include "core/teaching/attention_steps.h"

#include "ui/pages/position_tab.h"

#include <algorithm>

#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>
#include <QVBoxLayout>

#include "ui/text/option_texts.h"
#include "ui/widgets/bare_layout.h"
#include "ui/widgets/heatmap_view.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

PositionTab::PositionTab(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  auto* row = new QHBoxLayout;
  auto* positionsLabel = new QLabel;
  row->addWidget(positionsLabel);
  positionsBox_ = new QSpinBox;
  positionsBox_->setRange(2, 600);
  positionsBox_->setValue(50);
  row->addWidget(positionsBox_);
  auto* dimensionsLabel = new QLabel;
  row->addWidget(dimensionsLabel);
  dimensionsBox_ = new QSpinBox;
  dimensionsBox_->setRange(2, 512);
  dimensionsBox_->setValue(64);
  row->addWidget(dimensionsBox_);
  row->addStretch(1);
  layout->addLayout(row);
  connect(positionsBox_, &QSpinBox::valueChanged, this, &PositionTab::refresh);
  connect(dimensionsBox_, &QSpinBox::valueChanged, this, &PositionTab::refresh);
  auto* explanation = new QLabel;
  explanation->setWordWrap(true);
  layout->addWidget(explanation);
  figure_ = new QWidget;
  auto* maps = bareLayout<QHBoxLayout>(figure_);
  sinusoidView_ = new HeatmapView;
  sinusoidView_->setColouring(HeatmapView::Colouring::Signed);
  sinusoidView_->setFixedRange(-1, 1);
  similarityView_ = new HeatmapView;
  similarityView_->setColouring(HeatmapView::Colouring::Signed);
  similarityView_->setFixedRange(-1, 1);
  for (HeatmapView* view : {sinusoidView_, similarityView_}) view->setZoomToNameEveryCell(false);  // numbered
  auto* right = new QVBoxLayout;
  similarityNote_ = new QLabel;
  similarityNote_->setWordWrap(true);
  right->addWidget(similarityNote_);
  right->addWidget(similarityView_, 1);
  maps->addWidget(sinusoidView_, 1);
  maps->addLayout(right, 1);
  layout->addWidget(figure_, 1);
  setTranslatedTexts(this, [=, this] {
    positionsLabel->setText(tr("Positions:"));
    dimensionsLabel->setText(tr("Dimensions:"));
    dimensionsBox_->setToolTip(tr("The model's width when a model is chosen"));
    explanation->setText(
        tr("Left: the sinusoidal encoding PE[p, 2j] = sin(p / 10000^(2j/D)), PE[p, 2j+1] = cos(…): fast waves in "
           "the first dimensions, slow ones in the last, so every position gets its own pattern. Right: how similar "
           "the model's learned position vectors are (cosine): neighbouring positions that look alike show as a "
           "bright band along the diagonal."));
    sinusoidView_->setAxisTitles(tr("position"), tr("dimension"));
    similarityView_->setAxisTitles(tr("position"), tr("position"));
    refresh();  // the titles and the note
  });
}

void PositionTab::setModel(const QString& name, std::shared_ptr<const ImdbTransformerModel> model) {
  name_ = name;
  model_ = std::move(model);
  refresh();
}

void PositionTab::setName(const QString& name) {
  if (name == name_) return;
  name_ = name;
  refresh();
}

void PositionTab::refresh() {
  const auto& model = model_;
  if (model) {
    const QSignalBlocker a(dimensionsBox_), b(positionsBox_);
    dimensionsBox_->setValue(model->model->config().embedDim);
    positionsBox_->setMaximum(std::max(2, model->model->config().sequenceLength));
  }
  const Index P = positionsBox_->value(), D = dimensionsBox_->value();
  sinusoidView_->setTitle(tr("Sinusoidal encoding, %1 positions x %2 dimensions").arg(P).arg(D));
  QStringList positions, dimensions;
  for (Index p = 0; p < P; ++p) positions << QString::number(p);
  for (Index d = 0; d < D; ++d) dimensions << QString::number(d);
  sinusoidView_->setMatrix(sinusoidalEncoding(P, D), positions, dimensions);

  if (model && model->model->config().position == PositionKind::Learned) {
    const Matrix learned = teaching::learnedPositions(*model->model, P);  // P x D
    QStringList shown;
    for (Index p = 0; p < learned.rows(); ++p) shown << QString::number(p);
    similarityView_->setTitle(tr("Learned position vectors of “%1”: cosine similarity").arg(name_));
    similarityView_->setMatrix(teaching::cosineSimilarity(learned), shown, shown);
    similarityNote_->setText(tr("Each cell compares position i with position j of the trained model."));
  } else {
    // Without learned vectors, the sinusoidal encoding's own similarity: it depends only on the distance |i - j|.
    similarityView_->setTitle(tr("Sinusoidal encoding: cosine similarity"));
    similarityView_->setMatrix(teaching::cosineSimilarity(sinusoidalEncoding(P, D)), positions, positions);
    similarityNote_->setText(model ? tr("“%1” has no learned position vectors (%2); shown instead: the "
                                        "similarity of the sinusoidal encoding.")
                                         .arg(name_, positionPhrase(model->model->config().position))
                                   : tr("Choose a trained model with learned position to compare its position "
                                        "vectors; shown meanwhile: the sinusoidal encoding's similarity."));
  }
}

}  // namespace al::ui
