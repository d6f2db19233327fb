#pragma once
// The language of the interface: English (the language of the sources) or Simplified Chinese.
//
// At start the app takes the language chosen last time (QSettings "language"), or else the system's: a zh_*
// locale gives 简体中文. View › Language switches live: installing a new QTranslator makes Qt send
// QEvent::LanguageChange to every widget, and each widget sets its texts again from tr(): the main window in its
// changeEvent(), the pages and their parts through setTranslatedTexts() / onLanguageChange() of
// ui/widgets/retranslate.h. Nothing is rebuilt, so runs, a training in progress and typed sentences stay.
//
// Translations are resources/translations/attentionlab_<code>.ts, built into :/i18n/attentionlab_<code>.qm;
// Qt's own strings (standard dialogs, context menus) come from Qt's qtbase_<code>.qm when it is installed.
#include <QString>
#include <QStringList>

namespace al::ui {

inline constexpr char kEnglish[] = "en";
inline constexpr char kSimplifiedChinese[] = "zh_CN";

// The codes offered in View › Language, English first.
QStringList availableLanguages();
// The name of a language in that language ("English", "简体中文"): a reader finds their own language even when
// the rest of the menu is in a language they cannot read.
QString nativeLanguageName(const QString& code);
// The saved choice if there is one, else the one of the system locale (zh_* -> zh_CN, anything else -> en).
QString startupLanguage();
// The language of a locale name such as "zh_TW" or "de_DE": one of availableLanguages().
QString languageForLocale(const QString& localeName);

// Installs the translators of the language (code from availableLanguages()); with remember, saves the choice.
// Returns false, changing nothing, when the code is unknown or its translation cannot be loaded.
bool setLanguage(const QString& code, bool remember = true);
QString currentLanguage();

}  // namespace al::ui
