#include "ui/text/language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QPointer>
#include <QSettings>
#include <QTranslator>

namespace al::ui {

namespace {

const QString kSettingsKey = QStringLiteral("language");

// The translators now installed (owned by the application, so they go when it goes).
QPointer<QTranslator>& appTranslator() {
  static QPointer<QTranslator> translator;
  return translator;
}
QPointer<QTranslator>& qtTranslator() {
  static QPointer<QTranslator> translator;
  return translator;
}
QString& current() {
  static QString code = QString::fromLatin1(kEnglish);
  return code;
}

void removeTranslator(QPointer<QTranslator>& translator) {
  if (!translator) return;
  QCoreApplication::removeTranslator(translator);
  delete translator;
}

// A translator for the file, or nullptr when there is none.
QTranslator* loadTranslator(const QString& fileName, const QString& directory) {
  auto* translator = new QTranslator(QCoreApplication::instance());
  if (translator->load(fileName, directory)) return translator;
  delete translator;
  return nullptr;
}

}  // namespace

QStringList availableLanguages() { return {QString::fromLatin1(kEnglish), QString::fromLatin1(kSimplifiedChinese)}; }

QString nativeLanguageName(const QString& code) {
  if (code == QLatin1String(kSimplifiedChinese)) return QStringLiteral("简体中文");
  return QStringLiteral("English");
}

QString languageForLocale(const QString& localeName) {
  return localeName.startsWith(QLatin1String("zh")) ? QString::fromLatin1(kSimplifiedChinese)
                                                     : QString::fromLatin1(kEnglish);
}

QString startupLanguage() {
  const QString saved = QSettings().value(kSettingsKey).toString();
  if (availableLanguages().contains(saved)) return saved;
  return languageForLocale(QLocale::system().name());
}

bool setLanguage(const QString& code, bool remember) {
  if (!availableLanguages().contains(code)) return false;
  const QString appFile = QStringLiteral("attentionlab_") + code;
  QTranslator* app = loadTranslator(appFile, QStringLiteral(":/i18n"));
  // English is the language of the sources; its translation file, if any, only holds plural forms.
  if (!app && code != QLatin1String(kEnglish)) return false;
  QTranslator* qt = code == QLatin1String(kEnglish)
                        ? nullptr
                        : loadTranslator(QStringLiteral("qtbase_") + code,
                                         QLibraryInfo::path(QLibraryInfo::TranslationsPath));
  removeTranslator(appTranslator());
  removeTranslator(qtTranslator());
  // Numbers and dates follow the language too (QLocale() in the widgets' texts).
  QLocale::setDefault(QLocale(code));
  // Each installation sends QEvent::LanguageChange to every widget.
  if (qt) QCoreApplication::installTranslator(qt);
  if (app) QCoreApplication::installTranslator(app);
  appTranslator() = app;
  qtTranslator() = qt;
  current() = code;
  if (remember) QSettings().setValue(kSettingsKey, code);
  return true;
}

QString currentLanguage() { return current(); }

}  // namespace al::ui
