// The errors the core throws at a person's files and sentences carry a kind and the fields their English message
// was made of (core/error.h), so that the app can word them in the reader's language. One representative site
// of each family: a truncated safetensors file, a wrong tensor shape, a data line that is not UTF-8, a missing
// JSON field, a bad vocabulary line, an empty sentence. The English message stays what the command line prints.
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include "core/data/dialogs.h"
#include "core/data/imdb_sources.h"
#include "core/error.h"
#include "core/io/json_fields.h"
#include "core/io/safetensors.h"
#include "core/io/vocabulary_file.h"
#include "core/parameters.h"
#include "core/teaching/attention_steps.h"

using namespace al;
namespace fs = std::filesystem;

namespace {

// The al::Error that read() throws; kind Other with "NO ERROR" if it throws none.
struct Caught {
  ErrorKind kind = ErrorKind::Other;
  ErrorFields fields;
  std::string message = "NO ERROR";
  bool input = false;
};

Caught caught(const std::function<void()>& read) {
  try {
    read();
  } catch (const Error& e) {
    return {e.kind(), e.fields(), e.what(), dynamic_cast<const InputError*>(&e) != nullptr};
  }
  return {};
}

void writeFile(const fs::path& file, const std::string& bytes) {
  fs::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes;
}

}  // namespace

class TestErrorKinds : public QObject {
  Q_OBJECT

  fs::path dir_;

 private slots:
  void init() {
    dir_ = fs::temp_directory_path() / ("al_error_kinds_" + std::to_string(QCoreApplication::applicationPid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void cleanup() { fs::remove_all(dir_); }

  void aTruncatedSafetensorsFileSaysSoAndNamesTheFile() {
    const fs::path file = dir_ / "model.safetensors";
    io::writeSafetensors(file, {{"w", {2, 3}, {1, 2, 3, 4, 5, 6}}});
    std::ifstream in(file, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string cut = bytes.substr(0, bytes.size() - 8);  // the last two floats are gone

    const Caught c = caught([&] { io::parseSafetensors(cut, "model.safetensors"); });
    QVERIFY2(c.kind == ErrorKind::SafetensorsTruncated, c.message.c_str());
    QVERIFY(c.input);
    QCOMPARE(c.fields.file, std::string("model.safetensors"));
    QCOMPARE(c.fields.name, std::string("w"));
    QVERIFY2(c.message.find("the file is truncated") != std::string::npos, c.message.c_str());

    const Caught tooShort = caught([&] { io::parseSafetensors(bytes.substr(0, 5), "model.safetensors"); });
    QVERIFY2(tooShort.kind == ErrorKind::SafetensorsTruncated, tooShort.message.c_str());
  }

  void aTensorOfAnotherShapeNamesBothShapes() {
    ParameterSet params;
    params.add("w", {2, 3});
    const Caught c = caught([&] { io::assignParameters(params, {{"w", {3, 2}, std::vector<float>(6)}}, "m.safetensors"); });
    QVERIFY2(c.kind == ErrorKind::TensorWrongShape, c.message.c_str());
    QCOMPARE(c.fields.name, std::string("w"));
    QCOMPARE(c.fields.expected, std::string("[2, 3]"));
    QCOMPARE(c.fields.found, std::string("[3, 2]"));
  }

  void aDataLineThatIsNotUtf8NamesItsFileAndLine() {
    const fs::path tsv = dir_ / "latin1.tsv";
    writeFile(tsv, "1\tA fine film\n0\tcaf\xe9 was dull\n");
    const Caught c = caught([&] { loadImdbSource(tsv.string()); });
    QVERIFY2(c.kind == ErrorKind::NotUtf8, c.message.c_str());
    QCOMPARE(c.fields.file, tsv.string());
    QVERIFY(c.fields.line.has_value());
    QCOMPARE(*c.fields.line, int64_t{2});
    QVERIFY2(c.message.find("line 2") != std::string::npos, c.message.c_str());  // the English stays as it was

    const Caught dialog = caught([&] { parseDialogs("hi\thello\nbye\tsee \xff you\n", "dialogs.tsv"); });
    QVERIFY2(dialog.kind == ErrorKind::NotUtf8, dialog.message.c_str());
    QCOMPARE(dialog.fields.file, std::string("dialogs.tsv"));
    QCOMPARE(dialog.fields.line.value_or(0), int64_t{2});
  }

  void aDialogLineWithoutATabNamesItsLine() {
    const Caught c = caught([&] { parseDialogs("hi\thello\nno tab here\n", "dialogs.tsv"); });
    QVERIFY2(c.kind == ErrorKind::DialogLine, c.message.c_str());
    QCOMPARE(c.fields.line.value_or(0), int64_t{2});
  }

  void aMissingJsonFieldNamesTheField() {
    const nlohmann::json config = {{"format", "attentionlab-model"}};
    const Caught c = caught([&] { io::requireString(config, "task", "config.json"); });
    QVERIFY2(c.kind == ErrorKind::JsonMissingKey, c.message.c_str());
    QCOMPARE(c.fields.file, std::string("config.json"));
    QCOMPARE(c.fields.name, std::string("task"));
    QCOMPARE(c.message, std::string("config.json: field \"task\" is missing"));

    const Caught wrongType = caught([&] { io::requireInt({{"units", "many"}}, "units", "config.json"); });
    QVERIFY2(wrongType.kind == ErrorKind::JsonWrongType, wrongType.message.c_str());
    QCOMPARE(wrongType.fields.name, std::string("units"));
  }

  void aModelDirectoryWithoutConfigSaysItIsNoModel() {
    const Caught missing = caught([&] { io::readConfig(dir_ / "nowhere", ""); });
    QVERIFY2(missing.kind == ErrorKind::ModelDirMissing, missing.message.c_str());
    QCOMPARE(missing.fields.file, (dir_ / "nowhere").string());
    const Caught empty = caught([&] { io::readConfig(dir_, ""); });
    QVERIFY2(empty.kind == ErrorKind::NotModelDir, empty.message.c_str());
  }

  void aBadVocabularyLineNamesItsLine() {
    const Caught c = caught([&] { io::parseVocabulary("\n[UNK]\nfilm\nfilm\n", "vocab.txt"); });
    QVERIFY2(c.kind == ErrorKind::VocabularyBadLine, c.message.c_str());
    QCOMPARE(c.fields.file, std::string("vocab.txt"));
    QCOMPARE(c.fields.line.value_or(0), int64_t{4});
  }

  void anEmptySentenceIsOfItsOwnKind() {
    const auto walker = teaching::EncoderLayerWalkthrough::toy({8, 2, 16, PositionKind::Sinusoidal, 1, 32});
    const Caught c = caught([&] { walker.read("... !!!"); });
    QVERIFY2(c.kind == ErrorKind::EmptySentence, c.message.c_str());
    QVERIFY(c.input);
  }

  void aMessageAloneIsOfKindOther() {
    const Caught c = caught([] { throw RunError("an internal check"); });
    QVERIFY(c.kind == ErrorKind::Other);
    QVERIFY(!c.input);
    QCOMPARE(c.message, std::string("an internal check"));
  }
};

QTEST_GUILESS_MAIN(TestErrorKinds)
#include "test_error_kinds.moc"
