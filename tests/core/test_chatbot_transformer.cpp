// The encoder-decoder Transformer (task seq2seq-transformer) as a whole: no look-ahead, a batch equals its pairs,
// reproducible parallel training, greedy decoding with every attention set, and learning the built-in translation
// task with an alignment that crosses where Spanish puts the adjective after the noun. The classroom preset's
// numbers are measured from the CLI (see the README).
// oneTBB before Qt: Qt's `emit` macro breaks oneTBB's headers.
#include <oneapi/tbb/task_arena.h>

#include <QtTest>

#include <cmath>

#include "core/data/builtin_dialogs.h"
#include "core/error.h"
#include "core/inference/seq2seq_transformer_inference.h"
#include "core/models/seq2seq_transformer.h"
#include "core/text/seq2seq_text.h"
#include "core/train/chatbot_task.h"
#include "tests/core/seq2seq_checks.h"

using namespace al;
using al::test::pointers;

namespace {

Seq2SeqTransformerConfig smallConfig() {
  return {.sourceVocabSize = 9, .targetVocabSize = 8, .embedDim = 8, .numHeads = 2, .keyDim = 4, .denseDim = 12,
          .numLayers = 2, .maxSourceLength = 8, .maxTargetLength = 6, .dropout = 0.2f};
}

// Pairs of different lengths on both sides.
std::vector<Seq2SeqExample> examples() {
  return {{{2, 4, 5, 3}, {2, 4, 3}},
          {{2, 6, 3}, {2, 5, 1, 4, 6, 3}},
          {{2, 1, 4, 4, 6, 8, 3}, {2, 3}},
          {{2, 7, 3}, {2, 7, 7, 3}},
          {{2, 5, 3}, {2, 4, 5, 3}}};
}

Matrix logitsOf(const Seq2SeqTransformer& model, const Seq2SeqExample& pair) {
  Rng unused(0);
  TransformerEncoder::BatchCache encoder;
  Seq2SeqTransformer::SampleCache cache;
  return model.forwardPair(model.parameters(), pair, Mode::Eval, unused, encoder, cache);
}

}  // namespace

class TestChatbotTransformer : public QObject {
  Q_OBJECT
 private:
  std::unique_ptr<ChatbotRun> run_;  // trained on builtin:translate in initTestCase

 private slots:
  void initTestCase() {
    ChatbotRunSettings s = chatbotPreset("tiny", "transformer");
    s.transformer.embedDim = 32;
    s.transformer.numHeads = 2;
    s.transformer.keyDim = 16;
    s.transformer.denseDim = 64;
    s.transformer.numLayers = 1;
    test::trainOnTranslation(s, 6, 3e-3f, run_);
    QCOMPARE(run_->task(), std::string("seq2seq-transformer"));
  }

  // Position t of the decoder sees positions 0..t only: changing a later target token changes nothing before it.
  void decodingNeverLooksAhead() {
    Seq2SeqTransformer model(smallConfig());
    model.initialize(3);
    const Seq2SeqExample a{{2, 4, 5, 6, 3}, {2, 4, 5, 6, 7, 3}};
    Seq2SeqExample b = a;
    b.target[3] = 1;  // decoder input position 3 (it predicts target[4])
    const Matrix la = logitsOf(model, a), lb = logitsOf(model, b);  // 5 x V
    QCOMPARE(la.rows(), Index(5));
    QVERIFY(la.topRows(3) == lb.topRows(3));                   // bit for bit
    QVERIFY((la.bottomRows(2) - lb.bottomRows(2)).cwiseAbs().maxCoeff() > 1e-4f);  // and the change does matter
    // The greedy decoder's masked self-attention: every weight above the diagonal is exactly 0.
    const Seq2SeqTransformer::Decoding d = model.decode({2, 4, 5, 3}, 2, 3);
    for (const auto& heads : d.decoderAttention)
      for (const Matrix& w : heads) {
        QCOMPARE(w.rows(), Index(d.tokens.size()));
        for (Index i = 0; i < w.rows(); ++i) {
          for (Index j = i + 1; j < w.cols(); ++j) QCOMPARE(w(i, j), 0.0f);
          QVERIFY(std::abs(w.row(i).sum() - 1.0f) < 1e-5f);
        }
      }
  }

  // The batch path (encoder stage by stage, decoders in parallel chunks) gives the loss and the gradient of its
  // pairs one at a time; the same thread count gives the same bits.
  void batchEqualsItsPairs() {
    Seq2SeqTransformer model(smallConfig());
    model.initialize(4);
    const std::vector<Seq2SeqExample> data = examples();
    std::vector<Gradients> scratch;
    for (int threads : {1, 2, 3}) {
      tbb::task_arena arena(threads);
      Gradients together(model.parameters()), again(model.parameters()), alone(model.parameters());
      Seq2SeqLoss all, repeat, sum;
      arena.execute([&] {
        all = model.batchLoss(pointers(data), &together, 9, scratch);
        repeat = model.batchLoss(pointers(data), &again, 9, scratch);
      });
      QVERIFY(together.data() == again.data());
      QCOMPARE(all.lossSum, repeat.lossSum);
      QCOMPARE(all.tokens, 2L + 5 + 1 + 3 + 3);  // Σ (|target| - 1)
      // without gradients (evaluation: no dropout) the loss is the sum of the pairs' losses
      Seq2SeqLoss evaluation;
      arena.execute([&] { evaluation = model.batchLoss(pointers(data), nullptr, 0, scratch); });
      for (const Seq2SeqExample& e : data) {
        const Seq2SeqExample* one[] = {&e};
        sum += model.batchLoss(one, nullptr, 0, scratch);
      }
      QVERIFY(std::abs(evaluation.lossSum - sum.lossSum) < 1e-4 * std::abs(sum.lossSum));
      QCOMPARE(evaluation.tokens, sum.tokens);
    }
    // Dropout off: the batch's gradient is the sum of its pairs' gradients.
    model.setDropout(0.0f);
    Gradients together(model.parameters()), alone(model.parameters());
    model.batchLoss(pointers(data), &together, 1, scratch);
    for (const Seq2SeqExample& e : data) {
      const Seq2SeqExample* one[] = {&e};
      model.batchLoss(one, &alone, 1, scratch);
    }
    double difference = 0, size = 0;
    for (size_t i = 0; i < alone.data().size(); ++i) {
      difference = std::max(difference, double(std::abs(together.data()[i] - alone.data()[i])));
      size = std::max(size, double(std::abs(alone.data()[i])));
    }
    QVERIFY2(difference < 1e-5 * size, qPrintable(QString("largest difference %1 of %2").arg(difference).arg(size)));
  }

  void rejectsBadInput() {
    Seq2SeqTransformer model(smallConfig());
    std::vector<Gradients> scratch;
    const Seq2SeqExample outside{{2, 99, 3}, {2, 3}}, tooLong{{2, 4, 4, 4, 4, 4, 4, 4, 3}, {2, 3}}, noTarget{{2, 3}, {2}};
    for (const Seq2SeqExample* bad : {&outside, &tooLong, &noTarget}) {
      const Seq2SeqExample* one[] = {bad};
      QVERIFY_THROWS_EXCEPTION(InputError, model.batchLoss(one, nullptr, 0, scratch));
    }
    QVERIFY_THROWS_EXCEPTION(InputError, model.decode({}, 2, 3));
    Seq2SeqTransformerConfig zeroHeads = smallConfig();
    zeroHeads.numHeads = 0;
    QVERIFY_THROWS_EXCEPTION(InputError, Seq2SeqTransformer{zeroHeads});
  }

  void translatesHeldOutSentences() {
    QCOMPARE(run_->testPairs(), size_t(300));
    const double exact = run_->exactMatchTest();
    QVERIFY2(exact >= 0.95, qPrintable(QString("%1% of held-out sentences exactly right").arg(100 * exact)));
  }

  // The alignment is the last layer's cross-attention, averaged over its heads.
  void crossAttentionCrosses() {
    const Seq2SeqTransformer& m = run_->transformerModel();
    test::checkAlignmentCrosses([&](const std::string& english) {
      return askSeq2seqTransformer(m, run_->sourceVocabulary(), run_->targetVocabulary(), english);
    });
  }

  // Every attention set of ask, with the shapes the contract gives them, and each generation step's pass.
  void askGivesEveryAttentionSet() {
    const Seq2SeqTransformer& m = run_->transformerModel();
    const Seq2SeqTransformerReply r =
        askSeq2seqTransformer(m, run_->sourceVocabulary(), run_->targetVocabulary(), "the green chair", true);
    const Index S = Index(r.sourceTokens.size()), T = Index(r.outputTokens.size());
    QCOMPARE(S, Index(5));
    const auto L = size_t(m.config().numLayers), H = size_t(m.config().numHeads);
    QCOMPARE(r.decoding.encoderAttention.size(), L);
    QCOMPARE(r.decoding.decoderAttention.size(), L);
    QCOMPARE(r.decoding.crossAttention.size(), L);
    for (size_t l = 0; l < L; ++l) {
      QCOMPARE(r.decoding.crossAttention[l].size(), H);
      QCOMPARE(r.decoding.encoderAttention[l][0].rows(), S);
      QCOMPARE(r.decoding.encoderAttention[l][0].cols(), S);
      QCOMPARE(r.decoding.decoderAttention[l][0].rows(), T);
      QCOMPARE(r.decoding.crossAttention[l][0].rows(), T);
      QCOMPARE(r.decoding.crossAttention[l][0].cols(), S);
    }
    QCOMPARE(r.decoding.passes.size(), size_t(T));
    for (size_t k = 0; k < r.decoding.passes.size(); ++k) {
      QCOMPARE(r.decoding.passes[k].input.size(), k + 1);  // <start> and the k tokens before
      QCOMPARE(r.decoding.passes[k].chosen, r.decoding.tokens[k]);
    }
  }

  void oddQuestionsGetAnAnswer() {
    const Seq2SeqTransformer& m = run_->transformerModel();
    const Vocabulary &source = run_->sourceVocabulary(), &target = run_->targetVocabulary();
    auto ask = [&](const std::string& question) { return askSeq2seqTransformer(m, source, target, question); };
    test::checkOddQuestionsGetAnAnswer(ask, source, m.config().maxSourceLength, m.config().maxTargetLength, 10000);
    if (QTest::currentTestFailed()) return;
    QVERIFY_THROWS_EXCEPTION(InputError, ask("caf\xe9"));  // not UTF-8
  }

  // Saved and loaded again: the same answer, the same weights, tokenizer written and read.
  void saveAndLoad() {
    QTemporaryDir dir;
    const std::string path = dir.path().toStdString() + "/model";
    run_->save(path);
    const Seq2SeqTransformerModel loaded = loadSeq2seqTransformer(path);
    QVERIFY(loaded.model->parameters().data() == run_->transformerModel().parameters().data());
    QCOMPARE(loaded.model->config().tokenizer, std::string("ascii"));
    QCOMPARE(loaded.history.size(), size_t(6));
    const auto a = askSeq2seqTransformer(*loaded.model, loaded.source, loaded.target, "the red car");
    const auto b = askSeq2seqTransformer(run_->transformerModel(), run_->sourceVocabulary(), run_->targetVocabulary(), "the red car");
    QCOMPARE(a.outputTokens, b.outputTokens);
    QVERIFY(a.attention == b.attention);
  }
};

QTEST_APPLESS_MAIN(TestChatbotTransformer)
#include "test_chatbot_transformer.moc"
