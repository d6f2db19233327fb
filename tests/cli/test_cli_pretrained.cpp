// The commands of pretrained Hugging Face folders, run through the real attentionlab-cli on the golden folders
// (tests/reference/golden, values from an independent PyTorch reference): inspect, fill, next-sentence,
// generate and tokenize with their --json shapes and values; inspect of the app's own models; the folders and
// commands the contract refuses (exit 3, naming the file and what is wrong); and `download model` against a
// local HTTP server standing in for the Hugging Face hub ($HF_ENDPOINT).
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <cstring>
#include <functional>
#include <nlohmann/json.hpp>

#include "tests/cli/cli_fixtures.h"
#include "tests/local_http_server.h"

using namespace al::test;
using nlohmann::json;

namespace {

constexpr double kTolerance = 1e-4;

// Runs the CLI expecting a refusal: exit 3 and every one of mentions in the message.
void verifyRefused(const QStringList& args, const QStringList& mentions) {
  const CliRun run = runCli(args);
  QVERIFY2(run.exitCode == 3, qPrintable(al::test::describe(run, args)));
  for (const QString& m : mentions) QVERIFY2(QString::fromUtf8(run.err).contains(m), qPrintable(m + " not in: " + run.err));
}

// Every number of two nested arrays agrees within the tolerance.
bool near(const json& a, const json& b) {
  if (a.is_array() != b.is_array()) return false;
  if (!a.is_array()) return std::abs(a.get<double>() - b.get<double>()) <= kTolerance * std::max(1.0, std::abs(b.get<double>()));
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!near(a[i], b[i])) return false;
  return true;
}

// A copy of a golden folder that a test may change.
QString copyOf(const QString& name, const QString& to) {
  QDir().mkpath(to);
  for (const QString& file : QDir(golden(name)).entryList(QDir::Files)) QFile::copy(golden(name) + "/" + file, to + "/" + file);
  return to;
}

// Rewrites one tensor of a safetensors file (its dtype, shape and bytes, through edit) and lays the file out again.
void editTensor(const QString& file, const std::string& name, const std::function<void(json& entry, std::string& bytes)>& edit) {
  const std::string all = al::test::readAll(file).toStdString();
  uint64_t headerBytes = 0;
  std::memcpy(&headerBytes, all.data(), 8);  // little-endian machine
  const json header = json::parse(all.substr(8, headerBytes));
  nlohmann::ordered_json out;
  std::string data;
  for (const auto& [key, entry] : header.items()) {
    if (key == "__metadata__") continue;
    const uint64_t begin = entry["data_offsets"][0], end = entry["data_offsets"][1];
    json kept = {{"dtype", entry["dtype"]}, {"shape", entry["shape"]}};
    std::string bytes = all.substr(8 + headerBytes + begin, end - begin);
    if (key == name) edit(kept, bytes);
    out[key] = {{"dtype", kept["dtype"]}, {"shape", kept["shape"]}, {"data_offsets", {data.size(), data.size() + bytes.size()}}};
    data += bytes;
  }
  std::string text = out.dump();
  text.append((8 - text.size() % 8) % 8, ' ');
  std::string bytes(8, '\0');
  const uint64_t length = text.size();
  std::memcpy(bytes.data(), &length, 8);
  al::test::writeFile(file, QByteArray::fromStdString(bytes + text + data));
}

// float32 bytes of count copies of value.
std::string floats(float value, size_t count) {
  std::string bytes(4 * count, '\0');
  for (size_t i = 0; i < count; ++i) std::memcpy(bytes.data() + 4 * i, &value, 4);
  return bytes;
}

// A refusal (exit 3, every mention in the message) that prints no number that is not one.
void verifyRefusedWithoutNan(const QStringList& args, const QStringList& mentions) {
  const CliRun run = runCli(args);
  QVERIFY2(run.exitCode == 3, qPrintable(al::test::describe(run, args)));
  for (const QString& m : mentions) QVERIFY2(QString::fromUtf8(run.err).contains(m), qPrintable(m + " not in: " + run.err));
  const QString out = QString::fromUtf8(run.out).toLower();
  QVERIFY2(!out.contains("nan") && !out.contains("null") && !out.contains("inf"), qPrintable(out));
}

QByteArray gitSha1(const QByteArray& bytes) {
  return QCryptographicHash::hash("blob " + QByteArray::number(bytes.size()) + '\0' + bytes, QCryptographicHash::Sha1).toHex();
}

}  // namespace

class TestCliPretrained : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

  // The hub's answers for one file of repository "tiny": a small file with its git ETag, or a large one with
  // X-Linked-Size and X-Linked-Etag (sha256 given: a wrong one for a test).
  static al::test::ServedFile hubFile(const QString& file, const QByteArray& body, bool large, QByteArray sha256 = {}) {
    al::test::ServedFile f;
    f.path = "/tiny/resolve/main/" + file;
    f.body = body;
    if (large)
      f.headers = "X-Linked-Size: " + QByteArray::number(body.size()) + "\r\nX-Linked-Etag: \"" +
                  (sha256.isEmpty() ? sha256Hex(body) : sha256) + "\"\r\n";
    else
      f.headers = "ETag: \"" + gitSha1(body) + "\"\r\n";
    return f;
  }

 private slots:
  void initTestCase() { QVERIFY(dir_.isValid()); }

  // Hostile folders, each with numbers that are not numbers: one NaN weight, layer_norm_eps 0 (0/0 on all-zero
  // inputs), finite weights of 3.4e38 that overflow. inspect, fill, generate and predict refuse them with exit 3 and
  // a message naming the tensor, the key or the layer, and never print nan, inf or null.
  void nonFiniteNumbersAreRefusedByName() {
    const QString nanBert = copyOf("bert-tiny", dir_.filePath("nan-bert"));
    editTensor(nanBert + "/model.safetensors", "encoder.layer.1.attention.self.key.weight",
               [](json&, std::string& b) { b.replace(20, 4, std::string("\x00\x00\xC0\x7F", 4)); });
    for (const QStringList& args : {QStringList{"inspect", "--model", nanBert, "the cat sat"},
                                    QStringList{"inspect", "--model", nanBert, "--json", "the cat sat"},
                                    QStringList{"fill", "--model", nanBert, "the [MASK] sat"},
                                    QStringList{"fill", "--model", nanBert, "--json", "the [MASK] sat"}})
      verifyRefusedWithoutNan(args, {"encoder.layer.1.attention.self.key.weight", "nan"});

    const QString zeroEps = copyOf("bert-tiny", dir_.filePath("eps-bert"));
    json config = readJson(zeroEps + "/config.json");
    config["layer_norm_eps"] = 0;
    al::test::writeFile(zeroEps + "/config.json", QByteArray::fromStdString(config.dump()));
    verifyRefusedWithoutNan({"fill", "--model", zeroEps, "--json", "the [MASK] sat"}, {"config.json", "layer_norm_eps"});

    const QString hugeBert = copyOf("bert-tiny", dir_.filePath("huge-bert"));
    for (const char* tensor : {"encoder.layer.1.attention.self.query.weight", "encoder.layer.1.attention.self.key.weight"})
      editTensor(hugeBert + "/model.safetensors", tensor, [](json&, std::string& b) { b = floats(3.4e38f, b.size() / 4); });
    verifyRefusedWithoutNan({"inspect", "--model", hugeBert, "--json", "the cat sat"}, {"encoder.layer.1", "overflow"});
    verifyRefusedWithoutNan({"fill", "--model", hugeBert, "the [MASK] sat"}, {"encoder.layer.1", "overflow"});

    const QString nanGpt = copyOf("gpt2-tiny", dir_.filePath("nan-gpt2"));
    editTensor(nanGpt + "/model.safetensors", "transformer.wte.weight",
               [](json&, std::string& b) { b.replace(2, 2, std::string("\x00\x7E", 2)); });
    verifyRefusedWithoutNan({"generate", "--model", nanGpt, "--json", "the cat"}, {"transformer.wte.weight", "nan"});

    const QString hugeGpt = copyOf("gpt2-tiny", dir_.filePath("huge-gpt2"));
    editTensor(hugeGpt + "/model.safetensors", "transformer.h.0.attn.c_attn.weight", [](json& entry, std::string& b) {
      entry["dtype"] = "F32";  // F16 holds at most 65504
      b = floats(3.4e38f, b.size() / 2);
    });
    verifyRefusedWithoutNan({"generate", "--model", hugeGpt, "the cat"}, {"h.0", "overflow"});
    verifyRefusedWithoutNan({"inspect", "--model", hugeGpt, "--json", "the cat"}, {"h.0", "overflow"});
  }

  // The app's own model directories: the same for a NaN weight and for embeddings whose sum overflows.
  void nonFiniteNumbersInOwnModelsAreRefusedByName() {
    const QString nanModel = copyOf("imdb/learned-layer", dir_.filePath("nan-imdb"));
    editTensor(nanModel + "/model.safetensors", "head.kernel",
               [](json&, std::string& b) { b.replace(4, 4, std::string("\x00\x00\xC0\x7F", 4)); });
    verifyRefusedWithoutNan({"predict", "--model", nanModel, "--json", "a good film"}, {"head.kernel", "nan"});

    const QString hugeModel = copyOf("imdb/learned-layer", dir_.filePath("huge-imdb"));
    for (const char* tensor : {"embedding.token", "embedding.position"})
      editTensor(hugeModel + "/model.safetensors", tensor, [](json&, std::string& b) { b = floats(3.4e38f, b.size() / 4); });
    verifyRefusedWithoutNan({"predict", "--model", hugeModel, "a good film"}, {"encoder.0", "overflow"});
    verifyRefusedWithoutNan({"inspect", "--model", hugeModel, "--json", "a good film"}, {"encoder.0", "overflow"});
  }

  void inspectBertGivesTheReferenceAttention() {
    const json expected = readJson(golden("bert-tiny/expected.json"))["samples"][1];  // "they played in the house"
    const json out = runJson({"inspect", "--model", golden("bert-tiny"), "--json", "they played in the house"});
    QCOMPARE(out["model_type"], json("bert"));
    QCOMPARE(out["tokens"], expected["tokens"]);
    QCOMPARE(out["ids"], expected["ids"]);
    QCOMPARE(out["layers"], json(2));
    QCOMPARE(out["heads"], json(2));
    QVERIFY(near(out["attention"], expected["attention"]));
  }

  void inspectGpt2GivesTheReferenceCausalAttention() {
    const json expected = readJson(golden("gpt2-tiny/expected.json"));
    const json out = runJson({"inspect", "--model", golden("gpt2-tiny"), "--json", "the cat sat on the"});
    QCOMPARE(out["model_type"], json("gpt2"));
    QCOMPARE(out["tokens"], expected["tokens"]);
    QCOMPARE(out["ids"], expected["ids"]);
    QVERIFY(near(out["attention"], expected["attention"]));
    QCOMPARE(out["attention"][0][0][0][1].get<double>(), 0.0);  // the first token sees only itself
  }

  void inspectReadsTheAppsOwnSelfAttentionModels() {
    for (const QString& dir : {golden("imdb/learned-layer"), golden("masked-lm/learned-layer")}) {
      const json out = runJson({"inspect", "--model", dir, "--json", "the movie was good"});
      const json config = readJson(dir + "/config.json");
      QCOMPARE(out["model_type"], config["task"]);
      QVERIFY(out["tokens"].size() >= 1);
      QCOMPARE(out["attention"].size(), out["layers"].get<size_t>());
      QCOMPARE(out["attention"][0].size(), out["heads"].get<size_t>());
      QCOMPARE(out["attention"][0][0].size(), out["tokens"].size());
    }
  }

  void tokenizeListsWhatInspectReads() {
    const json bert = readJson(golden("bert-tiny/expected.json"))["samples"][1];
    json out = runJson({"tokenize", "--model", golden("bert-tiny"), "--json", "they played in the house"});
    QCOMPARE(out["tokenizer"], json("wordpiece"));
    QCOMPARE(out["tokens"], bert["tokens"]);
    QCOMPARE(out["ids"], bert["ids"]);
    const json gpt = readJson(golden("gpt2-tiny/expected.json"));
    out = runJson({"tokenize", "--model", golden("gpt2-tiny"), "--json", "the cat sat on the"});
    QCOMPARE(out["tokenizer"], json("byte-level-bpe"));
    QCOMPARE(out["tokens"], gpt["tokens"]);
    QCOMPARE(out["ids"], gpt["ids"]);
  }

  void greedyGenerationIsTheReferences() {
    const json expected = readJson(golden("gpt2-tiny/expected.json"))["generation"];
    const json out = runJson({"generate", "--model", golden("gpt2-tiny"), "--json", "--max-new-tokens", "6", "the cat sat on the"});
    QCOMPARE(out["prompt_tokens"], readJson(golden("gpt2-tiny/expected.json"))["tokens"]);
    QCOMPARE(out["steps"].size(), size_t{6});
    QCOMPARE(out["tokens"].size(), size_t{6});
    QVERIFY(out["text"].is_string() && !out["text"].get<std::string>().empty());
    for (size_t i = 0; i < 6; ++i) {
      const json& step = out["steps"][i];
      QCOMPARE(step["id"], expected["ids"][i]);
      QCOMPARE(step["token"], out["tokens"][i]);
      // Temperature 0: the plain softmax of the reference's logits.
      QVERIFY(near(step["probability"], expected["steps"][i]["probability"]));
      QCOMPARE(step["top"].size(), size_t{10});
      QCOMPARE(step["top"][0]["token"], step["token"]);  // greedy: the best one
      for (size_t k = 1; k < 10; ++k) QVERIFY(step["top"][k]["probability"] <= step["top"][k - 1]["probability"]);
    }
  }

  void samplingIsSeededAndFiltered() {
    const QStringList args = {"generate", "--model", golden("gpt2-tiny"), "--json", "--max-new-tokens", "8",
                              "--temperature", "1.5", "--top-k", "3", "--seed", "11", "the cat"};
    const json a = runJson(args), b = runJson(args);
    QCOMPARE(a["tokens"], b["tokens"]);
    for (const json& step : a["steps"]) {
      double sum = 0;
      int kept = 0;
      for (const json& t : step["top"]) {
        sum += t["probability"].get<double>();
        kept += t["probability"].get<double>() > 0;
      }
      QCOMPARE(kept, 3);                        // top-k 3: the rest have probability 0
      QVERIFY(std::abs(sum - 1) < 1e-4);        // renormalised over the three
      QVERIFY(step["probability"].get<double>() > 0);
    }
  }

  void fillOnABertFolderLeavesSpecialTokensOut() {
    const json out = runJson({"fill", "--model", golden("bert-tiny"), "--json", "--top", "8", "the cat sat on the [MASK]."});
    QCOMPARE(out["tokens"].front(), json("[CLS]"));
    QCOMPARE(out["predictions"].size(), size_t{1});
    const json& p = out["predictions"][0];
    QCOMPARE(out["tokens"][p["position"].get<size_t>()], json("[MASK]"));
    QCOMPARE(p["top"].size(), size_t{8});
    for (const json& t : p["top"]) {
      const std::string token = t["token"];
      QVERIFY2(token.front() != '[' || token.back() != ']', token.c_str());
    }
    QCOMPARE(out["attention"].size(), size_t{2});
  }

  void refusals() {
    // A command for the other kind: exit 3, saying what the folder holds.
    verifyRefused({"generate", "--model", golden("bert-tiny"), "x"}, {"bert"});
    verifyRefused({"fill", "--model", golden("gpt2-tiny"), "x [MASK]"}, {"gpt2"});
    verifyRefused({"next-sentence", "--model", golden("bert-tiny"), "a", "b"}, {"next-sentence head"});
    verifyRefused({"fill", "--model", golden("bert-tiny"), "no blank here"}, {"[MASK]"});
    // A folder of another model_type.
    const QString llama = copyOf("bert-tiny", dir_.filePath("llama"));
    json config = readJson(llama + "/config.json");
    config["model_type"] = "llama";
    al::test::writeFile(llama + "/config.json", QByteArray::fromStdString(config.dump()));
    verifyRefused({"inspect", "--model", llama, "x"}, {"config.json", "llama", "bert", "gpt2"});
    // Pickle weights only.
    const QString pickle = copyOf("bert-tiny", dir_.filePath("pickle"));
    QVERIFY(QFile::rename(pickle + "/model.safetensors", pickle + "/pytorch_model.bin"));
    verifyRefused({"inspect", "--model", pickle, "x"}, {"pytorch_model.bin", "safetensors"});
    // Truncated weights.
    const QString cut = copyOf("gpt2-tiny", dir_.filePath("cut"));
    const QByteArray weights = al::test::readAll(cut + "/model.safetensors");
    al::test::writeFile(cut + "/model.safetensors", weights.left(weights.size() - 100));
    verifyRefused({"generate", "--model", cut, "the cat"}, {"model.safetensors"});
  }

  void downloadModelFetchesCheckedFilesAndTheFolderReads() {
    const QString folder = copyOf("bert-tiny", dir_.filePath("hub-source"));
    const QByteArray weights = al::test::readAll(folder + "/model.safetensors");
    al::test::LocalHttpServer hub(hubFile("model.safetensors", weights, true));
    for (const QString& f : {QStringLiteral("config.json"), QStringLiteral("vocab.txt"), QStringLiteral("tokenizer_config.json")})
      hub.addFile(hubFile(f, al::test::readAll(folder + "/" + f), false));
    qputenv("HF_ENDPOINT", QStringLiteral("http://127.0.0.1:%1").arg(hub.port()).toLatin1());
    const QStringList args = {"download", "model", "tiny", "--to", dir_.filePath("models")};
    const CliRun run = runCli(args);
    QVERIFY2(run.exitCode == 0, qPrintable(al::test::describe(run, args)));
    const QString downloaded = dir_.filePath("models/tiny");
    QCOMPARE(QString::fromUtf8(run.out).trimmed(), downloaded);
    QVERIFY(al::test::readAll(downloaded + "/model.safetensors") == weights);
    QVERIFY(!QFile::exists(downloaded + "/model.safetensors.part"));
    QVERIFY(hub.heads().contains("/tiny/resolve/main/config.json"));
    const json out = runJson({"inspect", "--model", downloaded, "--json", "they played in the house"});
    QCOMPARE(out["tokens"], readJson(golden("bert-tiny/expected.json"))["samples"][1]["tokens"]);
  }

  void aCutDownloadResumesAndABadOneLeavesNoModel() {
    const QString folder = golden("bert-tiny");
    const QByteArray weights = al::test::readAll(folder + "/model.safetensors");
    al::test::ServedFile large = hubFile("model.safetensors", weights, true);
    large.cutAnswers = 1;
    large.cutAt = weights.size() / 2;
    al::test::LocalHttpServer hub(large);
    for (const QString& f : {QStringLiteral("config.json"), QStringLiteral("vocab.txt")})
      hub.addFile(hubFile(f, al::test::readAll(folder + "/" + f), false));
    qputenv("HF_ENDPOINT", QStringLiteral("http://127.0.0.1:%1").arg(hub.port()).toLatin1());
    QStringList args = {"download", "model", "tiny", "--to", dir_.filePath("cut")};
    CliRun run = runCli(args);
    QVERIFY2(run.exitCode == 0, qPrintable(al::test::describe(run, args)));
    QVERIFY(al::test::readAll(dir_.filePath("cut/tiny/model.safetensors")) == weights);
    QVERIFY(hub.rangeStarts().size() >= 2 && hub.rangeStarts().last() > 0);  // asked again from where it stopped

    // The hub states another SHA-256: exit 1, and neither the weights nor config.json look complete.
    hub.setFile(hubFile("model.safetensors", weights, true, QByteArray(64, 'a')));
    args = {"download", "model", "tiny", "--to", dir_.filePath("bad")};
    run = runCli(args);
    QVERIFY2(run.exitCode == 1, qPrintable(al::test::describe(run, args)));
    QVERIFY(!QFile::exists(dir_.filePath("bad/tiny/model.safetensors")));
    QVERIFY(!QFile::exists(dir_.filePath("bad/tiny/config.json")));

    // A model of another type stops before any weights: exit 3.
    json config = readJson(folder + "/config.json");
    config["model_type"] = "t5";
    hub.addFile(hubFile("config.json", QByteArray::fromStdString(config.dump()), false));  // the later one is served
    const int before = static_cast<int>(hub.rangeStarts().size());
    args = {"download", "model", "tiny", "--to", dir_.filePath("t5")};
    run = runCli(args);
    QVERIFY2(run.exitCode == 3 && run.err.contains("t5"), qPrintable(al::test::describe(run, args)));
    QCOMPARE(static_cast<int>(hub.rangeStarts().size()), before);
    QVERIFY(!QFile::exists(dir_.filePath("t5/tiny/config.json")));
  }
};

QTEST_MAIN(TestCliPretrained)
#include "test_cli_pretrained.moc"
