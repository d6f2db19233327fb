#pragma once
// Text from the core (std::string, UTF-8) as Qt shows it.
#include <string>
#include <vector>

#include <QString>
#include <QStringList>

namespace al::ui {

inline QStringList toQStrings(const std::vector<std::string>& words) {
  QStringList out;
  for (const std::string& w : words) out << QString::fromStdString(w);
  return out;
}

// The id a model reads for a word it does not know ([UNK]); Vocabulary::kUnknownId of core/text/vectorizer.h.
inline constexpr int kUnknownTokenId = 1;

// Tokens as a model read them, for axis labels: a word it does not know is labelled "bomb→[UNK]".
inline QStringList readTokenLabels(const std::vector<std::string>& tokens, const std::vector<int>& ids) {
  QStringList out = toQStrings(tokens);
  for (qsizetype t = 0; t < out.size() && t < static_cast<qsizetype>(ids.size()); ++t)
    if (ids[size_t(t)] == kUnknownTokenId) out[t] += QStringLiteral("→[UNK]");
  return out;
}

// The words a model read as [UNK], each once, in order, quoted and joined: “bomb”, “zebra”.
inline QString unknownWordList(const std::vector<std::string>& tokens, const std::vector<int>& ids) {
  QStringList words;
  for (size_t t = 0; t < tokens.size() && t < ids.size(); ++t) {
    const QString word = QStringLiteral("“%1”").arg(QString::fromStdString(tokens[t]));
    if (ids[t] == kUnknownTokenId && !words.contains(word)) words << word;
  }
  return words.join(QStringLiteral(", "));
}

}  // namespace al::ui
