// "Which head does this?" as arithmetic (core/teaching/head_finder.h): each head's difference is the query's weight
// on the first candidate minus on the second, a word's pieces summed and a query's rows averaged; the ranking puts
// the largest difference first. The expected numbers are worked out by hand from the small maps below.
#include "core/teaching/head_finder.h"

#include <QtTest>

#include <stdexcept>

using al::Matrix;
using al::teaching::rankHeads;

namespace {

Matrix map3(std::initializer_list<float> values) {
  Matrix m(3, 3);
  auto it = values.begin();
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) m(r, c) = *it++;
  return m;
}

}  // namespace

class TestHeadFinder : public QObject {
  Q_OBJECT
 private slots:
  void ranksEveryHeadByTheDifference() {
    // Query 2, candidates 0 (A) and 1 (B). Layer 0: head 0 gives 0.1 vs 0.6 (−0.5), head 1 0.7 vs 0.2 (+0.5);
    // layer 1: head 0 0.3 vs 0.3 (0), head 1 0.8 vs 0.1 (+0.7): the best head is 1.1.
    const Matrix ignored = map3({1, 0, 0, 0, 1, 0, 0, 0, 1});
    const std::vector<std::vector<Matrix>> attention{
        {map3({1, 0, 0, 0, 1, 0, 0.1f, 0.6f, 0.3f}), map3({1, 0, 0, 0, 1, 0, 0.7f, 0.2f, 0.1f})},
        {map3({1, 0, 0, 0, 1, 0, 0.3f, 0.3f, 0.4f}), map3({1, 0, 0, 0, 1, 0, 0.8f, 0.1f, 0.1f})}};
    const auto r = rankHeads(attention, {2}, {0}, {1});
    QCOMPARE(r.differences.rows(), 2);
    QCOMPARE(r.differences.cols(), 2);
    QVERIFY(std::abs(r.differences(0, 0) + 0.5f) < 1e-6f);
    QVERIFY(std::abs(r.differences(1, 1) - 0.7f) < 1e-6f);
    QCOMPARE(r.ranked.size(), size_t(4));
    QCOMPARE(r.ranked[0].layer, size_t(1));
    QCOMPARE(r.ranked[0].head, size_t(1));
    QVERIFY(std::abs(r.ranked[0].onA - 0.8) < 1e-6);
    QVERIFY(std::abs(r.ranked[0].onB - 0.1) < 1e-6);
    QCOMPARE(r.ranked[1].layer, size_t(0));
    QCOMPARE(r.ranked[1].head, size_t(1));
    QCOMPARE(r.ranked[3].head, size_t(0));  // the most negative last
    QCOMPARE(r.preferA, size_t(2));
    Q_UNUSED(ignored);
  }

  void aWordOfSeveralPiecesSumsItsKeysAndAveragesItsQueries() {
    // Query pieces {1, 2}, candidate A = pieces {0, 1}, B = {2}.
    // Row 1: A 0.2 + 0.5 = 0.7, B 0.3; row 2: A 0.1 + 0.1 = 0.2, B 0.8. Averages: A 0.45, B 0.55, difference −0.1.
    const std::vector<std::vector<Matrix>> attention{{map3({1, 0, 0, 0.2f, 0.5f, 0.3f, 0.1f, 0.1f, 0.8f})}};
    const auto r = rankHeads(attention, {1, 2}, {0, 1}, {2});
    QVERIFY(std::abs(r.ranked[0].onA - 0.45) < 1e-6);
    QVERIFY(std::abs(r.ranked[0].onB - 0.55) < 1e-6);
    QVERIFY(std::abs(r.ranked[0].difference + 0.1) < 1e-6);
    QCOMPARE(r.preferA, size_t(0));
  }

  void refusesTokensOutOfRange() {
    const std::vector<std::vector<Matrix>> attention{{map3({1, 0, 0, 0, 1, 0, 0, 0, 1})}};
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, rankHeads(attention, {3}, {0}, {1}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, rankHeads(attention, {0}, {}, {1}));
  }
};

QTEST_APPLESS_MAIN(TestHeadFinder)
#include "test_head_finder.moc"
