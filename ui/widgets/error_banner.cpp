#include "ui/widgets/error_banner.h"

#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QToolButton>

namespace al::ui {

ErrorBanner::ErrorBanner(QWidget* parent) : QFrame(parent), label_(new QLabel) {
  setObjectName("errorBanner");
  label_->setObjectName("error");
  label_->setWordWrap(true);
  label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* close = new QToolButton;
  close->setIcon(QIcon(QStringLiteral(":/icons/close.svg")));
  close->setToolTip(tr("Hide this message"));
  connect(close, &QToolButton::clicked, this, &ErrorBanner::hideError);
  auto* layout = new QHBoxLayout(this);
  layout->addWidget(label_, 1);
  layout->addWidget(close, 0, Qt::AlignTop);
  hide();
}

void ErrorBanner::showError(const QString& message) {
  if (message.isEmpty()) return hideError();
  label_->setText(message);
  show();
  emit shown(message);
}

void ErrorBanner::hideError() {
  label_->clear();
  hide();
}

QString ErrorBanner::text() const { return isHidden() ? QString() : label_->text(); }

}  // namespace al::ui
