// attentionlab-session-memory: the resident memory of a long session on the Train page. It trains 30 runs of the
// tiny preset and then 3 of the classroom preset (one epoch each: what a finished run keeps does not depend on how
// long it trained) on the built-in reviews, as a lecturer would by pressing Start, and prints the resident set
// size after each run. Every finished run stays in the runs list, as in the app; a run keeps its history and its
// best weights, not what training needed (activations, gradients, optimizer state).
//
//   QT_QPA_PLATFORM=offscreen attentionlab-session-memory [TINY_RUNS] [CLASSROOM_RUNS]
//
// Exits with 1 when the memory after the last run is more than 1.5 times that after the first classroom run.
#include <QApplication>
#include <QFile>
#include <QPushButton>
#include <QTest>

#include <cstdio>
#include <cstdlib>

#include "ui/widgets/runs_list.h"
#include "ui/pages/train_page.h"

namespace {

double residentMegabytes() {
  QFile status(QStringLiteral("/proc/self/status"));
  if (!status.open(QIODevice::ReadOnly)) return 0;
  for (const QByteArray& line : status.readAll().split('\n'))
    if (line.startsWith("VmRSS:")) return line.mid(6).trimmed().split(' ').front().toDouble() / 1024;
  return 0;
}

// One run with the built-in reviews, started by Start; false when it did not end well within 30 minutes.
bool trainOne(al::ui::TrainPage& page, const QString& preset, int epochs) {
  page.setPreset(preset);
  page.setParameter(QStringLiteral("epochs"), epochs);
  page.findChild<QPushButton*>(QStringLiteral("start"))->click();
  return QTest::qWaitFor([&] { return !page.isTraining(); }, 30 * 60 * 1000) && page.errorText().isEmpty();
}

}  // namespace

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QCoreApplication::setOrganizationName(QStringLiteral("AttentionLabSessionMemory"));  // not the user's settings
  const int tinyRuns = argc > 1 ? std::atoi(argv[1]) : 30;
  const int classroomRuns = argc > 2 ? std::atoi(argv[2]) : 3;
  al::ui::TrainPage page;
  page.setTask(al::ui::TaskKind::ImdbTransformer);
  page.setDataSource(QStringLiteral("builtin"));
  if (!QTest::qWaitFor([&] { return page.dataCardReady(); }, 60000)) return 2;
  std::printf("run  preset     runs listed  resident MB\n");
  std::printf("   0  (none)              0  %8.1f\n", residentMegabytes());
  double firstClassroom = 0, last = 0;
  for (int i = 1; i <= tinyRuns + classroomRuns; ++i) {
    const bool classroom = i > tinyRuns;
    const QString preset = classroom ? QStringLiteral("classroom") : QStringLiteral("tiny");
    if (!trainOne(page, preset, classroom ? 1 : 2)) {
      std::fprintf(stderr, "run %d failed: %s\n", i, qPrintable(page.errorText()));
      return 2;
    }
    last = residentMegabytes();
    if (classroom && firstClassroom == 0) firstClassroom = last;
    std::printf("%4d  %-9s  %11d  %8.1f\n", i, qPrintable(preset), page.runs()->runCount(), last);
    std::fflush(stdout);
  }
  if (firstClassroom > 0) std::printf("last / after the first classroom run: %.2f\n", last / firstClassroom);
  return firstClassroom > 0 && last > 1.5 * firstClassroom ? 1 : 0;
}
