// The encoder-decoder Transformer in the app: a finished run reaches the Chatbot page as a session model; the page
// shows its three attention sets per layer and head; the Step-through page walks its decoder one generation step
// at a time with the model's own numbers (to 1e-6 of its greedy decoding's passes), the causal mask shown as −∞.
#include "core/inference/seq2seq_transformer_inference.h"
#include "core/teaching/decoder_steps.h"
#include "core/text/seq2seq_text.h"
#include "core/train/chatbot_task.h"
#include "tests/seeded_transformer.h"

#include <QtTest>

#include <QTabWidget>
#include <QTableWidget>
#include <cmath>

#include "ui/pages/chatbot_page.h"
#include "ui/widgets/heatmap_view.h"
#include "ui/widgets/matrix_view.h"
#include "ui/session/model_library.h"
#include "ui/pages/stepper_page.h"
#include "ui/teaching/decoder_controls.h"
#include "ui/widgets/attention_grid.h"

using namespace al;
using namespace al::ui;

namespace {

double largestDifference(const Matrix& a, const Matrix& b) {
  if (a.rows() != b.rows() || a.cols() != b.cols()) return INFINITY;
  return (a - b).cwiseAbs().maxCoeff();
}

// A seeded two-layer model with random weights: its greedy answer runs to max_target_length.
std::shared_ptr<Seq2SeqTransformerModel> seededModel() {
  std::shared_ptr<Seq2SeqTransformerModel> m = al::test::seededTransformer();
  // Embeddings as large as the kernels' scale, so that attention is far from uniform.
  Rng rng(3);
  for (const char* name : {"encoder.embedding.token", "decoder.embedding.token", "decoder.embedding.position"}) {
    const int slot = m->model->parameters().find(name);
    if (slot < 0) continue;
    MatrixMap table = m->model->parameters().value(slot);
    for (Index i = 0; i < table.size(); ++i) table.data()[i] = rng.normal();
  }
  return m;
}

MatrixView* gridTitled(const StepperPage& page, const QString& title) {
  for (MatrixView* v : page.gridViews())
    if (v->title() == title) return v;
  return nullptr;
}

// The index of the step with this key and variant, or -1.
int stepOf(const StepperPage& page, const std::string& key, const std::string& variant) {
  for (int i = 0; i < page.stepCount(); ++i)
    if (page.steps()[size_t(i)].key == key && page.steps()[size_t(i)].variant == variant) return i;
  return -1;
}

const char* kQuestion = "the red car sees a small house";

}  // namespace

class TestTransformerChatbotPages : public QObject {
  Q_OBJECT
 private slots:
  void finishedTransformerRunBecomesASessionModel() {
    ChatbotRunSettings s = chatbotPreset("tiny", "transformer");
    s.data = "builtin:translate";
    s.training.epochs = 1;
    s.threads = 1;
    std::unique_ptr<ChatbotRun> run = ChatbotRun::prepare(s);
    run->train(nullptr, nullptr);
    const SessionModel snapshot = snapshotOfRun(*run, QStringLiteral("Run 1"), QStringLiteral("finished"));
    QCOMPARE(snapshot.model.task, std::string("seq2seq-transformer"));
    QVERIFY(snapshot.as<Seq2SeqTransformerModel>() && !snapshot.as<ChatbotModel>());
    QCOMPARE(snapshot.history.size(), size_t(1));
    // The snapshot answers as the run's model does, and is a copy, not the run's own tensors.
    const auto mine = askSeq2seqTransformer(*snapshot.as<Seq2SeqTransformerModel>()->model, snapshot.as<Seq2SeqTransformerModel>()->source,
                                            snapshot.as<Seq2SeqTransformerModel>()->target, kQuestion);
    const auto runs = askSeq2seqTransformer(run->transformerModel(), run->sourceVocabulary(), run->targetVocabulary(), kQuestion);
    QCOMPARE(mine.outputTokens, runs.outputTokens);
    QVERIFY(snapshot.as<Seq2SeqTransformerModel>()->model->parameters().data().data() != run->transformerModel().parameters().data().data());

    ChatbotPage page;
    page.addModel(snapshot.name, snapshot.as<Seq2SeqTransformerModel>());
    QVERIFY(page.currentTransformer() && !page.currentModel());
    page.ask(kQuestion);
    QVERIFY(page.hasTransformerReply());
    QCOMPARE(page.answerText(), QStringLiteral("Answer: %1").arg(QString::fromStdString(mine.answer)));
  }

  void chatbotPageShowsTheThreeAttentionSets() {
    const auto model = seededModel();
    ChatbotPage page;
    page.addModel(QStringLiteral("seeded"), std::shared_ptr<const Seq2SeqTransformerModel>(model));
    page.ask(kQuestion);
    QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
    const Seq2SeqTransformerReply& r = page.transformerReply();
    const Index S = static_cast<Index>(r.sourceTokens.size()), T = static_cast<Index>(r.outputTokens.size());
    const int L = 2, H = 2;
    for (AttentionGrid* grid : {page.encoderAttention(), page.decoderAttention(), page.crossAttention()})
      QCOMPARE(grid->heatmapCount(), L * (H + 1));  // every layer and head, and each layer's average
    for (int l = 0; l < L; ++l)
      for (int h = 0; h < H; ++h) {
        QCOMPARE(page.encoderAttention()->heatmap(l, h)->matrix(), r.decoding.encoderAttention[size_t(l)][size_t(h)]);
        const Matrix& causal = page.decoderAttention()->heatmap(l, h)->matrix();  // T x T
        QCOMPARE(causal.rows(), T);
        QCOMPARE(causal, r.decoding.decoderAttention[size_t(l)][size_t(h)]);
        for (Index i = 0; i < T; ++i)
          for (Index j = i + 1; j < T; ++j) QCOMPARE(page.decoderAttention()->heatmap(l, h)->drawnValue(int(i), int(j)), 0.0);
        const Matrix& cross = page.crossAttention()->heatmap(l, h)->matrix();  // T x S
        QCOMPARE(cross.rows(), T);
        QCOMPARE(cross.cols(), S);
      }
    QCOMPARE(page.crossAttention()->heatmap(0, 0)->rowLabels().size(), int(T));
    QCOMPARE(page.crossAttention()->heatmap(0, 0)->columnLabels().size(), int(S));
    // A click on a row of the cross-attention: the bars are where that answer word looks.
    page.crossAttention()->selectRow(1, 1, 0);
    QCOMPARE(page.crossAttention()->bars()->weights(), RowVector(r.decoding.crossAttention[1][0].row(1)));
    QCOMPARE(page.crossAttention()->bars()->labels().size(), int(S));
  }

  void stepperWalksTheDecoderWithTheModelsNumbers() {
    const auto model = seededModel();
    StepperPage page;
    page.setKind(StepperPage::Kind::Decoder);
    page.setSentence(kQuestion);
    page.setModel(QStringLiteral("seeded"), anyModelOf<Seq2SeqTransformerModel>(model));
    QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
    QVERIFY(page.hasDecoderWalk());
    const Seq2SeqTransformerReply reference =
        askSeq2seqTransformer(*model->model, model->source, model->target, kQuestion, true);
    QCOMPARE(page.decoderWalk().outputTokens, reference.outputTokens);

    for (int step = 0; step < 3; ++step) {
      if (step > 0) page.decoderControls()->nextToken();
      const teaching::DecoderWalk& w = page.decoderWalk();
      QCOMPARE(w.step, Index(step));
      QCOMPARE(w.layer, Index(1));  // the last layer by default
      QCOMPARE(w.inputTokens.size(), size_t(step + 1));
      const Seq2SeqTransformer::DecoderPass& pass = reference.decoding.passes[size_t(step)];
      const TransformerDecoderLayer::Cache& c = pass.cache.layers[1];

      page.showStep(stepOf(page, "softmax", "decoder"));
      for (int h = 0; h < 2; ++h) {
        const Matrix shown = gridTitled(page, QStringLiteral("weights A, head %1").arg(h + 1))->matrix();
        QVERIFY(largestDifference(shown, c.selfAttention.weights[size_t(h)]) < 1e-6);
        for (Index i = 0; i < shown.rows(); ++i)
          for (Index j = i + 1; j < shown.cols(); ++j) QCOMPARE(shown(i, j), 0.0f);  // never a later token
      }
      page.showStep(stepOf(page, "mask", "decoder"));
      MatrixView* masked = gridTitled(page, QStringLiteral("masked scores, head 1"));
      QVERIFY(masked);
      if (step > 0) {
        QCOMPARE(masked->text(0, 1), QStringLiteral("−∞"));  // the causal mask, as the symbol
        QVERIFY(std::isinf(masked->value(0, 1)) && masked->value(0, 1) < 0);
      }
      QVERIFY(std::isfinite(masked->value(step, 0)));

      page.showStep(stepOf(page, "softmax", "cross"));
      for (int h = 0; h < 2; ++h)
        QVERIFY(largestDifference(gridTitled(page, QStringLiteral("weights A, head %1").arg(h + 1))->matrix(),
                                  c.crossAttention.weights[size_t(h)]) < 1e-6);
      page.showStep(stepOf(page, "ffn", "decoder"));
      QVERIFY(largestDifference(gridTitled(page, QStringLiteral("layer output"))->matrix(), pass.output) < 1e-6);
      page.showStep(stepOf(page, "next_token", "decoder"));
      MatrixView* best = gridTitled(page, QStringLiteral("most likely next tokens"));
      QVERIFY(best);
      QCOMPARE(best->columnLabels().value(0), QString::fromStdString(model->target.token(pass.chosen)));
      QVERIFY(page.explanationText().contains(QString::fromStdString(model->target.token(pass.chosen))));
    }

    // The first layer: its steps read the embeddings, the second layer's input is the first layer's output.
    page.decoderControls()->setLayer(0);
    QCOMPARE(page.decoderWalk().layer, Index(0));
    QCOMPARE(stepOf(page, "next_token", "decoder"), -1);  // the choice follows the last layer only
    page.showStep(stepOf(page, "ffn", "decoder"));
    const Seq2SeqTransformer::DecoderPass& pass = reference.decoding.passes[2];
    QVERIFY(largestDifference(gridTitled(page, QStringLiteral("layer output"))->matrix(), pass.cache.layers[1].input) < 1e-6);
    page.showStep(stepOf(page, "decoder_embedding", "decoder"));
    QVERIFY(largestDifference(gridTitled(page, QStringLiteral("X"))->matrix(), pass.cache.embedded) < 1e-6);
    QVERIFY(!page.stepTitle().isEmpty() && !page.formulaText().isEmpty() && page.explanationText().size() > 40);
  }

  void earlierPositionsDoNotChangeWhenATokenIsAppended() {
    // Generation step n+1 reads one token more than step n; the causal mask keeps rows 0..n identical.
    const auto model = seededModel();
    const teaching::DecoderWalk first = teaching::walkDecoder(*model, kQuestion, 1, 1);
    const teaching::DecoderWalk next = teaching::walkDecoder(*model, kQuestion, 2, 1);
    QCOMPARE(next.output.rows(), first.output.rows() + 1);
    QVERIFY(largestDifference(next.output.topRows(first.output.rows()), first.output) < 1e-5);
  }

  void everyDecoderStepHasItsTexts() {
    const auto model = seededModel();
    StepperPage page;
    page.setKind(StepperPage::Kind::Decoder);
    page.setModel(QStringLiteral("seeded"), anyModelOf<Seq2SeqTransformerModel>(model));
    QVERIFY(page.stepCount() >= 12);
    for (int i = 0; i < page.stepCount(); ++i) {
      page.showStep(i);
      const std::string key = page.steps()[size_t(i)].key;
      QVERIFY2(!page.formulaText().isEmpty() && page.explanationText().size() > 40, key.c_str());
      QVERIFY2(!page.stepTitle().endsWith(QString::fromStdString(key)), key.c_str());  // a text, not the bare key
    }
  }
};

QTEST_MAIN(TestTransformerChatbotPages)
#include "test_transformer_chatbot_pages.moc"
