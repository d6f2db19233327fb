#pragma once
// A model's candidates as one line of text, the way every page that lists them in a sentence writes them:
//   sank (41.2 %), rose (12.0 %), fell (3.1 %)
// Core headers come first: a core header must never see Qt's `emit` macro.
#include <cstddef>
#include <vector>

#include "core/inference/model_prediction.h"

#include <QString>
#include <QStringList>

namespace al::ui {

// The first `count` candidates (best first, as the core gives them), each "word (p %)", escaped for a rich-text label.
inline QString candidatesText(const std::vector<PredictedToken>& top, size_t count) {
  QStringList words;
  for (size_t i = 0; i < top.size() && i < count; ++i)
    words << QStringLiteral("%1 (%2 %)")
                 .arg(QString::fromStdString(top[i].token).toHtmlEscaped())
                 .arg(100.0 * top[i].probability, 0, 'f', 1);
  return words.join(QStringLiteral(", "));
}

}  // namespace al::ui
