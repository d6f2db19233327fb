#pragma once
// The Train page's data card for sentiment data, worded in the current language from the core's numbers and
// keys (core/data/imdb_sources.h, DataCard): the book's samples-per-word rule and its advice, or, for a generated
// corpus, what was measured on it; and, for mostly Chinese, Japanese or Korean text, the tokenizer "auto" picks.
#include <QString>

#include "core/data/imdb_sources.h"

namespace al::ui {

// Rich text (a few lines of HTML).
QString sentimentDataCardHtml(const DataCard& card);
// The line about the tokenizer "auto" picks, or empty when the task's own rules apply.
QString tokenizerPickText(const DataCard& card);

}  // namespace al::ui
