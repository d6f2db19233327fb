// training.json: what a model directory keeps of its training (settings, kept epoch, test score).
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

#include "core/error.h"
#include "core/io/training_record.h"

using namespace al;

class TestTrainingRecord : public QObject {
  Q_OBJECT
 private slots:
  void writtenAndReadBack() {
    QTemporaryDir dir;
    const std::filesystem::path model = dir.path().toStdString();
    QVERIFY(!io::readTrainingRecordIfPresent(model));  // optional: a directory without it is fine
    io::TrainingRecord record;
    record.settings = {{"task", "imdb-transformer"}, {"data", "builtin"}, {"seed", 7}};
    record.keptEpoch = 3;
    record.test = io::TrainingRecord::Test{0.25, 0.875, false};
    io::writeTrainingRecord(model / "training.json", record);
    const auto read = io::readTrainingRecordIfPresent(model);
    QVERIFY(read);
    QCOMPARE(read->settings, record.settings);
    QCOMPARE(read->keptEpoch, 3);
    QVERIFY(read->test);
    QCOMPARE(read->test->accuracy, 0.875);
    QCOMPARE(read->test->loss, 0.25);
    QCOMPARE(read->test->heldOut, false);
  }

  void aMalformedFileNamesItsField() {
    QTemporaryDir dir;
    const std::filesystem::path file = dir.filePath("training.json").toStdString();
    std::ofstream(file) << R"({"settings": {}, "test": {"loss": 0.3, "accuracy": "high"}})";
    try {
      io::readTrainingRecord(file);
      QFAIL("a text accuracy was accepted");
    } catch (const InputError& e) {
      const std::string message = e.what();
      QVERIFY2(message.find("training.json") != std::string::npos && message.find("accuracy") != std::string::npos,
               e.what());
    }
    std::ofstream(file, std::ios::trunc) << "[1, 2]";
    QVERIFY_THROWS_EXCEPTION(InputError, io::readTrainingRecord(file));
  }
};

QTEST_APPLESS_MAIN(TestTrainingRecord)
#include "test_training_record.moc"
