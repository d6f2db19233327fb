// The tokenizer field of the model format ("Text to ids"): keras and ascii are today's behaviours, icu_words
// segments Chinese and Japanese by dictionary; names, defaults, files without the field, invalid UTF-8, the
// share of CJK letters that suggests icu_words, and tokens joined back into text.
#include <QtTest>

#include "core/error.h"
#include "core/models/bigram_classifier.h"
#include "core/models/transformer_classifier.h"
#include "core/text/seq2seq_text.h"
#include "core/text/tokenizer.h"
#include "core/text/vectorizer.h"
#include "core/train/chatbot_task.h"

using namespace al;
using Tokens = std::vector<std::string>;

namespace {

Tokens split(const std::string& words) {
  Tokens out;
  size_t start = 0;
  while (start < words.size()) {
    size_t end = words.find(' ', start);
    if (end == std::string::npos) end = words.size();
    out.push_back(words.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

Tokens icu(const std::string& text, TextTask task = TextTask::Classifier) {
  return tokenize(TokenizerKind::IcuWords, task, text);
}

bool contains(const Tokens& tokens, const std::string& token) {
  return std::find(tokens.begin(), tokens.end(), token) != tokens.end();
}

}  // namespace

class TestTokenizer : public QObject {
  Q_OBJECT

 private slots:
  void theContractsExample() {
    const std::string sentence = "小明把书包忘在教室，它很沉。";
    QCOMPARE(icu(sentence), split("小明 把 书包 忘 在 教室 它 很 沉"));
    QCOMPARE(icu(sentence, TextTask::Seq2seq), split("小明 把 书包 忘 在 教室 ， 它 很 沉 。"));
    QCOMPARE(tokenizeSeq2seq(TokenizerKind::IcuWords, sentence).front(), std::string(kStartToken));
    QCOMPARE(tokenizeSeq2seq(TokenizerKind::IcuWords, sentence).back(), std::string(kEndToken));
  }

  void kerasAndAsciiAreTodaysTokenizers() {
    const std::vector<std::string> texts = {"I loved it!<br /><br />10/10", "¿Qué tal?  I'm fine.", "小明把书包忘在教室，它很沉。",
                                            "  A\tb\nC ", ""};
    for (const std::string& text : texts) {
      QCOMPARE(tokenize(TokenizerKind::Keras, TextTask::Classifier, text), tokenizeImdb(text));
      QCOMPARE(tokenize(TokenizerKind::Keras, TextTask::Seq2seq, text), tokenizeImdb(text));
      QCOMPARE(tokenize(TokenizerKind::Ascii, TextTask::Seq2seq, text), seq2seqWords(text));
      QCOMPARE(tokenizeSeq2seq(TokenizerKind::Ascii, text), tokenizeSeq2seq(text));
    }
    // a Chinese sentence: one unknown token for keras, nothing at all for ascii (why icu_words exists)
    QCOMPARE(tokenize(TokenizerKind::Keras, TextTask::Classifier, "小明把书包忘在教室，它很沉。").size(), size_t(1));
    QVERIFY(tokenize(TokenizerKind::Ascii, TextTask::Seq2seq, "小明把书包忘在教室，它很沉。").empty());
  }

  void mixedChineseEnglishAndNumbers() {
    const Tokens t = icu("我买了3个iPhone手机，花了1000元！");
    for (const char* word : {"3", "iphone", "手机", "1000", "元"}) QVERIFY2(contains(t, word), word);
    for (const char* mark : {"，", "！"}) QVERIFY(!contains(t, mark));
    const Tokens s = icu("我买了3个iPhone手机，花了1000元！", TextTask::Seq2seq);
    QCOMPARE(s.size(), t.size() + 2);
    QCOMPARE(s.back(), std::string("！"));
    QCOMPARE(icu("Pi is 3.14, isn't it"), split("pi is 3.14 isn't it"));
  }

  void fullWidthPunctuationAndLetters() {
    QCOMPARE(icu("你好！今天怎么样？", TextTask::Seq2seq).back(), std::string("？"));
    QVERIFY(contains(icu("你好！今天怎么样？", TextTask::Seq2seq), "！"));
    QVERIFY(!contains(icu("你好！今天怎么样？"), "！"));
    // other full-width punctuation is never kept, even for seq2seq
    QVERIFY(!contains(icu("他说：“好的”；（笑）", TextTask::Seq2seq), "："));
    QCOMPARE(icu("ＨＥＬＬＯ　ｗｏｒｌｄ"), split("ｈｅｌｌｏ ｗｏｒｌｄ"));  // lowercased, split at the ideographic space
  }

  void japaneseKana() {
    const Tokens t = icu("今日は東京でカレーを食べました。");
    for (const char* word : {"東京", "カレー", "は", "を"}) QVERIFY2(contains(t, word), word);
    QVERIFY(!contains(t, "。"));
  }

  void spanishAccents() {
    QCOMPARE(icu("¿Qué tiempo hace hoy?"), split("qué tiempo hace hoy"));
    QCOMPARE(icu("¿Qué tiempo hace hoy?", TextTask::Seq2seq), split("qué tiempo hace hoy ?"));
    QCOMPARE(icu("ÉL ÑANDÚ"), split("él ñandú"));
  }

  void lineBreakTags() {
    QCOMPARE(icu("Great<br />film<BR>ok<br/>x"), split("great film ok br x"));
    QCOMPARE(icu("第一行<br />第二行"), icu("第一行 第二行"));
  }

  void invalidUtf8IsAnInputError() {
    for (TokenizerKind kind : {TokenizerKind::Keras, TokenizerKind::Ascii, TokenizerKind::IcuWords}) {
      QVERIFY_THROWS_EXCEPTION(InputError, tokenize(kind, TextTask::Classifier, "bad \xFF byte"));
      QVERIFY_THROWS_EXCEPTION(InputError, tokenize(kind, TextTask::Seq2seq, "\xE4\xB8"));  // a cut character
    }
    QVERIFY(icu("").empty());
    QVERIFY(icu(" ，。！ ").empty());
  }

  void aLongTextTokenizes() {
    std::string text;
    for (int i = 0; i < 10000; ++i) text += "剧情很精彩";
    QCOMPARE(icu(text).size(), size_t(30000));
  }

  void namesAndDefaults() {
    for (TokenizerKind kind : {TokenizerKind::Keras, TokenizerKind::Ascii, TokenizerKind::IcuWords})
      QCOMPARE(parseTokenizer(tokenizerName(kind)), kind);
    QCOMPARE(tokenizerNames(), (Tokens{"keras", "ascii", "icu_words"}));
    QVERIFY_THROWS_EXCEPTION(InputError, parseTokenizer("bpe"));
    QCOMPARE(defaultTokenizer(TextTask::Classifier), TokenizerKind::Keras);
    QCOMPARE(defaultTokenizer(TextTask::Seq2seq), TokenizerKind::Ascii);
  }

  void configFieldIsOptional() {
    TransformerConfig config;
    nlohmann::json j = toJson(config);
    QCOMPARE(j.value("tokenizer", std::string()), std::string("keras"));
    j.erase("tokenizer");  // a file written before the field existed
    QCOMPARE(transformerConfigFromJson(j, "config.json").tokenizer, TokenizerKind::Keras);
    j["tokenizer"] = "icu_words";
    QCOMPARE(transformerConfigFromJson(j, "config.json").tokenizer, TokenizerKind::IcuWords);
    j["tokenizer"] = "jieba";
    try {
      transformerConfigFromJson(j, "m/config.json");
      QFAIL("an unknown tokenizer was accepted");
    } catch (const InputError& e) {
      QVERIFY2(std::string(e.what()).find("tokenizer") != std::string::npos, e.what());
    }
    nlohmann::json b = toJson(BigramConfig{});
    b.erase("tokenizer");
    QCOMPARE(bigramConfigFromJson(b, "config.json").tokenizer, TokenizerKind::Keras);
    // the golden chatbot directory has no tokenizer field: it reads text with ascii, as before
    const ChatbotModel chatbot = loadChatbot(ATTENTIONLAB_SOURCE_DIR "/tests/reference/golden/seq2seq/model");
    QCOMPARE(chatbot.model->config().tokenizer, TokenizerKind::Ascii);
  }

  void vocabularyEncodesThroughTheTokenizer() {
    const Vocabulary v = Vocabulary::fromTokens({"", "[UNK]", "书包", "教室", "很"});
    QCOMPARE(v.encode(TokenizerKind::IcuWords, "小明把书包忘在教室，它很沉。", 0),
             (std::vector<int>{1, 1, 2, 1, 1, 3, 1, 4, 1}));
    bool truncated = false;
    QCOMPARE(v.encode(TokenizerKind::IcuWords, "书包教室很", 2, &truncated), (std::vector<int>{2, 3}));
    QVERIFY(truncated);
    QCOMPARE(v.encode(TokenizerKind::Keras, "书包 教室", 0), (std::vector<int>{2, 3}));
    const Vocabulary s = Vocabulary::fromTokens({"", "[UNK]", "<start>", "<end>", "我", "。"});
    QCOMPARE(encodeSeq2seq(s, TokenizerKind::IcuWords, "我。", 0), (std::vector<int>{2, 4, 5, 3}));
    QCOMPARE(encodeSeq2seq(s, TokenizerKind::Ascii, "我。", 0), (std::vector<int>{2, 3}));
  }

  void cjkShareSuggestsIcuWords() {
    ScriptCounts chinese;
    chinese.add("小明把书包忘在教室，它很沉。 iPhone 12");
    QVERIFY(chinese.mostlyCjk());
    QCOMPARE(suggestTokenizer(TextTask::Classifier, chinese), TokenizerKind::IcuWords);
    ScriptCounts english;
    english.add("The plot was gripping, 10/10. 好");
    QVERIFY(!english.mostlyCjk());
    QCOMPARE(suggestTokenizer(TextTask::Classifier, english), TokenizerKind::Keras);
    QCOMPARE(suggestTokenizer(TextTask::Seq2seq, english), TokenizerKind::Ascii);
    ScriptCounts japanese;
    japanese.add("カレーを食べました");
    QCOMPARE(japanese.cjkShare(), 1.0);
    ScriptCounts empty;
    empty.add("123 ... \xFF");
    QCOMPARE(empty.cjkShare(), 0.0);
    // a Chinese -> English corpus: the English side has more letters, but the Chinese side needs icu_words
    const std::vector<DialogPair> pairs = {{"我昨天在公园看见了他。", "i saw him in the park yesterday .", "x:1"}};
    QCOMPARE(suggestDialogTokenizer(pairs), TokenizerKind::IcuWords);
    QCOMPARE(suggestDialogTokenizer({{"how are you?", "fine.", "x:1"}}), TokenizerKind::Ascii);
  }

  void tokensJoinedBackIntoText() {
    QCOMPARE(joinTokens(split("我 看见 了 他 。")), std::string("我看见了他。"));
    QCOMPARE(joinTokens(split("i saw him .")), std::string("i saw him ."));
    QCOMPARE(joinTokens(split("我 有 3 个 iphone")), std::string("我有3个iphone"));
    QCOMPARE(joinTokens({}), std::string());
  }
};

QTEST_GUILESS_MAIN(TestTokenizer)
#include "test_tokenizer.moc"
