// Text to ids for the imdb tasks: standardization, splitting, the vocabulary and UTF-8 validation.
// Every expected value is written by hand from the rules of the model format, not computed by the code.
#include <QtTest>

#include <string>
#include <vector>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/io/vocabulary_file.h"
#include "core/text/vectorizer.h"

using namespace al;

namespace {

using Tokens = std::vector<std::string>;

std::string bytes(std::initializer_list<unsigned char> values) { return std::string(values.begin(), values.end()); }

nlohmann::json readJson(const std::filesystem::path& file) {
  std::ifstream in(file);
  return nlohmann::json::parse(in);
}

// The model directories of the independent reference script (tests/reference/imdb_reference.py); each holds
// expected.json with the tokens and ids that script computed for its sample texts.
std::vector<std::filesystem::path> referenceModels() {
  std::vector<std::filesystem::path> models;
  const auto golden = std::filesystem::path(ATTENTIONLAB_SOURCE_DIR) / "tests/reference/golden/imdb";
  for (const auto& e : std::filesystem::directory_iterator(golden))
    if (e.is_directory()) models.push_back(e.path());
  std::sort(models.begin(), models.end());
  return models;
}

}  // namespace

class TestVectorizer : public QObject {
  Q_OBJECT
 private slots:
  void standardizesASentenceOfAReview() {
    const std::string review = "Hello, World!<br /><br />It's GREAT... 10/10 <br>Loved it (really).";
    // lowercase; each <br /> and <br> becomes one space; punctuation disappears without a trace
    QCOMPARE(standardizeImdb(review), std::string("hello world  its great 1010  loved it really"));
  }

  void deletesEveryListedPunctuationCharacter() {
    QCOMPARE(standardizeImdb("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"), std::string());
    QCOMPARE(standardizeImdb("a-b_c d"), std::string("abc d"));
  }

  void lowercasesOnlyAscii() {
    // "Café ÉTÉ": É (C3 89) stays as it is, é (C3 A9) too; only T becomes t.
    QCOMPARE(standardizeImdb("Caf\xC3\xA9 \xC3\x89T\xC3\x89"), std::string("caf\xC3\xA9 \xC3\x89t\xC3\x89"));
  }

  void replacesUppercaseLineBreaks() {
    QCOMPARE(standardizeImdb("end.<BR />Next<Br>x"), std::string("end next x"));
    // A tag that is not exactly a line break loses its punctuation like any other text.
    QCOMPARE(standardizeImdb("<b>bold</b>"), std::string("bboldb"));
  }

  void tokenizesOnAnyWhiteSpace() {
    QCOMPARE(tokenizeImdb("  A\tb\nC\r\n d\v\fe  "), (Tokens{"a", "b", "c", "d", "e"}));
    QCOMPARE(tokenizeImdb("one<br />two"), (Tokens{"one", "two"}));
    QVERIFY(tokenizeImdb("").empty());
    QVERIFY(tokenizeImdb(" ... !!! ").empty());
  }

  void buildsMostFrequentFirstWithTiesByBytes() {
    // counts: b 2, a 2, c 2, d 1, e 3
    const std::vector<Tokens> texts = {{"b", "a", "c", "b", "e"}, {"a", "d", "c", "e", "e"}};
    const Vocabulary all = Vocabulary::build(texts, 0);
    QCOMPARE(all.tokens(), (Tokens{"", "[UNK]", "e", "a", "b", "c", "d"}));

    // max size counts "" and "[UNK]": room for two more
    const Vocabulary small = Vocabulary::build(texts, 4);
    QCOMPARE(small.tokens(), (Tokens{"", "[UNK]", "e", "a"}));
  }

  void breaksTiesByBytesNotByLocale() {
    // 'B' (0x42) < 'a' (0x61) < 'z' (0x7A) < 'é' (0xC3 0xA9); all once.
    const std::vector<Tokens> texts = {{"z", "\xC3\xA9", "a", "B"}};
    QCOMPARE(Vocabulary::build(texts, 0).tokens(), (Tokens{"", "[UNK]", "B", "a", "z", "\xC3\xA9"}));
  }

  void buildIsIndependentOfTextOrder() {
    const Vocabulary forward = Vocabulary::build({{"x", "y"}, {"z", "y"}}, 0);
    const Vocabulary backward = Vocabulary::build({{"y", "z"}, {"y", "x"}}, 0);
    QCOMPARE(forward.tokens(), backward.tokens());
    QCOMPARE(forward.tokens(), (Tokens{"", "[UNK]", "y", "x", "z"}));
  }

  void doesNotCountReservedTokens() {
    const Vocabulary v = Vocabulary::build({{"[UNK]", "[UNK]", "", "w"}}, 0);
    QCOMPARE(v.tokens(), (Tokens{"", "[UNK]", "w"}));
  }

  void mapsTokensAndIds() {
    const Vocabulary v = Vocabulary::fromTokens({"", "[UNK]", "the", "movie"});
    QCOMPARE(v.size(), size_t(4));
    QCOMPARE(v.id("the"), 2);
    QCOMPARE(v.id("movie"), 3);
    QCOMPARE(v.id("film"), Vocabulary::kUnknownId);
    QCOMPARE(v.id("[UNK]"), 1);
    QCOMPARE(v.token(3), std::string("movie"));
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, v.token(4));
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, v.token(-1));
  }

  void encodesTheFirstTokensWithoutPadding() {
    const Vocabulary v = Vocabulary::fromTokens({"", "[UNK]", "the", "movie", "was", "great"});
    bool truncated = true;
    QCOMPARE(v.encode("The movie was GREAT!", 10, &truncated), (std::vector<int>{2, 3, 4, 5}));
    QVERIFY(!truncated);
    QCOMPARE(v.encode("The movie was awful, the end.", 3, &truncated), (std::vector<int>{2, 3, 4}));
    QVERIFY(truncated);
    QCOMPARE(v.encode("awful<br />movie", 0), (std::vector<int>{1, 3}));
    QCOMPARE(v.encode("The movie", 2, &truncated), (std::vector<int>{2, 3}));
    QVERIFY(!truncated);  // exactly the length: nothing was cut
    QVERIFY(v.encode("?!", 5).empty());
  }

  void rejectsABrokenTokenList() {
    QVERIFY_THROWS_EXCEPTION(InputError, Vocabulary::fromTokens({"[UNK]", ""}));
    QVERIFY_THROWS_EXCEPTION(InputError, Vocabulary::fromTokens({""}));
    try {
      Vocabulary::fromTokens({"", "[UNK]", "a", "b", "a"});
      QFAIL("a repeated token was accepted");
    } catch (const InputError& e) {
      const QString message = e.what();
      QVERIFY2(message.contains("\"a\"") && message.contains("2") && message.contains("4"), e.what());
    }
  }

  void encodesLikeTheIndependentReference_data() {
    QTest::addColumn<QString>("model");
    for (const auto& model : referenceModels())
      QTest::newRow(model.filename().string().c_str()) << QString::fromStdString(model.string());
  }

  void encodesLikeTheIndependentReference() {
    QFETCH(QString, model);
    const std::filesystem::path dir = model.toStdString();
    const Vocabulary vocabulary = Vocabulary::fromTokens(io::readVocabularyFile(dir / "vocab.txt"));
    const size_t length = readJson(dir / "config.json")["sequence_length"].get<size_t>();
    const nlohmann::json samples = readJson(dir / "expected.json")["samples"];
    QVERIFY(samples.size() >= 2);
    for (const auto& sample : samples) {
      const std::string text = sample["text"];
      Tokens words = tokenizeImdb(text);
      words.resize(std::min(words.size(), length));
      QCOMPARE(words, sample["tokens"].get<Tokens>());
      QCOMPARE(vocabulary.encode(text, length), sample["ids"].get<std::vector<int>>());
    }
  }

  void validatesUtf8_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("valid");
    const auto row = [](const char* name, const std::string& text, bool valid) {
      QTest::newRow(name) << QByteArray(text.data(), static_cast<qsizetype>(text.size())) << valid;
    };
    row("empty", "", true);
    row("ascii", "plain text 123", true);
    row("two bytes e acute", bytes({0xC3, 0xA9}), true);
    row("three bytes euro", bytes({0xE2, 0x82, 0xAC}), true);
    row("four bytes emoji", bytes({0xF0, 0x9F, 0x98, 0x80}), true);
    row("last code point U+10FFFF", bytes({0xF4, 0x8F, 0xBF, 0xBF}), true);
    row("U+D7FF before surrogates", bytes({0xED, 0x9F, 0xBF}), true);
    row("U+E000 after surrogates", bytes({0xEE, 0x80, 0x80}), true);
    row("overlong slash C0 AF", bytes({0xC0, 0xAF}), false);
    row("overlong C1", bytes({0xC1, 0xBF}), false);
    row("overlong three bytes", bytes({0xE0, 0x80, 0xAF}), false);
    row("overlong four bytes", bytes({0xF0, 0x80, 0x80, 0xAF}), false);
    row("surrogate U+D800", bytes({0xED, 0xA0, 0x80}), false);
    row("surrogate U+DFFF", bytes({0xED, 0xBF, 0xBF}), false);
    row("above U+10FFFF", bytes({0xF4, 0x90, 0x80, 0x80}), false);
    row("F5 lead", bytes({0xF5, 0x80, 0x80, 0x80}), false);
    row("stray continuation", bytes({'a', 0x80, 'b'}), false);
    row("truncated at end", bytes({'o', 'k', 0xE2, 0x82}), false);
    row("lead then ascii", bytes({0xC3, 'a'}), false);
    row("latin-1 text", bytes({'c', 'a', 'f', 0xE9}), false);
  }

  void validatesUtf8() {
    QFETCH(QByteArray, text);
    QFETCH(bool, valid);
    QCOMPARE(isValidUtf8(std::string_view(text.constData(), static_cast<size_t>(text.size()))), valid);
  }
};

QTEST_APPLESS_MAIN(TestVectorizer)
#include "test_vectorizer.moc"
