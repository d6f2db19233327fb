#pragma once
// The application set-up the GUI suites share: what the app remembers (QSettings: language, theme, type size,
// window state, recent files) goes to a temporary folder of the suite, never to the user's settings, and with
// withDataHome() so does the app's data folder (QStandardPaths::AppDataLocation: downloads). Each suite keeps
// one as a member and calls setUp() in its initTestCase():
//
//   void initTestCase() { QVERIFY(app_.setUp("test_closing")); }
//   al::test::AppFixture app_;
#include <optional>

#include <QByteArray>
#include <QCoreApplication>
#include <QSettings>
#include <QString>
#include <QTemporaryDir>

namespace al::test {

class AppFixture {
 public:
  // Settings under the organisation "AttentionLabTest" and the application `suite`, in INI files in a temporary
  // folder. false when the folder could not be made.
  bool setUp(const char* suite) {
    if (!settingsDir_.isValid()) return false;
    QCoreApplication::setOrganizationName(QStringLiteral("AttentionLabTest"));
    QCoreApplication::setApplicationName(QString::fromLatin1(suite));
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir_.path());
    return true;
  }

  // The app's data folder (XDG_DATA_HOME, where downloads go) in a temporary folder too. Before setUp().
  bool withDataHome() {
    dataHome_.emplace();
    if (!dataHome_->isValid()) return false;
    qputenv("XDG_DATA_HOME", dataHome_->path().toUtf8());
    return true;
  }
  QString dataHome() const { return dataHome_ ? dataHome_->path() : QString(); }

 private:
  QTemporaryDir settingsDir_;
  std::optional<QTemporaryDir> dataHome_;
};

}  // namespace al::test
