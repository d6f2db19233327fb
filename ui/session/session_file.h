#pragma once
// A whole session as one file (File › Save session…, Open session…, Recent sessions): a JSON object that names
// what to open again, never the models themselves.
//
//   {"format": "attentionlab-session", "version": 1,
//    "page": "attention",                                  the page in view (the app's --page names)
//    "lesson": {"id": "multi-head", "open": true},         the current lesson; open: its panel beside the page
//    "step": 3,                                            the Step-through page's step (0-based)
//    "sentences": {"attention": "...", "step": "...", "chatbot": "...", "compare": "...", "fill": "...",
//                  "generate": "..."},                     what is typed on the pages
//    "pages": {"step": {"layer": 2, "head": 1}, "attention": {"tab": 1}, ...},  the rest of each page's own state
//    "runs": ["/models/run-1", ...],                       the Train page's runs saved or opened from a directory
//    "models": [{"page": "attention", "directory": "/models/imdb"}, ...],  models opened on the model pages
//    "heads_off": {"/models/imdb": "0.1,1.0"},             a model's heads switched off ("layer.head", from 0)
//    "timeline": {"attention": 12, "fill": 3, "train": 5}}  the training timeline's moment a page showed (from 0)
//
// A run never saved has no directory: it is not in the file, and saving says so by name. Opening sets the lesson,
// the runs, the models, the sentences and the page again; a directory that is missing is named and passed over,
// the rest is restored. A file that is not a session (or is damaged) changes nothing. Heads switched off belong to a
// model of the library (the Attention page's right-click): each model with a directory keeps them, and gets them
// back when it arrives again. Every page keeps its own state through ui/session/page_state.h (the window names the
// pages, ui/session/session_window.h): its sentence, tab, layer, head, step and timeline moment, as it has them; a
// file without "pages" (an older one) restores what it has. A page's timeline moment waits for the page's model the same way: the first model shown
// there with a timeline goes to that moment (the model the page kept, when the session left it there, is not written). What a switched-off head gives (zeros or its mean) is the app's setting, not the file's.
// Reading is core/io/session_file.h (no Qt: the fuzz target reads sessions the same way): its limits, and the paths
// it refuses (relative, system folders), which opening names beside the missing ones.
#include "core/io/session_file.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace al::ui {

class SessionWindow;

// What the window holds now, as the file's object; notIncluded: the names of the runs never saved.
QJsonObject sessionOf(SessionWindow& window, QStringList* notIncluded = nullptr);
// Writes it (atomically). Empty, or what went wrong.
QString saveSessionFile(SessionWindow& window, const QString& path, QStringList* notIncluded = nullptr);

struct SessionRestore {
  QString error;         // the file could not be read as a session: nothing was changed
  QStringList missing;   // directories the session names that are not there (the rest is restored)
  QStringList refused;   // what the session names that cannot be a model folder, each a sentence (passed over)
};
SessionRestore openSessionFile(SessionWindow& window, const QString& path);
SessionRestore restoreSession(SessionWindow& window, const io::Session& session, const QString& path);

// The sessions saved or opened last, newest first (at most 5; QSettings "sessions/recent").
QStringList recentSessions();
void rememberSession(const QString& path);

}  // namespace al::ui
