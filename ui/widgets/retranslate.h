#pragma once
// Live language switching for a widget's texts. View › Language installs a new translator; Qt then sends
// QEvent::LanguageChange to every widget. A widget sets its tr() texts in one function given here, which runs
// now and again at each change: the texts follow the language, and nothing else is touched (the runs, a training
// in progress, a typed sentence stay as they are).
#include <functional>

class QWidget;

namespace al::ui {

// Calls setTexts now and whenever owner's language changes (for as long as owner lives).
void setTranslatedTexts(QWidget* owner, std::function<void()> setTexts);
// Only at each change: for texts built from numbers, re-rendered by a function the widget has anyway.
void onLanguageChange(QWidget* owner, std::function<void()> update);

}  // namespace al::ui

#include <QString>
#include <QStringList>
#include <utility>

class QComboBox;
class QFormLayout;

namespace al::ui {

// The labels of QFormLayout rows (added as addRow(new QLabel, field)), by their fields.
void setFormLabels(QFormLayout* form, std::initializer_list<std::pair<QWidget*, QString>> labels);
// The texts of a combo box's items, in order (their data stay).
void setItemTexts(QComboBox* box, const QStringList& texts);

}  // namespace al::ui
