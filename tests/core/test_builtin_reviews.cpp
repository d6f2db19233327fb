// The built-in review corpus: determinism, balance, the stated shares of negated and contrast reviews,
// lengths, a small vocabulary, and labels. Labels are checked by a reader written here, from the rule the
// header states (the clause after the last "but" decides; "not" or "never" shortly before a phrase flips it),
// using only the lexicon of phrases: it does not share code with the generator.
#include <QtTest>

#include <array>
#include <cctype>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

#include "core/data/builtin_reviews.h"
#include "core/error.h"
#include "tests/core/builtin_reviews_checks.h"

using namespace al;

namespace {

// Lower-case words, with each punctuation mark as a token of its own (it ends a clause).
std::vector<std::string> tokens(const std::string& text) {
  std::vector<std::string> out;
  std::string word;
  const auto flush = [&] {
    if (!word.empty()) out.push_back(word);
    word.clear();
  };
  for (char c : text) {
    if (std::isalpha(static_cast<unsigned char>(c))) {
      word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else {
      flush();
      if (c == ',' || c == '.' || c == '!' || c == '?') out.emplace_back(1, c);
    }
  }
  flush();
  return out;
}

bool isPunctuation(const std::string& token) { return token == "," || token == "." || token == "!" || token == "?"; }

bool hasWord(const std::vector<std::string>& words, const std::string& word) {
  return std::find(words.begin(), words.end(), word) != words.end();
}

struct Reading {
  int score = 0;      // + per positive phrase, - per negative phrase (negation flips), in the deciding part
  int positives = 0;  // phrases found anywhere in the review, before negation
  int negatives = 0;
  int negators = 0;
};

// Reads a review the way the header says it is labeled.
Reading read(const std::string& review) {
  const BuiltinLexicon& lexicon = builtinLexicon();
  const std::vector<std::string> words = tokens(review);
  size_t deciding = 0;
  for (size_t i = 0; i < words.size(); ++i)
    if (words[i] == lexicon.contrast) deciding = i + 1;
  Reading r;
  for (const std::string& w : words) r.negators += hasWord(lexicon.negators, w);
  const auto scan = [&](const std::vector<std::string>& phrases, int sign, int& count) {
    for (const std::string& phrase : phrases) {
      const std::vector<std::string> p = tokens(phrase);
      for (size_t i = 0; i + p.size() <= words.size(); ++i) {
        if (!std::equal(p.begin(), p.end(), words.begin() + static_cast<std::ptrdiff_t>(i))) continue;
        ++count;
        if (i < deciding) continue;
        // A negator up to 3 words before the phrase, within its clause, flips it.
        bool negated = false;
        for (size_t back = 1; back <= 3 && back <= i - deciding; ++back) {
          if (isPunctuation(words[i - back])) break;
          negated = negated || hasWord(lexicon.negators, words[i - back]);
        }
        r.score += negated ? -sign : sign;
      }
    }
  };
  scan(lexicon.positive, +1, r.positives);
  scan(lexicon.negative, -1, r.negatives);
  return r;
}

size_t wordCount(const std::string& text) {
  size_t n = 0;
  for (const std::string& t : tokens(text)) n += !isPunctuation(t);
  return n;
}

bool isContrast(const std::string& review) { return hasWord(tokens(review), "but"); }
bool isNegated(const std::string& review) {
  const auto words = tokens(review);
  return hasWord(words, "not") || hasWord(words, "never");
}

double positiveShare(const std::vector<LabeledText>& split) {
  double positives = 0;
  for (const LabeledText& s : split) positives += s.label;
  return positives / static_cast<double>(split.size());
}

}  // namespace

class TestBuiltinReviews : public QObject {
  Q_OBJECT

  LabeledDataset corpus_ = generateBuiltinReviews(1337);

 private slots:
  void sameSeedSameCorpus() {
    test::checkSeedDecidesCorpus([](uint64_t seed) { return generateBuiltinReviews(seed); }, corpus_);
  }

  void sizesAndSplits() {
    QCOMPARE(corpus_.train.size(), size_t(4000));
    QCOMPARE(corpus_.test.size(), size_t(1000));
    QVERIFY(corpus_.hasTestSplit);
    QCOMPARE(corpus_.name, std::string("builtin"));
    QCOMPARE(corpus_.train[17].origin, std::string("builtin:train:17"));
    QCOMPARE(corpus_.test[3].origin, std::string("builtin:test:3"));
    const LabeledDataset tiny = generateBuiltinReviews(5, 7, 3);
    QCOMPARE(tiny.train.size(), size_t(7));
    QCOMPARE(tiny.test.size(), size_t(3));
    // The test split is not a copy of the start of the training split.
    QVERIFY(corpus_.test[0].text != corpus_.train[0].text || corpus_.test[1].text != corpus_.train[1].text);
  }

  void labelsAreBalanced_data() {
    QTest::addColumn<int>("count");
    for (int count : {4000, 1000, 101, 7, 2}) QTest::newRow(qPrintable(QString::number(count))) << count;
  }

  void labelsAreBalanced() {
    QFETCH(int, count);
    const LabeledDataset data = generateBuiltinReviews(99, static_cast<size_t>(count), static_cast<size_t>(count));
    for (const auto* split : {&data.train, &data.test}) {
      const double positives = positiveShare(*split) * count;
      QVERIFY2(std::abs(positives - count / 2.0) <= 0.5 + 1e-9, qPrintable(QString::number(positives)));
    }
  }

  void negationAndContrastInTheStatedShares() { test::checkKindsInTheStatedShares(corpus_, isNegated, isContrast); }

  void lengthsAndVocabulary() {
    std::set<std::string> vocabulary;
    for (const auto* split : {&corpus_.train, &corpus_.test}) {
      for (const LabeledText& review : *split) {
        const size_t words = wordCount(review.text);
        QVERIFY2(words >= kBuiltinMinWords && words <= kBuiltinMaxWords, review.text.c_str());
        QVERIFY2(std::isupper(static_cast<unsigned char>(review.text[0])), review.text.c_str());
        QVERIFY2(review.text.back() == '.', review.text.c_str());
        for (const std::string& t : tokens(review.text))
          if (!isPunctuation(t)) vocabulary.insert(t);
      }
    }
    // "A few hundred words": small enough to learn in seconds, large enough to read like reviews.
    QVERIFY2(vocabulary.size() >= 200 && vocabulary.size() <= 500, qPrintable(QString::number(vocabulary.size())));
  }

  void lexiconIsUnambiguous() {
    const BuiltinLexicon& lexicon = builtinLexicon();
    QVERIFY(lexicon.positive.size() >= 20 && lexicon.negative.size() >= 20);
    std::set<std::string> positiveWords;
    for (const auto& phrase : lexicon.positive) positiveWords.insert(phrase);
    for (const auto& phrase : lexicon.negative) QVERIFY2(!positiveWords.count(phrase), phrase.c_str());
    for (const auto* list : {&lexicon.positive, &lexicon.negative}) {
      for (const auto& phrase : *list) {
        const auto words = tokens(phrase);
        QVERIFY2(!hasWord(words, "but") && !hasWord(words, "not") && !hasWord(words, "never"), phrase.c_str());
      }
    }
  }

  // Every review of the corpus, read by the rule, has the label the generator gave it; a phrase is in every
  // review, and only where the rule expects one.
  void everyLabelFollowsTheRule() {
    for (const auto* split : {&corpus_.train, &corpus_.test}) {
      for (const LabeledText& review : *split) {
        const Reading r = read(review.text);
        QVERIFY2(r.score != 0, review.text.c_str());
        QVERIFY2((r.score > 0 ? 1.0f : 0.0f) == review.label,
                 qPrintable(QString("label %1 for: %2").arg(review.label).arg(review.text.c_str())));
      }
    }
  }

  void templatesAreLabeledByTheRule_data() {
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<float>("label");
    QTest::newRow("plain +") << "{c+}." << 1.0f;
    QTest::newRow("plain -") << "{c-}." << 0.0f;
    QTest::newRow("negated + (never boring)") << "{n+}." << 1.0f;
    QTest::newRow("negated - (not good)") << "{n-}." << 0.0f;
    QTest::newRow("good but dull") << "{c+}, but {c-}." << 0.0f;
    QTest::newRow("dull but good") << "{c-}, but {c+}." << 1.0f;
    QTest::newRow("not good but good") << "{n-}, but {c+}." << 1.0f;
    QTest::newRow("good but not good") << "{c+}, but {n-}." << 0.0f;
    QTest::newRow("fillers around") << "{filler} {c-}, but {n+}. {filler}" << 1.0f;
    QTest::newRow("the last but decides") << "{c+}, but {c-}, but {c+}." << 1.0f;
    QTest::newRow("outvoted before but") << "{c-}. {c-}. {c-}, but {c+}." << 1.0f;
    QTest::newRow("two agreeing") << "{c-}, and {n-}." << 0.0f;
  }

  void templatesAreLabeledByTheRule() {
    QFETCH(QString, pattern);
    QFETCH(float, label);
    const std::string p = pattern.toStdString();
    QCOMPARE(labelOfReviewTemplate(p), label);
    for (uint64_t seed = 0; seed < 50; ++seed) {
      Rng rng(seed);
      const std::string review = fillReviewTemplate(p, rng);
      QVERIFY2(review.find('{') == std::string::npos, review.c_str());
      const Reading r = read(review);
      QVERIFY2(r.score != 0 && (r.score > 0 ? 1.0f : 0.0f) == label, review.c_str());
    }
  }

  void badTemplatesAreRejected() {
    QVERIFY_THROWS_EXCEPTION(InputError, labelOfReviewTemplate("{c+}, but {filler}."));  // nothing after but
    QVERIFY_THROWS_EXCEPTION(InputError, labelOfReviewTemplate("{c+}, and {c-}."));      // a tie
    QVERIFY_THROWS_EXCEPTION(InputError, labelOfReviewTemplate("{great}."));              // unknown slot
    Rng rng(1);
    QVERIFY_THROWS_EXCEPTION(InputError, fillReviewTemplate("{c+", rng));                 // never closed
  }

  // The point of the corpus: in contrast reviews the bag of words does not depend on the label, so only
  // word order tells the labels apart. Checked two ways: the counts of phrases and negators have the same
  // distribution for both labels, and a bag-of-words classifier (naive Bayes, trained on the training split)
  // is right on most plain reviews of the test split (which it learns from the phrases alone) but only guesses
  // on its contrast reviews.
  void contrastReviewsNeedWordOrder() {
    std::map<std::tuple<int, int, int>, std::array<double, 2>> signatures;  // (pos, neg, negators) -> count per label
    std::array<double, 2> contrastCount = {0, 0};
    for (const LabeledText& review : corpus_.train) {
      if (!isContrast(review.text)) continue;
      const Reading r = read(review.text);
      const int label = static_cast<int>(review.label);
      signatures[{r.positives, r.negatives, r.negators}][label] += 1;
      contrastCount[label] += 1;
    }
    QVERIFY(contrastCount[0] > 500 && contrastCount[1] > 500);
    for (const auto& [signature, counts] : signatures) {
      const double share0 = counts[0] / contrastCount[0], share1 = counts[1] / contrastCount[1];
      QVERIFY2(std::abs(share0 - share1) < 0.05, qPrintable(QString("%1 vs %2").arg(share0).arg(share1)));
    }

    // Multinomial naive Bayes with add-one smoothing over lower-case words.
    std::array<std::map<std::string, double>, 2> counts;
    std::array<double, 2> totals = {0, 0};
    for (const LabeledText& review : corpus_.train) {
      for (const std::string& t : tokens(review.text)) {
        if (isPunctuation(t)) continue;
        counts[static_cast<size_t>(review.label)][t] += 1;
        totals[static_cast<size_t>(review.label)] += 1;
      }
    }
    const double vocabulary = static_cast<double>(counts[0].size() + counts[1].size());
    const auto predict = [&](const std::string& text) {
      double logOdds = 0;  // log P(words | positive) - log P(words | negative); the priors are equal
      for (const std::string& t : tokens(text)) {
        if (isPunctuation(t)) continue;
        const auto count = [&](int label) {
          const auto it = counts[static_cast<size_t>(label)].find(t);
          return it == counts[static_cast<size_t>(label)].end() ? 0.0 : it->second;
        };
        logOdds += std::log((count(1) + 1) / (totals[1] + vocabulary)) -
                   std::log((count(0) + 1) / (totals[0] + vocabulary));
      }
      return logOdds > 0 ? 1.0f : 0.0f;
    };
    double plainRight = 0, plainAll = 0, contrastRight = 0, contrastAll = 0;
    for (const LabeledText& review : corpus_.test) {
      const bool right = predict(review.text) == review.label;
      if (!isContrast(review.text) && !isNegated(review.text)) plainRight += right, plainAll += 1;
      if (isContrast(review.text) && !isNegated(review.text)) contrastRight += right, contrastAll += 1;
    }
    qInfo("naive Bayes: plain reviews %.3f, contrast reviews %.3f", plainRight / plainAll, contrastRight / contrastAll);
    QVERIFY2(plainRight / plainAll > 0.8, qPrintable(QString::number(plainRight / plainAll)));
    QVERIFY2(std::abs(contrastRight / contrastAll - 0.5) < 0.12,
             qPrintable(QString::number(contrastRight / contrastAll)));
  }
};

QTEST_APPLESS_MAIN(TestBuiltinReviews)
#include "test_builtin_reviews.moc"
