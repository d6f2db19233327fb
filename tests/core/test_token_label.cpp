// One rule for a token shown as a label (core/text/token_label.h): every page shows a space the same way.
#include <QtTest>

#include "core/text/token_label.h"

using namespace al;

class TestTokenLabel : public QObject {
  Q_OBJECT
 private slots:
  void aWordLosesTheSpacesAroundIt() {
    QCOMPARE(tokenLabel(" the"), std::string("the"));  // GPT-2's word-initial space
    QCOMPARE(tokenLabel("the "), std::string("the"));
    QCOMPARE(tokenLabel("##ing"), std::string("##ing"));
    QCOMPARE(tokenLabel("书包"), std::string("书包"));
  }
  void whiteSpaceOnlyShowsAsSigns() {
    QCOMPARE(tokenLabel(" "), std::string("␣"));
    QCOMPARE(tokenLabel("  "), std::string("␣␣"));
    QCOMPARE(tokenLabel("\n"), std::string("↵"));
    QCOMPARE(tokenLabel("\t"), std::string("⇥"));
    QCOMPARE(tokenLabel("\r\n"), std::string("↵↵"));
    QCOMPARE(tokenLabel(""), std::string("␣"));
  }
  void aLineBreakInsideAWordIsSeen() { QCOMPARE(tokenLabel("a\nb"), std::string("a↵b")); }
};

QTEST_MAIN(TestTokenLabel)
#include "test_token_label.moc"
