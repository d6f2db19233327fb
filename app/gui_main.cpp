// attentionlab: the desktop app.
//
//   attentionlab                                   the window, on the Train page
//   attentionlab --preset classroom --start        ... and start training at once (a lecture's opening demo), on
//                                                  the built-in data unless --data names other data
//   attentionlab --open runs/no-position --start   ... beside the curves of a model trained before
//   attentionlab --language zh_CN --attention-model runs/zh --sentence 小明把书包忘在教室，它很沉。 --page attention
//                                                  a Chinese model's attention, in Chinese (scripts/screenshots)
//   attentionlab --model runs/translate --sentence "the red car" --page chatbot
//   attentionlab --model gpt2                       a GPT-2 folder: the Attention page first, Generate and the rest too
//   attentionlab --generate-model gpt2 --page generate   a GPT-2 folder on the Generate page
//   attentionlab --lesson 2 --present              the second lesson, presented (F11) to a class
//   attentionlab --prepare-lessons                 trains the models the lessons use, before the class
#include "ui/pages/train_page.h"  // first: it brings core headers, which must not see Qt's `emit`

#include <QAction>
#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QScreen>
#include <string_view>

#include "ui/download/imdb_archive.h"
#include "ui/pages/attention_page.h"
#include "ui/pages/chatbot_page.h"
#include "ui/pages/generate_page.h"
#include "ui/text/language.h"
#include "ui/lessons/lesson_course.h"
#include "ui/lessons/lesson_instruments.h"
#include "ui/lessons/preparation_dialog.h"
#include "ui/widgets/appearance.h"
#include "ui/main_window.h"
#include "ui/pages/stepper_page.h"

namespace {

// `attentionlab --help` and `--version` print and exit: they open no window, so they must not need a display
// either (in a terminal without one, Qt would stop before printing a word). They get the offscreen platform.
void needNoDisplayToPrintHelp(int argc, char* argv[]) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h" || arg == "-?" || arg == "--help-all" || arg == "--version" || arg == "-v") {
      if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
      return;
    }
  }
}

}  // namespace

int main(int argc, char* argv[]) {
  needNoDisplayToPrintHelp(argc, argv);
  QApplication app(argc, argv);
  QApplication::setApplicationName(al::download::kApplicationName);  // the command line uses the same folders
  QApplication::setOrganizationName(al::download::kOrganizationName);
  QApplication::setApplicationVersion(ATTENTIONLAB_VERSION);
  QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/attentionlab.svg")));
  QApplication::setDesktopFileName(QStringLiteral("attentionlab"));
  // The language chosen last time, or the system's (zh_* -> 简体中文); View › Language changes it live.
  al::ui::setLanguage(al::ui::startupLanguage(), false);
  // The theme and font scale chosen last time, with the one style sheet (resources/style/attentionlab.qss).
  al::ui::Appearance::instance();

  QCommandLineParser parser;
  parser.setApplicationDescription(QObject::tr("A teaching tool for attention and Transformers."));
  parser.addHelpOption();
  parser.addVersionOption();
  const QCommandLineOption preset("preset", QObject::tr("Preset of the Train page (tiny, classroom, book)."),
                                  QObject::tr("name"));
  const QCommandLineOption epochs("epochs", QObject::tr("Number of epochs on the Train page."), QObject::tr("n"));
  const QCommandLineOption start("start", QObject::tr("Start training as soon as the data is read (the built-in "
                                                      "data unless --data says otherwise)."));
  const QCommandLineOption open("open", QObject::tr("Show a saved model's curves on the Train page (repeatable)."),
                                QObject::tr("dir"));
  const QCommandLineOption task("task", QObject::tr("Task of the Train page, by its train command (imdb, bigram, "
                                                    "chatbot, mlm, lm)."),
                                QObject::tr("command"));
  const QCommandLineOption data("data", QObject::tr("Data source of the Train page (builtin, builtin:zh, a file)."),
                                QObject::tr("source"));
  const QCommandLineOption language("language", QObject::tr("Language of this session (en, zh_CN); not remembered."),
                                    QObject::tr("code"));
  const QCommandLineOption model(
      "model", QObject::tr("Open a saved model or a Hugging Face folder on every page that can show it, and show "
                           "the first of them unless --page names another (repeatable)."),
      QObject::tr("dir"));
  // The options of earlier versions, kept: the same as --model, opened on the page they name.
  const QCommandLineOption attentionModel(
      "attention-model", QObject::tr("As --model, opened on the Attention and Step-through pages."), QObject::tr("dir"));
  const QCommandLineOption chatbotModel("chatbot-model", QObject::tr("As --model, opened on the Chatbot page."),
                                        QObject::tr("dir"));
  const QCommandLineOption generateModel("generate-model", QObject::tr("As --model, opened on the Generate page."),
                                         QObject::tr("dir"));
  const QCommandLineOption sentence("sentence", QObject::tr("Sentence of the Attention, Step-through and Chatbot pages."),
                                    QObject::tr("text"));
  const QCommandLineOption page("page", QObject::tr("Page to show first (lessons, train, attention, step, normalization, chatbot, compare, fill, generate, memory)."),
                                QObject::tr("name"));
  const QCommandLineOption lesson("lesson", QObject::tr("Open a lesson (its number or id) with its instrument."),
                                  QObject::tr("lesson"));
  const QCommandLineOption present("present", QObject::tr("Start in presentation mode (F11)."));
  const QCommandLineOption prepareLessons(
      "prepare-lessons", QObject::tr("Train every model the lessons use, in the background (File › Prepare lessons…)."));
  parser.addOptions({preset, epochs, start, open, task, data, language, model, attentionModel, chatbotModel, generateModel,
                     sentence, page, lesson, present, prepareLessons});
  parser.process(app);
  if (parser.isSet(language)) al::ui::setLanguage(parser.value(language), false);

  al::ui::MainWindow window;
  al::ui::TrainPage* train = window.trainPage();
  for (const QString& dir : parser.values(open)) train->openModel(dir);
  for (const al::ui::TaskInfo& info : al::ui::trainingTasks())
    if (parser.isSet(task) && info.catalogueEntry->trainCommand == parser.value(task).toStdString())
      train->setTask(info.kind);
  // --start trains on what the command line says, never silently on the data remembered from the last session.
  if (parser.isSet(data) || parser.isSet(start))
    train->setDataSource(parser.isSet(data) ? parser.value(data) : QStringLiteral("builtin"));
  if (parser.isSet(preset)) train->setPreset(parser.value(preset));
  auto* attention = window.findChild<al::ui::AttentionPage*>();
  auto* stepper = window.findChild<al::ui::StepperPage*>();
  // A model read for the Attention page (on a worker thread) goes to the Step-through page once it is there.
  auto stepThroughWhenShown = [&] {
    auto* once = new QObject(&window);
    // A lesson's step-through describes its own seeded layer: the model does not replace it there.
    const bool lessonOnStepper = parser.isSet(lesson);
    QObject::connect(attention, &al::ui::AttentionPage::currentModelChanged, once, [stepper, once, lessonOnStepper] {
      if (!lessonOnStepper) stepper->useTrainedModel(true);
      once->deleteLater();
    });
  };
  if (parser.isSet(attentionModel)) {
    stepThroughWhenShown();
    attention->openModelDirectory(parser.value(attentionModel));
  }
  QWidget* firstModelPage = nullptr;
  for (const QString& dir : parser.values(model)) {
    if (!firstModelPage && !parser.isSet(attentionModel)) stepThroughWhenShown();
    QWidget* opened = window.openModelOnItsPage(dir);
    if (!firstModelPage) firstModelPage = opened;
  }
  auto* chatbot = window.findChild<al::ui::ChatbotPage*>();
  if (parser.isSet(chatbotModel)) chatbot->openModelDirectory(parser.value(chatbotModel));
  if (parser.isSet(generateModel))
    window.findChild<al::ui::GeneratePage*>()->openModelDirectory(parser.value(generateModel));
  if (parser.isSet(sentence)) {
    attention->setText(parser.value(sentence));
    stepper->setSentence(parser.value(sentence));
    if (chatbot->modelCount() > 0) chatbot->ask(parser.value(sentence));
  }
  if (parser.isSet(page)) window.showPage(al::ui::instrumentPage(window, parser.value(page)));
  else if (firstModelPage) window.showPage(firstModelPage);
  if (parser.isSet(lesson)) {
    al::ui::LessonCourse* course = window.course();
    for (int i = 0; i < course->count(); ++i)
      if (course->lessons()[static_cast<size_t>(i)].id == parser.value(lesson) ||
          QString::number(i + 1) == parser.value(lesson))
        course->setCurrentIndex(i);
    window.openLesson();
  }
  if (parser.isSet(epochs)) train->setParameter("epochs", parser.value(epochs).toInt());
  if (parser.isSet(start)) {
    // The data card is read in the background; Start is possible once it is there.
    auto startOnce = [train] {
      if (!train->isTraining() && train->currentRunId() < 0) train->start();
    };
    if (train->dataCardReady())
      startOnce();
    else
      QObject::connect(train, &al::ui::TrainPage::dataCardChanged, train, startOnce, Qt::SingleShotConnection);
  }
  // 1280 x 720 fits a projector; on a larger screen the curves get the room.
  const QRect screen = window.screen()->availableGeometry();
  if (screen.width() > window.width() && screen.height() > window.height()) {
    window.resize(screen.size() * 0.92);
    window.move(screen.center() - window.rect().center());
  }
  if (parser.isSet(present)) window.presentAction()->setChecked(true);
  else window.show();
  if (parser.isSet(prepareLessons)) al::ui::prepareLessons(window);
  return QApplication::exec();
}
