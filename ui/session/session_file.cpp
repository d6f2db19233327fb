// Core headers first: Qt's `emit` macro must not reach them.
#include "core/error.h"
#include "core/io/limits.h"
#include "core/io/session_file.h"
#include "core/models/head_switches.h"

#include "ui/session/session_file.h"

#include <algorithm>
#include <limits>

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <QSettings>

#include "ui/session/model_library.h"
#include "ui/session/page_state.h"
#include "ui/session/session_window.h"
#include "ui/text/error_texts.h"

namespace al::ui {

namespace {

// The translation context of this file's texts.
class SessionFile {
  Q_DECLARE_TR_FUNCTIONS(SessionFile)
};

const QString kFormat = QStringLiteral("attentionlab-session");
// A path as the file keeps it: whole, so that the session opens from any folder (a relative one is refused there).
QString fullPath(const QString& dir) { return QFileInfo(dir).absoluteFilePath(); }

// The directories the model pages opened, each once, on the first page that shows it; a page's current model
// last, so that it is the one shown again. A run's directory is the Train page's (it reopens it there).
QJsonArray modelsOf(SessionWindow& window, const QStringList& runs) {
  QJsonArray models;
  QStringList seen = runs;
  for (const QString& name : window.modelPageNames()) {
    PageModels* page = window.pageModels(name);
    if (!page) continue;
    QStringList directories;
    for (int i = 0; i < page->modelCount(); ++i) {
      const SessionModel* model = page->modelAt(i);
      if (model->directory.isEmpty() || model->status == QLatin1String("toy") || seen.contains(model->directory))
        continue;
      seen << model->directory;
      if (i == page->currentModelIndex()) directories.append(model->directory);
      else directories.prepend(model->directory);
    }
    for (const QString& dir : directories) models.append(QJsonObject{{"page", name}, {"directory", fullPath(dir)}});
  }
  return models;
}

// The directory of a library model: where it was opened from, or where the Train page saved its run.
QString directoryOf(SessionWindow& window, const SessionModel& model) {
  if (model.status == QLatin1String("toy")) return {};
  return model.directory.isEmpty() ? window.runDirectoryOfModel(model.id) : model.directory;
}

// Each model's heads switched off, by its directory ("0.1,1.0"); models without a directory are not in the file.
QJsonObject headsOffOf(SessionWindow& window) {
  QJsonObject off;
  for (const SessionModel& model : window.library()->models()) {
    const QString dir = directoryOf(window, model);
    if (!dir.isEmpty() && !model.switchedOff.empty())
      off[fullPath(dir)] = QString::fromStdString(toString(model.switchedOff));
  }
  return off;
}

// The switches wait in the library for their model, which a worker thread reads after this returns. The reader
// kept only lists of the form "layer.head,..." within its bounds.
void restoreHeadsOff(SessionWindow& window, const io::Session& session) {
  for (const auto& [dir, spec] : session.headsOff) {
    try {
      const HeadSwitches off = parseHeadSwitches(spec, limits::kMaxSessionLayers, limits::kMaxSessionHeads);
      window.library()->switchOffOnArrival(QString::fromStdString(dir), off);
    } catch (const InputError&) {
    }
  }
}

// The keys of a page's state that have their old places in the file (ui/session/page_state.h).
const QString kSentence = QStringLiteral("sentence");
const QString kMoment = QStringLiteral("moment");
const QString kStep = QStringLiteral("step");
const QString kStepPage = QStringLiteral("step");

// Each page's state, spread over the file's places for it: "sentences", "timeline", "step" and the rest in "pages".
void writePageStates(SessionWindow& window, QJsonObject& session) {
  QJsonObject sentences, moments, pages;
  for (const QString& name : window.statePageNames()) {
    const PageState* page = window.pageState(name);
    if (!page) continue;
    QJsonObject state = page->saveState();
    if (state.contains(kSentence)) sentences[name] = state.take(kSentence).toString();
    if (state.contains(kMoment)) moments[name] = state.take(kMoment).toInt();  // a bar at its kept model has none
    if (name == kStepPage && state.contains(kStep)) session["step"] = state.take(kStep).toInt();
    if (!state.isEmpty()) pages[name] = state;
  }
  session["sentences"] = sentences;
  session["timeline"] = moments;
  session["pages"] = pages;
}

// Each page's state gathered back from the file's places; a page the file says nothing of is left as it is.
void restorePageStates(SessionWindow& window, const io::Session& session) {
  QMap<QString, QJsonObject> states;
  for (const auto& [name, text] : session.pageStates)
    states[QString::fromStdString(name)] = QJsonDocument::fromJson(QByteArray::fromStdString(text)).object();
  for (const auto& [name, sentence] : session.sentences)
    states[QString::fromStdString(name)][kSentence] = QString::fromStdString(sentence);
  for (const auto& [name, moment] : session.moments)
    states[QString::fromStdString(name)][kMoment] = static_cast<int>(moment);
  if (session.step)
    states[kStepPage][kStep] = static_cast<int>(std::clamp<int64_t>(*session.step, 0, std::numeric_limits<int>::max()));
  for (const QString& name : window.statePageNames())
    if (PageState* page = window.pageState(name); page && states.contains(name)) page->restoreState(states[name]);
}

}  // namespace

QJsonObject sessionOf(SessionWindow& window, QStringList* notIncluded) {
  QStringList runs = window.runDirectories();
  for (QString& run : runs) run = fullPath(run);
  if (notIncluded) *notIncluded = window.unsavedRunNames();
  QJsonObject session{{"format", kFormat}, {"version", 1}, {"page", window.currentPageName()},
                      {"runs", QJsonArray::fromStringList(runs)}, {"models", modelsOf(window, runs)},
                      {"heads_off", headsOffOf(window)}};
  writePageStates(window, session);
  if (const QString lesson = window.currentLessonId(); !lesson.isEmpty())
    session["lesson"] = QJsonObject{{"id", lesson}, {"open", window.lessonPanelOpen()}};
  return session;
}

QString saveSessionFile(SessionWindow& window, const QString& path, QStringList* notIncluded) {
  QSaveFile file(path);  // the old session stays whole until the new one is written
  if (!file.open(QIODevice::WriteOnly))
    return SessionFile::tr("%1 could not be written: %2").arg(path, file.errorString());
  file.write(QJsonDocument(sessionOf(window, notIncluded)).toJson());
  if (!file.commit()) return SessionFile::tr("%1 could not be written: %2").arg(path, file.errorString());
  rememberSession(path);
  return {};
}

SessionRestore openSessionFile(SessionWindow& window, const QString& path) {
  io::Session session;
  try {
    session = io::readSession(path.toStdString());
  } catch (const InputError& e) {
    // A file that cannot be read, or is no session, says so itself; a damaged one gets the lead sentence.
    const bool damaged = e.kind() == ErrorKind::JsonInvalid || e.kind() == ErrorKind::JsonWrongType ||
                         e.kind() == ErrorKind::JsonOutOfRange || e.kind() == ErrorKind::JsonMissingKey ||
                         e.kind() == ErrorKind::Other;
    if (!damaged) return {errorMessage(e), {}, {}};
    return {SessionFile::tr("%1 is not an AttentionLab session: %2").arg(path, errorMessage(e)), {}, {}};
  }
  rememberSession(path);
  return restoreSession(window, session, path);
}

// In the order that leaves the session as it was: the lesson (which sets up its page), the models, each page's own
// state (what was typed, the step, the tab, ...; a layer or a moment waits for the page's model) and last the page
// in view.
SessionRestore restoreSession(SessionWindow& window, const io::Session& session, const QString& path) {
  SessionRestore restore;
  for (const std::string& dir : session.refused)
    restore.refused << errorMessage(InputError(ErrorKind::SessionPathRefused, {.file = path.toStdString(), .name = dir},
                                               path.toStdString() + " names \"" + dir + "\", which is not a model folder's "
                                               "path (" + io::refusedPathReason(dir) + "); it was passed over"));
  restoreHeadsOff(window, session);  // before the models are opened
  if (!session.lessonId.empty()) window.restoreLesson(QString::fromStdString(session.lessonId), session.lessonOpen);
  for (const std::string& run : session.runs) {
    const QString dir = QString::fromStdString(run);
    if (QFileInfo(dir).isDir()) window.openRunDirectory(dir);
    else restore.missing << dir;
  }
  for (const io::SessionModel& model : session.models) {
    const QString dir = QString::fromStdString(model.directory);
    PageModels* page = window.pageModels(QString::fromStdString(model.page));
    if (!page || !QFileInfo(dir).isDir()) restore.missing << dir;
    else page->openModelDirectory(dir);
  }
  restorePageStates(window, session);
  if (!session.page.empty()) window.showPageNamed(QString::fromStdString(session.page));
  return restore;
}

QStringList recentSessions() { return QSettings().value("sessions/recent").toStringList(); }

void rememberSession(const QString& path) {
  QStringList recent = recentSessions();
  const QString absolute = QFileInfo(path).absoluteFilePath();
  recent.removeAll(absolute);
  recent.prepend(absolute);
  while (recent.size() > 5) recent.removeLast();
  QSettings().setValue("sessions/recent", recent);
}

}  // namespace al::ui
