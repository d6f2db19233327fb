#pragma once
// Runs the real attentionlab-cli in a child process, for the CLI tests.
#include <QFile>
#include <QProcess>
#include <QTest>
#include <QString>
#include <QStringList>

#include "tests/wait_budget.h"

namespace al::test {

struct CliRun {
  bool finished = false;
  int exitCode = -1;
  QByteArray out;
  QByteArray err;
};

inline CliRun runCli(const QStringList& arguments, int timeoutMs = 120000) {
  QProcess process;
  process.start(QStringLiteral(ATTENTIONLAB_CLI), arguments);
  CliRun run;
  run.finished = process.waitForStarted(waitBudgetMs(10000)) && process.waitForFinished(waitBudgetMs(timeoutMs));
  if (!run.finished) process.kill();
  process.waitForFinished(5000);
  run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
  run.out = process.readAllStandardOutput();
  run.err = process.readAllStandardError();
  return run;
}

inline QString describe(const CliRun& run, const QStringList& arguments) {
  return QStringLiteral("attentionlab-cli %1\n  finished: %2, exit code %3\n  stderr: %4")
      .arg(arguments.join(u' '), run.finished ? "yes" : "no (timeout)", QString::number(run.exitCode),
           QString::fromUtf8(run.err.right(2000)));
}

// A whole file, or nothing if it cannot be read.
inline QByteArray readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Writes a test input file; fails the current test if it cannot.
inline void writeFile(const QString& path, const QByteArray& bytes) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
  f.write(bytes);
}

}  // namespace al::test
