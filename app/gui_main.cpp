// attentionlab: the desktop app.
//
//   attentionlab                                   the window, on the Train page
//   attentionlab --preset classroom --start        ... and start training at once (a lecture's opening demo)
//   attentionlab --open runs/no-position --start   ... beside the curves of a model trained before
#include "ui/train_page.h"  // first: it brings core headers, which must not see Qt's `emit`

#include <QApplication>
#include <QCommandLineParser>
#include <QFile>
#include <QIcon>
#include <QScreen>

#include "ui/download/imdb_archive.h"
#include "ui/language.h"
#include "ui/main_window.h"

int main(int argc, char* argv[]) {
  QApplication app(argc, argv);
  QApplication::setApplicationName(al::download::kApplicationName);  // the command line uses the same folders
  QApplication::setOrganizationName(al::download::kOrganizationName);
  QApplication::setApplicationVersion(ATTENTIONLAB_VERSION);
  QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/attentionlab.svg")));
  QApplication::setDesktopFileName(QStringLiteral("attentionlab"));
  // The language chosen last time, or the system's (zh_* -> 简体中文); View › Language changes it live.
  al::ui::setLanguage(al::ui::startupLanguage(), false);
  // The one style sheet (resources/style/attentionlab.qss), keyed on the widgets' object names.
  QFile style(QStringLiteral(":/style/attentionlab.qss"));
  if (style.open(QIODevice::ReadOnly)) app.setStyleSheet(QString::fromUtf8(style.readAll()));

  QCommandLineParser parser;
  parser.setApplicationDescription(QObject::tr("A teaching tool for attention and Transformers."));
  parser.addHelpOption();
  parser.addVersionOption();
  const QCommandLineOption preset("preset", QObject::tr("Preset of the Train page (tiny, classroom, book)."),
                                  QObject::tr("name"));
  const QCommandLineOption epochs("epochs", QObject::tr("Number of epochs on the Train page."), QObject::tr("n"));
  const QCommandLineOption start("start", QObject::tr("Start training as soon as the data is read."));
  const QCommandLineOption open("open", QObject::tr("Show a saved model's curves on the Train page (repeatable)."),
                                QObject::tr("dir"));
  parser.addOptions({preset, epochs, start, open});
  parser.process(app);

  al::ui::MainWindow window;
  al::ui::TrainPage* train = window.trainPage();
  for (const QString& dir : parser.values(open)) train->openModel(dir);
  if (parser.isSet(preset)) train->setPreset(parser.value(preset));
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
  window.show();
  return QApplication::exec();
}
