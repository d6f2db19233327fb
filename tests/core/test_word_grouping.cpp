// The words view's arithmetic (core/teaching/word_grouping.h): pieces grouped into ICU's words through their byte
// offsets, a word's map summing its key pieces and averaging its query pieces. The 2-word case is worked by hand.
#include "core/teaching/word_grouping.h"

#include <QtTest>

using namespace al;
using namespace al::teaching;

class TestWordGrouping : public QObject {
  Q_OBJECT
 private slots:
  void piecesOfOneWordGoTogether() {
    // "[CLS] play ##ing now [SEP]": "playing" is one word of two pieces; the added tokens are words of their own.
    const std::string text = "playing now";
    const WordGroups g = groupIntoWords(text, {{0, 0, true}, {0, 4}, {4, 7}, {8, 11}, {0, 0, true}});
    QCOMPARE(g.pieces.size(), size_t(4));
    QCOMPARE(g.pieces[1], (std::vector<size_t>{1, 2}));
    QCOMPARE(g.words[1], std::string("playing"));
    QCOMPARE(g.words[2], std::string("now"));
    QCOMPARE(g.pieces[3], (std::vector<size_t>{4}));
  }

  void chineseCharactersBecomeWords() {
    // BERT's Chinese vocabulary reads one character per piece; ICU's dictionary finds 书包 and 教室.
    const std::string text = "小明把书包忘在教室";  // 9 characters of 3 bytes
    std::vector<PieceSpan> pieces;
    for (size_t c = 0; c < 9; ++c) pieces.push_back({3 * c, 3 * c + 3});
    const WordGroups g = groupIntoWords(text, pieces);
    QVERIFY(g.pieces.size() < pieces.size());
    QVERIFY(std::find(g.words.begin(), g.words.end(), "书包") != g.words.end());
    QVERIFY(std::find(g.words.begin(), g.words.end(), "教室") != g.words.end());
  }

  void aPieceCarryingItsSpaceJoinsTheWordAfterIt() {
    // GPT-2's "Ġnow" starts at the space before the word.
    const WordGroups g = groupIntoWords("go now", {{0, 2}, {2, 6}});
    QCOMPARE(g.pieces.size(), size_t(2));
    QCOMPARE(g.words[1], std::string("now"));
  }

  void oneWordPerPieceKeepsTheMatrix() {
    const WordGroups g = groupIntoWords("a b c", {{0, 1}, {2, 3}, {4, 5}});
    QCOMPARE(g.pieces.size(), size_t(3));
    Matrix a(3, 3);
    a << 0.2f, 0.3f, 0.5f, 0.1f, 0.1f, 0.8f, 0.6f, 0.3f, 0.1f;
    QVERIFY(wordAttention(a, g).isApprox(a));
  }

  void twoWordsByHand() {
    // Pieces 0, 1 form word 0; piece 2 word 1.
    //   A = | 0.5 0.3 0.2 |   word 0's row: keys (0.5+0.3, 0.2) and (0.1+0.1, 0.8), averaged: (0.5, 0.5)
    //       | 0.1 0.1 0.8 |   word 1's row: (0.4+0.4, 0.2) = (0.8, 0.2)
    //       | 0.4 0.4 0.2 |
    WordGroups g;
    g.pieces = {{0, 1}, {2}};
    g.words = {"ab", "c"};
    Matrix a(3, 3);
    a << 0.5f, 0.3f, 0.2f, 0.1f, 0.1f, 0.8f, 0.4f, 0.4f, 0.2f;
    Matrix expected(2, 2);
    expected << 0.5f, 0.5f, 0.8f, 0.2f;
    const Matrix w = wordAttention(a, g);
    QVERIFY2(w.isApprox(expected, 1e-6f), "the hand-computed 2-word map");
    for (Eigen::Index r = 0; r < w.rows(); ++r) QVERIFY(std::abs(w.row(r).sum() - 1.0f) < 1e-6f);
  }
};

QTEST_APPLESS_MAIN(TestWordGrouping)
#include "test_word_grouping.moc"
