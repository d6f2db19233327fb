#include "ui/widgets/token_strip.h"

#include <algorithm>
#include <cmath>

#include <QUrl>

#include "ui/widgets/appearance.h"
#include "ui/widgets/palette.h"

namespace al::ui {

TokenStrip::TokenStrip(const QString& toolTip, QWidget* parent) : QTextBrowser(parent) {
  setObjectName("tokens");
  setOpenLinks(false);  // a click is the page's to handle; nothing is opened
  setFrameShape(QFrame::NoFrame);
  setToolTip(toolTip);
  connect(Appearance::instance(), &Appearance::changed, this, &TokenStrip::render);
  connect(this, &QTextBrowser::anchorClicked, this, [this](const QUrl& link) { emit tokenClicked(link.toString().toInt()); });
}

void TokenStrip::setTokens(const std::vector<Token>& tokens, const QString& notes) {
  tokens_ = tokens;
  notes_ = notes;
  render();
}

void TokenStrip::render() {
  const Appearance* look = Appearance::instance();
  QString html;
  for (size_t t = 0; t < tokens_.size(); ++t) {
    const Token& token = tokens_[t];
    const QString word = token.text.toHtmlEscaped();
    QString style = QStringLiteral("text-decoration: none; color: %1;").arg((token.unknown ? palette::kMuted : look->token()).name());
    if (token.highlighted) style += QStringLiteral(" background: %1;").arg(look->selectedToken().name());
    html += QStringLiteral("<a href=\"%1\" style=\"%2\">%3%4</a> ")
                .arg(t)
                .arg(style, token.unknown ? QStringLiteral("<i>%1</i>").arg(word) : word,
                     token.unknown ? QStringLiteral("<sup>?</sup>") : QString());
  }
  setHtml(html + QStringLiteral("<br><span style=\"color:%1\">%2</span>").arg(look->note().name(), notes_));
  fitHeight();
}

// As tall as its lines (two for a sentence and its note), at most kTallest: a box of fixed height left a blank band
// that a 1280 x 720 page took from its heatmaps.
void TokenStrip::fitHeight() {
  constexpr int kTallest = 70;
  // Setting the width lays the whole text out again, even the same width; the text box has usually just done so
  // for its own resize, and a 600-token review takes milliseconds a time.
  if (document()->textWidth() != viewport()->width()) document()->setTextWidth(viewport()->width());
  const int content = static_cast<int>(std::ceil(document()->size().height())) + 2 * frameWidth();
  setMaximumHeight(std::clamp(content, fontMetrics().height() + 4, kTallest));  // a crowded page may squeeze it
}

void TokenStrip::resizeEvent(QResizeEvent* event) {
  QTextBrowser::resizeEvent(event);
  fitHeight();  // a narrower strip wraps the sentence onto more lines
}

}  // namespace al::ui
