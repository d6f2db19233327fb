#include "ui/widgets/retranslate.h"

#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QWidget>

namespace al::ui {

namespace {

// A child of the widget that watches its events; it goes when the widget goes.
class LanguageChangeWatcher : public QObject {
 public:
  LanguageChangeWatcher(QWidget* owner, std::function<void()> update)
      : QObject(owner), update_(std::move(update)) {
    owner->installEventFilter(this);
  }

  bool eventFilter(QObject* watched, QEvent* event) override {
    if (event->type() == QEvent::LanguageChange && watched == parent()) update_();
    return false;
  }

 private:
  std::function<void()> update_;
};

}  // namespace

void setTranslatedTexts(QWidget* owner, std::function<void()> setTexts) {
  setTexts();
  onLanguageChange(owner, std::move(setTexts));
}

void onLanguageChange(QWidget* owner, std::function<void()> update) { new LanguageChangeWatcher(owner, std::move(update)); }

void setFormLabels(QFormLayout* form, std::initializer_list<std::pair<QWidget*, QString>> labels) {
  for (const auto& [field, text] : labels)
    if (auto* label = qobject_cast<QLabel*>(form->labelForField(field))) label->setText(text);
}

void setItemTexts(QComboBox* box, const QStringList& texts) {
  for (int i = 0; i < texts.size() && i < box->count(); ++i) box->setItemText(i, texts[i]);
}

}  // namespace al::ui
