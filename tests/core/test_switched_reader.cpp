// Writing on with heads switched off (core/inference/switched_reader.h), the language model's path: what the reader
// reads equals the model computed here layer by layer from its own layers, with the switched-off head's slice of
// Z set to zero by hand before the output projection, over the window of the last S tokens the model sees.
#include <QtTest>

#include <cmath>

#include "core/inference/any_model.h"
#include "core/inference/causal_lm_inference.h"
#include "core/inference/switched_reader.h"
#include "core/layers/relu.h"

using namespace al;

namespace {

// An untrained language model with learned positions, a window of S = 8 and no dropout, on 20 made-up tokens.
std::shared_ptr<CausalLmModel> smallModel() {
  CausalLmConfig c;
  c.vocabSize = 20, c.sequenceLength = 8, c.embedDim = 8, c.numHeads = 2, c.keyDim = 4, c.denseDim = 16;
  c.numLayers = 2, c.dropout = 0, c.position = CausalPosition::Learned;
  auto model = std::make_shared<CausalLmModel>();
  model->model = std::make_unique<CausalLanguageModel>(c);
  model->model->initialize(11);
  ParameterSet& p = model->model->parameters();
  p.value(p.find("embedding.token")) *= 20.0f;  // the attention then moves the logits visibly
  std::vector<std::string> tokens = {"", "[UNK]", "[EOS]"};
  // append, not "w" + ...: GCC 12 warns falsely (-Wrestrict) about the latter
  for (int i = 3; i < c.vocabSize; ++i) tokens.push_back(std::string("w").append(std::to_string(i)));
  model->vocabulary = Vocabulary::fromTokens(tokens);
  return model;
}

// The next token's logits after `ids` (1 x V), the model's last S ids read layer by layer; head `head` of layer
// `layer` gives zeros: Z_h = 0, so that layer's attention is Y = Z·W_o + b_o with head h's columns of Z zero.
RowVector logitsWithHeadZeroed(const CausalLanguageModel& model, std::vector<int> ids, size_t layer, Index head) {
  const ParameterSet& p = model.parameters();
  const auto S = static_cast<size_t>(model.config().sequenceLength);
  if (ids.size() > S) ids.erase(ids.begin(), ids.end() - static_cast<std::ptrdiff_t>(S));  // the window
  const auto T = static_cast<Index>(ids.size());
  const Matrix& tokenTable = p.value(p.find("embedding.token"));    // V x D
  const Matrix& positionTable = p.value(p.find("embedding.position"));  // S x D
  Matrix x(T, model.config().embedDim);  // T x D
  for (Index t = 0; t < T; ++t) x.row(t) = tokenTable.row(ids[static_cast<size_t>(t)]) + positionTable.row(t);
  const Matrix causal = causalMask(T);  // T x T
  const Index K = model.config().keyDim;
  for (size_t l = 0; l < model.layers().size(); ++l) {
    const CausalLanguageModel::Layer& L = model.layers()[l];
    MultiHeadAttention::Cache attention;
    Matrix a = L.attention->forward(p, x, attention, &causal);  // T x D, every head on
    if (l == layer) {
      Matrix z = attention.heads;  // T x (H*K)
      z.middleCols(head * K, K).setZero();
      a = z * p.value(L.attention->output().kernel);  // T x D
      a.rowwise() += p.value(L.attention->output().bias).row(0);
    }
    LayerNorm::Cache n1, n2;
    Dense::Cache d1, d2;
    Relu::Cache relu;
    const Matrix x1 = L.norm1.forward(p, x + a, n1);                                // T x D
    const Matrix hidden = Relu{}.forward(L.dense1.forward(p, x1, d1), relu);        // T x F
    x = L.norm2.forward(p, x1 + L.dense2.forward(p, hidden, d2), n2);               // T x D
  }
  return model.outputLogits(x.bottomRows(1));  // 1 x V
}

float largestDifference(const RowVector& a, const RowVector& b) { return (a - b).cwiseAbs().maxCoeff(); }

}  // namespace

class TestSwitchedReader : public QObject {
  Q_OBJECT
 private slots:
  // With layer 1's head 0 off: the prompt (longer than the window), then one id and two more read after it, each
  // read equals the layer-by-layer computation with that head zeroed, and differs from every head on.
  void aHeadOffReadsAsItsOutputZeroed() {
    const auto model = smallModel();
    HeadSwitches switches;
    switches.switchOff(1, 0);
    const std::unique_ptr<TextWriter::Reader> reader =
        switchedReader(anyModelOf(std::shared_ptr<const CausalLmModel>(model)), switches);
    QVERIFY(reader);
    std::vector<int> ids = {3, 9, 4, 17, 12, 5, 8, 14, 6, 11, 19};  // 11 ids: the model sees the last 8
    const std::vector<std::vector<int>> reads = {ids, {7}, {13, 10}};
    std::vector<int> text;
    for (const std::vector<int>& read : reads) {
      text.insert(text.end(), read.begin(), read.end());
      const NextTokenPass pass = reader->read(std::vector<int64_t>(read.begin(), read.end()));
      QCOMPARE(reader->length(), text.size());
      QCOMPARE(pass.firstSeen, text.size() - 8);  // the window's first token
      const RowVector expected = logitsWithHeadZeroed(*model->model, text, 1, 0);
      const RowVector allOn = logitsWithHeadZeroed(*model->model, text, 99, 0);  // no layer 99: every head on
      QVERIFY2(largestDifference(pass.logits, expected) < 1e-4f,
               qPrintable(QString("%1 tokens: %2 from the head zeroed by hand")
                              .arg(text.size())
                              .arg(static_cast<double>(largestDifference(pass.logits, expected)))));
      QVERIFY(largestDifference(pass.logits, allOn) > 1e-3f);  // the head did something
      QCOMPARE(pass.attention.size(), size_t{2});  // the newest token's row of every map, still shown
    }
  }

  // Layer-by-layer with nothing zeroed is the model itself: the builder above does not drift from the model.
  void theBuilderIsTheModelWithEveryHeadOn() {
    const auto model = smallModel();
    const std::vector<int> ids = {3, 9, 4, 17, 12};
    const Matrix logits = model->model->predict(ids).logits;  // T x V
    QVERIFY(largestDifference(logits.row(logits.rows() - 1), logitsWithHeadZeroed(*model->model, ids, 99, 0)) < 1e-4f);
  }

  void aModelThatCannotWriteHasNoReader() { QVERIFY(!switchedReader(AnyModel{}, HeadSwitches{})); }
};

QTEST_MAIN(TestSwitchedReader)
#include "test_switched_reader.moc"
