// Two capabilities over any model, checked for every kind: which walk of the step-through page reads a model
// (core/inference/model_walk.h) and the sizes said of a pretrained one (core/inference/pretrained_shape.h). Each
// row is what the page and the description read before they asked the core: the encoder's first layer for an
// imdb-transformer, the additive walk for the chatbot, the decoder for the encoder-decoder Transformer, the
// language model's pass, and the pretrained walk for a BERT, a GPT-2 and the BERT under a sentiment head; the
// sizes of the tiny golden folders' config.json.
#include <QtTest>

#include "core/catalogue/model_catalogue.h"
#include "core/inference/model_walk.h"
#include "core/inference/pretrained_shape.h"

using namespace al;

namespace {

std::string golden(const char* path) { return std::string(ATTENTIONLAB_SOURCE_DIR "/tests/reference/golden/") + path; }

// A sentiment head on the tiny BERT (no head weights: neither capability reads them).
AnyModel sentimentHead() {
  BertSentimentModel m;
  m.encoder = loadPretrainedBert(golden("bert-tiny"));
  m.sequenceLength = 12;
  return anyModelOf(std::make_shared<const BertSentimentModel>(std::move(m)));
}

// The same object under both: a snapshot and the model a walk reads.
template <class M>
bool sameSnapshot(const AnyModel& a, const AnyModel& b) {
  return a.as<M>() && a.as<M>() == b.as<M>();
}

}  // namespace

class TestModelCapabilities : public QObject {
  Q_OBJECT
 private slots:
  void everyKindHasItsWalk() {
    const AnyModel encoder = loadModel(golden("imdb/learned-layer"));
    const AnyModel chatbot = loadModel(golden("seq2seq/model"));
    const AnyModel transformer = loadModel(golden("seq2seq_transformer/model"));
    const AnyModel languageModel = loadModel(golden("causal-lm/relative-1layer-2heads"));
    const AnyModel bert = loadModel(golden("bert-tiny"));
    const AnyModel gpt2 = loadModel(golden("gpt2-tiny"));
    QVERIFY(encoder.as<ImdbTransformerModel>() && chatbot.as<ChatbotModel>() && transformer.as<Seq2SeqTransformerModel>());
    QVERIFY(languageModel.as<CausalLmModel>() && bert.as<PretrainedBert>() && gpt2.as<PretrainedGpt2>());

    // Each walks itself.
    const std::pair<const AnyModel*, WalkKind> itself[] = {
        {&encoder, WalkKind::SelfAttention}, {&chatbot, WalkKind::Additive}, {&transformer, WalkKind::Decoder},
        {&languageModel, WalkKind::LanguageModel}, {&bert, WalkKind::Pretrained}, {&gpt2, WalkKind::Pretrained}};
    for (const auto& [model, kind] : itself) {
      const std::optional<ModelWalk> walk = modelWalkOf(*model);
      QVERIFY2(walk, model->task.c_str());
      QVERIFY2(walk->kind == kind, model->task.c_str());
      QCOMPARE(walk->model.task, model->task);
      QVERIFY(walk->model.snapshot == model->snapshot);  // the same shared snapshot, not a copy
    }

    // A sentiment head walks its BERT, which keeps the head's snapshot alive.
    AnyModel head = sentimentHead();
    const std::optional<ModelWalk> walk = modelWalkOf(head);
    QVERIFY(walk && walk->kind == WalkKind::Pretrained);
    QCOMPARE(walk->model.task, std::string("bert"));
    const auto walkedBert = walk->model.as<PretrainedBert>();
    QVERIFY(walkedBert.get() == &head.as<BertSentimentModel>()->encoder);
    const std::weak_ptr<const BertSentimentModel> headAlive = head.as<BertSentimentModel>();
    head = AnyModel{};
    QVERIFY(!headAlive.expired());  // held by the walk's BERT
    QVERIFY(walk->model.as<PretrainedBert>()->model);

    // A bigram model and a masked LM are walked by none, nor is a model without weights.
    QVERIFY(!modelWalkOf(loadModel(golden("masked-lm/learned-layer"))));
    QVERIFY(!modelWalkOf(anyModelOf(std::make_shared<const BigramModel>())));
    QVERIFY(!modelWalkOf(AnyModel{}));
  }

  void pretrainedModelsSayTheirSizes() {
    // bert-tiny and gpt2-tiny (their config.json): 40 words, 16 positions, 2 layers of 2 heads, width 8.
    const AnyModel bert = loadModel(golden("bert-tiny"));
    const std::optional<PretrainedShape> b = pretrainedShapeOf(bert);
    QVERIFY(b);
    QVERIFY(b->family == PretrainedShape::Family::Bert);
    QCOMPARE(b->vocabulary, int64_t(bert.as<PretrainedBert>()->tokenizer->vocabularySize()));
    QCOMPARE(b->vocabulary, int64_t(40));
    QCOMPARE(b->positions, int64_t(16));
    QCOMPARE(b->layers, int64_t(2));
    QCOMPARE(b->heads, int64_t(2));
    QCOMPARE(b->width, int64_t(8));

    const std::optional<PretrainedShape> g = pretrainedShapeOf(loadModel(golden("gpt2-tiny")));
    QVERIFY(g);
    QVERIFY(g->family == PretrainedShape::Family::Gpt2);
    QCOMPARE(g->vocabulary, int64_t(40));
    QCOMPARE(g->positions, int64_t(16));
    QCOMPARE(g->layers, int64_t(2));
    QCOMPARE(g->heads, int64_t(2));
    QCOMPARE(g->width, int64_t(8));

    // A sentiment head: its BERT's layers, heads and width, the tokens the head reads (not BERT's 16), its BERT's name.
    const AnyModel head = sentimentHead();
    const std::optional<PretrainedShape> s = pretrainedShapeOf(head);
    QVERIFY(s);
    QVERIFY(s->family == PretrainedShape::Family::SentimentHead);
    QCOMPARE(s->positions, int64_t(12));
    QCOMPARE(s->layers, int64_t(2));
    QCOMPARE(s->heads, int64_t(2));
    QCOMPARE(s->width, int64_t(8));
    QCOMPARE(s->base, head.as<BertSentimentModel>()->encoder.name);
    QVERIFY(!s->base.empty());

    // The app's own kinds have none.
    for (const char* dir : {"imdb/learned-layer", "seq2seq/model", "seq2seq_transformer/model", "masked-lm/learned-layer",
                            "causal-lm/relative-1layer-2heads"})
      QVERIFY2(!pretrainedShapeOf(loadModel(golden(dir))), dir);
    QVERIFY(!pretrainedShapeOf(anyModelOf(std::make_shared<const BigramModel>())));
    QVERIFY(!pretrainedShapeOf(AnyModel{}));
  }
};

QTEST_GUILESS_MAIN(TestModelCapabilities)
#include "test_model_capabilities.moc"
