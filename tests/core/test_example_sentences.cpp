// Example sentences and the vocabulary viewer's data: the sentences the built-in corpora's grammars produce are
// read word for word by a model trained on that corpus, the vocabulary keeps how often each token was seen, and
// a model's words are looked up through its own tokenizer.
#include <QtTest>

#include <memory>
#include <string>
#include <vector>

#include "core/data/builtin_dialogs.h"
#include "core/error.h"
#include "core/data/dialogs.h"
#include "core/data/example_sentences.h"
#include "core/data/imdb_sources.h"
#include "core/inference/model_words.h"
#include "core/text/seq2seq_text.h"
#include "core/train/chatbot_task.h"
#include "core/train/imdb_run.h"

using namespace al;

namespace {

// The vocabulary a run of the tiny preset builds from a review corpus (ImdbRun::prepare), and its tokenizer.
std::pair<Vocabulary, TokenizerKind> reviewVocabulary(const std::string& corpus) {
  const LabeledDataset data = loadImdbSource(corpus, {}, 1337);
  const TokenizerKind kind = describe(data.train).suggestedTokenizer;
  std::vector<std::vector<std::string>> tokenized;
  for (const LabeledText& t : data.train) tokenized.push_back(tokenize(kind, TextTask::Classifier, t.text));
  return {Vocabulary::build(tokenized, static_cast<size_t>(imdbPreset("tiny").model.vocabSize)), kind};
}

std::vector<std::string> unknownTokens(const Vocabulary& vocabulary, const std::vector<std::string>& tokens) {
  std::vector<std::string> unknown;
  for (const std::string& token : tokens)
    if (vocabulary.id(token) == Vocabulary::kUnknownId) unknown.push_back(token);
  return unknown;
}

std::shared_ptr<const ImdbTransformerModel> imdbModel(Vocabulary vocabulary, TokenizerKind kind) {
  TransformerConfig config{.vocabSize = static_cast<int>(vocabulary.size()), .sequenceLength = 64, .embedDim = 4,
                           .numHeads = 1, .keyDim = 2, .denseDim = 4};
  config.tokenizer = kind;
  auto model = std::make_shared<ImdbTransformerModel>();
  model->model = std::make_unique<TransformerClassifier>(config);
  model->vocabulary = std::move(vocabulary);
  return model;
}

}  // namespace

class TestExampleSentences : public QObject {
  Q_OBJECT
 private slots:
  void reviewExamplesUseOnlyTheModelsWords_data() {
    QTest::addColumn<QString>("corpus");
    QTest::addColumn<quint64>("seed");
    for (const char* corpus : {"builtin", "builtin:zh"})
      for (quint64 seed : {1ull, 7ull, 2026ull})
        QTest::newRow(qPrintable(QStringLiteral("%1 seed %2").arg(QLatin1String(corpus)).arg(seed))) << QString(corpus) << seed;
  }
  void reviewExamplesUseOnlyTheModelsWords() {
    QFETCH(QString, corpus);
    QFETCH(quint64, seed);
    const auto [vocabulary, kind] = reviewVocabulary(corpus.toStdString());
    const std::vector<std::string> examples = builtinExampleSentences(TextTask::Classifier, corpus.toStdString(), seed, 12);
    QCOMPARE(examples.size(), size_t(12));
    for (const std::string& sentence : examples) {
      const std::vector<std::string> tokens = tokenize(kind, TextTask::Classifier, sentence);
      QVERIFY2(tokens.size() >= 3, sentence.c_str());
      const std::vector<std::string> unknown = unknownTokens(vocabulary, tokens);
      QVERIFY2(unknown.empty(), (sentence + ": " + (unknown.empty() ? "" : unknown[0])).c_str());
    }
  }

  void dialogExamplesUseOnlyTheModelsWords_data() {
    QTest::addColumn<QString>("corpus");
    for (const std::string& corpus : builtinCorpora(TextTask::Seq2seq)) QTest::newRow(corpus.c_str()) << QString::fromStdString(corpus);
  }
  void dialogExamplesUseOnlyTheModelsWords() {
    QFETCH(QString, corpus);
    const DialogCorpus data = loadDialogSource(corpus.toStdString());
    const TokenizerKind kind = suggestDialogTokenizer(data.train);
    const Vocabulary source = buildChatbotVocabularies(data.train, kind).first;
    for (uint64_t seed : {1ull, 99ull}) {
      const std::vector<std::string> examples = builtinExampleSentences(TextTask::Seq2seq, corpus.toStdString(), seed, 8);
      QCOMPARE(examples.size(), size_t(8));
      for (const std::string& sentence : examples) {
        const std::vector<std::string> unknown = unknownTokens(source, tokenizeSeq2seq(kind, sentence));
        QVERIFY2(unknown.empty(), (sentence + ": " + (unknown.empty() ? "" : unknown[0])).c_str());
      }
    }
  }

  void examplesAreTheSameForASeed() {
    for (const std::string& corpus : builtinCorpora(TextTask::Seq2seq)) {
      QCOMPARE(builtinExampleSentences(TextTask::Seq2seq, corpus, 5, 6), builtinExampleSentences(TextTask::Seq2seq, corpus, 5, 6));
      QVERIFY(builtinExampleSentences(TextTask::Seq2seq, corpus, 5, 6) != builtinExampleSentences(TextTask::Seq2seq, corpus, 6, 6));
    }
    QCOMPARE(builtinExampleSentences(TextTask::Classifier, "builtin", 5, 6), builtinExampleSentences(TextTask::Classifier, "builtin", 5, 6));
    QVERIFY(builtinExampleSentences(TextTask::Classifier, "builtin", 5, 6) != builtinExampleSentences(TextTask::Classifier, "builtin", 6, 6));
    QVERIFY_THROWS_EXCEPTION(InputError, builtinExampleSentences(TextTask::Classifier, "builtin:translate", 1, 3));
  }

  void theVocabularyKeepsHowOftenEachTokenWasSeen() {
    // "a" 3 times, "b" twice, "c" and "d" once; room for two tokens after "" and "[UNK]".
    const Vocabulary built = Vocabulary::build({{"a", "b", "a"}, {"c", "a", "b", "d"}}, 4);
    QCOMPARE(built.tokens(), (std::vector<std::string>{"", "[UNK]", "a", "b"}));
    QCOMPARE(built.count(built.id("a")), std::optional<size_t>(3));
    QCOMPARE(built.count(built.id("b")), std::optional<size_t>(2));
    QCOMPARE(built.count(Vocabulary::kUnknownId), std::optional<size_t>(2));  // c and d, left out
    QCOMPARE(built.count(Vocabulary::kPaddingId), std::optional<size_t>(0));
    QCOMPARE(built.count(4), std::optional<size_t>());
    const Vocabulary withMask = Vocabulary::build({{"x", "[MASK]"}}, 0, {"[MASK]"});
    QCOMPARE(withMask.count(2), std::optional<size_t>(0));  // reserved: never counted
    QCOMPARE(withMask.count(3), std::optional<size_t>(1));
    // A vocabulary read from a file does not know its counts.
    const Vocabulary fromFile = Vocabulary::fromTokens(built.tokens());
    QVERIFY(!fromFile.hasCounts());
    QCOMPARE(fromFile.count(2), std::optional<size_t>());
  }

  void aModelsWordsAreLookedUpThroughItsTokenizer() {
    auto [vocabulary, kind] = reviewVocabulary("builtin");
    const int theId = vocabulary.id("the");
    QVERIFY(theId > 1);
    const ModelWords words = modelWords(imdbModel(std::move(vocabulary), kind));
    const std::vector<WordLookup> found = lookUpWords(words, "The ZEBRA, the plot!");
    QCOMPARE(found.size(), size_t(4));
    QCOMPARE(found[0].token, std::string("the"));  // lower case, punctuation gone: the keras tokenizer
    QCOMPARE(found[0].id, theId);
    QVERIFY(found[0].known);
    QVERIFY(found[0].count.value_or(0) > 100);
    QCOMPARE(found[1].token, std::string("zebra"));
    QVERIFY(!found[1].known);
    QCOMPARE(found[1].id, Vocabulary::kUnknownId);
    QVERIFY(!found[1].count);
    QVERIFY(!knowsEveryWord(words, "the zebra"));
    QVERIFY(knowsEveryWord(words, "the plot"));
    QVERIFY(!knowsEveryWord(words, ""));
  }

  void knownExamplesAreTheModelsOwnCorpusOnly() {
    auto [vocabulary, kind] = reviewVocabulary("builtin");
    const ModelWords words = modelWords(imdbModel(std::move(vocabulary), kind));
    const std::vector<std::string> examples = knownExampleSentences(words, 8, 3);
    QCOMPARE(examples.size(), size_t(8));
    for (const std::string& sentence : examples) {
      QVERIFY(knowsEveryWord(words, sentence));
      ScriptCounts script;
      script.add(sentence);
      QCOMPARE(script.cjkLetters, size_t(0));  // a keras model reads no Chinese review
    }
    QCOMPARE(knownExampleSentences(words, 8, 3), examples);
    // A model that knows none of the corpora's words has no example to offer.
    const ModelWords tiny = modelWords(imdbModel(Vocabulary::fromTokens({"", "[UNK]", "zebra"}), kind));
    QVERIFY(knownExampleSentences(tiny, 8, 3).empty());
  }

  void aSentenceReadAsPunctuationOnlyIsNotKnown() {
    // The ascii tokenizer deletes Chinese characters: 在哪儿见面？ reads as "<start> ? <end>", all known tokens,
    // yet the model reads none of its words.
    const DialogCorpus data = loadDialogSource("builtin:translate");
    auto source = std::make_shared<const Vocabulary>(buildChatbotVocabularies(data.train, TokenizerKind::Ascii).first);
    const ModelWords words{source, TextTask::Seq2seq,
                           [](std::string_view text) { return tokenizeSeq2seq(TokenizerKind::Ascii, text); }};
    QVERIFY(!knowsEveryWord(words, "在哪儿见面？"));
    QVERIFY(knowsEveryWord(words, "the red car"));
    const std::vector<WordLookup> found = lookUpWords(words, "the red zebra");
    QCOMPARE(found.size(), size_t(3));  // without <start> and <end>
    QVERIFY(!found[2].known);
    const std::vector<std::string> examples = knownExampleSentences(words, 12, 4);
    QCOMPARE(examples.size(), size_t(12));
    for (const std::string& sentence : examples) {
      ScriptCounts script;
      script.add(sentence);
      QVERIFY2(script.cjkLetters == 0, sentence.c_str());
    }
  }
};

QTEST_APPLESS_MAIN(TestExampleSentences)
#include "test_example_sentences.moc"
