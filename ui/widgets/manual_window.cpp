#include "ui/widgets/manual_window.h"

#include <QEvent>
#include <QFile>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "ui/text/language.h"
#include "ui/widgets/bare_layout.h"

namespace al::ui {

ManualWindow::ManualWindow(QWidget* parent) : QWidget(parent, Qt::Window), browser_(new QTextBrowser) {
  setObjectName("manual");
  auto* layout = bareLayout<QVBoxLayout>(this);
  layout->addWidget(browser_);
  browser_->setOpenExternalLinks(false);
  resize(720, 640);
  load();
}

QString ManualWindow::manualText(const QString& language) {
  for (const QString& code : {language, QStringLiteral("en")}) {
    QFile file(QStringLiteral(":/manual/manual_%1.html").arg(code));
    if (file.open(QIODevice::ReadOnly)) return QString::fromUtf8(file.readAll());
  }
  return {};
}

void ManualWindow::load() {
  setWindowTitle(tr("AttentionLab manual"));
  browser_->setHtml(manualText(currentLanguage()));
}

void ManualWindow::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) load();
  QWidget::changeEvent(event);
}

}  // namespace al::ui
