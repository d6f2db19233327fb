#pragma once
// The Attention page's "Position" tab: the sinusoidal encoding (positions x dimensions), and how similar the
// chosen model's learned position vectors are (cosine), or the sinusoidal encoding's own similarity when the model
// has none. The numbers come from the core (core/layers/sinusoidal_encoding.h, core/teaching/attention_steps.h).
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include <memory>

#include "core/inference/imdb_transformer_inference.h"

#include <QString>
#include <QWidget>

class QLabel;
class QSpinBox;

namespace al::ui {

class HeatmapView;

class PositionTab : public QWidget {
  Q_OBJECT
 public:
  explicit PositionTab(QWidget* parent = nullptr);

  // The model whose position vectors are compared (null: none); its width sets the dimensions.
  void setModel(const QString& name, std::shared_ptr<const ImdbTransformerModel> model);
  void setName(const QString& name);  // the model's name said again, the model kept

  HeatmapView* sinusoidView() const { return sinusoidView_; }
  HeatmapView* similarityView() const { return similarityView_; }
  QWidget* figure() const { return figure_; }  // the two maps, without the controls

 private:
  void refresh();

  QString name_;
  std::shared_ptr<const ImdbTransformerModel> model_;
  QSpinBox* positionsBox_;
  QSpinBox* dimensionsBox_;
  QWidget* figure_;
  HeatmapView* sinusoidView_;
  HeatmapView* similarityView_;
  QLabel* similarityNote_;
};

}  // namespace al::ui
