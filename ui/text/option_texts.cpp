#include "ui/text/option_texts.h"

#include <QCoreApplication>

namespace al::ui {

namespace {

class OptionTexts {
  Q_DECLARE_TR_FUNCTIONS(OptionTexts)

 public:
  static QString position(const QString& value) {
    if (value == QLatin1String("learned")) return tr("learned position embedding");
    if (value == QLatin1String("sinusoidal")) return tr("sinusoidal position encoding");
    if (value == QLatin1String("none")) return tr("no position information");
    return tr("position %1").arg(value);
  }

  static QString positionShort(const QString& value) {
    if (value == QLatin1String("learned")) return tr("learned position");
    if (value == QLatin1String("sinusoidal")) return tr("sinusoidal position");
    if (value == QLatin1String("none")) return tr("no position");
    return tr("position %1").arg(value);
  }

  static QString norm(const QString& value) {
    if (value == QLatin1String("layer")) return tr("layer norm");
    if (value == QLatin1String("batch")) return tr("batch norm");
    return tr("%1 norm").arg(value);
  }

  static QString architecture(const QString& value) {
    if (value == QLatin1String("gru")) return tr("GRU");
    if (value == QLatin1String("transformer")) return tr("Transformer");
    return value;
  }
};

}  // namespace

QString positionPhrase(PositionKind position) { return positionPhrase(QString::fromStdString(toString(position))); }
QString positionPhrase(const QString& value) { return OptionTexts::position(value); }
QString positionName(PositionKind position) { return positionName(QString::fromStdString(toString(position))); }
QString positionName(const QString& value) { return OptionTexts::positionShort(value); }
QString normPhrase(NormKind norm) { return normPhrase(QString::fromStdString(toString(norm))); }
QString normPhrase(const QString& value) { return OptionTexts::norm(value); }
QString architectureName(const QString& value) { return OptionTexts::architecture(value); }

}  // namespace al::ui
