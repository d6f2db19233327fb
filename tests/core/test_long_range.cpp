// The long-range text (core/data/long_range_corpus.h) and the recall of its repeated names and numbers
// (core/teaching/long_range_recall.h): every dependent range repeats the first mention more than a segment later,
// the corpus is the same for a seed and loads as --data long-range, and the recall counts exactly those tokens.
#include <QtTest>

#include <set>

#include "core/catalogue/model_catalogue.h"
#include "core/data/long_range_corpus.h"
#include "core/error.h"
#include "core/inference/causal_lm_inference.h"
#include "core/teaching/long_range_recall.h"

using namespace al;

class TestLongRange : public QObject {
  Q_OBJECT
 private slots:
  // The name and the number at the end are the ones of the first sentence, at least 32 characters (a segment of
  // the experiment) after it; nothing of them appears in between; the text is ASCII (a character a token).
  void dependentTokensRepeatTheFirstMention() {
    const LongRangeCorpus corpus = generateLongRangeCorpus(3, 300, 50);
    QCOMPARE(corpus.train.size(), size_t{300});
    QCOMPARE(corpus.test.size(), size_t{50});
    std::set<std::string> numbers;
    for (const LongRangeDocument& d : corpus.train) {
      QCOMPARE(d.dependent.size(), size_t{2});
      const auto [nameFirst, nameLast] = d.dependent[0];
      const auto [numberFirst, numberLast] = d.dependent[1];
      const std::string name = d.text.substr(nameFirst, nameLast - nameFirst);
      const std::string number = d.text.substr(numberFirst, numberLast - numberFirst);
      QVERIFY2(d.text.rfind(name + " left the key in box " + number + ".", 0) == 0, qPrintable(QString::fromStdString(d.text)));
      QCOMPARE(d.text.find(number, name.size()), numberFirst - d.distance);  // its first mention, d.distance before
      QVERIFY(d.distance > 32);
      const std::string between = d.text.substr(numberFirst - d.distance + 4, d.distance - 4);
      QVERIFY2(between.find(number) == std::string::npos, qPrintable(QString::fromStdString(d.text)));
      for (const char c : d.text) QVERIFY(static_cast<unsigned char>(c) < 128);
      numbers.insert(number);
    }
    QVERIFY(numbers.size() > 250);  // random digits: the number cannot be learned, only read
    QCOMPARE(generateLongRangeCorpus(3, 300, 50).test.back().text, corpus.test.back().text);
    QVERIFY(generateLongRangeCorpus(4, 300, 50).test.back().text != corpus.test.back().text);
  }

  // --data long-range: the language model's built-in corpus, with a test split of its own.
  void isAlanguageModelCorpus() {
    const TextCorpus corpus = loadTextCorpus(kLongRangeSource, 1);
    QCOMPARE(corpus.train.size(), size_t{2000});
    QCOMPARE(corpus.test.size(), size_t{200});
    QCOMPARE(corpus.test.front(), builtinLongRangeCorpus(1).test.front().text);
    bool listed = false;
    for (const BuiltinCorpus& c : modelKind("causal-lm").corpora) listed = listed || c.source == kLongRangeSource;
    QVERIFY(listed);
  }

  // The recall counts every character of the repeated names and numbers, the first of each apart, and each guess
  // is the greedy next token of the document before it.
  void recallCountsTheDependentTokens() {
    CausalLmConfig config;
    config.vocabSize = 100, config.sequenceLength = 16, config.embedDim = 8, config.numHeads = 2, config.keyDim = 4;
    config.denseDim = 8, config.numLayers = 1, config.position = CausalPosition::Relative, config.memoryLength = 16;
    CausalLmModel model;
    model.model = std::make_unique<CausalLanguageModel>(config);
    model.model->initialize(5);
    std::vector<std::string> tokens = {"", "[UNK]", "[EOS]"};
    for (char c = ' '; c <= 'z'; ++c) tokens.push_back(std::string(1, c));
    model.vocabulary = Vocabulary::fromTokens(tokens);
    const LongRangeCorpus corpus = generateLongRangeCorpus(9, 0, 6);
    const teaching::LongRangeRecall r = teaching::longRangeRecall(model, corpus.test);
    size_t expected = 0, correct = 0;
    for (const LongRangeDocument& d : corpus.test) {
      const std::vector<int> ids = causalLmIds(causalLmTokens(d.text, "chars"), model.vocabulary);
      for (const auto& [first, last] : d.dependent)
        for (size_t p = first; p < last; ++p, ++expected)
          correct += greedyContinuation(*model.model, std::span(ids).first(p), 1).front() == ids[p];
    }
    QCOMPARE(r.tokens, expected);
    QCOMPARE(r.correct, correct);
    QCOMPARE(r.firstTokens, size_t{12});
    model.model = std::make_unique<CausalLanguageModel>([&] {
      CausalLmConfig words = config;
      words.tokenizer = "keras";
      return words;
    }());
    QVERIFY_THROWS_EXCEPTION(InputError, teaching::longRangeRecall(model, corpus.test));
  }
};

QTEST_APPLESS_MAIN(TestLongRange)
#include "test_long_range.moc"
