// The capabilities over any model (core/inference/model_attention.h, model_logit_lens.h): what each kind reads of a
// text is what its own functions read (the encoder-decoder's question as ask reads it, the language model's last
// segment after its memory), heads switch off, and the shape and the logit lens are the kind's own.
#include <QtTest>

#include "core/catalogue/model_catalogue.h"
#include "core/error.h"
#include "core/inference/causal_lm_generation.h"
#include "core/inference/model_attention.h"
#include "core/inference/model_logit_lens.h"

using namespace al;

namespace {

std::string golden(const char* path) { return std::string(ATTENTIONLAB_SOURCE_DIR "/tests/reference/golden/") + path; }

bool sameMaps(const std::vector<std::vector<Matrix>>& a, const std::vector<std::vector<Matrix>>& b) {
  if (a.size() != b.size()) return false;
  for (size_t l = 0; l < a.size(); ++l) {
    if (a[l].size() != b[l].size()) return false;
    for (size_t h = 0; h < a[l].size(); ++h)
      if (a[l][h].rows() != b[l][h].rows() || a[l][h].cols() != b[l][h].cols() || a[l][h] != b[l][h]) return false;
  }
  return true;
}

}  // namespace

class TestModelAttention : public QObject {
  Q_OBJECT
 private slots:
  // The encoder-decoder Transformer's self-attention is its encoder's over the question, read as ask reads it.
  void theEncoderDecoderShowsItsEncoderOverTheQuestion() {
    const AnyModel model = loadModel(golden("seq2seq_transformer/model"));
    const auto loaded = model.as<Seq2SeqTransformerModel>();
    QVERIFY(loaded);
    const std::string question = "How are you today?";
    const ModelAttention read = readModelAttention(model, question);
    const Seq2SeqTransformerReply reply = askSeq2seqTransformer(*loaded->model, loaded->source, loaded->target, question);
    QCOMPARE(read.tokens, reply.sourceTokens);  // <start> how are you today ? <end>
    QVERIFY(sameMaps(read.attention, reply.decoding.encoderAttention));
    QCOMPARE(read.layers(), size_t(2));
    QCOMPARE(read.heads(), size_t(2));
    QVERIFY(read.square() && !read.probability);
    const ModelShape shape = modelShape(model);
    QCOMPARE(shape.layers, size_t(2));
    QCOMPARE(shape.heads, Index(2));
    QCOMPARE(shape.vocabulary, Index(60));  // the question's vocabulary

    // Head 0 of layer 0 off: its own map is computed as before, the layer after reads the layer without it.
    const HeadSwitches off = headSwitchesOf(model, "0.0");
    const ModelAttention switched = readModelAttention(model, question, &off);
    QVERIFY(switched.attention[0][0] == read.attention[0][0]);
    QVERIFY(switched.attention[1][0] != read.attention[1][0]);
    QVERIFY_THROWS_EXCEPTION(InputError, headSwitchesOf(model, "2.0"));  // 2 layers, counted from 0
    QVERIFY(!hasLogitLens(model));  // its output layer writes the answer's words, not the question's
    QVERIFY(!readLogitLens(model, question, 5));
  }

  // A language model with a memory reads a long text segment after segment: the whole text's tokens, the last
  // segment's maps over the memory's tokens and its own (the keys start before the queries).
  void aLanguageModelWithMemoryShowsItsLastSegment() {
    const AnyModel model = loadModel(golden("causal-lm/relative-memory-2layers-2heads"));
    const auto loaded = model.as<CausalLmModel>();
    QVERIFY(loaded);
    const std::string text = "abcabcabcabcab";  // 14 characters: segments of 8, the last of 6
    const HeadSwitches off = headSwitchesOf(model, "0.1");  // layer 1 reads layer 0 without its head 1
    const ModelAttention read = readModelAttention(model, text, &off);
    const CausalLmAttention expected = readAttention(*loaded, text, &off);
    QCOMPARE(read.tokens, expected.tokens);
    QVERIFY(sameMaps(read.attention, expected.attention));
    QCOMPARE(read.queryStart, size_t(8));
    QCOMPARE(read.keyStart, size_t(8) - expected.memoryRows);
    QVERIFY(expected.memoryRows > 0 && !read.square());
    QVERIFY(!sameMaps(read.attention, readModelAttention(model, text).attention));  // the switch was read
    QVERIFY(hasLogitLens(model));
    const std::optional<teaching::LogitLens> lens = readLogitLens(model, "abcab", 3);
    QVERIFY(lens);
    QCOMPARE(lens->guesses.size(), size_t(3));  // the embeddings and 2 layers
  }

  // A text with nothing to read is refused with its kind of error, for the app's own words as for a model's pieces.
  void aTextWithoutWordsIsRefused() {
    const AnyModel model = loadModel(golden("masked-lm/learned-layer"));
    try {
      readModelAttention(model, "!!! ...");
      QFAIL("no error");
    } catch (const InputError& e) {
      QCOMPARE(e.kind(), ErrorKind::EmptySentence);
    }
    QVERIFY_THROWS_EXCEPTION(InputError, readModelAttention(AnyModel{}, "the cat"));  // no weights
  }

  // The catalogue lists every kind that can do a thing, for messages and the command line's help.
  void tasksThatCanNameTheKindsWithTheAbility() {
    const std::string attending = tasksThatCan(Ability::SelfAttention);
    for (const ModelKind& kind : modelKinds())
      QCOMPARE(attending.find(kind.task) != std::string::npos, kind.can(Ability::SelfAttention));
    QVERIFY(attending.find("seq2seq-transformer") != std::string::npos);
    QVERIFY(attending.find("imdb-bigram") == std::string::npos);
  }
};

QTEST_MAIN(TestModelAttention)
#include "test_model_attention.moc"
