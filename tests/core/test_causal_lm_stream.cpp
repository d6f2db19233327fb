// Transformer-XL's evaluation with its cache (core/inference/causal_lm_stream.h): a text read once, each id after
// the memory and the segment so far, gives what re-reading the whole text from the start gives (readSegments), to
// float rounding; generate and the Generate page's reader take that path and choose the same tokens.
#include <QtTest>

#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "core/inference/causal_lm_generation.h"
#include "core/inference/causal_lm_stream.h"
#include "core/inference/any_model.h"
#include "core/inference/text_writer.h"
#include "tests/seeded_causal_lm.h"

using namespace al;

namespace {

// An untrained relative model with a memory of M over segments of 12, on the printable ASCII characters.
std::shared_ptr<CausalLmModel> memoryModel(int memory, uint64_t seed) {
  CausalLmConfig config = test::smallCharacterLmConfig(CausalPosition::Relative, memory);
  config.denseDim = 32;
  return test::seededCharacterLm(config, seed);
}

std::vector<int> idsOf(const CausalLmModel& model, const std::string& text) {
  return causalLmIds(causalLmTokens(text, "chars"), model.vocabulary);
}

float largestDifference(const auto& a, const auto& b) { return (a - b).cwiseAbs().maxCoeff(); }

const std::string kText = "the cat sat on the mat. the dog ran to the log. a bird sang";  // 59: five segments

}  // namespace

class TestCausalLmStream : public QObject {
  Q_OBJECT
 private slots:
  // Read one id at a time (and the first 31 at once), the stream's last row equals the last row of re-reading the
  // text so far segment after segment, and so does the last token's attention over [memory ; segment], for a
  // memory shorter than, as long as and longer than a segment.
  void streamGivesWhatReReadingGives() {
    for (const int memory : {5, 12, 20}) {
      const auto model = memoryModel(memory, 7);
      const std::vector<int> ids = idsOf(*model, kText);
      CausalLmStream stream(*model->model);
      for (size_t n = 31; n <= ids.size(); ++n) {
        const std::span<const int> unread = std::span(ids).subspan(stream.length(), n - stream.length());
        const Matrix logits = stream.read(unread);
        QCOMPARE(logits.rows(), static_cast<Index>(unread.size()));
        const CausalLanguageModel::SegmentedPrediction again = model->model->readSegments(std::span(ids).first(n));
        const float logitGap = largestDifference(logits.row(logits.rows() - 1), again.last.logits.row(again.last.logits.rows() - 1));
        QVERIFY2(logitGap < 1e-5f, qPrintable(QString("M %1, %2 ids: %3").arg(memory).arg(n).arg(logitGap)));
        QCOMPARE(stream.lastKeysStart(), again.segmentStart - static_cast<size_t>(again.last.memoryRows));
        for (size_t l = 0; l < again.last.attention.size(); ++l)
          for (size_t h = 0; h < again.last.attention[l].size(); ++h) {
            const Matrix& mine = stream.lastAttention()[l][h];
            const Matrix& theirs = again.last.attention[l][h];
            QCOMPARE(mine.cols(), theirs.cols());
            QVERIFY(largestDifference(mine.row(mine.rows() - 1), theirs.row(theirs.rows() - 1)) < 1e-5f);
          }
      }
    }
  }

  // After the prompt, a new token is one id through the model: its query alone, over at most M + S keys.
  void aNewTokenIsOnePass() {
    const auto model = memoryModel(12, 3);
    const std::vector<int> ids = idsOf(*model, kText);
    CausalLmStream stream(*model->model);
    stream.read(std::span(ids).first(50));
    stream.read(std::span(ids).subspan(50, 1));
    QCOMPARE(stream.lastAttention()[0][0].rows(), Index{1});
    QCOMPARE(stream.lastAttention()[0][0].cols(), Index{12 + 51 - 48});  // the memory, then ids 48 .. 50
    QVERIFY_THROWS_EXCEPTION(InputError, (void)CausalLmStream(*memoryModel(0, 3)->model));
  }

  // generate (greedy) and the Generate page's reader choose, token after token, what re-reading the text from the
  // start chooses (greedyContinuation), over 30 tokens and three segment edges.
  void generationMatchesReReading() {
    const auto model = memoryModel(12, 11);
    const std::string prompt = "the cat sat on the mat. the dog";  // 31 characters: two segments and a part
    GenerationSettings settings;
    settings.maxNewTokens = 30;
    const Generation g = generate(*model, prompt, settings);
    const std::vector<int> greedy = greedyContinuation(*model->model, idsOf(*model, prompt), 30);
    QCOMPARE(g.steps.size(), greedy.size());
    for (size_t i = 0; i < greedy.size(); ++i) QCOMPARE(g.steps[i].id, int64_t{greedy[i]});

    const std::unique_ptr<TextWriter::Reader> reader = textWriterOf(anyModelOf(std::shared_ptr<const CausalLmModel>(model)))->reader();
    std::vector<int64_t> all;
    for (const int id : idsOf(*model, prompt)) all.push_back(id);
    NextTokenPass pass = reader->read(all);
    for (const int expected : greedy) {
      const RowVector again = nextTokenStep(*model, all).logits;  // the whole text read again
      QVERIFY(largestDifference(pass.logits, again) < 1e-5f);
      all.push_back(expected);
      pass = reader->read(std::span(all).last(1));
    }
    QCOMPARE(reader->length(), all.size());
  }
};

QTEST_APPLESS_MAIN(TestCausalLmStream)
#include "test_causal_lm_stream.moc"
