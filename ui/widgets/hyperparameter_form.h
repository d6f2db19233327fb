#pragma once
// The hyper-parameters of a task, as a form rendered from the core's schema (core/train/hyperparameters.h, with
// the app's labels from ui/session/run_factory.h): a preset box, then a spin box per number and a row of toggles per
// choice, in two groups, "Model" and "Training". Choosing a preset fills in its values; every value stays
// editable. Each editor's objectName is its key ("epochs"; a toggle is "position_none").
//
// The preset box is offered apart (presetBox()) so that a page can place it beside its other choices.
#include <map>
#include <vector>

#include "ui/session/run_factory.h"

#include <QVariant>
#include <QWidget>

class QButtonGroup;
class QComboBox;
class QFormLayout;

namespace al::ui {

class HyperParameterForm : public QWidget {
  Q_OBJECT
 public:
  explicit HyperParameterForm(QWidget* parent = nullptr);

  void setTask(TaskKind kind);  // its presets, and its default preset
  void setPreset(const QString& preset);
  QString preset() const;
  // The data source the values are for: the form shows the preset's values for it when they differ from those
  // for the source before (values typed in are then replaced, as choosing a preset does).
  void setDataSource(const QString& source);
  QComboBox* presetBox() const { return presetBox_; }

  void setParameter(const QString& key, const QVariant& value);  // an unknown key is ignored
  QVariant parameter(const QString& key) const;                  // invalid for an unknown key
  QVariantMap values() const;                                    // every key of the form

 signals:
  void error(const QString& message);  // the preset could not be read

 private:
  void rebuild();
  void retranslateRows();
  QWidget* createEditor(const HyperParameter& parameter);

  TaskKind task_ = TaskKind::ImdbTransformer;
  QString data_;  // the data source the preset's values are for (empty: the preset's own)
  QComboBox* presetBox_;
  QFormLayout* modelForm_;
  QFormLayout* trainingForm_;
  std::vector<HyperParameter> parameters_;
  std::map<QString, QWidget*> editors_;       // key -> spin box, or the toggles' container
  std::map<QString, QButtonGroup*> toggles_;  // key -> toggle group (choices)
};

}  // namespace al::ui
