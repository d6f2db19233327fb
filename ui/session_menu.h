#pragma once
// File › Save session…, Open session… and Recent sessions (the last five): a whole session as one file
// (ui/session/session_file.h), with what was left out or could not be found said in a message.
class QAction;
class QMenu;
class QString;

namespace al::ui {

class MainWindow;

// Inserts the three entries before `before`.
void addSessionMenu(MainWindow& window, QMenu* fileMenu, QAction* before);
// Opens the session file and says what went wrong or is missing (a message box); true when it was restored.
bool openSessionAndSay(MainWindow& window, const QString& path);

}  // namespace al::ui
