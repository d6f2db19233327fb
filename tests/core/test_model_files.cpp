// The model directory's files: model.safetensors, config.json fields, vocabulary files, history.json, and the
// staged writing that keeps the previous model when something fails.
// Malformed files are written byte by byte here, never by the code under test.
#include <QtTest>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "core/catalogue/model_catalogue.h"
#include "core/error.h"
#include "core/inference/imdb_transformer_inference.h"
#include "core/io/atomic_directory.h"
#include "core/io/history.h"
#include "core/io/json_fields.h"
#include "core/io/model_directory.h"
#include "core/io/safetensors.h"
#include "core/io/vocabulary_file.h"
#include "core/models/transformer_config.h"
#include "core/parameters.h"
#include "tests/core/input_error_of.h"

using namespace al;
using namespace al::io;
using al::test::inputErrorOf;
namespace fs = std::filesystem;

namespace {

void writeBytes(const fs::path& file, const std::string& bytes) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

std::string readBytes(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// An 8-byte little-endian length, spelled out byte by byte.
std::string lengthField(uint64_t n) {
  std::string bytes;
  for (int i = 0; i < 8; ++i) bytes.push_back(static_cast<char>((n >> (8 * i)) & 0xFF));
  return bytes;
}

// A safetensors file from a header text and data bytes (declaredLength, if given, replaces the true length).
std::string safetensorsBytes(const std::string& header, const std::string& data,
                             std::optional<uint64_t> declaredLength = std::nullopt) {
  return lengthField(declaredLength.value_or(header.size())) + header + data;
}

std::string zeros(size_t n) { return std::string(n, '\0'); }

bool sameBits(float a, float b) { return std::bit_cast<uint32_t>(a) == std::bit_cast<uint32_t>(b); }

// Names in a directory (hidden ones too): a staged write must leave nothing behind.
QStringList entriesOf(const fs::path& dir) {
  QStringList names;
  for (const auto& e : fs::directory_iterator(dir)) names << QString::fromStdString(e.path().filename().string());
  names.sort();
  return names;
}

// The model directories written by the independent reference script (tests/reference/imdb_reference.py).
std::vector<fs::path> referenceModels() {
  std::vector<fs::path> models;
  for (const auto& e : fs::directory_iterator(fs::path(ATTENTIONLAB_SOURCE_DIR) / "tests/reference/golden/imdb"))
    if (e.is_directory()) models.push_back(e.path());
  std::sort(models.begin(), models.end());
  return models;
}

// The tensors of an imdb-transformer, as the table of the model format lists them.
void registerContractTensors(ParameterSet& params, const nlohmann::json& config) {
  const int64_t V = config["vocab_size"], T = config["sequence_length"], D = config["embed_dim"];
  const int64_t H = config["num_heads"], K = config["key_dim"], F = config["dense_dim"], L = config["num_layers"];
  const bool batchNorm = config["norm"] == "batch";
  params.add("embedding.token", {V, D});
  if (config["position"] == "learned") params.add("embedding.position", {T, D});
  for (int64_t i = 0; i < L; ++i) {
    const std::string layer = "encoder." + std::to_string(i) + ".";
    for (const char* projection : {"query", "key", "value"}) {
      params.add(layer + "attention." + projection + ".kernel", {D, H * K});
      params.add(layer + "attention." + projection + ".bias", {H * K});
    }
    params.add(layer + "attention.output.kernel", {H * K, D});
    params.add(layer + "attention.output.bias", {D});
    for (const char* norm : {"norm1", "norm2"}) {
      params.add(layer + norm + ".gamma", {D});
      params.add(layer + norm + ".beta", {D});
      if (batchNorm) {
        params.add(layer + norm + ".moving_mean", {D}, false);
        params.add(layer + norm + ".moving_variance", {D}, false);
      }
    }
    params.add(layer + "ffn.dense1.kernel", {D, F});
    params.add(layer + "ffn.dense1.bias", {F});
    params.add(layer + "ffn.dense2.kernel", {F, D});
    params.add(layer + "ffn.dense2.bias", {D});
  }
  params.add("head.kernel", {D, 1});
  params.add("head.bias", {1});
}

void writeOldModel(const fs::path& dir) {
  fs::create_directories(dir);
  writeBytes(dir / "config.json", "{\"old\": true}");
  writeBytes(dir / "vocab.txt", "\n[UNK]\nold\n");
}

// The id of a process that has ended: a writer that was killed.
pid_t deadProcessId() {
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  ::waitpid(child, nullptr, 0);
  return child;
}

// Whether dir holds a staging directory in which model.safetensors is being written (its temporary has bytes).
bool weightsBeingStaged(const fs::path& dir) {
  std::error_code ec;
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.starts_with(".model.safetensors.tmp-") && it->path().parent_path().filename().string().starts_with(".model.staging-") &&
        fs::file_size(it->path(), ec) > 0 && !ec)
      return true;
  }
  return false;
}

}  // namespace

class TestModelFiles : public QObject {
  Q_OBJECT

  QTemporaryDir tmp_;
  fs::path dir() const { return fs::path(tmp_.path().toStdString()); }

 private slots:
  // ---------------------------------------------------------------- safetensors

  void readsAFileWrittenByHand() {
    // Two tensors, stored in the data section in the opposite order of the header, plus metadata:
    //   "b" [2]    = {1.0, 2.0}    bytes 0..8    (1.0f = 0x3F800000, 2.0f = 0x40000000)
    //   "a" [1, 2] = {-0.5, 0.25}  bytes 8..16   (-0.5f = 0xBF000000, 0.25f = 0x3E800000)
    const std::string header =
        R"({"__metadata__":{"format":"pt"},"a":{"dtype":"F32","shape":[1,2],"data_offsets":[8,16]},)"
        R"("b":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})";
    const std::string data = std::string("\x00\x00\x80\x3F" "\x00\x00\x00\x40" "\x00\x00\x00\xBF" "\x00\x00\x80\x3E", 16);
    const fs::path file = dir() / "by_hand.safetensors";
    writeBytes(file, safetensorsBytes(header, data));

    const std::vector<Tensor> tensors = readSafetensors(file);
    QCOMPARE(tensors.size(), size_t(2));
    QCOMPARE(tensors[0].name, std::string("b"));  // data-section order
    QCOMPARE(tensors[0].shape, (std::vector<int64_t>{2}));
    QCOMPARE(tensors[0].values, (std::vector<float>{1.0f, 2.0f}));
    QCOMPARE(tensors[1].name, std::string("a"));
    QCOMPARE(tensors[1].shape, (std::vector<int64_t>{1, 2}));
    QCOMPARE(tensors[1].values, (std::vector<float>{-0.5f, 0.25f}));
  }

  void writesTheLayoutOfTheFormat() {
    const fs::path file = dir() / "layout.safetensors";
    writeSafetensors(file, {{"w", {2}, {1.0f, 2.0f}}});
    const std::string bytes = readBytes(file);
    QVERIFY(bytes.size() >= 8);
    uint64_t headerLength = 0;
    for (int i = 7; i >= 0; --i) headerLength = (headerLength << 8) | static_cast<unsigned char>(bytes[static_cast<size_t>(i)]);
    QCOMPARE(headerLength % 8, uint64_t(0));  // padded, so the data section is aligned
    QCOMPARE(bytes.size(), size_t(8 + headerLength + 8));
    const std::string header = bytes.substr(8, headerLength);
    QVERIFY2(header.starts_with(R"({"w":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})"), header.c_str());
    QVERIFY(header.find_first_not_of(' ', header.rfind('}') + 1) == std::string::npos);  // only spaces after the JSON
    QCOMPARE(bytes.substr(8 + headerLength), std::string("\x00\x00\x80\x3F" "\x00\x00\x00\x40", 8));
  }

  void roundTripsEveryValueBitForBit() {
    const float tiny = std::numeric_limits<float>::denorm_min();
    const std::vector<Tensor> written = {
        {"encoder.0.attention.query.kernel", {2, 3}, {1.5f, -2.25f, 0.0f, -0.0f, 3.0e38f, tiny}},
        {"head.bias", {1}, {-std::numeric_limits<float>::max()}},
        {"scalar", {}, {-1.0f}},
        {"empty", {0, 4}, {}},
        {"embedding.token", {3}, {7.0f, 8.0f, 9.0f}},
    };
    const fs::path file = dir() / "round_trip.safetensors";
    writeSafetensors(file, written);
    const std::vector<Tensor> read = readSafetensors(file);
    QCOMPARE(read.size(), written.size());
    for (const Tensor& w : written) {
      const auto r = std::find_if(read.begin(), read.end(), [&](const Tensor& t) { return t.name == w.name; });
      QVERIFY2(r != read.end(), w.name.c_str());
      QCOMPARE(r->shape, w.shape);
      QCOMPARE(r->values.size(), w.values.size());
      for (size_t i = 0; i < w.values.size(); ++i) QVERIFY2(sameBits(r->values[i], w.values[i]), w.name.c_str());
    }
  }

  // A model's weights are finite: one NaN or infinity in a file is named with its tensor and place.
  void refusesNonFiniteValues_data() {
    QTest::addColumn<float>("value");
    QTest::addColumn<QString>("named");
    QTest::newRow("nan") << std::numeric_limits<float>::quiet_NaN() << "nan";
    QTest::newRow("inf") << std::numeric_limits<float>::infinity() << "inf";
    QTest::newRow("-inf") << -std::numeric_limits<float>::infinity() << "-inf";
  }
  void refusesNonFiniteValues() {
    QFETCH(float, value);
    QFETCH(QString, named);
    const fs::path file = dir() / "non_finite.safetensors";
    std::vector<float> values(1000, 0.5f);
    values[700] = value;
    writeSafetensors(file, {{"embedding.token", {2}, {1.0f, 2.0f}}, {"encoder.0.ffn.dense1.kernel", {10, 100}, values}});
    try {
      readSafetensors(file);
      QFAIL("a file with a value that is not finite was read");
    } catch (const InputError& e) {
      QCOMPARE(e.kind(), ErrorKind::TensorNotFinite);
      QCOMPARE(e.fields().name, std::string("encoder.0.ffn.dense1.kernel"));
      QCOMPARE(QString::fromStdString(e.fields().found), named);
      const QString message = e.what();
      QVERIFY2(message.contains("non_finite.safetensors") && message.contains("value 701 of 1000"), qPrintable(message));
    }
  }

  // norm_epsilon 0 would divide by zero on a row of equal values (all-zero inputs): refused when the model is read.
  void refusesANormEpsilonOutOfRange() {
    for (const char* value : {"0", "-0.001", "1e-50", "2"}) {
      const nlohmann::json config = nlohmann::json::parse(std::string(R"({"norm_epsilon": )") + value + "}");
      try {
        optionalEpsilon(config, "norm_epsilon", 1e-3, "c.json");
        QFAIL(value);
      } catch (const InputError& e) {
        QCOMPARE(e.kind(), ErrorKind::JsonOutOfRange);
        QCOMPARE(e.fields().name, std::string("norm_epsilon"));
        QVERIFY2(QString(e.what()).contains("c.json"), e.what());
      }
    }
    QCOMPARE(optionalEpsilon(nlohmann::json::object(), "norm_epsilon", 1e-3, "c.json"), 1e-3f);
    QCOMPARE(optionalEpsilon(nlohmann::json{{"norm_epsilon", 1e-12}}, "norm_epsilon", 1e-3, "c.json"), 1e-12f);
  }

  // Finite weights so large that a product overflows: reading a text stops at the layer where it does, by name.
  void overflowingWeightsStopAtTheirLayer() {
    const fs::path model = dir() / "overflowing";
    fs::copy(fs::path(ATTENTIONLAB_SOURCE_DIR) / "tests/reference/golden/imdb/learned-layer", model);
    std::vector<Tensor> tensors = readSafetensors(model / "model.safetensors");
    bool changed = false;
    for (Tensor& t : tensors)
      if (t.name.starts_with("embedding.")) {  // token + position: 3.4e38 + 3.4e38 overflows to inf
        std::fill(t.values.begin(), t.values.end(), 3.4e38f);  // finite: the largest float is 3.40282e38
        changed = true;
      }
    QVERIFY(changed);
    writeSafetensors(model / "model.safetensors", tensors);
    const AnyModel loaded = loadModel(model);  // finite: it loads
    try {
      loaded.as<ImdbTransformerModel>()->model->predict(std::vector<int>{2, 3, 4, 5});
      QFAIL("an overflowing forward pass gave a prediction");
    } catch (const InputError& e) {
      QCOMPARE(e.kind(), ErrorKind::NonFiniteValue);
      QVERIFY2(e.fields().name.ends_with(".0"), e.what());  // the first layer, where the product overflows
      QVERIFY2(QString(e.what()).contains("overflow"), e.what());
    }
  }

  void refusesToWriteInconsistentTensors() {
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writeSafetensors(dir() / "x.safetensors", {{"w", {2, 2}, {1.0f}}}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             writeSafetensors(dir() / "x.safetensors", {{"w", {1}, {1.0f}}, {"w", {1}, {2.0f}}}));
    QVERIFY(!fs::exists(dir() / "x.safetensors"));
  }

  void rejectsMalformedSafetensors_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QStringList>("mustMention");
    const auto row = [](const char* name, const std::string& bytes, QStringList mention) {
      QTest::newRow(name) << QByteArray(bytes.data(), static_cast<qsizetype>(bytes.size())) << mention;
    };
    const auto entry = [](const char* name, const char* dtype, const char* shape, const char* offsets) {
      return std::string("\"") + name + "\":{\"dtype\":\"" + dtype + "\",\"shape\":" + shape + ",\"data_offsets\":" + offsets + "}";
    };
    row("shorter than 8 bytes", std::string("\x05\x00\x00", 3), {"too short"});
    row("empty file", "", {"too short"});
    row("header length beyond the file", safetensorsBytes("{}", "", 1000), {"1000", "larger than the file"});
    row("header length near 2^64", safetensorsBytes("{}", "", std::numeric_limits<uint64_t>::max() - 1), {"larger than the file"});
    row("header not JSON", safetensorsBytes("{\"w\": ", ""), {"not valid JSON"});
    row("header not an object", safetensorsBytes("[1, 2]", ""), {"not a JSON object"});
    row("dtype F16", safetensorsBytes("{" + entry("weights", "F16", "[2]", "[0,4]") + "}", zeros(4)), {"\"weights\"", "F16"});
    row("dtype F64", safetensorsBytes("{" + entry("w64", "F64", "[1]", "[0,8]") + "}", zeros(8)), {"\"w64\"", "F64"});
    row("dtype missing", safetensorsBytes(R"({"w":{"shape":[1],"data_offsets":[0,4]}})", zeros(4)), {"\"w\"", "dtype"});
    row("shape missing", safetensorsBytes(R"({"w":{"dtype":"F32","data_offsets":[0,4]}})", zeros(4)), {"\"w\"", "shape"});
    row("negative dimension", safetensorsBytes("{" + entry("w", "F32", "[-1]", "[0,4]") + "}", zeros(4)), {"\"w\"", "shape"});
    row("offsets missing", safetensorsBytes(R"({"w":{"dtype":"F32","shape":[1]}})", zeros(4)), {"\"w\"", "data_offsets"});
    row("offsets negative", safetensorsBytes("{" + entry("w", "F32", "[1]", "[-4,0]") + "}", zeros(4)), {"\"w\"", "data_offsets"});
    row("offsets reversed", safetensorsBytes("{" + entry("w", "F32", "[1]", "[4,0]") + "}", zeros(4)), {"\"w\"", "[4, 0]"});
    row("offsets beyond the data", safetensorsBytes("{" + entry("w", "F32", "[4]", "[0,16]") + "}", zeros(8)),
        {"\"w\"", "truncated"});
    row("truncated data", safetensorsBytes("{" + entry("a", "F32", "[1]", "[0,4]") + "," + entry("b", "F32", "[2]", "[4,12]") + "}", zeros(9)),
        {"\"b\"", "truncated"});
    row("offsets do not match the shape", safetensorsBytes("{" + entry("w", "F32", "[3]", "[0,8]") + "}", zeros(8)),
        {"\"w\"", "[3]", "12"});
    row("huge shape", safetensorsBytes("{" + entry("w", "F32", "[4294967296,4294967296]", "[0,4]") + "}", zeros(4)), {"\"w\""});
    row("overlapping tensors", safetensorsBytes("{" + entry("a", "F32", "[2]", "[0,8]") + "," + entry("b", "F32", "[2]", "[4,12]") + "}", zeros(12)),
        {"\"a\"", "\"b\"", "overlap"});
    row("gap between tensors", safetensorsBytes("{" + entry("a", "F32", "[1]", "[0,4]") + "," + entry("b", "F32", "[1]", "[8,12]") + "}", zeros(12)),
        {"\"b\"", "belong to no tensor"});
    row("gap at the start", safetensorsBytes("{" + entry("a", "F32", "[1]", "[4,8]") + "}", zeros(8)), {"\"a\"", "belong to no tensor"});
    row("bytes after the last tensor", safetensorsBytes("{" + entry("a", "F32", "[1]", "[0,4]") + "}", zeros(8)),
        {"belong to no tensor"});
  }

  void rejectsMalformedSafetensors() {
    QFETCH(QByteArray, bytes);
    QFETCH(QStringList, mustMention);
    const fs::path file = dir() / "malformed.safetensors";
    writeBytes(file, bytes.toStdString());
    const QString message = inputErrorOf([&] { readSafetensors(file); });
    QVERIFY2(!message.isEmpty(), "no al::InputError");
    QVERIFY2(message.contains("malformed.safetensors"), qPrintable(message));
    for (const QString& part : mustMention) QVERIFY2(message.contains(part), qPrintable(message));
  }

  void reportsAMissingFile() {
    const QString message = inputErrorOf([&] { readSafetensors(dir() / "nowhere.safetensors"); });
    QVERIFY2(message.contains("nowhere.safetensors") && message.contains("does not exist"), qPrintable(message));
  }

  void referenceModelsArePresent() { QVERIFY(referenceModels().size() >= 2); }

  void readsTheReferenceModels_data() {
    QTest::addColumn<QString>("model");
    for (const fs::path& model : referenceModels())
      QTest::newRow(model.filename().string().c_str()) << QString::fromStdString(model.string());
  }

  void readsTheReferenceModels() {
    QFETCH(QString, model);
    const fs::path dirOfModel = model.toStdString();
    const nlohmann::json config = readConfig(dirOfModel, "imdb-transformer");
    const std::vector<std::string> vocabulary = readVocabularyFile(dirOfModel / "vocab.txt");
    QCOMPARE(static_cast<int64_t>(vocabulary.size()), config["vocab_size"].get<int64_t>());

    // Every tensor of the contract's table, with its shape, and nothing else.
    const std::vector<Tensor> tensors = readSafetensors(dirOfModel / "model.safetensors");
    ParameterSet params;
    registerContractTensors(params, config);
    assignParameters(params, tensors, "model.safetensors");
    QVERIFY(std::all_of(params.data().begin(), params.data().end(), [](float v) { return std::isfinite(v); }));
    QVERIFY(std::any_of(params.data().begin(), params.data().end(), [](float v) { return v != 0.0f; }));

    // The independent writer sorts the names and writes compact JSON, as ours does for tensors in that
    // order: writing back what was read must give the same bytes.
    writeSafetensors(dir() / "rewritten.safetensors", tensors);
    QVERIFY(readBytes(dir() / "rewritten.safetensors") == readBytes(dirOfModel / "model.safetensors"));
    writeVocabularyFile(dir() / "rewritten_vocab.txt", vocabulary);
    QVERIFY(readBytes(dir() / "rewritten_vocab.txt") == readBytes(dirOfModel / "vocab.txt"));
  }

  // ---------------------------------------------------------------- parameters <-> tensors

  void assignsParametersFromTensors() {
    ParameterSet params;
    const int kernel = params.add("dense.kernel", {2, 3});
    const int bias = params.add("dense.bias", {3});
    const std::vector<Tensor> tensors = {{"dense.bias", {3}, {7, 8, 9}}, {"dense.kernel", {2, 3}, {1, 2, 3, 4, 5, 6}}};
    assignParameters(params, tensors, "m.safetensors");
    QCOMPARE(params.value(kernel)(0, 2), 3.0f);  // row-major: [0][2] is the third value
    QCOMPARE(params.value(kernel)(1, 0), 4.0f);
    QCOMPARE(params.value(bias)(0, 1), 8.0f);

    // and back: the names, shapes and values of the file, in registration order
    const std::vector<Tensor> back = tensorsFromParameters(params);
    QCOMPARE(back.size(), size_t(2));
    QCOMPARE(back[0].name, std::string("dense.kernel"));
    QCOMPARE(back[0].shape, (std::vector<int64_t>{2, 3}));
    QCOMPARE(back[0].values, (std::vector<float>{1, 2, 3, 4, 5, 6}));
    QCOMPARE(back[1].shape, (std::vector<int64_t>{3}));
    QCOMPARE(back[1].values, (std::vector<float>{7, 8, 9}));
  }

  void parametersSurviveAFile() {
    ParameterSet saved;
    saved.add("encoder.0.norm1.gamma", {4});
    saved.add("head.kernel", {4, 1});
    for (size_t i = 0; i < saved.data().size(); ++i) saved.data()[i] = 0.5f * static_cast<float>(i) - 1.0f;
    const fs::path file = dir() / "params.safetensors";
    writeSafetensors(file, tensorsFromParameters(saved));

    ParameterSet loaded;
    loaded.add("encoder.0.norm1.gamma", {4});
    loaded.add("head.kernel", {4, 1});
    assignParameters(loaded, readSafetensors(file), file.string());
    QCOMPARE(loaded.data(), saved.data());
  }

  void rejectsMismatchedTensors_data() {
    QTest::addColumn<int>("which");
    QTest::addColumn<QStringList>("mustMention");
    QTest::newRow("missing") << 0 << QStringList{"\"dense.bias\"", "missing", "[3]"};
    QTest::newRow("wrong shape") << 1 << QStringList{"\"dense.kernel\"", "[3, 2]", "[2, 3]"};
    QTest::newRow("rank differs") << 2 << QStringList{"\"dense.bias\"", "[1, 3]", "[3]"};
    QTest::newRow("unknown extra") << 3 << QStringList{"\"dense.extra\"", "unknown"};
    QTest::newRow("twice") << 4 << QStringList{"\"dense.bias\"", "twice"};
  }

  void rejectsMismatchedTensors() {
    QFETCH(int, which);
    QFETCH(QStringList, mustMention);
    const Tensor kernel{"dense.kernel", {2, 3}, {1, 2, 3, 4, 5, 6}};
    const Tensor bias{"dense.bias", {3}, {7, 8, 9}};
    const std::vector<std::vector<Tensor>> cases = {
        {kernel},
        {{"dense.kernel", {3, 2}, {1, 2, 3, 4, 5, 6}}, bias},
        {kernel, {"dense.bias", {1, 3}, {7, 8, 9}}},
        {kernel, bias, {"dense.extra", {1}, {0}}},
        {kernel, bias, bias},
    };
    ParameterSet params;
    params.add("dense.kernel", {2, 3});
    params.add("dense.bias", {3});
    const QString message = inputErrorOf([&] { assignParameters(params, cases[static_cast<size_t>(which)], "model.safetensors"); });
    QVERIFY2(!message.isEmpty(), "no al::InputError");
    QVERIFY2(message.contains("model.safetensors"), qPrintable(message));
    for (const QString& part : mustMention) QVERIFY2(message.contains(part), qPrintable(message));
    for (float v : params.data()) QCOMPARE(v, 0.0f);  // nothing was copied from a bad file
  }

  // ---------------------------------------------------------------- config.json

  void readsConfigFields() {
    const nlohmann::json config = nlohmann::json::parse(
        R"({"embed_dim": 32, "heads_float": 4.0, "dropout": 0.5, "norm": "layer", "position": "learned", "none": null})");
    QCOMPARE(requireInt(config, "embed_dim", "c.json"), int64_t(32));
    QCOMPARE(requireInt(config, "heads_float", "c.json"), int64_t(4));
    QCOMPARE(requireNumber(config, "dropout", "c.json"), 0.5);
    QCOMPARE(requireNumber(config, "embed_dim", "c.json"), 32.0);
    QCOMPARE(requireString(config, "norm", "c.json"), std::string("layer"));
    QCOMPARE(requireOneOf(config, "position", {"learned", "sinusoidal", "none"}, "c.json"), std::string("learned"));
    QCOMPARE(optionalNumber(config, "norm_epsilon", 0.001, "c.json"), 0.001);
    QCOMPARE(optionalNumber(config, "none", 0.99, "c.json"), 0.99);  // null counts as absent
    QCOMPARE(optionalNumber(config, "dropout", 0.1, "c.json"), 0.5);
    QCOMPARE(optionalInt(config, "num_layers", 1, "c.json"), int64_t(1));
    QCOMPARE(optionalString(config, "pooling", "max", "c.json"), std::string("max"));
    QCOMPARE(optionalOneOf(config, "norm", {"layer", "batch"}, "batch", "c.json"), std::string("layer"));
  }

  // "activation" is optional: a file without it (every file written before it existed) is relu, and a relu model
  // writes no such field, so its config.json reads exactly as before; gelu is written and read back.
  void activationIsOptionalAndReluByDefault() {
    TransformerConfig relu;
    nlohmann::json written = toJson(relu);
    QVERIFY(!written.contains("activation"));
    QVERIFY(transformerConfigFromJson(written, "c.json").activation == ActivationKind::Relu);
    TransformerConfig gelu;
    gelu.activation = ActivationKind::Gelu;
    gelu.normEpsilon = 1e-12f;  // BERT's
    written = toJson(gelu);
    QCOMPARE(written["activation"].get<std::string>(), std::string("gelu"));
    const TransformerConfig read = transformerConfigFromJson(written, "c.json");
    QVERIFY(read.activation == ActivationKind::Gelu);
    QCOMPARE(read.normEpsilon, 1e-12f);
    written["activation"] = "swish";
    const QString message = inputErrorOf([&] { transformerConfigFromJson(written, "runs/x/config.json"); });
    QVERIFY2(message.contains("\"activation\"") && message.contains("swish"), qPrintable(message));
  }

  // "dropout" is a rate in [0, 1) as the model keeps it, a float: 0.99999999999 rounds to 1 and is refused too.
  void dropoutIsARateBelowOne() {
    const auto config = [](double rate) { return nlohmann::json{{"dropout", rate}}; };
    QCOMPARE(requireDropout(config(0.0), "c.json"), 0.0f);
    QCOMPARE(requireDropout(config(0.5), "c.json"), 0.5f);
    for (const double bad : {1.0, 0.99999999999, -0.1}) {
      const QString message = inputErrorOf([&] { requireDropout(config(bad), "runs/x/config.json"); });
      QVERIFY2(message.startsWith("runs/x/config.json") && message.contains("\"dropout\"") && message.contains("[0, 1)"),
               qPrintable(QString::number(bad, 'g', 12) + ": " + message));
    }
  }

  void rejectsBadConfigFields_data() {
    QTest::addColumn<int>("which");
    QTest::addColumn<QStringList>("mustMention");
    QTest::newRow("missing int") << 0 << QStringList{"\"num_heads\"", "missing"};
    QTest::newRow("int is text") << 1 << QStringList{"\"embed_dim\"", "integer", "\"wide\""};
    QTest::newRow("int is fraction") << 2 << QStringList{"\"dropout\"", "integer"};
    QTest::newRow("number is text") << 3 << QStringList{"\"embed_dim\"", "number"};
    QTest::newRow("string is number") << 4 << QStringList{"\"dropout\"", "string"};
    QTest::newRow("not one of") << 5 << QStringList{"\"norm\"", "\"layer\"", "\"batch\"", "\"group\""};
    QTest::newRow("optional but wrong") << 6 << QStringList{"\"norm\"", "\"group\""};
    QTest::newRow("below minimum") << 7 << QStringList{"\"num_layers\"", "at least 1"};
    QTest::newRow("beyond 64-bit") << 8 << QStringList{"\"huge\"", "integer"};
  }

  void rejectsBadConfigFields() {
    QFETCH(int, which);
    QFETCH(QStringList, mustMention);
    const nlohmann::json config = nlohmann::json::parse(R"({"embed_dim": "wide", "dropout": 0.5, "norm": "group", "num_layers": 0, "huge": 18446744073709551615})");
    const std::string file = "runs/x/config.json";
    const std::vector<std::function<void()>> reads = {
        [&] { requireInt(config, "num_heads", file); },
        [&] { requireInt(config, "embed_dim", file); },
        [&] { requireInt(config, "dropout", file); },
        [&] { requireNumber(config, "embed_dim", file); },
        [&] { requireString(config, "dropout", file); },
        [&] { requireOneOf(config, "norm", {"layer", "batch"}, file); },
        [&] { optionalOneOf(config, "norm", {"layer", "batch"}, "layer", file); },
        [&] { requireIntAtLeast(config, "num_layers", 1, file); },
        [&] { requireInt(config, "huge", file); },
    };
    const QString message = inputErrorOf(reads[static_cast<size_t>(which)]);
    QVERIFY2(message.startsWith("runs/x/config.json"), qPrintable(message));
    for (const QString& part : mustMention) QVERIFY2(message.contains(part), qPrintable(message));
  }

  void readsAConfigOfTheRightTask() {
    const fs::path model = dir() / "good-model";
    fs::create_directories(model);
    writeBytes(model / "config.json", R"({"format": "attentionlab-model", "version": 1, "task": "imdb-transformer", "embed_dim": 16})");
    const nlohmann::json config = readConfig(model, "imdb-transformer");
    QCOMPARE(config["embed_dim"].get<int>(), 16);
    QCOMPARE(readConfig(model, "")["task"].get<std::string>(), std::string("imdb-transformer"));  // any task
  }

  void rejectsBadConfigs_data() {
    QTest::addColumn<QString>("content");  // empty: no config.json at all
    QTest::addColumn<QStringList>("mustMention");
    QTest::newRow("no config.json") << QString() << QStringList{"no config.json"};
    QTest::newRow("not JSON") << "{\"format\": " << QStringList{"config.json", "not valid JSON"};
    QTest::newRow("not an object") << "[1]" << QStringList{"config.json", "object"};
    QTest::newRow("format missing") << R"({"version": 1, "task": "imdb-transformer"})" << QStringList{"\"format\"", "missing"};
    QTest::newRow("other format") << R"({"format": "keras", "version": 1, "task": "imdb-transformer"})"
                                  << QStringList{"\"format\"", "keras", "attentionlab-model"};
    QTest::newRow("version missing") << R"({"format": "attentionlab-model", "task": "imdb-transformer"})"
                                     << QStringList{"\"version\"", "missing"};
    QTest::newRow("newer version") << R"({"format": "attentionlab-model", "version": 2, "task": "imdb-transformer"})"
                                   << QStringList{"written by a newer AttentionLab", "2"};
    QTest::newRow("task missing") << R"({"format": "attentionlab-model", "version": 1})" << QStringList{"\"task\"", "missing"};
    QTest::newRow("other task") << R"({"format": "attentionlab-model", "version": 1, "task": "seq2seq-attention"})"
                                << QStringList{"holds a seq2seq-attention model, not an imdb-transformer model"};
  }

  void rejectsBadConfigs() {
    QFETCH(QString, content);
    QFETCH(QStringList, mustMention);
    const fs::path model = dir() / "bad-model";
    fs::remove_all(model);
    fs::create_directories(model);
    if (!content.isEmpty()) writeBytes(model / "config.json", content.toStdString());
    const QString message = inputErrorOf([&] { readConfig(model, "imdb-transformer"); });
    QVERIFY2(message.contains("bad-model"), qPrintable(message));
    for (const QString& part : mustMention) QVERIFY2(message.contains(part), qPrintable(message));
  }

  void reportsAMissingModelDirectory() {
    const QString missing = inputErrorOf([&] { readConfig(dir() / "no-such-model", ""); });
    QVERIFY2(missing.contains("no-such-model") && missing.contains("does not exist"), qPrintable(missing));
    writeBytes(dir() / "a-file", "x");
    const QString notDir = inputErrorOf([&] { readConfig(dir() / "a-file", ""); });
    QVERIFY2(notDir.contains("a-file") && notDir.contains("not a directory"), qPrintable(notDir));
  }

  void writesAConfigThatReadsBack() {
    const fs::path model = dir() / "written-config";
    fs::create_directories(model);
    writeConfig(model, {{"format", kModelFormat}, {"version", kModelFormatVersion}, {"task", "imdb-bigram"}, {"hidden_units", 16}});
    QCOMPARE(readConfig(model, "imdb-bigram")["hidden_units"].get<int>(), 16);
  }

  // ---------------------------------------------------------------- vocabulary files

  void readsAVocabularyFile() {
    const fs::path file = dir() / "vocab.txt";
    writeBytes(file, "\n[UNK]\nthe\nword1 word2\ncaf\xC3\xA9\n");
    QCOMPARE(readVocabularyFile(file), (std::vector<std::string>{"", "[UNK]", "the", "word1 word2", "caf\xC3\xA9"}));
    writeBytes(file, "\n[UNK]\nlast");  // no LF at the end: the last line is still a token
    QCOMPARE(readVocabularyFile(file), (std::vector<std::string>{"", "[UNK]", "last"}));
    writeBytes(file, "\n[UNK]\n\n");  // an empty line 2 repeats the padding token
    QVERIFY(!inputErrorOf([&] { readVocabularyFile(file); }).isEmpty());
  }

  void vocabularyRoundTrips() {
    const std::vector<std::string> tokens = {"", "[UNK]", "a", "b c", "\xE2\x82\xAC"};
    const fs::path file = dir() / "round_trip_vocab.txt";
    writeVocabularyFile(file, tokens);
    QCOMPARE(readBytes(file), std::string("\n[UNK]\na\nb c\n\xE2\x82\xAC\n"));
    QCOMPARE(readVocabularyFile(file), tokens);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writeVocabularyFile(file, {"[UNK]", ""}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writeVocabularyFile(file, {"", "[UNK]", "two\nlines"}));
  }

  void rejectsBadVocabularyFiles_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QStringList>("mustMention");
    QTest::newRow("empty file") << QByteArray("") << QStringList{"[UNK]"};
    QTest::newRow("line 0 not empty") << QByteArray("pad\n[UNK]\nthe\n") << QStringList{"line 1", "empty", "pad"};
    QTest::newRow("line 1 not [UNK]") << QByteArray("\nunk\nthe\n") << QStringList{"line 2", "[UNK]", "unk"};
    QTest::newRow("invalid UTF-8") << QByteArray("\n[UNK]\nthe\ncaf\xE9\n") << QStringList{"line 4", "UTF-8"};
    QTest::newRow("byte order mark") << QByteArray("\xEF\xBB\xBF\n[UNK]\n") << QStringList{"line 1", "BOM"};
    QTest::newRow("CRLF") << QByteArray("\n[UNK]\r\nthe\r\n") << QStringList{"line 2", "CR"};
    QTest::newRow("repeated token") << QByteArray("\n[UNK]\nthe\nand\nthe\n") << QStringList{"line 5", "\"the\"", "line 3"};
  }

  void rejectsBadVocabularyFiles() {
    QFETCH(QByteArray, bytes);
    QFETCH(QStringList, mustMention);
    const fs::path file = dir() / "bad_vocab.txt";
    writeBytes(file, bytes.toStdString());
    const QString message = inputErrorOf([&] { readVocabularyFile(file); });
    QVERIFY2(message.contains("bad_vocab.txt"), qPrintable(message));
    for (const QString& part : mustMention) QVERIFY2(message.contains(part), qPrintable(message));
  }

  // ---------------------------------------------------------------- history.json

  void historyRoundTripsWithAbsentValidation() {
    EpochRecord first;
    first.epoch = 1;
    first.loss = 0.6931471805599453;
    first.accuracy = 0.5;
    first.seconds = 12.25;  // no validation: NaN
    EpochRecord second{2, 0.25, 0.875, 0.375, 0.8125, 11.5};
    const fs::path file = dir() / "history.json";
    writeHistory(file, {first, second});

    const nlohmann::json raw = nlohmann::json::parse(readBytes(file));
    QVERIFY(raw.is_array() && raw.size() == 2);
    QVERIFY(raw[0]["val_loss"].is_null());
    QVERIFY(raw[0]["val_accuracy"].is_null());
    QCOMPARE(raw[1]["val_accuracy"].get<double>(), 0.8125);

    const std::vector<EpochRecord> read = readHistory(file);
    QCOMPARE(read.size(), size_t(2));
    QCOMPARE(read[0].epoch, 1);
    QCOMPARE(read[0].loss, first.loss);  // exactly: no digits lost
    QVERIFY(std::isnan(read[0].valLoss) && std::isnan(read[0].valAccuracy));
    QCOMPARE(read[1].valLoss, 0.375);
    QCOMPARE(read[1].seconds, 11.5);
  }

  void rejectsBadHistory_data() {
    QTest::addColumn<QString>("content");
    QTest::addColumn<QStringList>("mustMention");
    QTest::newRow("not an array") << R"({"epoch": 1})" << QStringList{"array"};
    QTest::newRow("loss missing") << R"([{"epoch": 1, "loss": 1, "accuracy": 1, "seconds": 1}, {"epoch": 2, "accuracy": 1, "seconds": 1}])"
                                  << QStringList{"entry 2", "\"loss\"", "missing"};
    QTest::newRow("epoch is text") << R"([{"epoch": "one", "loss": 1, "accuracy": 1, "seconds": 1}])"
                                   << QStringList{"entry 1", "\"epoch\""};
  }

  void rejectsBadHistory() {
    QFETCH(QString, content);
    QFETCH(QStringList, mustMention);
    const fs::path file = dir() / "bad_history.json";
    writeBytes(file, content.toStdString());
    const QString message = inputErrorOf([&] { readHistory(file); });
    QVERIFY2(message.contains("bad_history.json"), qPrintable(message));
    for (const QString& part : mustMention) QVERIFY2(message.contains(part), qPrintable(message));
  }

  // ---------------------------------------------------------------- staged writing

  void commitCreatesANewModelDirectory() {
    const fs::path parent = dir() / "runs-new";
    const fs::path target = parent / "model";
    {
      ModelDirectoryWriter writer(target);
      QVERIFY(writer.staging().parent_path() == parent);  // a sibling: the final rename stays on one file system
      writeBytes(writer.staging() / "config.json", "{\"new\": true}");
      QVERIFY(!fs::exists(target));  // nothing visible before commit
      writer.commit();
    }
    QCOMPARE(readBytes(target / "config.json"), std::string("{\"new\": true}"));
    QCOMPARE(entriesOf(parent), QStringList{"model"});
  }

  void commitReplacesThePreviousModel() {
    const fs::path parent = dir() / "runs-replace";
    const fs::path target = parent / "model";
    writeOldModel(target);
    {
      ModelDirectoryWriter writer(target);
      writeBytes(writer.staging() / "config.json", "{\"new\": true}");
      writer.commit();
      QVERIFY_THROWS_EXCEPTION(std::logic_error, writer.commit());
    }
    QCOMPARE(readBytes(target / "config.json"), std::string("{\"new\": true}"));
    QVERIFY(!fs::exists(target / "vocab.txt"));  // no file of the old model mixed into the new one
    QCOMPARE(entriesOf(parent), QStringList{"model"});
  }

  void keepsThePreviousModelWhenCommitIsNotReached() {
    const fs::path parent = dir() / "runs-abandon";
    const fs::path target = parent / "model";
    writeOldModel(target);
    try {
      ModelDirectoryWriter writer(target);
      writeBytes(writer.staging() / "config.json", "{\"new\": true}");
      writeBytes(writer.staging() / "vocab.txt", "\n[UNK]\nnew\n");
      throw RunError("training diverged");  // a failure between writing and committing
    } catch (const RunError&) {
    }
    QCOMPARE(readBytes(target / "config.json"), std::string("{\"old\": true}"));
    QCOMPARE(readBytes(target / "vocab.txt"), std::string("\n[UNK]\nold\n"));
    QCOMPARE(entriesOf(parent), QStringList{"model"});  // the staging directory is gone
  }

  void keepsThePreviousModelWhenCommitFails() {
    const fs::path parent = dir() / "runs-fail";
    const fs::path target = parent / "model";
    writeOldModel(target);
    ModelDirectoryWriter writer(target);
    writeBytes(writer.staging() / "config.json", "{\"new\": true}");
    fs::remove_all(writer.staging());  // the staged files vanish (a full or unmounted disk)
    QVERIFY_THROWS_EXCEPTION(RunError, writer.commit());
    QCOMPARE(readBytes(target / "config.json"), std::string("{\"old\": true}"));
    QCOMPARE(entriesOf(parent), QStringList{"model"});
  }

  void refusesToReplaceWhatIsNotAModel() {
    const fs::path notes = dir() / "notes";
    fs::create_directories(notes);
    writeBytes(notes / "todo.txt", "keep me");
    const QString message = inputErrorOf([&] { ModelDirectoryWriter writer(notes); });
    QVERIFY2(message.contains("notes") && message.contains("not a model directory"), qPrintable(message));
    QCOMPARE(readBytes(notes / "todo.txt"), std::string("keep me"));

    writeBytes(dir() / "plain-file", "data");
    QVERIFY(!inputErrorOf([&] { ModelDirectoryWriter writer(dir() / "plain-file"); }).isEmpty());
    QCOMPARE(readBytes(dir() / "plain-file"), std::string("data"));

    const fs::path empty = dir() / "empty-dir";  // an empty directory is fine to fill
    fs::create_directories(empty);
    ModelDirectoryWriter writer(empty);
    writeBytes(writer.staging() / "config.json", "{}");
    writer.commit();
    QVERIFY(fs::exists(empty / "config.json"));
  }

  // kill -9 in the middle of a save (a child process writing a 256 MB model over a saved one): the saved model
  // stays loadable, the killed save's staging directory stays beside it, and the next open removes it.
  void aSaveKilledMidwayLeavesTheModelLoadable() {
    const fs::path parent = dir() / "runs-killed";
    const fs::path target = parent / "model";
    fs::create_directories(parent);
    fs::copy(referenceModels().front(), target);
    const std::string weightsBefore = readBytes(target / "model.safetensors");

    const pid_t child = ::fork();
    if (child == 0) {
      ParameterSet large;
      large.add("embedding", {8192, 8192});  // 64 M floats: its writing takes long enough to be caught midway
      try {
        writeModelDirectory(target, "imdb-transformer", nlohmann::json::object(), large, {"", "[UNK]"}, {});
      } catch (...) {
        ::_exit(1);
      }
      ::_exit(0);
    }
    bool caughtMidway = false, ended = false;
    int status = 0;
    for (int poll = 0; poll < 60000 && !caughtMidway && !ended; ++poll) {  // at most about a minute
      caughtMidway = weightsBeingStaged(parent);
      if (caughtMidway) break;
      ended = ::waitpid(child, &status, WNOHANG) == child;  // finished (or failed) before it was caught
      ::usleep(1000);
    }
    if (!ended) {
      ::kill(child, SIGKILL);
      ::waitpid(child, &status, 0);
    }
    QVERIFY(caughtMidway);
    QVERIFY(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);  // it died before it could clean up
    QVERIFY2(entriesOf(parent).size() == 2, qPrintable(entriesOf(parent).join(", ")));  // model + its staging

    const AnyModel model = loadModel(target);
    QCOMPARE(model.task, std::string("imdb-transformer"));
    QCOMPARE(readBytes(target / "model.safetensors"), weightsBefore);
    QCOMPARE(entriesOf(parent), QStringList{"model"});  // the open removed the killed save's leftovers
  }

  // The next save removes what dead writers left for this model, by name: not another model's, not a live
  // writer's (this process's), not names of another pattern.
  void theNextSaveRemovesOnlyDeadWritersLeftovers() {
    const fs::path parent = dir() / "runs-strays";
    const fs::path target = parent / "model";
    writeOldModel(target);
    const std::string dead = std::to_string(deadProcessId()), alive = std::to_string(::getpid());
    for (const std::string& name : {".model.staging-" + dead + "-0-0", ".model.old-" + dead + "-1-0",
                                    ".other.staging-" + dead + "-0-0", ".model.staging-" + alive + "-999999-0",
                                    std::string(".model.staging-x-0-0")}) {
      fs::create_directories(parent / name);
      writeBytes(parent / name / "config.json", "{}");
    }
    writeBytes(parent / (".model.tmp-" + dead + "-2-0"), "partial");
    writeBytes(target / (".config.json.tmp-" + dead + "-3-0"), "partial");
    {
      ModelDirectoryWriter writer(target);
      writeBytes(writer.staging() / "config.json", "{\"new\": true}");
      writer.commit();
    }
    QCOMPARE(entriesOf(parent), (QStringList{".model.staging-" + QString::fromStdString(alive) + "-999999-0",
                                             ".model.staging-x-0-0", ".other.staging-" + QString::fromStdString(dead) + "-0-0",
                                             "model"}));
    QCOMPARE(entriesOf(target), QStringList{"config.json"});

    writeBytes(target / (".config.json.tmp-" + dead + "-3-0"), "partial");  // a config rewritten in place, killed
    removeStrayTemporaries(target);
    QCOMPARE(entriesOf(target), QStringList{"config.json"});
  }

  // Killed between its two renames, a save leaves no model under the name: the open puts the previous one back.
  void anOpenFinishesACommitKilledBetweenItsRenames() {
    const fs::path parent = dir() / "runs-between";
    const fs::path target = parent / "model";
    const std::string dead = std::to_string(deadProcessId());
    writeOldModel(parent / (".model.old-" + dead + "-1-0"));
    fs::create_directories(parent / (".model.staging-" + dead + "-0-0"));
    writeBytes(parent / (".model.staging-" + dead + "-0-0") / "config.json", "{\"new\": true}");
    removeStrayTemporaries(target);
    QCOMPARE(entriesOf(parent), QStringList{"model"});
    QCOMPARE(readBytes(target / "config.json"), std::string("{\"old\": true}"));
  }

  void writesAFileAtomically() {
    const fs::path parent = dir() / "atomic-file";
    fs::create_directories(parent);
    writeFileAtomically(parent / "a.txt", "first");
    writeFileAtomically(parent / "a.txt", "second, longer");
    QCOMPARE(readBytes(parent / "a.txt"), std::string("second, longer"));
    QCOMPARE(entriesOf(parent), QStringList{"a.txt"});  // no temporary file left behind
    QVERIFY_THROWS_EXCEPTION(RunError, writeFileAtomically(parent / "missing-dir" / "b.txt", "x"));
  }
};

QTEST_APPLESS_MAIN(TestModelFiles)
#include "test_model_files.moc"
