// The long-range text (core/data/long_range_corpus.h) and the recall of its repeated names and numbers
// (core/teaching/long_range_recall.h): every dependent range repeats the first mention more than a segment later,
// the digits are uniformly random, the corpus is the same for a seed and loads as --data long-range, and the recall
// counts exactly those tokens, by kind.
#include <array>
#include <set>

#include "core/catalogue/model_catalogue.h"
#include "core/data/long_range_corpus.h"
#include "core/error.h"
#include "core/inference/causal_lm_inference.h"
#include "core/teaching/long_range_recall.h"
#include "core/train/causal_lm_run.h"

#include <QtTest>  // after the core: oneTBB must not see Qt's emit

using namespace al;

class TestLongRange : public QObject {
  Q_OBJECT
 private slots:
  // The name and the number at the end are the ones of the first sentence, more than 32 characters (a segment of
  // the experiment) after it and within the preset's memory; nothing of them appears in between; the text is ASCII (a character a token). The
  // dependent spans are exactly the repeated name's first letter and the repeated number's four digits; the name's
  // later letters are apart.
  void dependentTokensRepeatTheFirstMention() {
    const LongRangeCorpus corpus = generateLongRangeCorpus(3, 300, 50);
    QCOMPARE(corpus.train.size(), size_t{300});
    QCOMPARE(corpus.test.size(), size_t{50});
    std::set<std::string> numbers;
    const auto memory = static_cast<size_t>(causalLmPreset(kLongRangeSource).model.memoryLength);
    for (const LongRangeDocument& d : corpus.train) {
      QCOMPARE(d.dependent.size(), size_t{2});
      const auto [nameFirst, nameFirstEnd] = d.dependent[0];
      const auto [numberFirst, numberLast] = d.dependent[1];
      QCOMPARE(nameFirstEnd, nameFirst + 1);
      QCOMPARE(d.nameRest.first, nameFirstEnd);
      QCOMPARE(numberLast, numberFirst + 4);
      const std::string name = d.text.substr(nameFirst, d.nameRest.second - nameFirst);
      const std::string number = d.text.substr(numberFirst, numberLast - numberFirst);
      QVERIFY2(d.text.rfind(name + " left the key in box " + number + ".", 0) == 0, qPrintable(QString::fromStdString(d.text)));
      QCOMPARE(d.text.substr(d.nameRest.second, 19), std::string(" came back for box "));
      for (const char c : number) QVERIFY(c >= '0' && c <= '9');
      QCOMPARE(d.text.find(number, name.size()), numberFirst - d.distance);  // its first mention, d.distance before
      QVERIFY(d.distance > 32);
      QVERIFY2(nameFirst > 32, qPrintable(QString::fromStdString(d.text)));  // the name's first mention too
      // both first mentions within the reach of the long-range preset's memory
      QVERIFY(d.distance < memory && nameFirst < memory);
      QCOMPARE(d.text.substr(numberLast), ", but box " + number + " was empty.");  // the near copy, not dependent
      const std::string between = d.text.substr(numberFirst - d.distance + 4, d.distance - 4);
      QVERIFY2(between.find(number) == std::string::npos, qPrintable(QString::fromStdString(d.text)));
      for (const char c : d.text) QVERIFY(static_cast<unsigned char>(c) < 128);
      numbers.insert(number);
    }
    QVERIFY(numbers.size() > 250);  // random digits: the number cannot be learned, only read
    QCOMPARE(generateLongRangeCorpus(3, 300, 50).test.back().text, corpus.test.back().text);
    QVERIFY(generateLongRangeCorpus(4, 300, 50).test.back().text != corpus.test.back().text);
  }

  // Each digit of the number is uniformly random, whatever its place, so that without the first mention a digit
  // is right 1 time in 10: Pearson's chi-squared of the 10 digits' counts at each of the 4 places (9 degrees of
  // freedom) stays below 27.9, the 0.1 % level.
  void digitsAreUniform() {
    const LongRangeCorpus corpus = generateLongRangeCorpus(11, 5000, 0);
    for (size_t place = 0; place < 4; ++place) {
      std::array<double, 10> counts{};
      for (const LongRangeDocument& d : corpus.train) counts[d.text[d.dependent[1].first + place] - '0'] += 1;
      const double expected = static_cast<double>(corpus.train.size()) / 10;
      double chiSquared = 0;
      for (const double c : counts) chiSquared += (c - expected) * (c - expected) / expected;
      QVERIFY2(chiSquared < 27.9, qPrintable(QStringLiteral("place %1: chi-squared %2").arg(place).arg(chiSquared)));
    }
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

  // The recall counts the name's first letter, the digits and the name's later letters apart, and each guess is
  // the greedy next token of the document before it.
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
    teaching::RecallCount nameFirst, digits, nameRest;
    for (const LongRangeDocument& d : corpus.test) {
      const std::vector<int> ids = causalLmIds(causalLmTokens(d.text, "chars"), model.vocabulary);
      auto count = [&](std::pair<size_t, size_t> span, teaching::RecallCount& kind) {
        for (size_t p = span.first; p < span.second; ++p, ++kind.tokens)
          kind.correct += greedyContinuation(*model.model, std::span(ids).first(p), 1).front() == ids[p];
      };
      count(d.dependent[0], nameFirst);
      count(d.dependent[1], digits);
      count(d.nameRest, nameRest);
    }
    QCOMPARE(r.nameFirst.tokens, size_t{6});
    QCOMPARE(r.digits.tokens, size_t{24});
    QCOMPARE(r.nameRest.tokens, nameRest.tokens);
    QCOMPARE(r.nameFirst.correct, nameFirst.correct);
    QCOMPARE(r.digits.correct, digits.correct);
    QCOMPARE(r.nameRest.correct, nameRest.correct);
    QCOMPARE(r.dependent().tokens, size_t{30});
    QCOMPARE(r.repeated().correct, nameFirst.correct + digits.correct + nameRest.correct);
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
