// The causal language model (model-format.md, task "causal-lm"): the golden directories of the PyTorch
// reference (tests/reference/causal_lm_reference.py) read and run to 1e-5, the whole model's gradients, the
// causal mask and padding in the loss, the "chars" tokenizer, and directories that must be refused.
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <iterator>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/inference/causal_lm_inference.h"
#include "core/io/safetensors.h"
#include "core/models/causal_lm.h"
#include "core/text/tokenizer.h"
#include "tests/core/gradient_check.h"
#include "tests/core/input_error_of.h"

using namespace al;
using al::test::inputErrorOf;
namespace fs = std::filesystem;

namespace {

fs::path goldenDir(const char* name) {
  return fs::path(ATTENTIONLAB_SOURCE_DIR) / "tests" / "reference" / "golden" / "causal-lm" / name;
}

nlohmann::json readJson(const fs::path& file) {
  std::ifstream in(file);
  return nlohmann::json::parse(in);
}

// The largest |a - b| over a matrix and its expected rows.
double maxDifference(const Matrix& m, const nlohmann::json& rows) {
  double worst = 0;
  if (static_cast<size_t>(m.rows()) != rows.size()) return 1e9;
  for (Index r = 0; r < m.rows(); ++r) {
    if (static_cast<size_t>(m.cols()) != rows[static_cast<size_t>(r)].size()) return 1e9;
    for (Index c = 0; c < m.cols(); ++c)
      worst = std::max(worst, std::abs(static_cast<double>(m(r, c)) - rows[static_cast<size_t>(r)][static_cast<size_t>(c)].get<double>()));
  }
  return worst;
}

CausalLmConfig tinyConfig(CausalPosition position) {
  CausalLmConfig c;
  c.vocabSize = 11, c.sequenceLength = 6, c.embedDim = 4, c.numHeads = 2, c.keyDim = 3, c.denseDim = 5, c.numLayers = 2;
  c.position = position;
  c.dropout = 0.2f;
  return c;
}

std::vector<uint8_t> bytesOf(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

void writeBytes(const fs::path& file, const std::vector<uint8_t>& bytes) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

// A copy of a golden directory to damage.
fs::path copyOf(const char* name, const QTemporaryDir& tmp) {
  const fs::path dir = fs::path(tmp.path().toStdString()) / name;
  fs::copy(goldenDir(name), dir, fs::copy_options::recursive);
  return dir;
}

}  // namespace

class TestCausalLm : public QObject {
  Q_OBJECT
 private slots:
  void golden_data() {
    QTest::addColumn<QString>("name");
    QTest::newRow("learned") << "learned-2layers-2heads";
    QTest::newRow("sinusoidal") << "sinusoidal-1layer-3heads";
  }

  // Logits, attention, the next token's distribution, greedy continuation and the batch loss of the PyTorch
  // reference, from the directory it wrote.
  void golden() {
    QFETCH(QString, name);
    const fs::path dir = goldenDir(name.toUtf8().constData());
    const nlohmann::json expected = readJson(dir / "expected.json");
    const CausalLmModel loaded = loadCausalLm(dir);
    QCOMPARE(loaded.tokenizer(), std::string("chars"));
    QCOMPARE(loaded.vocabulary.token(kEndOfTextId), std::string(kEndOfTextToken));

    const NextTokenPrediction next = predictNextToken(loaded, expected["text"].get<std::string>());
    QCOMPARE(next.tokens, expected["tokens"].get<std::vector<std::string>>());
    QCOMPARE(causalLmIds(next.tokens, loaded.vocabulary), expected["ids"].get<std::vector<int>>());
    QCOMPARE(next.window, expected["window"].get<std::vector<int>>());
    QCOMPARE(next.id, expected["next_id"].get<int>());
    const auto probabilities = expected["probabilities"].get<std::vector<double>>();
    QCOMPARE(next.probabilities.size(), probabilities.size());
    for (size_t v = 0; v < probabilities.size(); ++v)
      QVERIFY2(std::abs(next.probabilities[v] - probabilities[v]) < 1e-5, qPrintable(QString::number(v)));

    const CausalLanguageModel::Prediction p = loaded.model->predict(next.window);
    const double logitError = maxDifference(p.logits, expected["logits"]);
    QVERIFY2(logitError < 1e-5, qPrintable(QString("logits differ by %1").arg(logitError)));
    QCOMPARE(p.attention.size(), expected["attention"].size());
    for (size_t l = 0; l < p.attention.size(); ++l) {
      QCOMPARE(p.attention[l].size(), expected["attention"][l].size());
      for (size_t h = 0; h < p.attention[l].size(); ++h) {
        const double error = maxDifference(p.attention[l][h], expected["attention"][l][h]);
        QVERIFY2(error < 1e-5, qPrintable(QString("layer %1 head %2: %3").arg(l).arg(h).arg(error)));
      }
    }

    const auto window = expected["window"].get<std::vector<int>>();
    const auto continuation = expected["continuation"].get<std::vector<int>>();
    QCOMPARE(greedyContinuation(*loaded.model, window, static_cast<int>(continuation.size())), continuation);

    const auto batch = expected["batch"].get<std::vector<std::vector<int>>>();
    const BatchStats stats = loaded.model->lossOf(batch, Mode::Eval, 0);
    QCOMPARE(stats.lossCount, expected["predicted_positions"].get<double>());
    QVERIFY2(std::abs(stats.loss() - expected["loss"].get<double>()) < 1e-5,
             qPrintable(QString("loss %1, expected %2").arg(stats.loss()).arg(expected["loss"].get<double>())));
  }

  // Saved and read again: the same config and the same logits, bit for bit.
  void saveAndLoad() {
    const CausalLmModel loaded = loadCausalLm(goldenDir("learned-2layers-2heads"));
    QTemporaryDir tmp;
    const fs::path dir = fs::path(tmp.path().toStdString()) / "model";
    saveCausalLm(dir, *loaded.model, loaded.vocabulary, {});
    const CausalLmModel again = loadCausalLm(dir);
    QCOMPARE(toJson(again.model->config()), toJson(loaded.model->config()));
    QCOMPARE(again.vocabulary.tokens(), loaded.vocabulary.tokens());
    const std::vector<int> ids{3, 7, 9, 2};
    QVERIFY(again.model->predict(ids).logits == loaded.model->predict(ids).logits);
  }

  // A model file with a tensor missing, one cut short, and a vocabulary without [EOS] on line 3 are refused
  // with an InputError that names the file (and the tensor).
  void damagedDirectoriesRefused() {
    QTemporaryDir tmp;
    {
      const fs::path dir = copyOf("learned-2layers-2heads", tmp);
      std::vector<io::Tensor> tensors = io::readSafetensors(dir / "model.safetensors");
      std::erase_if(tensors, [](const io::Tensor& t) { return t.name == "decoder.1.norm2.gamma"; });
      io::writeSafetensors(dir / "model.safetensors", tensors);
      const QString message = inputErrorOf([&] { loadCausalLm(dir); });
      QVERIFY2(message.contains("model.safetensors") && message.contains("decoder.1.norm2.gamma"), qPrintable(message));
    }
    {
      const fs::path dir = copyOf("sinusoidal-1layer-3heads", tmp);
      std::vector<uint8_t> bytes = bytesOf(dir / "model.safetensors");
      bytes.resize(bytes.size() - 12);
      writeBytes(dir / "model.safetensors", bytes);
      const QString message = inputErrorOf([&] { loadCausalLm(dir); });
      QVERIFY2(message.contains("model.safetensors") && message.contains("truncated"), qPrintable(message));
    }
    {
      QTemporaryDir other;
      const fs::path dir = copyOf("learned-2layers-2heads", other);
      std::ofstream(dir / "vocab.txt", std::ios::trunc) << "\n[UNK]\n[MASK]\na\n";
      const QString message = inputErrorOf([&] { loadCausalLm(dir); });
      QVERIFY2(message.contains("vocab.txt") && message.contains("[EOS]"), qPrintable(message));
    }
  }

  // A relative model (Transformer-XL) read as the PyTorch reference reads it: segment after segment from the start,
  // each after the memory the last one left (M = 10 > S = 8, so a memory spans two segments), every segment's
  // logits and attention over [memory ; segment]; the next token and the greedy continuation of the whole text;
  // the loss of one stream read as two segments. Without memory (M = 0): segments alone, generation from the last S.
  void goldenRelative_data() {
    QTest::addColumn<QString>("name");
    QTest::newRow("memory") << "relative-memory-2layers-2heads";
    QTest::newRow("no memory") << "relative-1layer-2heads";
  }
  void goldenRelative() {
    QFETCH(QString, name);
    const fs::path dir = goldenDir(name.toUtf8().constData());
    const nlohmann::json expected = readJson(dir / "expected.json");
    const CausalLmModel loaded = loadCausalLm(dir);
    const CausalLanguageModel& model = *loaded.model;
    QVERIFY(model.config().position == CausalPosition::Relative);
    const auto ids = expected["ids"].get<std::vector<int>>();

    CausalLanguageModel::Memory memory;
    for (const nlohmann::json& segment : expected["segments"]) {
      const auto segmentIds = segment["ids"].get<std::vector<int>>();
      const CausalLanguageModel::Prediction p = model.predict(segmentIds, nullptr, &memory);
      const QString where = QString("segment at %1").arg(segment["start"].get<int>());
      QCOMPARE(p.memoryRows, segment["memory_rows"].get<Index>());
      const double logitError = maxDifference(p.logits, segment["logits"]);
      QVERIFY2(logitError < 1e-5, qPrintable(where + QString(": logits differ by %1").arg(logitError)));
      QCOMPARE(p.attention.size(), segment["attention"].size());
      for (size_t l = 0; l < p.attention.size(); ++l)
        for (size_t h = 0; h < p.attention[l].size(); ++h) {
          const double error = maxDifference(p.attention[l][h], segment["attention"][l][h]);  // T x (M'+T)
          QVERIFY2(error < 1e-5, qPrintable(where + QString(" layer %1 head %2: %3").arg(l).arg(h).arg(error)));
        }
      memory = p.memory;
    }
    // the whole text at once, as inspect reads it: the last segment's maps
    const CausalLanguageModel::SegmentedPrediction read = model.readSegments(ids);
    const nlohmann::json& last = expected["segments"].back();
    QCOMPARE(read.segmentStart, last["start"].get<size_t>());
    QVERIFY(maxDifference(read.last.logits, last["logits"]) < 1e-5);
    QVERIFY(maxDifference(read.last.attention.back().back(), last["attention"].back().back()) < 1e-5);

    const NextTokenPrediction next = predictNextToken(loaded, expected["text"].get<std::string>());
    QCOMPARE(next.tokens, expected["tokens"].get<std::vector<std::string>>());
    QCOMPARE(next.id, expected["next_id"].get<int>());
    const auto probabilities = expected["probabilities"].get<std::vector<double>>();
    QCOMPARE(next.probabilities.size(), probabilities.size());
    for (size_t v = 0; v < probabilities.size(); ++v)
      QVERIFY2(std::abs(next.probabilities[v] - probabilities[v]) < 1e-5, qPrintable(QString::number(v)));
    const auto continuation = expected["continuation"].get<std::vector<int>>();
    QCOMPARE(greedyContinuation(model, ids, static_cast<int>(continuation.size())), continuation);

    // one stream, two segments of S inputs each predicting its next ids; the second after the first's memory
    const auto stream = expected["stream"].get<std::vector<int>>();
    const size_t S = static_cast<size_t>(model.config().sequenceLength);
    CausalLanguageModel::Memory streamMemory;
    double lossSum = 0, count = 0;
    for (size_t start = 0; start + 1 < stream.size(); start += S) {
      const size_t T = std::min(S, stream.size() - 1 - start);
      const std::span<const int> inputs(stream.data() + start, T), targets(stream.data() + start + 1, T);
      Rng unused(0);
      CausalLanguageModel::Cache cache;
      const Matrix losses = model.segmentLoss(model.parameters(), inputs, targets, Mode::Eval, unused, cache, &streamMemory);
      lossSum += losses.sum();
      count += static_cast<double>(losses.rows());
      streamMemory = model.memoryAfter(cache);
    }
    QCOMPARE(count, expected["predicted_positions"].get<double>());
    QVERIFY2(std::abs(lossSum / count - expected["loss"].get<double>()) < 1e-5,
             qPrintable(QString("loss %1, expected %2").arg(lossSum / count).arg(expected["loss"].get<double>())));
  }

  // Saved and read again, a relative model keeps its u, v and W_R under the contract's names.
  void relativeSaveAndLoad() {
    const CausalLmModel loaded = loadCausalLm(goldenDir("relative-memory-2layers-2heads"));
    for (const char* name : {"decoder.1.self_attention.relative.kernel", "decoder.1.self_attention.u_bias",
                             "decoder.0.self_attention.v_bias"})
      QVERIFY2(loaded.model->parameters().find(name) >= 0, name);
    QTemporaryDir tmp;
    const fs::path dir = fs::path(tmp.path().toStdString()) / "model";
    saveCausalLm(dir, *loaded.model, loaded.vocabulary, {});
    const CausalLmModel again = loadCausalLm(dir);
    QCOMPARE(toJson(again.model->config()), toJson(loaded.model->config()));
    QVERIFY(again.model->parameters().data() == loaded.model->parameters().data());
  }

  // The contract's config rules: memory needs relative positions; a relative model has W_R, u and v per layer.
  void configRules() {
    nlohmann::json config = toJson(tinyConfig(CausalPosition::Learned));
    config["memory_length"] = 4;
    const QString memory = inputErrorOf([&] { causalLmConfigFromJson(config, "config.json"); });
    QVERIFY2(memory.contains("memory_length") && memory.contains("relative"), qPrintable(memory));
    config["position"] = "relative";
    const CausalLmConfig relative = causalLmConfigFromJson(config, "config.json");
    QCOMPARE(relative.memoryLength, 4);
    const CausalLanguageModel model(relative);
    QCOMPARE(model.parameters().info(model.parameters().find("decoder.1.self_attention.u_bias")).shape,
             (std::vector<int64_t>{2, 3}));
    QCOMPARE(model.parameters().info(model.parameters().find("decoder.0.self_attention.relative.kernel")).shape,
             (std::vector<int64_t>{4, 6}));
    QVERIFY(model.parameters().find("embedding.position") < 0);
    config.erase("tokenizer");
    config["position"] = "sinusoidal";
    config["memory_length"] = 0;
    QCOMPARE(causalLmConfigFromJson(config, "config.json").tokenizer, std::string("chars"));
  }

  // Position t sees 0..t only: the logits of a prefix are the first rows of the whole sequence's logits, and
  // every attention map is zero above its diagonal.
  void causalMask() {
    CausalLanguageModel model(tinyConfig(CausalPosition::Sinusoidal));
    model.initialize(3);
    const std::vector<int> ids{3, 5, 7, 9, 4, 6};
    const CausalLanguageModel::Prediction whole = model.predict(ids);
    const CausalLanguageModel::Prediction prefix = model.predict(std::span(ids).first(3));
    QVERIFY(((whole.logits.topRows(3) - prefix.logits).array().abs() < 1e-5f).all());
    for (const auto& layer : whole.attention)
      for (const Matrix& a : layer)
        for (Index i = 0; i < a.rows(); ++i)
          for (Index j = i + 1; j < a.cols(); ++j) QCOMPARE(a(i, j), 0.0f);
    QVERIFY_THROWS_EXCEPTION(InputError, model.predict(std::vector<int>(7, 3)));  // longer than S = 6
    QVERIFY_THROWS_EXCEPTION(InputError, model.predict(std::vector<int>{}));
  }

  // Padding at the end of a short sequence is never predicted: the loss and its count are those of the
  // sequence without it.
  void paddingIgnored() {
    CausalLanguageModel model(tinyConfig(CausalPosition::Learned));
    model.initialize(4);
    const std::vector<std::vector<int>> padded{{3, 8, 5, 0, 0, 0}, {4, 4, 9, 10, 2, 6}};
    const std::vector<std::vector<int>> unpadded{{3, 8, 5}, {4, 4, 9, 10, 2, 6}};
    const BatchStats a = model.lossOf(padded, Mode::Eval, 0), b = model.lossOf(unpadded, Mode::Eval, 0);
    QCOMPARE(a.lossCount, 7.0);
    QCOMPARE(b.lossCount, 7.0);
    QVERIFY2(std::abs(a.loss() - b.loss()) < 1e-6, qPrintable(QString("%1 vs %2").arg(a.loss()).arg(b.loss())));
  }

  void gradients_data() {
    QTest::addColumn<int>("position");
    QTest::newRow("learned") << static_cast<int>(CausalPosition::Learned);
    QTest::newRow("sinusoidal") << static_cast<int>(CausalPosition::Sinusoidal);
    QTest::newRow("relative") << static_cast<int>(CausalPosition::Relative);
  }

  // The whole model's mean loss over a batch with padding, in training mode (dropout of a fixed seed), against
  // central differences: every tensor, through both layers, with the shared checker.
  void gradients() {
    QFETCH(int, position);
    auto model = std::make_shared<CausalLanguageModel>(tinyConfig(static_cast<CausalPosition>(position)));
    model->initialize(12);
    Rng rng(13);
    // Non-zero biases, gammas away from 1, and embeddings of unit scale: with Keras' ±0.05 the first layer norm
    // divides by a tiny spread and is so curved that a central difference is off by more than the tolerance.
    for (float& w : model->parameters().data()) w += rng.uniform(-0.5f, 0.5f);
    auto batch = std::make_shared<std::vector<std::vector<int>>>(
        std::vector<std::vector<int>>{{3, 4, 5, 6, 7, 8}, {9, 3, 10, 0, 0, 0}, {2, 6, 8, 4}});
    test::LayerUnderTest t;
    t.params = model->parameters();
    t.input = Matrix::Zero(1, 1);  // the ids are fixed; only the parameters vary
    t.checkInput = false;
    t.zeroGradient = {"decoder.0.self_attention.key.bias", "decoder.1.self_attention.key.bias"};  // q_i·b_k: same for every key
    t.step = 2e-3f;
    t.tolerance = 1e-2;  // the worst tensor is at about 4e-3 (attention's query and key kernels)
    t.forward = [model, batch](const ParameterSet& p, const Matrix&) {
      model->parameters().data() = p.data();
      return Matrix::Constant(1, 1, static_cast<float>(model->lossOf(*batch, Mode::Train, 21).loss()));
    };
    t.backward = [model, batch](const ParameterSet& p, const Matrix& x, const Matrix& dy, Gradients& g) {
      model->parameters().data() = p.data();
      Gradients own(model->parameters());
      model->trainBatch(*batch, own, 21);
      for (size_t i = 0; i < g.data().size(); ++i) g.data()[i] += dy(0, 0) * own.data()[i];
      return Matrix::Zero(x.rows(), x.cols()).eval();
    };
    const auto reports = test::checkGradients(t, t.step);
    QVERIFY(reports.size() > 10);
    for (const test::GradientReport& r : reports)
      QVERIFY2(r.relativeError < t.tolerance, qPrintable(QString("%1: relative error %2").arg(QString::fromStdString(r.tensor)).arg(r.relativeError)));
  }

  // Two segments of one stream, the second after the first's memory (M = 4 < S = 6 and a short second segment),
  // against central differences with the memory held as the first segment left it: every tensor, u, v and W_R.
  void relativeGradientsWithMemory() {
    CausalLmConfig config = tinyConfig(CausalPosition::Relative);
    config.memoryLength = 4;
    auto model = std::make_shared<CausalLanguageModel>(config);
    model->initialize(14);
    Rng rng(15);
    for (float& w : model->parameters().data()) w += rng.uniform(-0.5f, 0.5f);
    const std::vector<int> first{3, 4, 5, 6, 7, 8}, firstNext{4, 5, 6, 7, 8, 9};
    const std::vector<int> second{9, 3, 10}, secondNext{3, 10, 2};
    // the memory of the unperturbed parameters: a constant of the second segment, as training treats it
    auto memory = std::make_shared<CausalLanguageModel::Memory>();
    {
      Rng dropout = Rng::derive(21, 0);
      CausalLanguageModel::Cache c;
      model->segmentLoss(model->parameters(), first, firstNext, Mode::Train, dropout, c);
      *memory = model->memoryAfter(c);
    }
    QCOMPARE(memory->rows(), Index{4});
    auto run = [=](const ParameterSet& p, Gradients* grads) {
      double sum = 0;
      for (int s = 0; s < 2; ++s) {
        Rng dropout = Rng::derive(21, static_cast<uint64_t>(s));
        CausalLanguageModel::Cache c;
        const Matrix losses = s == 0 ? model->segmentLoss(p, first, firstNext, Mode::Train, dropout, c)
                                     : model->segmentLoss(p, second, secondNext, Mode::Train, dropout, c, memory.get());
        sum += losses.sum();
        if (grads) model->backwardLoss(p, c, Matrix::Constant(losses.rows(), 1, 1.0f / 9.0f), *grads);
      }
      return sum / 9.0;
    };
    test::LayerUnderTest t;
    t.params = model->parameters();
    t.input = Matrix::Zero(1, 1);
    t.checkInput = false;
    t.zeroGradient = {"decoder.0.self_attention.key.bias", "decoder.1.self_attention.key.bias"};
    t.step = 2e-3f;
    t.tolerance = 1e-2;
    t.forward = [run](const ParameterSet& p, const Matrix&) { return Matrix::Constant(1, 1, static_cast<float>(run(p, nullptr))); };
    t.backward = [run](const ParameterSet& p, const Matrix& x, const Matrix& dy, Gradients& g) {
      Gradients own(p);
      run(p, &own);
      for (size_t i = 0; i < g.data().size(); ++i) g.data()[i] += dy(0, 0) * own.data()[i];
      return Matrix::Zero(x.rows(), x.cols()).eval();
    };
    const auto reports = test::checkGradients(t, t.step);
    QVERIFY(reports.size() > 20);
    for (const test::GradientReport& r : reports)
      QVERIFY2(r.relativeError < t.tolerance, qPrintable(QString("%1: relative error %2").arg(QString::fromStdString(r.tensor)).arg(r.relativeError)));
  }

  // No gradient flows into the memory: backward of the second segment is the derivative with the memory held
  // fixed, not the one in which the first segment (and so the memory) moves with the weights too.
  void memoryIsNotDifferentiated() {
    CausalLmConfig config = tinyConfig(CausalPosition::Relative);
    config.memoryLength = 6;
    config.dropout = 0;
    CausalLanguageModel model(config);
    model.initialize(16);
    Rng rng(17);
    for (float& w : model.parameters().data()) w += rng.uniform(-0.5f, 0.5f);
    const std::vector<int> first{3, 4, 5, 6, 7, 8}, second{9, 3, 10, 4}, secondNext{3, 10, 4, 2};
    auto memoryOf = [&](const ParameterSet& p) {
      Rng unused(0);
      CausalLanguageModel::Cache c;
      model.forward(p, first, Mode::Eval, unused, c);
      return model.memoryAfter(c);
    };
    auto secondLoss = [&](const ParameterSet& p, const CausalLanguageModel::Memory& memory) {
      Rng unused(0);
      CausalLanguageModel::Cache c;
      return static_cast<double>(model.segmentLoss(p, second, secondNext, Mode::Eval, unused, c, &memory).sum());
    };
    const CausalLanguageModel::Memory memory = memoryOf(model.parameters());
    Gradients grads(model.parameters());
    {
      Rng unused(0);
      CausalLanguageModel::Cache c;
      const Matrix losses = model.segmentLoss(model.parameters(), second, secondNext, Mode::Eval, unused, c, &memory);
      model.backwardLoss(model.parameters(), c, Matrix::Ones(losses.rows(), 1), grads);
    }
    // along a random direction δ of all parameters: analytic g·δ against two central differences
    std::vector<float> direction(model.parameters().data().size());
    for (float& d : direction) d = rng.uniform(-1.0f, 1.0f);
    double analytic = 0;
    for (size_t i = 0; i < direction.size(); ++i) analytic += static_cast<double>(grads.data()[i]) * direction[i];
    const float h = 1e-3f;
    auto moved = [&](float by) {
      ParameterSet p = model.parameters();
      for (size_t i = 0; i < direction.size(); ++i) p.data()[i] += by * direction[i];
      return p;
    };
    const ParameterSet up = moved(h), down = moved(-h);
    const double memoryHeld = (secondLoss(up, memory) - secondLoss(down, memory)) / (2.0 * h);
    const double memoryMoving = (secondLoss(up, memoryOf(up)) - secondLoss(down, memoryOf(down))) / (2.0 * h);
    const QString numbers = QString("analytic %1, memory held %2, memory moving %3").arg(analytic).arg(memoryHeld).arg(memoryMoving);
    QVERIFY2(std::abs(analytic - memoryHeld) < 2e-2 * std::abs(memoryHeld), qPrintable(numbers));
    QVERIFY2(std::abs(analytic - memoryMoving) > 0.1 * std::abs(memoryMoving), qPrintable(numbers));
  }

  // "chars": every code point a token, nothing removed or lowercased.
  void charsTokenizer() {
    const std::vector<std::string> expected{"H", "i", " ", "你", "好", "\n", "é"};
    QCOMPARE(characterTokens("Hi 你好\né"), expected);
    QCOMPARE(causalLmTokens("Hi 你好\né", "chars"), expected);
    QVERIFY(characterTokens("").empty());
    QVERIFY_THROWS_EXCEPTION(InputError, characterTokens("\xff"));
    QVERIFY_THROWS_EXCEPTION(InputError, causalLmTokens("x", "no-such-tokenizer"));
  }
};

QTEST_APPLESS_MAIN(TestCausalLm)
#include "test_causal_lm.moc"
