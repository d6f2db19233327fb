// The built-in Chinese corpora. Reviews (builtin:zh): determinism, balance, the English corpus's shares of
// negated and contrast reviews, lengths in icu_words words, and labels checked by a reader written here from
// the rule (the clause after the last 但是/可是 decides; a negator shortly before a sentiment word flips it),
// using only the lexicon. Dialogs (builtin:zh) and the translation task (builtin:translate-zh): sizes, held-out
// sentences never seen in training, and words that ICU cuts out as intended.
#include <QtTest>

#include <map>
#include <set>

#include "core/data/builtin_dialogs.h"
#include "core/data/builtin_reviews.h"
#include "core/data/dialogs.h"
#include "core/data/imdb_sources.h"
#include "core/text/tokenizer.h"
#include "tests/core/builtin_reviews_checks.h"

using namespace al;
using Tokens = std::vector<std::string>;

namespace {

// icu_words with the punctuation kept (the seq2seq variant): punctuation ends a clause for the reader.
Tokens words(const std::string& text) { return tokenize(TokenizerKind::IcuWords, TextTask::Seq2seq, text); }

bool isPunctuation(const std::string& t) { return t == "，" || t == "。" || t == "？" || t == "！"; }

bool hasAny(const Tokens& tokens, const std::vector<std::string>& wanted) {
  for (const std::string& t : tokens)
    if (std::find(wanted.begin(), wanted.end(), t) != wanted.end()) return true;
  return false;
}

// + per positive word, - per negative word (a negator up to 4 words before it, in its clause, flips it: 并不 是 一 场 灾难), in
// the part after the last contrast word.
int read(const std::string& review) {
  const BuiltinLexicon& lexicon = builtinLexiconZh();
  const Tokens t = words(review);
  size_t deciding = 0;
  for (size_t i = 0; i < t.size(); ++i)
    if (hasAny({t[i]}, lexicon.contrastWords)) deciding = i + 1;
  int score = 0;
  for (size_t i = deciding; i < t.size(); ++i) {
    const int sign = hasAny({t[i]}, lexicon.positive) ? 1 : hasAny({t[i]}, lexicon.negative) ? -1 : 0;
    if (sign == 0) continue;
    bool negated = false;
    for (size_t back = 1; back <= 4 && back <= i - deciding; ++back) {
      if (isPunctuation(t[i - back])) break;
      negated = negated || hasAny({t[i - back]}, lexicon.negators);
    }
    score += negated ? -sign : sign;
  }
  return score;
}

}  // namespace

class TestBuiltinZh : public QObject {
  Q_OBJECT

  LabeledDataset corpus_ = generateBuiltinReviewsZh(1337);

 private slots:
  void sameSeedSameCorpus() {
    test::checkSeedDecidesCorpus([](uint64_t seed) { return generateBuiltinReviewsZh(seed); }, corpus_);
  }

  void sizesSplitsAndSource() {
    QCOMPARE(corpus_.train.size(), size_t(4000));
    QCOMPARE(corpus_.test.size(), size_t(1000));
    QCOMPARE(corpus_.name, std::string("builtin:zh"));
    QCOMPARE(corpus_.test[3].origin, std::string("builtin:zh:test:3"));
    const LabeledDataset loaded = loadImdbSource("builtin:zh", {}, 1337);
    QCOMPARE(loaded.train[5].text, corpus_.train[5].text);
    const DataCard card = describe(loaded.train);
    QVERIFY(card.mostlyCjk);
    QVERIFY(card.cjkShare > 0.99);
    QCOMPARE(card.suggestedTokenizer, TokenizerKind::IcuWords);
    QVERIFY2(card.meanWords >= kBuiltinMinWords && card.meanWords <= kBuiltinMaxWords, qPrintable(QString::number(card.meanWords)));
    QVERIFY(!describe(loadImdbSource("builtin").train).mostlyCjk);
  }

  void labelsBalancedAndSharesAsInEnglish() {
    for (const auto* split : {&corpus_.train, &corpus_.test}) {
      double positive = 0;
      for (const LabeledText& review : *split) positive += review.label;
      QVERIFY(std::abs(positive - static_cast<double>(split->size()) / 2) <= 0.5);
    }
    const BuiltinLexicon& lexicon = builtinLexiconZh();
    test::checkKindsInTheStatedShares(
        corpus_, [&](const std::string& text) { return hasAny(words(text), lexicon.negators); },
        [&](const std::string& text) { return hasAny(words(text), lexicon.contrastWords); });
  }

  void lengthsAndVocabulary() {
    std::set<std::string> vocabulary;
    for (const auto* split : {&corpus_.train, &corpus_.test}) {
      for (const LabeledText& review : *split) {
        const Tokens t = tokenize(TokenizerKind::IcuWords, TextTask::Classifier, review.text);
        QVERIFY2(t.size() >= kBuiltinMinWords && t.size() <= kBuiltinMaxWords, review.text.c_str());
        QVERIFY2(review.text.ends_with("。"), review.text.c_str());
        vocabulary.insert(t.begin(), t.end());
      }
    }
    QVERIFY2(vocabulary.size() >= 150 && vocabulary.size() <= 500, qPrintable(QString::number(vocabulary.size())));
    for (const char* word : {"小明", "书包", "教室", "沉", "但是", "可是", "虽然", "没有", "也不"})
      QVERIFY2(vocabulary.count(word), word);
  }

  // Every review, read by the rule, has the label the generator gave it; word order decides in contrasts.
  void everyLabelFollowsTheRule() {
    for (const auto* split : {&corpus_.train, &corpus_.test}) {
      for (const LabeledText& review : *split) {
        const int score = read(review.text);
        QVERIFY2(score != 0 && (score > 0 ? 1.0f : 0.0f) == review.label,
                 qPrintable(QString("label %1 for: %2").arg(review.label).arg(review.text.c_str())));
      }
    }
    QVERIFY(read("虽然剧情很无聊，但是演技很出色。") > 0);
    QVERIFY(read("虽然演技很出色，但是剧情很无聊。") < 0);
    QVERIFY(read("节奏一点也不拖沓。") > 0);
    QVERIFY(read("这部电影没有让人失望。") > 0);
  }

  void dialogs() {
    const DialogCorpus corpus = loadDialogSource("builtin:zh");
    QVERIFY(corpus.train.size() >= 60);
    QCOMPARE(corpus.train[0].origin, std::string("builtin:zh:1"));
    for (const DialogPair& p : corpus.train) {
      QVERIFY2(!words(p.question).empty() && !words(p.answer).empty(), p.question.c_str());
      QCOMPARE(suggestDialogTokenizer({p}), TokenizerKind::IcuWords);
    }
  }

  void translationTask() {
    const DialogCorpus corpus = loadDialogSource("builtin:translate-zh");
    QVERIFY(corpus.hasTestSplit);
    QCOMPARE(corpus.train.size(), size_t(3000));
    QCOMPARE(corpus.test.size(), size_t(300));
    std::set<std::string> trainSources, sourceWords, targetWords;
    for (const DialogPair& p : corpus.train) trainSources.insert(p.question);
    for (const DialogPair& p : corpus.test) QVERIFY2(!trainSources.count(p.question), p.question.c_str());
    for (const auto* part : {&corpus.train, &corpus.test}) {
      for (const DialogPair& p : *part) {
        const Tokens source = words(p.question), target = words(p.answer);
        sourceWords.insert(source.begin(), source.end());
        targetWords.insert(target.begin(), target.end());
        QCOMPARE(source.back(), std::string("。"));
        QCOMPARE(target.back(), std::string("."));
        QVERIFY2(std::find(source.begin(), source.end(), "了") != source.end(), p.question.c_str());
      }
    }
    // a closed grammar: ICU cuts every sentence into the grammar's own words, never into new pieces
    QVERIFY2(sourceWords.size() <= 50, qPrintable(QString::number(sourceWords.size())));
    QVERIFY2(targetWords.size() <= 60, qPrintable(QString::number(targetWords.size())));
    // the example of the issue is a sentence of the grammar
    const TranslationSplit again = generateTranslationTaskZh({});
    QCOMPARE(again.test[7].question, corpus.test[7].question);
    QCOMPARE(words("我昨天在公园看见了他。"), (Tokens{"我", "昨天", "在", "公园", "看见", "了", "他", "。"}));
  }
};

QTEST_GUILESS_MAIN(TestBuiltinZh)
#include "test_builtin_zh.moc"
