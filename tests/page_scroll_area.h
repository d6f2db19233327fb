#pragma once
// The scroll area a page of the main window sits in (ui/main_window.cpp: the page is in a holder inside it).
#include <QScrollArea>
#include <QWidget>

namespace al::test {

inline QScrollArea* pageScrollArea(const QWidget* page) {
  for (QWidget* p = page->parentWidget(); p; p = p->parentWidget())
    if (auto* area = qobject_cast<QScrollArea*>(p)) return area;
  return nullptr;
}

}  // namespace al::test
