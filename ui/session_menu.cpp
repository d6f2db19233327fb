#include "ui/session_menu.h"

#include <QAction>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>

#include "ui/main_window.h"
#include "ui/session/session_file.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

namespace {

class SessionMenu {
  Q_DECLARE_TR_FUNCTIONS(SessionMenu)
};

QString fileFilter() { return SessionMenu::tr("AttentionLab sessions (*.alsession);;All files (*)"); }

void saveSession(MainWindow& window) {
  QString path = QFileDialog::getSaveFileName(&window, SessionMenu::tr("Save session"),
                                              QDir::home().filePath(QStringLiteral("class.alsession")), fileFilter());
  if (path.isEmpty()) return;
  if (!path.contains(QLatin1Char('.'))) path += QStringLiteral(".alsession");
  QStringList notIncluded;
  if (const QString error = saveSessionFile(window, path, &notIncluded); !error.isEmpty()) {
    QMessageBox::warning(&window, SessionMenu::tr("Save session"), error);
    return;
  }
  window.statusBar()->showMessage(SessionMenu::tr("Session saved in %1").arg(QDir::toNativeSeparators(path)));
  if (!notIncluded.isEmpty())
    QMessageBox::information(
        &window, SessionMenu::tr("Save session"),
        SessionMenu::tr("The session is saved, without these runs, which were never saved: %1. A session names "
                        "model directories; save the runs (File › Save model…), then save the session again to "
                        "keep them.")
            .arg(notIncluded.join(QStringLiteral(", "))));
}

}  // namespace

bool openSessionAndSay(MainWindow& window, const QString& path) {
  const SessionRestore restore = openSessionFile(window, path);
  if (!restore.error.isEmpty()) {
    QMessageBox::warning(&window, SessionMenu::tr("Open session"), restore.error);
    return false;
  }
  window.statusBar()->showMessage(SessionMenu::tr("Session opened: %1").arg(QDir::toNativeSeparators(path)));
  if (!restore.missing.isEmpty())
    QMessageBox::warning(&window, SessionMenu::tr("Open session"),
                         SessionMenu::tr("These directories of the session are missing and were left out: %1. "
                                         "The rest of the session is restored.")
                             .arg(restore.missing.join(QStringLiteral(", "))));
  if (!restore.refused.isEmpty())
    QMessageBox::warning(&window, SessionMenu::tr("Open session"), restore.refused.join(QStringLiteral("\n\n")));
  return true;
}

void addSessionMenu(MainWindow& window, QMenu* fileMenu, QAction* before) {
  auto* save = new QAction(&window);
  save->setObjectName("saveSessionAction");
  QObject::connect(save, &QAction::triggered, &window, [&window] { saveSession(window); });
  auto* open = new QAction(&window);
  open->setObjectName("openSessionAction");
  QObject::connect(open, &QAction::triggered, &window, [&window] {
    const QString path = QFileDialog::getOpenFileName(&window, SessionMenu::tr("Open session"), QDir::homePath(),
                                                      fileFilter());
    if (!path.isEmpty()) openSessionAndSay(window, path);
  });
  auto* recent = new QMenu(&window);
  recent->setObjectName("recentSessionsMenu");
  // Built when shown: the list changes with every session saved or opened.
  QObject::connect(recent, &QMenu::aboutToShow, &window, [&window, recent] {
    recent->clear();
    for (const QString& path : recentSessions())
      recent->addAction(QDir::toNativeSeparators(path), &window, [&window, path] { openSessionAndSay(window, path); });
    if (recent->isEmpty()) recent->addAction(SessionMenu::tr("(none yet)"))->setEnabled(false);
  });
  fileMenu->insertAction(before, save);
  fileMenu->insertAction(before, open);
  fileMenu->insertMenu(before, recent);
  fileMenu->insertSeparator(before);
  setTranslatedTexts(&window, [save, open, recent] {
    save->setText(SessionMenu::tr("Save sessio&n…"));
    save->setToolTip(SessionMenu::tr("The page, the lesson, the typed sentences, the opened models and the saved "
                                     "runs, as one file"));
    open->setText(SessionMenu::tr("Open sess&ion…"));
    recent->setTitle(SessionMenu::tr("&Recent sessions"));
  });
}

}  // namespace al::ui
