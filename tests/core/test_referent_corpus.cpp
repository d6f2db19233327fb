// The referent text (core/data/referent_corpus.h): the word after 它很 is decided by the noun 它 refers to and by
// nothing else. Deterministic, both orders of the two nouns for both kinds of referent, the property words balanced
// in every context that leaves the referent out, test pairs never trained on, and it loads as --data referent-zh.
#include <map>
#include <set>

#include "core/data/referent_corpus.h"
#include "core/data/text_corpus.h"
#include "core/train/causal_lm_run.h"

#include <QtTest>  // after the core: oneTBB must not see Qt's emit

using namespace al;

namespace {

std::string propertyOf(const std::string& noun) {
  for (const auto& list : {referentObjects(), referentPlaces()})
    for (const ReferentNoun& n : list)
      if (noun == n.word) return n.property;
  return {};
}

bool isObject(const std::string& noun) {
  for (const ReferentNoun& n : referentObjects())
    if (noun == n.word) return true;
  return false;
}

// Every person's name is two characters, 6 bytes of UTF-8, at the start.
constexpr size_t kNameBytes = 6;

// The sentence up to the decisive word with the referent and the person blanked out: the context a model that
// ignores the referent has.
std::string withoutReferent(const ReferentSentence& s) {
  std::string text = "_" + s.text.substr(kNameBytes, s.decisive - kNameBytes);
  text.replace(text.find(s.referent), s.referent.size(), "_");
  return text;
}

}  // namespace

class TestReferentCorpus : public QObject {
  Q_OBJECT
 private slots:
  // The same sentences every time; a seed only orders the training sentences.
  void deterministic() {
    const ReferentCorpus a = builtinReferentCorpus(), b = builtinReferentCorpus();
    QCOMPARE(a.train.size(), size_t{2048});
    QCOMPARE(a.test.size(), size_t{256});
    for (size_t i = 0; i < a.train.size(); ++i) QCOMPARE(a.train[i].text, b.train[i].text);
    for (size_t i = 0; i < a.test.size(); ++i) QCOMPARE(a.test[i].text, b.test[i].text);
    const TextCorpus one = loadTextCorpus(kReferentSource, 1), again = loadTextCorpus(kReferentSource, 1),
                     other = loadTextCorpus(kReferentSource, 2);
    QCOMPARE(one.train, again.train);
    QVERIFY(one.train != other.train);
    QCOMPARE(std::multiset<std::string>(one.train.begin(), one.train.end()),
             std::multiset<std::string>(other.train.begin(), other.train.end()));
    QCOMPARE(one.test, other.test);
    QVERIFY(!textCorpusDrawnFromSeed(kReferentSource));  // the same test sentences for every seed
    QCOMPARE(defaultPresetFor(causalLmPresetNames(), "tiny", kReferentSource), std::string(kReferentSource));
  }

  // Every sentence ends 它很X。 with X the referent's property; the distractor is of the other role, with another
  // property; the seed sentence is the first test sentence.
  void everySentenceEndsWithTheReferentsProperty() {
    const ReferentCorpus corpus = builtinReferentCorpus();
    QCOMPARE(corpus.test.front().text, std::string(kReferentSeedSentence));
    QCOMPARE(corpus.test.front().referent, std::string("书包"));
    QCOMPARE(corpus.test.front().distractor, std::string("教室"));
    for (const auto* split : {&corpus.train, &corpus.test})
      for (const ReferentSentence& s : *split) {
        const QByteArray shown = QByteArray::fromStdString(s.text);
        QCOMPARE(s.text.substr(s.decisive), s.property + "。");
        QCOMPARE(s.text.substr(s.decisive - std::string(kReferentCue).size(), std::string(kReferentCue).size()),
                 std::string(kReferentCue));
        QVERIFY2(s.text.find("它") == s.text.rfind("它"), shown.constData());
        QCOMPARE(s.property, propertyOf(s.referent));
        QCOMPARE(isObject(s.referent), s.referentIsObject);
        QCOMPARE(isObject(s.distractor), !s.referentIsObject);
        QVERIFY(propertyOf(s.distractor) != s.property);
        const size_t object = s.text.find(s.referentIsObject ? s.referent : s.distractor);
        const size_t place = s.text.find(s.referentIsObject ? s.distractor : s.referent);
        QVERIFY2(object != std::string::npos && place != std::string::npos, shown.constData());
        QCOMPARE(object < place, s.objectFirst);
      }
  }

  // Both orders of the two nouns, for a referent that is the object and one that is the place, in both splits.
  void bothOrdersForBothRoles() {
    const ReferentCorpus corpus = builtinReferentCorpus();
    for (const auto* split : {&corpus.train, &corpus.test}) {
      std::map<std::pair<bool, bool>, size_t> count;  // (referent is the object, object first) -> sentences
      for (const ReferentSentence& s : *split) ++count[{s.referentIsObject, s.objectFirst}];
      QCOMPARE(count.size(), size_t{4});
      for (const auto& [kind, n] : count) QCOMPARE(n, split->size() / 4);
    }
  }

  // Without the referent the decisive word is anyone's guess: in every context that leaves out the referent (and
  // the person), each of the role's 4 words comes equally often, so no distractor, verb or name hints at it; with
  // the referent it is certain (each noun always takes its own word).
  void recoverableOnlyFromTheReferent() {
    const ReferentCorpus corpus = builtinReferentCorpus();
    for (const auto* split : {&corpus.train, &corpus.test}) {
      std::set<std::string> names;
      std::map<std::string, std::map<std::string, size_t>> words;  // context -> decisive word -> sentences
      std::map<std::string, std::set<std::string>> byReferent;      // referent -> its decisive words
      for (const ReferentSentence& s : *split) {
        names.insert(s.text.substr(0, kNameBytes));
        ++words[withoutReferent(s)][s.property];
        byReferent[s.referent].insert(s.property);
      }
      QCOMPARE(names.size(), size_t{8});
      QCOMPARE(byReferent.size(), size_t{16});
      for (const auto& [referent, seen] : byReferent) QCOMPARE(seen.size(), size_t{1});
      QCOMPARE(words.size(), size_t{8 * 8});  // frames x their distractors
      for (const auto& [context, counts] : words) {
        QVERIFY2(counts.size() == 4, context.c_str());
        for (const auto& [word, n] : counts) QCOMPARE(n, counts.begin()->second);
      }
    }
  }

  // The test pairs an object and a place that no training sentence pairs, so a model right on it reads the
  // referent rather than remembering pairs.
  void theTestPairsNounsNeverPairedInTraining() {
    const ReferentCorpus corpus = builtinReferentCorpus();
    std::set<std::pair<std::string, std::string>> trained;
    for (const ReferentSentence& s : corpus.train) trained.insert({s.referent, s.distractor});
    QCOMPARE(trained.size(), size_t{64});  // 32 pairs, each noun as referent and as distractor
    for (const ReferentSentence& s : corpus.test) {
      QVERIFY(!trained.count({s.referent, s.distractor}));
      QVERIFY(!trained.count({s.distractor, s.referent}));
    }
  }
};

QTEST_APPLESS_MAIN(TestReferentCorpus)
#include "test_referent_corpus.moc"
