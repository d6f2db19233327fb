#pragma once
// What several CLI tests read: the golden folders of tests/reference, a run's --json output, and the small
// imdb-transformer of two layers of two heads that the head-switch and explanation tests train once.
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include "tests/cli/cli_runner.h"

namespace al::test {

// A folder or file of tests/reference/golden.
inline QString golden(const QString& name) {
  return QStringLiteral(ATTENTIONLAB_SOURCE_DIR "/tests/reference/golden/") + name;
}

inline nlohmann::json readJson(const QString& path) { return nlohmann::json::parse(readAll(path).toStdString()); }

// Runs the CLI and parses its --json output; fails the current test unless it exits 0.
inline nlohmann::json runJson(const QStringList& args) {
  const CliRun run = runCli(args);
  if (run.exitCode != 0) {
    QTest::qFail(qPrintable(describe(run, args)), __FILE__, __LINE__);
    return nlohmann::json();
  }
  return nlohmann::json::parse(run.out.toStdString());
}

inline QJsonObject jsonOf(const CliRun& run) { return QJsonDocument::fromJson(run.out).object(); }

// The tiny imdb-transformer with two layers of two heads (3 epochs, 2 threads) that a suite trains once, in a
// temporary folder that lives as long as the suite.
class TwoLayerImdb {
 public:
  // Fails the current test if training fails.
  void train() {
    QVERIFY(dir_.isValid());
    const QStringList args{"train", "imdb", "--preset", "tiny", "--layers", "2", "--epochs", "3", "--threads", "2",
                           "--out", path()};
    const CliRun run = runCli(args);
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run, args)));
  }
  QString path() const { return dir_.filePath("tiny2"); }

 private:
  QTemporaryDir dir_;
};

}  // namespace al::test
