#include "ui/widgets/hyperparameter_form.h"

#include <algorithm>
#include <cmath>

#include <QButtonGroup>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "ui/widgets/bare_layout.h"
#include "ui/widgets/flow_layout.h"
#include "ui/widgets/retranslate.h"
#include "ui/text/error_texts.h"

namespace al::ui {

HyperParameterForm::HyperParameterForm(QWidget* parent) : QWidget(parent), presetBox_(new QComboBox) {
  presetBox_->setObjectName("preset");
  connect(presetBox_, &QComboBox::currentIndexChanged, this, [this](int) { rebuild(); });

  auto* modelGroup = new QGroupBox;
  modelForm_ = new QFormLayout(modelGroup);
  auto* trainingGroup = new QGroupBox;
  trainingForm_ = new QFormLayout(trainingGroup);
  for (QFormLayout* f : {modelForm_, trainingForm_}) f->setRowWrapPolicy(QFormLayout::WrapLongRows);
  auto* layout = bareLayout<QVBoxLayout>(this);
  layout->addWidget(modelGroup);
  layout->addWidget(trainingGroup);
  setTranslatedTexts(this, [=, this] {
    presetBox_->setToolTip(tr("A named set of hyper-parameters: tiny (seconds), classroom (minutes), book (the "
                              "book's exact model), long-range (a language model with Transformer-XL's memory, "
                              "chosen with the long-range text), referent-zh (a language model that learns what 它 "
                              "refers to, chosen with that text). Every value below can still be changed."));
    for (int i = 0; i < presetBox_->count(); ++i)
      presetBox_->setItemText(i, presetLabel(presetBox_->itemData(i).toString()));
    modelGroup->setTitle(tr("Model"));
    trainingGroup->setTitle(tr("Training"));
    retranslateRows();
  });
}

// The rows' labels, tooltips and choices in the language of the moment; the values typed in stay.
void HyperParameterForm::retranslateRows() {
  if (preset().isEmpty()) return;
  std::vector<HyperParameter> worded;
  try {
    worded = presetParameters(task_, preset(), data_);
  } catch (const std::exception&) {
    return;  // rebuild() reported it
  }
  for (const HyperParameter& p : worded) {
    const auto editor = editors_.find(p.key);
    if (editor == editors_.end()) continue;
    editor->second->setToolTip(p.toolTip);
    for (QFormLayout* form : {modelForm_, trainingForm_})
      if (auto* label = qobject_cast<QLabel*>(form->labelForField(editor->second))) {
        label->setText(p.label);
        label->setToolTip(p.toolTip);
      }
    if (const auto toggles = toggles_.find(p.key); toggles != toggles_.end())
      for (int i = 0; i < p.choices.size(); ++i)
        if (QAbstractButton* toggle = toggles->second->button(i)) {
          toggle->setText(p.choiceLabels.value(i, p.choices[i]));
          toggle->setToolTip(p.toolTip);
        }
  }
}

void HyperParameterForm::setTask(TaskKind kind) {
  task_ = kind;
  const QSignalBlocker blocker(presetBox_);
  presetBox_->clear();
  for (const QString& name : presetNames(kind)) presetBox_->addItem(presetLabel(name), name);
  presetBox_->setCurrentIndex(presetBox_->findData(defaultPreset(kind)));
  rebuild();
}

void HyperParameterForm::setPreset(const QString& preset) {
  // Rebuilds the form through currentIndexChanged; a name the task has not changes nothing.
  if (const int index = presetBox_->findData(preset); index >= 0) presetBox_->setCurrentIndex(index);
}

QString HyperParameterForm::preset() const { return presetBox_->currentData().toString(); }

void HyperParameterForm::setDataSource(const QString& source) {
  if (source == data_) return;
  auto presetValues = [this](const QString& data) {
    QVariantList values;
    for (const HyperParameter& p : presetParameters(task_, preset(), data)) values << p.value;
    return values;
  };
  bool changes = false;
  try {
    changes = !preset().isEmpty() && presetValues(source) != presetValues(data_);
  } catch (const std::exception&) {
    changes = true;  // rebuild() reports it
  }
  data_ = source;
  if (changes) rebuild();
}

void HyperParameterForm::rebuild() {
  for (QFormLayout* form : {modelForm_, trainingForm_})
    while (form->rowCount() > 0) form->removeRow(0);
  editors_.clear();
  toggles_.clear();
  parameters_.clear();
  if (preset().isEmpty()) return;
  try {
    parameters_ = presetParameters(task_, preset(), data_);
  } catch (const std::exception& e) {
    emit error(errorMessage(e));
    return;
  }
  for (const HyperParameter& p : parameters_) {
    QFormLayout* form = p.group == QLatin1String("Model") ? modelForm_ : trainingForm_;
    auto* label = new QLabel(p.label);
    label->setToolTip(p.toolTip);
    form->addRow(label, createEditor(p));
  }
}

QWidget* HyperParameterForm::createEditor(const HyperParameter& p) {
  QWidget* editor = nullptr;
  switch (p.kind) {
    case HyperParameter::Kind::Integer: {
      auto* spin = new QSpinBox;
      spin->setRange(static_cast<int>(p.minimum), static_cast<int>(p.maximum));
      spin->setValue(p.value.toInt());
      spin->setGroupSeparatorShown(true);
      editor = spin;
      break;
    }
    case HyperParameter::Kind::Real: {
      auto* spin = new QDoubleSpinBox;
      spin->setDecimals(p.decimals);
      spin->setRange(p.minimum, p.maximum);
      spin->setSingleStep(std::pow(10.0, -std::min(p.decimals, 2)));
      spin->setValue(p.value.toDouble());
      editor = spin;
      break;
    }
    case HyperParameter::Kind::Choice: {
      // Plain toggles, all visible at once: a student sees the alternatives without opening anything. They wrap
      // onto more lines in a narrow form (the Train page presented), which would otherwise be cut on the right.
      editor = new QWidget;
      auto* row = new FlowLayout(editor);
      row->setContentsMargins(0, 0, 0, 0);
      auto* group = new QButtonGroup(editor);
      for (int i = 0; i < p.choices.size(); ++i) {
        auto* toggle = new QRadioButton(p.choiceLabels.value(i, p.choices[i]));
        toggle->setObjectName(p.key + QLatin1Char('_') + p.choices[i]);
        toggle->setToolTip(p.toolTip);
        toggle->setChecked(p.choices[i] == p.value.toString());
        group->addButton(toggle, i);
        row->insertWidget(-1, toggle);
      }
      toggles_[p.key] = group;
      break;
    }
  }
  editor->setObjectName(p.key);
  editor->setToolTip(p.toolTip);
  editors_[p.key] = editor;
  return editor;
}

void HyperParameterForm::setParameter(const QString& key, const QVariant& value) {
  auto it = editors_.find(key);
  if (it == editors_.end()) return;
  if (auto* spin = qobject_cast<QSpinBox*>(it->second)) spin->setValue(value.toInt());
  if (auto* spin = qobject_cast<QDoubleSpinBox*>(it->second)) spin->setValue(value.toDouble());
  if (auto group = toggles_.find(key); group != toggles_.end()) {
    for (const HyperParameter& p : parameters_) {
      if (p.key != key) continue;
      const int index = static_cast<int>(p.choices.indexOf(value.toString()));
      if (QAbstractButton* button = group->second->button(index)) button->setChecked(true);
    }
  }
}

QVariant HyperParameterForm::parameter(const QString& key) const {
  auto it = editors_.find(key);
  if (it == editors_.end()) return {};
  if (auto* spin = qobject_cast<QSpinBox*>(it->second)) return spin->value();
  if (auto* spin = qobject_cast<QDoubleSpinBox*>(it->second)) return spin->value();
  if (auto group = toggles_.find(key); group != toggles_.end()) {
    for (const HyperParameter& p : parameters_)
      if (p.key == key) return p.choices.value(group->second->checkedId());
  }
  return {};
}

QVariantMap HyperParameterForm::values() const {
  QVariantMap values;
  for (const HyperParameter& p : parameters_) values[p.key] = parameter(p.key);
  return values;
}

}  // namespace al::ui
