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

}  // namespace al::ui
