#include "ui/widgets/token_strip.h"

#include <QUrl>

#include "ui/widgets/palette.h"

namespace al::ui {

TokenStrip::TokenStrip(const QString& toolTip, QWidget* parent) : QTextBrowser(parent) {
  setObjectName("tokens");
  setOpenLinks(false);  // a click is the page's to handle; nothing is opened
  setMaximumHeight(70);
  setFrameShape(QFrame::NoFrame);
  setToolTip(toolTip);
  connect(this, &QTextBrowser::anchorClicked, this, [this](const QUrl& link) { emit tokenClicked(link.toString().toInt()); });
}

void TokenStrip::setTokens(const std::vector<Token>& tokens, const QString& notes) {
  QString html;
  for (size_t t = 0; t < tokens.size(); ++t) {
    const Token& token = tokens[t];
    const QString word = token.text.toHtmlEscaped();
    QString style = QStringLiteral("text-decoration: none; color: %1;").arg((token.unknown ? palette::kMuted : palette::kToken).name());
    if (token.highlighted) style += QStringLiteral(" background: %1;").arg(palette::kSelectedToken.name());
    html += QStringLiteral("<a href=\"%1\" style=\"%2\">%3%4</a> ")
                .arg(t)
                .arg(style, token.unknown ? QStringLiteral("<i>%1</i>").arg(word) : word,
                     token.unknown ? QStringLiteral("<sup>?</sup>") : QString());
  }
  setHtml(html + QStringLiteral("<br><span style=\"color:%1\">%2</span>").arg(palette::kNote.name(), notes));
}

}  // namespace al::ui
