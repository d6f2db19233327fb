// Pretrained Hugging Face folders, the models' half: BERT and GPT-2 against the independent PyTorch reference
// (tests/reference/pretrained_reference.py: F32, BF16 and F16 files, prefixed and plain names, old LayerNorm
// names, tied and untied output layers, buffers to ignore), the key/value cache against re-running the whole
// sequence, the folders the contract refuses, and a Hugging Face cache whose files are symbolic links.
#include <QTemporaryDir>
#include <QtTest>

#include <bit>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/pretrained/bert_model.h"
#include "core/pretrained/gpt2_model.h"
#include "core/pretrained/hf_folder.h"
#include "core/pretrained/mapped_safetensors.h"

using namespace al;
using namespace al::pretrained;
namespace fs = std::filesystem;

namespace {

// Relative to the value's size, absolute below 1. The goldens are float64; the core computes in float32, and the
// order of its sums depends on the vector width and the optimiser (a sanitizer build at -O1 sums differently from
// the Release build), which moves a logit after two layers and a vocabulary-wide decoder by about 1e-5. A wrong
// formula (a missing scale, a transposed weight, GELU's tanh form) moves it by 1e-2 or more.
constexpr double kTolerance = 5e-5;

fs::path golden(const std::string& name) { return fs::path(ATTENTIONLAB_SOURCE_DIR) / "tests/reference/golden" / name; }

nlohmann::json readJson(const fs::path& file) {
  std::ifstream in(file);
  return nlohmann::json::parse(in);
}

std::string readBytes(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

void writeBytes(const fs::path& file, const std::string& bytes) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// Largest |actual - expected| / max(1, |expected|) over a row.
double worst(const std::vector<double>& expected, const std::vector<float>& actual) {
  if (expected.size() != actual.size()) return INFINITY;
  double w = 0;
  for (size_t i = 0; i < expected.size(); ++i)
    w = std::max(w, std::abs(actual[i] - expected[i]) / std::max(1.0, std::abs(expected[i])));
  return w;
}

std::vector<float> rowOf(const Matrix& m, Index r) { return {m.row(r).data(), m.row(r).data() + m.cols()}; }
std::vector<float> rowOf(const RowVector& v) { return {v.data(), v.data() + v.size()}; }

// expected: [rows][cols] as JSON against a T x C matrix.
void compareMatrix(const nlohmann::json& expected, const Matrix& actual, const std::string& what) {
  QCOMPARE(actual.rows(), static_cast<Index>(expected.size()));
  for (Index r = 0; r < actual.rows(); ++r) {
    const double w = worst(expected[static_cast<size_t>(r)].get<std::vector<double>>(), rowOf(actual, r));
    if (w > kTolerance) QFAIL(qPrintable(QString::fromStdString(what) + QString(" row %1 differs by %2").arg(r).arg(w)));
  }
}

// [layer][head][query][key]
void compareAttention(const nlohmann::json& expected, const std::vector<std::vector<Matrix>>& actual) {
  QCOMPARE(actual.size(), expected.size());
  for (size_t l = 0; l < actual.size(); ++l) {
    QCOMPARE(actual[l].size(), expected[l].size());
    for (size_t h = 0; h < actual[l].size(); ++h) {
      compareMatrix(expected[l][h], actual[l][h], "attention layer " + std::to_string(l) + " head " + std::to_string(h));
      if (QTest::currentTestFailed()) return;  // one message for the first wrong map, not one for every later one
    }
  }
}

// A safetensors file taken apart and written again, so that a test can drop, rename or reshape a tensor and
// still have a file whose tensors tile its data section (else the reader would refuse it for that instead).
struct RawTensor {
  std::string name;
  nlohmann::json entry;  // dtype, shape
  std::string bytes;
};

std::vector<RawTensor> readRaw(const fs::path& file) {
  const std::string all = readBytes(file);
  uint64_t headerBytes = 0;
  std::memcpy(&headerBytes, all.data(), 8);  // little-endian machine
  const nlohmann::json header = nlohmann::json::parse(all.substr(8, headerBytes));
  std::vector<RawTensor> tensors;
  for (const auto& [name, entry] : header.items()) {
    if (name == "__metadata__") continue;
    const uint64_t begin = entry["data_offsets"][0], end = entry["data_offsets"][1];
    tensors.push_back({name, {{"dtype", entry["dtype"]}, {"shape", entry["shape"]}}, all.substr(8 + headerBytes + begin, end - begin)});
  }
  return tensors;
}

void writeRaw(const fs::path& file, const std::vector<RawTensor>& tensors) {
  nlohmann::ordered_json header;
  std::string data;
  for (const RawTensor& t : tensors) {
    header[t.name] = {{"dtype", t.entry["dtype"]}, {"shape", t.entry["shape"]}, {"data_offsets", {data.size(), data.size() + t.bytes.size()}}};
    data += t.bytes;
  }
  std::string text = header.dump();
  text.append((8 - text.size() % 8) % 8, ' ');
  std::string bytes(8, '\0');
  const uint64_t length = text.size();
  std::memcpy(bytes.data(), &length, 8);
  writeBytes(file, bytes + text + data);
}

// A copy of a golden folder in dir/name, changed by edit.
fs::path copyOf(const QTemporaryDir& dir, const std::string& from, const std::string& name) {
  const fs::path to = fs::path(dir.path().toStdString()) / name;
  fs::create_directories(to);
  for (const auto& entry : fs::directory_iterator(golden(from))) fs::copy_file(entry.path(), to / entry.path().filename());
  return to;
}

void editConfig(const fs::path& folder, const std::function<void(nlohmann::json&)>& edit) {
  nlohmann::json config = readJson(folder / "config.json");
  edit(config);
  writeBytes(folder / "config.json", config.dump(2));
}

// The message of the InputError that f throws (fails the test when it throws none).
std::string inputErrorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no InputError)";
}

// The kind of the InputError that f throws (Cancelled when it throws none: a kind these tests never expect).
ErrorKind kindOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.kind();
  }
  return ErrorKind::Cancelled;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

#define REQUIRE_CONTAINS(text, part) \
  QVERIFY2(contains(text, part), qPrintable(QString::fromStdString("\"" + std::string(part) + "\" not in: " + text)))

}  // namespace

class TestPretrainedModels : public QObject {
  Q_OBJECT
 private slots:
  void bertMatchesReference_data() {
    QTest::addColumn<QString>("name");
    QTest::newRow("F32, plain names, tied decoder, position_ids") << "bert-tiny";
    QTest::newRow("BF16, bert. prefix, gamma/beta, own decoder, next sentence") << "bert-tiny-bf16";
  }
  // Every layer's hidden states and attention maps, the masked-LM logits and the next-sentence probability.
  void bertMatchesReference() {
    QFETCH(QString, name);
    const fs::path dir = golden(name.toStdString());
    const BertModel bert = BertModel::load(resolveModelFolder(dir));
    const nlohmann::json expected = readJson(dir / "expected.json");
    QVERIFY(bert.hasMaskedLmHead());
    QCOMPARE(bert.hasNextSentenceHead(), name == "bert-tiny-bf16");
    for (const auto& sample : expected["samples"]) {
      const auto ids = sample["ids"].get<std::vector<int64_t>>();
      const auto segments = sample["segments"].get<std::vector<int>>();
      QCOMPARE(BertModel::segmentsOf(ids, 3), segments);  // [SEP] is id 3 in the golden vocabulary
      const BertOutput out = bert.forward(ids, segments);
      QCOMPARE(out.hiddenStates.size(), sample["hidden_states"].size());
      for (size_t l = 0; l < out.hiddenStates.size(); ++l)
        compareMatrix(sample["hidden_states"][l], out.hiddenStates[l], "hidden state " + std::to_string(l));
      compareAttention(sample["attention"], out.attention);
      compareMatrix(sample["mlm_logits"], out.maskedLmLogits, "masked-LM logits");
      QCOMPARE(out.isNextProbability.has_value(), sample.contains("nsp_probability"));
      if (out.isNextProbability) QVERIFY(std::abs(*out.isNextProbability - sample["nsp_probability"].get<double>()) < kTolerance);
    }
  }

  // Capturing one layer, or none, keeps only that and changes no number.
  void bertAttentionCapture() {
    const BertModel bert = BertModel::load(golden("bert-tiny"));
    const nlohmann::json sample = readJson(golden("bert-tiny") / "expected.json")["samples"][0];
    const auto ids = sample["ids"].get<std::vector<int64_t>>();
    const auto segments = sample["segments"].get<std::vector<int>>();
    const BertOutput one = bert.forward(ids, segments, {.attention = AttentionCapture::onlyLayer(1), .hiddenStates = false});
    QCOMPARE(one.attention.size(), size_t(2));
    QVERIFY(one.attention[0].empty());
    QCOMPARE(one.attention[1].size(), size_t(2));
    compareMatrix(sample["attention"][1][1], one.attention[1][1], "layer 1 head 1");
    QCOMPARE(one.hiddenStates.size(), size_t(1));
    compareMatrix(sample["hidden_states"][2], one.hiddenStates[0], "last hidden state");
    const BertOutput none = bert.forward(ids, segments, {.attention = AttentionCapture::none(), .maskedLmLogits = false});
    QVERIFY(none.attention[0].empty() && none.attention[1].empty());
    QCOMPARE(none.maskedLmLogits.size(), Index(0));
  }

  void bertRefusesBadInput() {
    const BertModel bert = BertModel::load(golden("bert-tiny"));
    REQUIRE_CONTAINS(inputErrorOf([&] { bert.forward(std::vector<int64_t>(17, 5), std::vector<int>(17, 0)); }), "at most 16");
    REQUIRE_CONTAINS(inputErrorOf([&] { bert.forward({2, 40, 3}, {0, 0, 0}); }), "token id 40");
    REQUIRE_CONTAINS(inputErrorOf([&] { bert.forward({2, 5, 3}, {0, 2, 0}); }), "segment 2");
  }

  // Logits of every position and every attention map of "the cat sat on the", then greedy generation.
  void gpt2MatchesReference() {
    const Gpt2Model gpt = Gpt2Model::load(resolveModelFolder(golden("gpt2-tiny")));
    const nlohmann::json expected = readJson(golden("gpt2-tiny") / "expected.json");
    const auto ids = expected["ids"].get<std::vector<int64_t>>();
    const Gpt2Output out = gpt.forward(ids);
    compareMatrix(expected["logits"], out.logits, "logits");
    compareAttention(expected["attention"], out.attention);

    Gpt2Cache cache;
    Gpt2Step step = gpt.prefill(cache, ids);
    QCOMPARE(cache.length, Index(5));
    for (const auto& e : expected["generation"]["steps"]) {
      QVERIFY(worst(e["logits"].get<std::vector<double>>(), rowOf(step.logits)) < kTolerance);
      Index best = 0;
      step.logits.maxCoeff(&best);
      QCOMPARE(int64_t(best), e["id"].get<int64_t>());
      step = gpt.step(cache, best);
    }
  }

  // Appending tokens one at a time through the key/value cache gives the numbers of re-running the whole
  // sequence: each step's logits and its attention row in every layer and head.
  void gpt2CacheEqualsRerun() {
    const Gpt2Model gpt = Gpt2Model::load(golden("gpt2-tiny"));
    const std::vector<int64_t> sequence = {15, 18, 21, 23, 26, 11, 11, 31, 7, 17, 31, 0, 39, 5, 5, 38};  // 16 = n_positions
    Gpt2Cache cache;
    std::vector<int64_t> sofar;
    for (int64_t id : sequence) {
      const Gpt2Step step = gpt.step(cache, id);
      sofar.push_back(id);
      const Gpt2Output all = gpt.forward(sofar);
      const Index last = static_cast<Index>(sofar.size()) - 1;
      const std::vector<float> rerun = rowOf(all.logits, last);
      QVERIFY(worst({rerun.begin(), rerun.end()}, rowOf(step.logits)) < 1e-5);
      for (size_t l = 0; l < all.attention.size(); ++l)
        for (size_t h = 0; h < all.attention[l].size(); ++h) {
          const std::vector<float> row = rowOf(all.attention[l][h], last);
          QVERIFY(worst({row.begin(), row.end()}, rowOf(step.attention[l][h])) < 1e-5);
        }
    }
    QCOMPARE(cache.length, Index(16));
    REQUIRE_CONTAINS(inputErrorOf([&] { gpt.step(cache, 1); }), "at most 16");
    // prefill of a prompt then one step equals step-by-step from the start
    Gpt2Cache other;
    gpt.prefill(other, {15, 18, 21});
    const Gpt2Step a = gpt.step(other, 23);
    Gpt2Cache third;
    for (int64_t id : {15, 18, 21}) gpt.step(third, id);
    const Gpt2Step b = gpt.step(third, 23);
    const std::vector<float> bl = rowOf(b.logits);
    QVERIFY(worst({bl.begin(), bl.end()}, rowOf(a.logits)) < 1e-5);
    // prefill's own step: the prompt's last token, its attention row in every layer and head
    Gpt2Cache fourth;
    const Gpt2Step p = gpt.prefill(fourth, {15, 18, 21, 23});
    const std::vector<float> pl = rowOf(p.logits);
    QVERIFY(worst({pl.begin(), pl.end()}, rowOf(b.logits)) < 1e-5);
    QCOMPARE(p.attention.size(), b.attention.size());
    for (size_t l = 0; l < p.attention.size(); ++l)
      for (size_t h = 0; h < p.attention[l].size(); ++h) {
        QCOMPARE(p.attention[l][h].size(), Index(4));
        const std::vector<float> row = rowOf(b.attention[l][h]);
        QVERIFY(worst({row.begin(), row.end()}, rowOf(p.attention[l][h])) < 1e-5);
      }
  }

  void halfAndBfloat16Conversion() {
    QCOMPARE(halfToFloat(0x3C00), 1.0f);
    QCOMPARE(halfToFloat(0xC000), -2.0f);
    QCOMPARE(halfToFloat(0x0001), std::ldexp(1.0f, -24));  // the smallest subnormal
    QCOMPARE(halfToFloat(0x83FF), -1023 * std::ldexp(1.0f, -24));
    QCOMPARE(halfToFloat(0x7BFF), 65504.0f);
    QVERIFY(std::isinf(halfToFloat(0x7C00)));
    QVERIFY(std::isnan(halfToFloat(0x7E00)));
    QCOMPARE(bfloat16ToFloat(0x3F80), 1.0f);
    QCOMPARE(bfloat16ToFloat(0xC0A0), -5.0f);
  }

  // Every map of a long text in a deep model is refused before it is computed; one layer of it is not.
  void attentionMemoryBound() {
    AttentionCapture::all().checkMemory(12, 12, 512);  // BERT base at 512 tokens: 150 MB
    REQUIRE_CONTAINS(inputErrorOf([] { AttentionCapture::all().checkMemory(12, 12, 4096); }), "one layer at a time");
    AttentionCapture::onlyLayer(3).checkMemory(12, 12, 4096);  // 805 MB
    AttentionCapture::none().checkMemory(48, 48, 8192);
  }

  // ---- folders the contract refuses, each with the file and what is wrong ----

  void refusesTruncatedWeights() {
    QTemporaryDir tmp;
    const fs::path dir = copyOf(tmp, "bert-tiny", "truncated");
    const std::string bytes = readBytes(dir / "model.safetensors");
    writeBytes(dir / "model.safetensors", bytes.substr(0, bytes.size() - 100));
    const std::string message = inputErrorOf([&] { BertModel::load(dir); });
    REQUIRE_CONTAINS(message, (dir / "model.safetensors").string());
    REQUIRE_CONTAINS(message, "truncated");
    QVERIFY(kindOf([&] { BertModel::load(dir); }) == ErrorKind::SafetensorsTruncated);
    // cut inside the header
    writeBytes(dir / "model.safetensors", bytes.substr(0, 40));
    REQUIRE_CONTAINS(inputErrorOf([&] { BertModel::load(dir); }), "truncated");
  }

  void refusesMissingTensor() {
    QTemporaryDir tmp;
    const fs::path dir = copyOf(tmp, "bert-tiny-bf16", "missing");
    std::vector<RawTensor> tensors = readRaw(dir / "model.safetensors");
    std::erase_if(tensors, [](const RawTensor& t) { return t.name == "bert.encoder.layer.1.attention.self.key.bias"; });
    writeRaw(dir / "model.safetensors", tensors);
    const std::string message = inputErrorOf([&] { BertModel::load(dir); });
    REQUIRE_CONTAINS(message, (dir / "model.safetensors").string());
    REQUIRE_CONTAINS(message, "encoder.layer.1.attention.self.key.bias\" is missing");
    REQUIRE_CONTAINS(message, "[8]");
    QVERIFY(kindOf([&] { BertModel::load(dir); }) == ErrorKind::TensorMissing);
  }

  void refusesWrongShape() {
    QTemporaryDir tmp;
    const fs::path dir = copyOf(tmp, "gpt2-tiny", "shape");
    std::vector<RawTensor> tensors = readRaw(dir / "model.safetensors");
    for (RawTensor& t : tensors)
      if (t.name == "transformer.h.0.mlp.c_fc.weight") t.entry["shape"] = {32, 8};  // the same bytes, [D, 4D] read as [4D, D]
    writeRaw(dir / "model.safetensors", tensors);
    const std::string message = inputErrorOf([&] { Gpt2Model::load(dir); });
    REQUIRE_CONTAINS(message, "\"transformer.h.0.mlp.c_fc.weight\" has shape [32, 8], but the model needs [8, 32]");
    QVERIFY(kindOf([&] { Gpt2Model::load(dir); }) == ErrorKind::TensorWrongShape);  // the app words it in its language
  }

  void refusesUnknownModelType() {
    QTemporaryDir tmp;
    const fs::path dir = copyOf(tmp, "bert-tiny", "llama");
    editConfig(dir, [](nlohmann::json& c) { c["model_type"] = "llama"; });
    const std::string message = inputErrorOf([&] { readModelType(dir); });
    REQUIRE_CONTAINS(message, "\"llama\"");
    REQUIRE_CONTAINS(message, "\"bert\" and \"gpt2\"");
    REQUIRE_CONTAINS(message, (dir / "config.json").string());
  }

  // ---- non-finite numbers: named at loading (weights, config) or at the layer where a forward pass overflows ----

  void refusesNonFiniteWeights_data() {
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("tensor");
    QTest::addColumn<QByteArray>("bits");  // one element's bytes, little-endian, in the tensor's dtype
    QTest::addColumn<QString>("found");
    QTest::newRow("F32 NaN") << "bert-tiny" << "encoder.layer.1.attention.self.key.weight" << QByteArray("\x00\x00\xC0\x7F", 4) << "nan";
    QTest::newRow("BF16 inf") << "bert-tiny-bf16" << "bert.encoder.layer.0.output.dense.weight" << QByteArray("\x80\x7F", 2) << "inf";
    QTest::newRow("F16 -inf") << "gpt2-tiny" << "transformer.h.1.attn.c_attn.weight" << QByteArray("\x00\xFC", 2) << "-inf";
  }
  void refusesNonFiniteWeights() {
    QFETCH(QString, from);
    QFETCH(QString, tensor);
    QFETCH(QByteArray, bits);
    QFETCH(QString, found);
    QTemporaryDir tmp;
    const fs::path dir = copyOf(tmp, from.toStdString(), "non-finite");
    std::vector<RawTensor> tensors = readRaw(dir / "model.safetensors");
    bool changed = false;
    for (RawTensor& t : tensors)
      if (t.name == tensor.toStdString()) {
        t.bytes.replace(5 * static_cast<size_t>(bits.size()), static_cast<size_t>(bits.size()), bits.toStdString());  // element 6
        changed = true;
      }
    QVERIFY(changed);
    writeRaw(dir / "model.safetensors", tensors);
    const auto load = [&] {
      if (from.startsWith("gpt2")) Gpt2Model::load(dir);
      else BertModel::load(dir);
    };
    const std::string message = inputErrorOf(load);
    REQUIRE_CONTAINS(message, (dir / "model.safetensors").string());
    REQUIRE_CONTAINS(message, "\"" + tensor.toStdString() + "\" holds " + found.toStdString() + " (value 6 of");
    QVERIFY(kindOf(load) == ErrorKind::TensorNotFinite);
  }

  // layer_norm_eps 0 gives 0/0 on a row of equal values (all-zero inputs): refused with the key, as a negative one.
  void refusesNormEpsilonOutOfRange_data() {
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("field");
    QTest::addColumn<double>("value");
    QTest::newRow("bert 0") << "bert-tiny" << "layer_norm_eps" << 0.0;
    QTest::newRow("bert negative") << "bert-tiny" << "layer_norm_eps" << -1e-12;
    QTest::newRow("gpt2 0") << "gpt2-tiny" << "layer_norm_epsilon" << 0.0;
    QTest::newRow("gpt2 below float") << "gpt2-tiny" << "layer_norm_epsilon" << 1e-50;
  }
  void refusesNormEpsilonOutOfRange() {
    QFETCH(QString, from);
    QFETCH(QString, field);
    QFETCH(double, value);
    QTemporaryDir tmp;
    const fs::path dir = copyOf(tmp, from.toStdString(), "epsilon");
    editConfig(dir, [&](nlohmann::json& c) { c[field.toStdString()] = value; });
    const auto read = [&] {
      if (from.startsWith("gpt2")) readGpt2Config(dir);
      else readBertConfig(dir);
    };
    const std::string message = inputErrorOf(read);
    REQUIRE_CONTAINS(message, (dir / "config.json").string());
    REQUIRE_CONTAINS(message, "\"" + field.toStdString() + "\"");
    QVERIFY(kindOf(read) == ErrorKind::JsonOutOfRange);
  }

  // Finite weights of 3.4e38 overflow in the first product that uses them: the pass stops there, naming the layer,
  // instead of giving NaN attention and probabilities.
  void overflowStopsAtItsLayer() {
    QTemporaryDir tmp;
    const fs::path bertDir = copyOf(tmp, "bert-tiny", "bert-overflow");
    std::vector<RawTensor> tensors = readRaw(bertDir / "model.safetensors");
    for (RawTensor& t : tensors)  // queries and keys alike: their product is +inf whatever the input's sign
      if (t.name == "encoder.layer.1.attention.self.query.weight" || t.name == "encoder.layer.1.attention.self.key.weight")
        for (size_t i = 0; i + 4 <= t.bytes.size(); i += 4) {
          const float huge = 3.4e38f;  // finite (the largest float is 3.40282e38)
          std::memcpy(t.bytes.data() + i, &huge, 4);
        }
    writeRaw(bertDir / "model.safetensors", tensors);
    const BertModel bert = BertModel::load(bertDir);  // every weight is finite
    const std::vector<int64_t> ids{2, 5, 6, 7, 3};
    std::string message = inputErrorOf([&] { bert.forward(ids, std::vector<int>(ids.size(), 0)); });
    REQUIRE_CONTAINS(message, "encoder.layer.1");
    REQUIRE_CONTAINS(message, "overflow");
    QVERIFY(kindOf([&] { bert.forward(ids, std::vector<int>(ids.size(), 0)); }) == ErrorKind::NonFiniteValue);

    // GPT-2's tiny weights are F16 (at most 65504): the one tensor stored as F32 instead, all 3.4e38.
    const fs::path gptDir = copyOf(tmp, "gpt2-tiny", "gpt2-overflow");
    tensors = readRaw(gptDir / "model.safetensors");
    for (RawTensor& t : tensors)
      if (t.name == "transformer.h.0.attn.c_attn.weight") {  // queries, keys and values
        t.entry["dtype"] = "F32";
        t.bytes.assign(t.bytes.size() * 2, '\0');
        for (size_t i = 0; i + 4 <= t.bytes.size(); i += 4) {
          const float huge = 3.4e38f;  // finite (the largest float is 3.40282e38)
          std::memcpy(t.bytes.data() + i, &huge, 4);
        }
      }
    writeRaw(gptDir / "model.safetensors", tensors);
    const Gpt2Model gpt = Gpt2Model::load(gptDir);
    message = inputErrorOf([&] { gpt.forward({5, 6, 7}); });
    REQUIRE_CONTAINS(message, "h.0");
    Gpt2Cache cache;
    QVERIFY(kindOf([&] { gpt.prefill(cache, {5, 6, 7}); }) == ErrorKind::NonFiniteValue);
    Gpt2Cache empty;
    QVERIFY(kindOf([&] { gpt.step(empty, 5); }) == ErrorKind::NonFiniteValue);  // one token at a time, too
  }

  void refusesPickleOnly() {
    QTemporaryDir tmp;
    const fs::path dir = copyOf(tmp, "gpt2-tiny", "pickle");
    fs::rename(dir / "model.safetensors", dir / "pytorch_model.bin");
    const std::string message = inputErrorOf([&] { Gpt2Model::load(dir); });
    REQUIRE_CONTAINS(message, "pytorch_model.bin");
    REQUIRE_CONTAINS(message, "convert it to model.safetensors");
  }

  void refusesConfigsThatChangeTheMath_data() {
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("value");  // JSON
    QTest::newRow("gpt2 scale_attn_by_inverse_layer_idx") << "gpt2-tiny" << "scale_attn_by_inverse_layer_idx" << "true";
    QTest::newRow("gpt2 reorder_and_upcast_attn") << "gpt2-tiny" << "reorder_and_upcast_attn" << "true";
    QTest::newRow("gpt2 n_inner") << "gpt2-tiny" << "n_inner" << "20";
    QTest::newRow("gpt2 activation") << "gpt2-tiny" << "activation_function" << "\"relu\"";
    QTest::newRow("bert relative positions") << "bert-tiny" << "position_embedding_type" << "\"relative_key\"";
    QTest::newRow("bert activation") << "bert-tiny" << "hidden_act" << "\"gelu_new\"";
  }
  void refusesConfigsThatChangeTheMath() {
    QFETCH(QString, from);
    QFETCH(QString, field);
    QFETCH(QString, value);
    QTemporaryDir tmp;
    const fs::path dir = copyOf(tmp, from.toStdString(), "changed");
    editConfig(dir, [&](nlohmann::json& c) { c[field.toStdString()] = nlohmann::json::parse(value.toStdString()); });
    const std::string message = inputErrorOf([&] {
      if (from == "gpt2-tiny") Gpt2Model::load(dir);
      else BertModel::load(dir);
    });
    REQUIRE_CONTAINS(message, (dir / "config.json").string());
    REQUIRE_CONTAINS(message, field.toStdString());
    // n_inner null or 4D is fine
    if (field == "n_inner") {
      editConfig(dir, [](nlohmann::json& c) { c["n_inner"] = 32; });
      QCOMPARE(Gpt2Model::load(dir).config().innerSize(), int64_t(32));
    }
  }

  // A GPT-2 config of the older kind names its context length n_ctx only.
  void gpt2ConfigWithNctxOnly() {
    QTemporaryDir tmp;
    const fs::path dir = copyOf(tmp, "gpt2-tiny", "nctx");
    editConfig(dir, [](nlohmann::json& c) { c.erase("n_positions"); });
    QCOMPARE(readGpt2Config(dir).maxPositions, int64_t(16));
    editConfig(dir, [](nlohmann::json& c) { c.erase("n_ctx"); });
    REQUIRE_CONTAINS(inputErrorOf([&] { readGpt2Config(dir); }), "n_positions");
  }

  // A Hugging Face cache: models--OWNER--NAME/{blobs, refs/main, snapshots/REV/ with symbolic links}.
  void cacheSnapshotWithSymlinks() {
    QTemporaryDir tmp;
    const fs::path root = fs::path(tmp.path().toStdString()) / "hub";
    const fs::path repo = root / "models--someone--tiny-gpt2";
    const fs::path snapshot = repo / "snapshots" / "0123abcd";
    fs::create_directories(repo / "blobs");
    fs::create_directories(repo / "refs");
    fs::create_directories(snapshot);
    writeBytes(repo / "refs" / "main", "0123abcd");
    for (const char* file : {"config.json", "model.safetensors", "vocab.json", "merges.txt"}) {
      const fs::path blob = repo / "blobs" / (std::string("blob-") + file);
      fs::copy_file(golden("gpt2-tiny") / file, blob);
      fs::create_symlink(fs::path("../../blobs") / blob.filename(), snapshot / file);
    }
    // an entry of another, unsupported type is not listed
    const fs::path other = root / "models--someone--llama" / "snapshots" / "ff";
    fs::create_directories(other);
    writeBytes(other / "config.json", R"({"model_type": "llama"})");
    writeBytes(other / "model.safetensors", "");

    QCOMPARE(resolveModelFolder(snapshot), snapshot);
    QCOMPARE(resolveModelFolder(repo), snapshot);
    const std::vector<CachedModel> models = listCachedModels(root);
    QCOMPARE(models.size(), size_t(1));
    QCOMPARE(models[0].repository, std::string("someone/tiny-gpt2"));
    QCOMPARE(models[0].revision, std::string("0123abcd"));
    QVERIFY(models[0].type == ModelType::Gpt2);
    const std::string message = inputErrorOf([&] { resolveModelFolder(root); });
    REQUIRE_CONTAINS(message, "someone/tiny-gpt2");

    const nlohmann::json expected = readJson(golden("gpt2-tiny") / "expected.json");
    const Gpt2Output out = Gpt2Model::load(resolveModelFolder(repo)).forward(expected["ids"].get<std::vector<int64_t>>());
    compareMatrix(expected["logits"], out.logits, "logits through the cache");
  }
};

QTEST_GUILESS_MAIN(TestPretrainedModels)
#include "test_pretrained_models.moc"
