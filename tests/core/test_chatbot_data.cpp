// The chatbot's text rules, dialog files, built-in corpora and validation split.
#include <QtTest>

#include <cstdlib>
#include <fstream>
#include <set>

#include "core/data/builtin_dialogs.h"
#include "core/data/dialogs.h"
#include "core/error.h"
#include "core/text/seq2seq_text.h"
#include "core/train/chatbot_task.h"

using namespace al;

namespace {

std::vector<std::string> words(std::initializer_list<const char*> list) { return {list.begin(), list.end()}; }

}  // namespace

class TestChatbotData : public QObject {
  Q_OBJECT
 private slots:
  // The contract's steps worked out by hand.
  void preprocessing() {
    QCOMPARE(standardizeSeq2seq("  \xC2\xBFQu\xC3\xA9 tal?  I'm fine. "), std::string("que tal ? i m fine ."));
    // decomposed accents (e + U+0301) and precomposed ones (ç, ë) both lose their marks
    QCOMPARE(standardizeSeq2seq("Ca\xCC\x81" "fe\xCC\x81, \xC3\x87" "a va, Zo\xC3\xAB!"), std::string("cafe , ca va , zoe !"));
    // digits, tabs, U+0085 and other symbols separate words; they never become words
    QCOMPARE(standardizeSeq2seq("3 kinds\tof\xC2\x85" "cake;yes"), std::string("kinds of cake yes"));
    QCOMPARE(tokenizeSeq2seq(""), words({"<start>", "<end>"}));
    QCOMPARE(tokenizeSeq2seq("Hi!"), words({"<start>", "hi", "!", "<end>"}));
    QVERIFY_THROWS_EXCEPTION(InputError, tokenizeSeq2seq("bad \xFF byte"));
  }

  void encodingAndTruncation() {
    const Vocabulary v = Vocabulary::fromTokens({"", "[UNK]", "<start>", "<end>", "a", "b"});
    bool cut = true;
    QCOMPARE(encodeSeq2seq(v, "a b zzz", 0, &cut), (std::vector<int>{2, 4, 5, 1, 3}));
    QVERIFY(!cut);
    // 5 tokens into 4: the first 3, then <end>
    QCOMPARE(encodeSeq2seq(v, "a b zzz", 4, &cut), (std::vector<int>{2, 4, 5, 3}));
    QVERIFY(cut);
    QCOMPARE(decodeSeq2seq(v, {4, 1, 5, 3, 4}), std::string("a [UNK] b"));
  }

  void dialogFiles() {
    // U+0085 (C2 85) inside a line, CRLF, no final newline: 3 pairs
    const auto pairs = parseDialogs("hi\thello\nhow are\xC2\x85 you?\tfine\r\nbye\tsee you", "d.txt");
    QCOMPARE(pairs.size(), size_t(3));
    QCOMPARE(pairs[1].question, std::string("how are\xC2\x85 you?"));
    QCOMPARE(pairs[1].answer, std::string("fine"));
    QCOMPARE(pairs[2].origin, std::string("d.txt:3"));
    auto messageOf = [](const char* text) {
      try {
        parseDialogs(text, "d.txt");
      } catch (const InputError& e) {
        return std::string(e.what());
      }
      return std::string();
    };
    QVERIFY(messageOf("a\tb\nno tab here\n").find("d.txt:2") != std::string::npos);
    QVERIFY(messageOf("a\tb\nno tab here\n").find("TAB") != std::string::npos);
    QVERIFY(messageOf("a\tb\n\nc\td").find("d.txt:2: empty line") != std::string::npos);
    QVERIFY(messageOf("a\tb\tc").find("more than one TAB") != std::string::npos);
    QVERIFY(messageOf("\tb").find("empty question") != std::string::npos);
    QVERIFY(messageOf("a\tb\nq\t\xC3\x28").find("d.txt:2") != std::string::npos);
    QVERIFY(messageOf("").find("no question") != std::string::npos);
    QVERIFY_THROWS_EXCEPTION(InputError, loadDialogSource("builtin:nope"));
    QVERIFY_THROWS_EXCEPTION(InputError, loadDialogSource("/nonexistent/dialogs.txt"));
  }

  // 11 pairs, 20%: floor(10 * 0.2) = 2 held out (9, 10), pair 8 dropped, 0..7 trained on.
  void contiguousSplit() {
    const ContiguousSplit s = splitContiguous(11, 0.2);
    QCOMPARE(s.train, (std::vector<size_t>{0, 1, 2, 3, 4, 5, 6, 7}));
    QCOMPARE(s.validation, (std::vector<size_t>{9, 10}));
    QCOMPARE(splitContiguous(5, 0.0).train.size(), size_t(5));
    QVERIFY(splitContiguous(5, 0.0).validation.empty());
  }

  // Whatever order the Trainer draws, its held-out samples are the contiguous block.
  void taskMapsTheTrainersSplitToTheBlock() {
    Seq2SeqConfig c{20, 20, 2, 2, 2, 8, 8};
    Seq2SeqAttention model(c);
    std::vector<Seq2SeqExample> examples;
    for (int i = 0; i < 41; ++i) examples.push_back({{2, 4 + i % 10, 3}, {2, 4 + (i * 7) % 10, 3}});
    TrainingSettings settings;
    settings.validationSplit = 0.25;
    settings.shuffle = true;
    settings.seed = 99;
    ChatbotTask task(model, examples, settings);
    QCOMPARE(task.trainingSamples(), size_t(40));
    const Split trainer = splitSamples(40, 0.25, true, 99);
    QCOMPARE(trainer.validation.size(), size_t(10));
    QCOMPARE(task.split().validation, (std::vector<size_t>{31, 32, 33, 34, 35, 36, 37, 38, 39, 40}));
    QCOMPARE(task.split().train.size(), size_t(30));  // 0..29; pair 30 is the dropped link
    QCOMPARE(task.split().train.back(), size_t(29));
  }

  void builtinDialogsChain() {
    const auto pairs = builtinDialogs();
    QVERIFY(pairs.size() >= 100);
    size_t chained = 0;
    for (size_t i = 0; i + 1 < pairs.size(); ++i) chained += pairs[i].answer == pairs[i + 1].question;
    QVERIFY(chained >= pairs.size() * 8 / 10);  // like the real data: most answers are the next question
  }

  void translationGrammar() {
    const TranslationSplit t = generateTranslationTask({});
    QCOMPARE(t.train.size(), size_t(3000));
    QCOMPARE(t.test.size(), size_t(300));
    std::set<std::string> train;
    for (const auto& p : t.train) train.insert(p.question);
    for (const auto& p : t.test) QVERIFY2(!train.count(p.question), p.question.c_str());
    // the generator is deterministic
    QCOMPARE(generateTranslationTask({}).test[7].answer, t.test[7].answer);
    // the adjective moves after the noun and agrees with it
    for (const auto& e : translationCrossingExamples()) {
      const auto en = seq2seqWords(e.english), es = seq2seqWords(e.spanish);
      QCOMPARE(en.size(), size_t(3));
      QCOMPARE(es.size(), size_t(3));
    }
    bool sawFeminine = false;
    for (const auto& p : t.train) {
      if (p.question.rfind("the white house", 0) == 0) {
        QVERIFY(p.answer.rfind("la casa blanca", 0) == 0);
        sawFeminine = true;
      }
    }
    QVERIFY(sawFeminine);
  }

  // Only with ATTENTIONLAB_DATA: the real file, 3,725 pairs, with 18 lines holding U+0085 or U+0097.
  void realDialogs() {
    const char* dir = std::getenv("ATTENTIONLAB_DATA");
    if (!dir) QSKIP("ATTENTIONLAB_DATA is not set");
    const auto pairs = readDialogFile(std::string(dir) + "/dialogs.txt");
    QCOMPARE(pairs.size(), size_t(3725));
    size_t chained = 0;
    for (size_t i = 0; i + 1 < pairs.size(); ++i) chained += pairs[i].answer == pairs[i + 1].question;
    QVERIFY(chained > pairs.size() / 2);
    for (const auto& p : pairs) {
      QVERIFY(tokenizeSeq2seq(p.question).size() >= 3);
      QVERIFY(tokenizeSeq2seq(p.answer).size() >= 3);
    }
  }
};

QTEST_APPLESS_MAIN(TestChatbotData)
#include "test_chatbot_data.moc"
