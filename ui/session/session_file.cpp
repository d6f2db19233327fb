// Core headers first (through the pages): Qt's `emit` macro must not reach them.
#include "core/error.h"
#include "ui/pages/attention_page.h"
#include "ui/pages/chatbot_page.h"
#include "ui/pages/comparison_page.h"
#include "ui/pages/fill_page.h"
#include "ui/pages/generate_page.h"
#include "ui/pages/stepper_page.h"
#include "ui/pages/train_page.h"

#include "ui/session/session_file.h"

#include <limits>

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

namespace al::ui {

namespace {

// The translation context of this file's texts.
class SessionFile {
  Q_DECLARE_TR_FUNCTIONS(SessionFile)
};

const QString kFormat = QStringLiteral("attentionlab-session");
const QStringList kModelPages{QStringLiteral("attention"), QStringLiteral("chatbot"), QStringLiteral("fill"),
                              QStringLiteral("generate")};

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
    for (const QString& dir : directories) models.append(QJsonObject{{"page", name}, {"directory", dir}});
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
      off[dir] = QString::fromStdString(toString(model.switchedOff));
  }
  return off;
}

// The switches wait in the library for their model, which a worker thread reads after this returns. A list that is
// not "layer.head,..." is passed over: the model arrives with every head on.
void restoreHeadsOff(MainWindow& window, const QJsonObject& off) {
  for (auto it = off.begin(); it != off.end(); ++it) {
    const std::string spec = it.value().toString().toStdString();
    try {
      constexpr size_t kAny = std::numeric_limits<int>::max();  // the form only: the model is not here yet
      window.library()->switchOffOnArrival(it.key(), parseHeadSwitches(spec, kAny, static_cast<Index>(kAny)));
    } catch (const InputError&) {
    }
  }
}

void restoreSentences(MainWindow& window, const QJsonObject& sentences) {
  auto text = [&](const char* key) { return sentences.value(QLatin1String(key)).toString(); };
  if (sentences.contains("attention")) pageOf<AttentionPage>(window, "attention")->setText(text("attention"));
  if (sentences.contains("step")) pageOf<StepperPage>(window, "step")->setSentence(text("step"));
  if (sentences.contains("chatbot")) pageOf<ChatbotPage>(window, "chatbot")->setQuestion(text("chatbot"));
  if (sentences.contains("compare")) pageOf<ComparisonPage>(window, "compare")->setSentence(text("compare"));
  if (sentences.contains("fill")) pageOf<FillPage>(window, "fill")->setText(text("fill"));
  if (sentences.contains("generate")) pageOf<GeneratePage>(window, "generate")->setPrompt(text("generate"));
}

}  // namespace

QJsonObject sessionOf(MainWindow& window, QStringList* notIncluded) {
  const QStringList runs = window.trainPage()->runDirectories();
  if (notIncluded) *notIncluded = window.trainPage()->unsavedRunNames();
  QJsonObject session{{"format", kFormat}, {"version", 1}, {"page", pageName(window, window.currentPage())},
                      {"step", pageOf<StepperPage>(window, "step")->currentStep()},
                      {"sentences", sentencesOf(window)}, {"runs", QJsonArray::fromStringList(runs)},
                      {"models", modelsOf(window, runs)}, {"heads_off", headsOffOf(window)}};
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
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly))
    return {SessionFile::tr("%1 could not be read: %2").arg(path, file.errorString()), {}};
  QJsonParseError parseError;
  const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
  if (parseError.error != QJsonParseError::NoError)
    return {SessionFile::tr("%1 is not an AttentionLab session: %2 (at character %3)")
                .arg(path, parseError.errorString())
                .arg(parseError.offset),
            {}};
  if (!document.isObject() || document.object().value("format").toString() != kFormat)
    return {SessionFile::tr("%1 is not an AttentionLab session: it does not say “format”: “%2”").arg(path, kFormat),
            {}};
  rememberSession(path);
  return restoreSession(window, document.object());
}

// In the order that leaves the session as it was: the lesson (which sets up its page), the models, what was
// typed, the step and last the page in view.
SessionRestore restoreSession(MainWindow& window, const QJsonObject& session) {
  SessionRestore restore;
  const QJsonObject lesson = session.value("lesson").toObject();
  restoreHeadsOff(window, session.value("heads_off").toObject());  // before the models are opened
  LessonCourse* course = window.course();
  for (int i = 0; i < course->count(); ++i)
    if (course->lessons()[static_cast<size_t>(i)].id == lesson.value("id").toString()) {
      course->setCurrentIndex(i);
      if (lesson.value("open").toBool()) window.openLesson();
    }
  for (const QJsonValue& run : session.value("runs").toArray()) {
    const QString dir = run.toString();
    if (QFileInfo(dir).isDir()) window.trainPage()->openModel(dir);
    else restore.missing << dir;
  }
  for (const QJsonValue& value : session.value("models").toArray()) {
    const QString dir = value.toObject().value("directory").toString();
    auto* page = qobject_cast<ModelPage*>(instrumentPage(window, value.toObject().value("page").toString()));
    if (!page || !QFileInfo(dir).isDir()) restore.missing << dir;
    else page->openModelDirectory(dir);
  }
  restoreSentences(window, session.value("sentences").toObject());
  auto* stepper = pageOf<StepperPage>(window, "step");
  if (session.contains("step")) stepper->showStep(std::clamp(session.value("step").toInt(), 0, stepper->stepCount() - 1));
  if (QWidget* page = instrumentPage(window, session.value("page").toString())) window.showPage(page);
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
