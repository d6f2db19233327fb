// Core headers first (through the pages): Qt's `emit` macro must not reach them.
#include "core/error.h"
#include "core/io/limits.h"
#include "core/io/session_file.h"
#include "ui/pages/attention_page.h"
#include "ui/pages/chatbot_page.h"
#include "ui/pages/comparison_page.h"
#include "ui/pages/fill_page.h"
#include "ui/pages/generate_page.h"
#include "ui/pages/stepper_page.h"
#include "ui/pages/train_page.h"

#include "ui/session/session_file.h"

#include <limits>
#include <memory>

#include <QCoreApplication>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <QSettings>

#include "ui/lessons/lesson_course.h"
#include "ui/lessons/lesson_instruments.h"
#include "ui/main_window.h"
#include "ui/text/error_texts.h"
#include "ui/widgets/timeline_bar.h"

namespace al::ui {

namespace {

// The translation context of this file's texts.
class SessionFile {
  Q_DECLARE_TR_FUNCTIONS(SessionFile)
};

const QString kFormat = QStringLiteral("attentionlab-session");
const QStringList kModelPages{QStringLiteral("attention"), QStringLiteral("chatbot"), QStringLiteral("fill"),
                              QStringLiteral("generate")};

// A path as the file keeps it: whole, so that the session opens from any folder (a relative one is refused there).
QString fullPath(const QString& dir) { return QFileInfo(dir).absoluteFilePath(); }

// The page's name as the file (and --page) says it, empty for a page without one.
QString pageName(MainWindow& window, QWidget* page) {
  QStringList names = instrumentNames();
  names << QStringLiteral("lessons");
  for (const QString& name : names)
    if (instrumentPage(window, name) == page) return name;
  return {};
}

template <class Page>
Page* pageOf(MainWindow& window, const char* name) {
  return static_cast<Page*>(instrumentPage(window, QString::fromLatin1(name)));
}

QJsonObject sentencesOf(MainWindow& window) {
  return {{"attention", pageOf<AttentionPage>(window, "attention")->text()},
          {"step", pageOf<StepperPage>(window, "step")->sentence()},
          {"chatbot", pageOf<ChatbotPage>(window, "chatbot")->question()},
          {"compare", pageOf<ComparisonPage>(window, "compare")->sentence()},
          {"fill", pageOf<FillPage>(window, "fill")->text()},
          {"generate", pageOf<GeneratePage>(window, "generate")->prompt()}};
}

// The directories the model pages opened, each once, on the first page that shows it; a page's current model
// last, so that it is the one shown again. A run's directory is the Train page's (it reopens it there).
QJsonArray modelsOf(MainWindow& window, const QStringList& runs) {
  QJsonArray models;
  QStringList seen = runs;
  for (const QString& name : kModelPages) {
    auto* page = qobject_cast<ModelPage*>(instrumentPage(window, name));
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
QString directoryOf(MainWindow& window, const SessionModel& model) {
  if (model.status == QLatin1String("toy")) return {};
  return model.directory.isEmpty() ? window.trainPage()->directoryOfModel(model.id) : model.directory;
}

// Each model's heads switched off, by its directory ("0.1,1.0"); models without a directory are not in the file.
QJsonObject headsOffOf(MainWindow& window) {
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
void restoreHeadsOff(MainWindow& window, const io::Session& session) {
  for (const auto& [dir, spec] : session.headsOff) {
    try {
      const HeadSwitches off = parseHeadSwitches(spec, limits::kMaxSessionLayers, limits::kMaxSessionHeads);
      window.library()->switchOffOnArrival(QString::fromStdString(dir), off);
    } catch (const InputError&) {
    }
  }
}

// The pages whose timeline bar a session keeps, as the file names them.
TimelineBar* timelineBarOf(MainWindow& window, const QString& name) {
  if (name == QLatin1String("attention")) return pageOf<AttentionPage>(window, "attention")->timelineBar();
  if (name == QLatin1String("fill")) return pageOf<FillPage>(window, "fill")->timelineBar();
  if (name == QLatin1String("generate")) return pageOf<GeneratePage>(window, "generate")->timelineBar();
  return nullptr;
}

// The moments the bars show; a bar at its model's kept weights (or without a timeline) is left out.
QJsonObject momentsOf(MainWindow& window) {
  QJsonObject moments;
  for (const QString& name : {QStringLiteral("attention"), QStringLiteral("fill"), QStringLiteral("generate")})
    if (TimelineBar* bar = timelineBarOf(window, name); bar->snapshotCount() > 0 && !bar->atFinalModel())
      moments[name] = bar->position();
  return moments;
}

// The models are read on a worker thread after this returns: each page's moment waits for the first model shown
// there with a timeline (once).
void restoreMoments(MainWindow& window, const io::Session& session) {
  for (const auto& [name, moment] : session.moments) {
    TimelineBar* bar = timelineBarOf(window, QString::fromStdString(name));
    auto* page = qobject_cast<ModelPage*>(instrumentPage(window, QString::fromStdString(name)));
    if (!bar || !page) continue;
    auto waiting = std::make_shared<QMetaObject::Connection>();
    *waiting = QObject::connect(page, &ModelPage::currentModelChanged, bar, [bar, waiting, moment] {
      if (bar->snapshotCount() == 0) return;
      bar->setPosition(static_cast<int>(moment));
      QObject::disconnect(*waiting);
    });
  }
}

void restoreSentences(MainWindow& window, const io::Session& session) {
  for (const auto& [name, sentence] : session.sentences) {
    const QString text = QString::fromStdString(sentence);
    if (name == "attention") pageOf<AttentionPage>(window, "attention")->setText(text);
    else if (name == "step") pageOf<StepperPage>(window, "step")->setSentence(text);
    else if (name == "chatbot") pageOf<ChatbotPage>(window, "chatbot")->setQuestion(text);
    else if (name == "compare") pageOf<ComparisonPage>(window, "compare")->setSentence(text);
    else if (name == "fill") pageOf<FillPage>(window, "fill")->setText(text);
    else if (name == "generate") pageOf<GeneratePage>(window, "generate")->setPrompt(text);
  }
}

}  // namespace

QJsonObject sessionOf(MainWindow& window, QStringList* notIncluded) {
  QStringList runs = window.trainPage()->runDirectories();
  for (QString& run : runs) run = fullPath(run);
  if (notIncluded) *notIncluded = window.trainPage()->unsavedRunNames();
  QJsonObject session{{"format", kFormat}, {"version", 1}, {"page", pageName(window, window.currentPage())},
                      {"step", pageOf<StepperPage>(window, "step")->currentStep()},
                      {"sentences", sentencesOf(window)}, {"runs", QJsonArray::fromStringList(runs)},
                      {"models", modelsOf(window, runs)}, {"heads_off", headsOffOf(window)},
                      {"timeline", momentsOf(window)}};
  if (window.course()->count() > 0)
    session["lesson"] = QJsonObject{{"id", window.course()->current().id}, {"open", !window.lessonPanel()->isHidden()}};
  return session;
}

QString saveSessionFile(MainWindow& window, const QString& path, QStringList* notIncluded) {
  QSaveFile file(path);  // the old session stays whole until the new one is written
  if (!file.open(QIODevice::WriteOnly))
    return SessionFile::tr("%1 could not be written: %2").arg(path, file.errorString());
  file.write(QJsonDocument(sessionOf(window, notIncluded)).toJson());
  if (!file.commit()) return SessionFile::tr("%1 could not be written: %2").arg(path, file.errorString());
  rememberSession(path);
  return {};
}

SessionRestore openSessionFile(MainWindow& window, const QString& path) {
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

// In the order that leaves the session as it was: the lesson (which sets up its page), the models, what was
// typed, the step and last the page in view.
SessionRestore restoreSession(MainWindow& window, const io::Session& session, const QString& path) {
  SessionRestore restore;
  for (const std::string& dir : session.refused)
    restore.refused << errorMessage(InputError(ErrorKind::SessionPathRefused, {.file = path.toStdString(), .name = dir},
                                               path.toStdString() + " names \"" + dir + "\", which is not a model folder's "
                                               "path (" + io::refusedPathReason(dir) + "); it was passed over"));
  restoreHeadsOff(window, session);  // before the models are opened
  restoreMoments(window, session);
  LessonCourse* course = window.course();
  const QString lessonId = QString::fromStdString(session.lessonId);
  for (int i = 0; i < course->count(); ++i)
    if (!lessonId.isEmpty() && course->lessons()[static_cast<size_t>(i)].id == lessonId) {
      course->setCurrentIndex(i);
      if (session.lessonOpen) window.openLesson();
    }
  for (const std::string& run : session.runs) {
    const QString dir = QString::fromStdString(run);
    if (QFileInfo(dir).isDir()) window.trainPage()->openModel(dir);
    else restore.missing << dir;
  }
  for (const io::SessionModel& model : session.models) {
    const QString dir = QString::fromStdString(model.directory);
    auto* page = qobject_cast<ModelPage*>(instrumentPage(window, QString::fromStdString(model.page)));
    if (!page || !QFileInfo(dir).isDir()) restore.missing << dir;
    else page->openModelDirectory(dir);
  }
  restoreSentences(window, session);
  auto* stepper = pageOf<StepperPage>(window, "step");
  if (session.step)
    stepper->showStep(static_cast<int>(std::clamp<int64_t>(*session.step, 0, stepper->stepCount() - 1)));
  if (QWidget* page = instrumentPage(window, QString::fromStdString(session.page))) window.showPage(page);
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
