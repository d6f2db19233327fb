#include "ui/teaching/step_code.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

namespace al::ui {

namespace {

// The "steps" object of the snippets file, read once.
const QJsonObject& snippets() {
  static const QJsonObject steps = [] {
    QFile file(QStringLiteral(":/teaching/step_code.json"));
    if (!file.open(QIODevice::ReadOnly)) return QJsonObject();
    return QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("steps")).toObject();
  }();
  return steps;
}

}  // namespace

StepCode stepCode(const QString& key, const QString& variant) {
  const QJsonObject& steps = snippets();
  QJsonObject entry = steps.value(key + QLatin1Char('.') + variant).toObject();
  if (entry.isEmpty()) entry = steps.value(key).toObject();
  return {entry.value(QStringLiteral("keras")).toString(), entry.value(QStringLiteral("pytorch")).toString(),
          entry.value(QStringLiteral("keras_from")).toString(), entry.value(QStringLiteral("pytorch_from")).toString()};
}

StepCode stepCode(const teaching::AttentionStep& step) {
  return stepCode(QString::fromStdString(step.key), QString::fromStdString(step.variant));
}

}  // namespace al::ui
