// Replays every seed input (corpus/<target>/) and every input that once broke a reader (regressions/<target>/)
// through the fuzz targets, compiled as the rest of the suite is: no libFuzzer needed. A target passes an input
// when the reader returned a valid value or threw al::InputError; the target checks that itself.
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "tests/fuzz/fuzz_targets.h"

namespace fs = std::filesystem;

namespace {

const fs::path kFuzzDir = fs::path(ATTENTIONLAB_SOURCE_DIR) / "tests" / "fuzz";

std::string readBytes(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

std::vector<fs::path> inputsOf(const fs::path& folder) {
  std::vector<fs::path> files;
  if (fs::is_directory(folder))
    for (const auto& item : fs::directory_iterator(folder))
      if (item.is_regular_file() && item.path().filename() != "README.md") files.push_back(item.path());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

class TestFuzzReplay : public QObject {
  Q_OBJECT

 private slots:
  void everyTargetHasASeedCorpus() {
    for (const al::fuzz::Target& target : al::fuzz::targets())
      QVERIFY2(inputsOf(kFuzzDir / "corpus" / target.name).size() >= 2,
               qPrintable(QString("tests/fuzz/corpus/%1 needs seed inputs").arg(target.name)));
  }

  void replay_data() {
    QTest::addColumn<QString>("target");
    QTest::addColumn<QString>("file");
    for (const al::fuzz::Target& target : al::fuzz::targets())
      for (const char* kind : {"corpus", "regressions"})
        for (const fs::path& file : inputsOf(kFuzzDir / kind / target.name))
          QTest::newRow(qPrintable(QString("%1/%2/%3").arg(kind, target.name, QString::fromStdString(file.filename().string()))))
              << QString(target.name) << QString::fromStdString(file.string());
  }

  void replay() {
    QFETCH(QString, target);
    QFETCH(QString, file);
    const std::string bytes = readBytes(file.toStdString());
    try {
      al::fuzz::target(target.toStdString()).run(bytes);
    } catch (const std::exception& e) {
      QFAIL(qPrintable(QString("%1 threw %2: %3").arg(file, typeid(e).name(), e.what())));
    }
  }
};

QTEST_GUILESS_MAIN(TestFuzzReplay)
#include "test_fuzz_replay.moc"
