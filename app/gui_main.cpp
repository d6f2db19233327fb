// attentionlab: the desktop app.
#include <QApplication>

#include "ui/main_window.h"

int main(int argc, char* argv[]) {
  QApplication app(argc, argv);
  QApplication::setApplicationName("AttentionLab");
  QApplication::setOrganizationName("AttentionLab");
  QApplication::setApplicationVersion(ATTENTIONLAB_VERSION);
  al::ui::MainWindow window;
  window.show();
  return QApplication::exec();
}
