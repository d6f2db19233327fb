// The train command's options are the core's hyper-parameter schema: every parameter has its option, and the
// schema's ranges are the command line's.
#include <QtTest>

#include "core/train/hyperparameters.h"
#include "tests/cli/cli_runner.h"

using namespace al;
using namespace al::test;

class TestCliOptions : public QObject {
  Q_OBJECT
 private slots:
  void everyParameterHasItsOption() {
    const CliRun help = runCli({"train", "--help"});
    QCOMPARE(help.exitCode, 0);
    for (const TaskSchema& schema : taskSchemas())
      for (const HyperParameterSpec& spec : schema.parameters)
        QVERIFY2(help.out.contains(QByteArray::fromStdString(spec.option)), spec.option.c_str());
  }

  void rangesAreTheSchemas() {
    const QStringList outOfRange[] = {{"--validation-split", "0.95"}, {"--dropout", "0.99"}, {"--epochs", "0"},
                                      {"--position", "diagonal"}, {"--max-length", "2"}, {"--lr", "1e30"}};
    for (const QStringList& option : outOfRange) {
      const QStringList args = QStringList{"train", "imdb"} + option;
      QCOMPARE(runCli(args).exitCode, 2);
    }
  }
};

QTEST_GUILESS_MAIN(TestCliOptions)
#include "test_cli_options.moc"
