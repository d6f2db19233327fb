// The tokenizers of Hugging Face folders (contract: pretrained models, "Tokenizers"): WordPiece and GPT-2's
// byte-level BPE against tests/reference/tokenizer_reference.py (pieces, ids, byte offsets, segments), the
// folder forms of one vocabulary (vocab.txt, tokenizer.json, vocab.json + merges.txt) agreeing, decoding, the
// files that are refused with their file and line, and a long text.
#include <QtTest>

#include <fstream>
#include <thread>
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/pretrained/bpe_tokenizer.h"
#include "core/pretrained/hf_tokenizer.h"
#include "core/pretrained/wordpiece_tokenizer.h"

using namespace al;
using namespace al::pretrained;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

const fs::path kGolden = fs::path(ATTENTIONLAB_SOURCE_DIR) / "tests/reference/golden/tokenizers";

json readJson(const fs::path& path) {
  std::ifstream in(path);
  return json::parse(in);
}

void writeFile(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

// The message of the InputError f throws, or "" when it throws none.
template <typename F>
std::string inputErrorOf(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

std::vector<std::pair<size_t, size_t>> offsetsOf(const Encoding& e) {
  std::vector<std::pair<size_t, size_t>> out;
  for (const Offset& o : e.offsets) out.emplace_back(o.begin, o.end);
  return out;
}

// A byte-level BPE vocabulary of the 256 byte symbols (ids 0..255) and the given merges' results after them.
VocabularyEntries byteVocabulary(const std::vector<std::string>& more) {
  VocabularyEntries entries;
  for (int b = 0; b < 256; ++b) entries.emplace_back(BpeTokenizer::byteSymbol(static_cast<unsigned char>(b)), b);
  for (const std::string& piece : more) entries.emplace_back(piece, static_cast<int64_t>(entries.size()));
  return entries;
}

}  // namespace

class TestPretrainedTokenizers : public QObject {
  Q_OBJECT

 private slots:
  void goldenEncodings() {
    const json expected = readJson(kGolden / "expected.json");
    int checked = 0;
    for (const json& c : expected["cases"]) {
      for (const json& folder : c["folders"]) {
        const auto tokenizer = loadTokenizer(kGolden / folder.get<std::string>());
        const std::string text = c["text"];
        const std::string mode = c["mode"];
        const Encoding e = mode == "encode"   ? tokenizer->encode(text)
                           : mode == "prompt" ? tokenizer->encodePrompt(text)
                           : mode == "pair"   ? tokenizer->encodePair(text, c["text_b"].get<std::string>())
                                              : tokenizer->tokenize(text);
        const std::string where = folder.get<std::string>() + " " + mode + " \"" + text + "\"";
        QVERIFY2(e.pieces == c["pieces"].get<std::vector<std::string>>(), where.c_str());
        QVERIFY2(e.ids == c["ids"].get<std::vector<int64_t>>(), where.c_str());
        QVERIFY2(offsetsOf(e) == (c["offsets"].get<std::vector<std::pair<size_t, size_t>>>()), where.c_str());
        QVERIFY2(e.segments == c["segments"].get<std::vector<int>>(), where.c_str());
        QVERIFY2(e.added == c["added"].get<std::vector<bool>>(), where.c_str());
        ++checked;
      }
    }
    QCOMPARE(checked, 2 * 28 + 3 * 14);  // every case in every form of its vocabulary
  }

  void goldenDecodings() {
    const json expected = readJson(kGolden / "expected.json");
    for (const json& d : expected["decode"])
      for (const json& folder : d["folders"])
        QCOMPARE(loadTokenizer(kGolden / folder.get<std::string>())->decode(d["ids"].get<std::vector<int64_t>>()),
                 d["text"].get<std::string>());
  }

  void bpeDecodesWhatItEncodes() {
    const auto tokenizer = loadTokenizer(kGolden / "bpe");
    for (const std::string text : {"Hello world", "  two  spaces\t\ttabs\r\n", "naïve 你好 😀🇫🇷 ÿ\x7F\x01",
                                   "Ünïcödé <|endoftext|> 'll 's", "a<|endoftext|><|endoftext|>b", ""}) {
      const Encoding e = tokenizer->encode(text);
      QCOMPARE(tokenizer->decode(e.ids), text);
      // The offsets cover the text, piece after piece.
      size_t at = 0;
      for (const Offset& o : e.offsets) {
        QCOMPARE(o.begin, at);
        at = o.end;
      }
      QCOMPARE(at, text.size());
    }
    QCOMPARE(tokenizer->decode({*tokenizer->idOf("Hello"), *tokenizer->idOf("<|endoftext|>")}, true),
             std::string("Hello"));
  }

  void theFormsOfOneVocabularyAgree() {
    const std::string text = "The Unaffable café, 我爱北京! a[MASK]b  İstanbul\tdon't\x01 zzz [SEP]";
    const auto txt = loadTokenizer(kGolden / "wordpiece-uncased");
    const auto js = loadTokenizer(kGolden / "wordpiece-uncased-json");
    QCOMPARE(txt->encode(text).ids, js->encode(text).ids);
    QCOMPARE(txt->vocabularySize(), js->vocabularySize());
    QCOMPARE(*txt->specialTokens().mask.id, *js->specialTokens().mask.id);
    const std::string bpeText = "It's 3.14 — naïve!\n\n  end<|endoftext|>";
    const auto files = loadTokenizer(kGolden / "bpe");
    QCOMPARE(files->encode(bpeText).ids, loadTokenizer(kGolden / "bpe-json")->encode(bpeText).ids);
    QCOMPARE(files->encode(bpeText).ids, loadTokenizer(kGolden / "bpe-json-pairs")->encode(bpeText).ids);
    QCOMPARE(files->type(), TokenizerType::ByteLevelBpe);
    QCOMPARE(txt->type(), TokenizerType::WordPiece);
  }

  void tokenizerConfigWinsOverTokenizerJson() {
    QTemporaryDir dir;
    const fs::path folder = dir.path().toStdString();
    fs::copy_file(kGolden / "wordpiece-uncased-json/tokenizer.json", folder / "tokenizer.json");
    QCOMPARE(loadTokenizer(folder)->encode("Hello").pieces, (std::vector<std::string>{"[CLS]", "hello", "[SEP]"}));
    writeFile(folder / "tokenizer_config.json", R"({"do_lower_case": false})");
    QCOMPARE(loadTokenizer(folder)->encode("Hello").pieces, (std::vector<std::string>{"[CLS]", "[UNK]", "[SEP]"}));
    // strip_accents decides accents apart from lowercasing
    writeFile(folder / "tokenizer_config.json", R"({"do_lower_case": true, "strip_accents": false})");
    QCOMPARE(loadTokenizer(folder)->encode("CAFÉ").pieces, (std::vector<std::string>{"[CLS]", "[UNK]", "[SEP]"}));
    writeFile(folder / "tokenizer_config.json", R"({"do_lower_case": true})");
    QCOMPARE(loadTokenizer(folder)->encode("CAFÉ").pieces, (std::vector<std::string>{"[CLS]", "cafe", "[SEP]"}));
  }

  void specialTokensAreFoundByName() {
    QTemporaryDir dir;
    const fs::path folder = dir.path().toStdString();
    // [CLS] and [SEP] far from BERT's places, [MASK] renamed by tokenizer_config.json
    writeFile(folder / "vocab.txt", "hello\n[UNK]\nworld\n<mask>\n[SEP]\n[CLS]\n");
    writeFile(folder / "tokenizer_config.json", R"({"mask_token": {"content": "<mask>"}})");
    const auto tokenizer = loadTokenizer(folder);
    const Encoding e = tokenizer->encode("hello<mask>world [MASK]");
    QCOMPARE(e.ids, (std::vector<int64_t>{5, 0, 3, 2, 1, 1, 1, 4}));  // [MASK] is no token here: [ mask ]
    QCOMPARE(tokenizer->specialTokens().mask.id, std::optional<int64_t>(3));
    QVERIFY(!tokenizer->specialTokens().padding.id);
    QVERIFY(tokenizer->isSpecial(5) && !tokenizer->isSpecial(0));
    QCOMPARE(tokenizer->idOf("world"), std::optional<int64_t>(2));
    QVERIFY(!tokenizer->idOf("nothing"));
  }

  void wordPieceDecodesAsPeopleWrite() {
    const auto tokenizer = loadTokenizer(kGolden / "wordpiece-uncased");
    QCOMPARE(tokenizer->decode(tokenizer->encode("Unaffable playing, hello world!").ids, true),
             std::string("unaffable playing, hello world!"));
    QCOMPARE(tokenizer->decode(tokenizer->encode("我爱北京。i love paris").ids, true),
             std::string("我爱北京。i love paris"));
    QCOMPARE(tokenizer->decode(tokenizer->encode("a[MASK]b").ids), std::string("[CLS] a [MASK] b [SEP]"));
    QVERIFY_THROWS_EXCEPTION(InputError, tokenizer->decode({100000}));
    QVERIFY_THROWS_EXCEPTION(InputError, tokenizer->decode({-1}));
  }

  // encoder.py merges the lowest-ranked pair everywhere before the next rank: with ranks (a b) < (ab c) <
  // (b c), "abcbc" is abc bc (tokenizer_reference.py checks its own loop on the same example).
  void mergesGoInRankOrder() {
    const BpeTokenizer tokenizer(byteVocabulary({"ab", "abc", "bc"}),
                                 {{"a", "b", "1"}, {"ab", "c", "2"}, {"b", "c", "3"}}, {}, "vocab.json");
    QCOMPARE(tokenizer.tokenize("abcbc").pieces, (std::vector<std::string>{"abc", "bc"}));
    // Every occurrence, left to right, without overlaps: "aaa" with (a a) is aa a.
    const BpeTokenizer twice(byteVocabulary({"aa"}), {{"a", "a", "1"}}, {}, "vocab.json");
    QCOMPARE(twice.tokenize("aaa").pieces, (std::vector<std::string>{"aa", "a"}));
    QCOMPARE(twice.tokenize("aaaa").pieces, (std::vector<std::string>{"aa", "aa"}));
    // The rank decides, not the place: (c d) before (b c) makes "bcd" b cd.
    const BpeTokenizer ranked(byteVocabulary({"cd", "bc"}), {{"c", "d", "1"}, {"b", "c", "2"}}, {}, "vocab.json");
    QCOMPARE(ranked.tokenize("bcd").pieces, (std::vector<std::string>{"b", "cd"}));
  }

  void unigramAndSentencePieceAreRefused() {
    QTemporaryDir dir;
    const fs::path folder = dir.path().toStdString();
    writeFile(folder / "tokenizer.json", R"({"model": {"type": "Unigram", "vocab": [["<unk>", 0.0]]}})");
    writeFile(folder / "vocab.txt", "[UNK]\n");  // tokenizer.json decides, even so
    const std::string unigram = inputErrorOf([&] { loadTokenizer(folder); });
    QVERIFY2(unigram.find("tokenizer.json") != std::string::npos && unigram.find("Unigram") != std::string::npos &&
                 unigram.find("WordPiece") != std::string::npos,
             unigram.c_str());
    // A BPE without the byte-level pre-tokenizer is SentencePiece's (Llama's), not GPT-2's.
    writeFile(folder / "tokenizer.json",
              R"({"pre_tokenizer": {"type": "Metaspace"}, "model": {"type": "BPE", "vocab": {"a": 0}, "merges": []}})");
    const std::string metaspace = inputErrorOf([&] { loadTokenizer(folder); });
    QVERIFY2(metaspace.find("byte-level") != std::string::npos, metaspace.c_str());
    // A word limit that would let one word cost hours.
    writeFile(folder / "tokenizer.json",
              R"({"model": {"type": "WordPiece", "vocab": {"[UNK]": 0}, "max_input_chars_per_word": 1000000000}})");
    const std::string limit = inputErrorOf([&] { loadTokenizer(folder); });
    QVERIFY2(limit.find("max_input_chars_per_word") != std::string::npos, limit.c_str());
    writeFile(folder / "tokenizer.json", "{\"model\": {\"type\": \"WordPiece\", \"vocab\": ");
    QVERIFY2(inputErrorOf([&] { loadTokenizer(folder); }).find("tokenizer.json") != std::string::npos, "not JSON");
  }

  void brokenMergesAndVocabulariesNameTheirLine() {
    QTemporaryDir dir;
    const fs::path folder = dir.path().toStdString();
    fs::copy_file(kGolden / "bpe/vocab.json", folder / "vocab.json");
    writeFile(folder / "merges.txt", "#version: 0.2\nĠ t\nh e l\n");
    std::string message = inputErrorOf([&] { loadTokenizer(folder); });
    QVERIFY2(message.find("merges.txt line 3") != std::string::npos && message.find("one space") != std::string::npos,
             message.c_str());
    writeFile(folder / "merges.txt", "#version: 0.2\nĠ t\nĠ zzz\n");
    message = inputErrorOf([&] { loadTokenizer(folder); });
    QVERIFY2(message.find("merges.txt line 3") != std::string::npos && message.find("zzz") != std::string::npos,
             message.c_str());
    writeFile(folder / "merges.txt", "#version: 0.2\nĠ t\n");
    writeFile(folder / "vocab.json", R"({"a": 0, "b": "one"})");
    message = inputErrorOf([&] { loadTokenizer(folder); });
    QVERIFY2(message.find("vocab.json") != std::string::npos && message.find("\"b\"") != std::string::npos,
             message.c_str());
    // A vocabulary without some byte symbols reads the texts it can, and names the byte of those it cannot.
    writeFile(folder / "vocab.json", R"({"a": 0, "b": 1, "ab": 2, "Ġ": 3})");
    writeFile(folder / "merges.txt", "a b\n");
    QCOMPARE(loadTokenizer(folder)->encode("ab a").pieces, (std::vector<std::string>{"ab", "Ġ", "a"}));
    message = inputErrorOf([&] { loadTokenizer(folder)->encode("ab c"); });
    QVERIFY2(message.find("0x63") != std::string::npos && message.find("byte 4") != std::string::npos,
             message.c_str());
    fs::remove(folder / "merges.txt");
    message = inputErrorOf([&] { loadTokenizer(folder); });
    QVERIFY2(message.find("without merges.txt") != std::string::npos, message.c_str());
    fs::remove(folder / "vocab.json");
    message = inputErrorOf([&] { loadTokenizer(folder); });
    QVERIFY2(message.find("no tokenizer") != std::string::npos, message.c_str());

    writeFile(folder / "vocab.txt", "");
    message = inputErrorOf([&] { loadTokenizer(folder); });
    QVERIFY2(message.find("vocab.txt") != std::string::npos && message.find("empty") != std::string::npos,
             message.c_str());
    writeFile(folder / "vocab.txt", "[UNK]\nok\nbad \xFF byte\n");
    message = inputErrorOf([&] { loadTokenizer(folder); });
    QVERIFY2(message.find("vocab.txt line 3") != std::string::npos, message.c_str());
    writeFile(folder / "vocab.txt", "[UNK]\n" + std::string(2000, 'x') + "\n");
    message = inputErrorOf([&] { loadTokenizer(folder); });
    QVERIFY2(message.find("vocab.txt line 2") != std::string::npos, message.c_str());
    writeFile(folder / "vocab.txt", "[CLS]\nhello\n");
    message = inputErrorOf([&] { loadTokenizer(folder); });
    QVERIFY2(message.find("[UNK]") != std::string::npos, message.c_str());
    writeFile(folder / "vocab.txt", "[UNK]\r\nhello\r\n");  // CRLF line ends are line ends
    QCOMPARE(loadTokenizer(folder)->tokenize("hello").ids, std::vector<int64_t>{1});
  }

  void textThatIsNotUtf8IsAnInputError() {
    for (const char* folder : {"wordpiece-uncased", "bpe"}) {
      const auto tokenizer = loadTokenizer(kGolden / folder);
      QVERIFY_THROWS_EXCEPTION(InputError, tokenizer->encode("bad \xFF byte"));
      QVERIFY_THROWS_EXCEPTION(InputError, tokenizer->encode("\xE4\xB8"));
    }
    QVERIFY_THROWS_EXCEPTION(InputError, loadTokenizer(kGolden / "bpe")->encodePair("a", "b"));
  }

  // One tokenizer serves several threads (the app reads sentences on workers): GPT-2's cache of merged words is
  // shared, so four threads encoding at once must each get what one thread gets alone.
  void threadsShareOneTokenizer() {
    const auto tokenizer = loadTokenizer(kGolden / "bpe");
    std::vector<std::string> texts;
    for (int t = 0; t < 4; ++t) {
      std::string text;
      for (int i = 0; i < 3000; ++i) text += " w" + std::to_string((i * 31 + t) % 997) + "x";
      texts.push_back(text);
    }
    std::vector<std::vector<int64_t>> alone;
    for (const std::string& text : texts) alone.push_back(loadTokenizer(kGolden / "bpe")->encode(text).ids);
    std::vector<std::vector<int64_t>> together(texts.size());
    std::vector<std::thread> threads;
    for (size_t t = 0; t < texts.size(); ++t)
      threads.emplace_back([&, t] { together[t] = tokenizer->encode(texts[t]).ids; });
    for (std::thread& thread : threads) thread.join();
    QCOMPARE(together, alone);
  }

  void aLongTextTokenizes() {
    std::string text = "Hello";
    for (int i = 1; i < 10000; ++i) text += " world";
    QCOMPARE(loadTokenizer(kGolden / "bpe")->encode(text).size(), size_t(10000));  // Hello Ġworld Ġworld ...
    QCOMPARE(loadTokenizer(kGolden / "wordpiece-uncased")->encode(text).size(), size_t(10002));
    // One word of 200,000 letters: BPE merges it in O(n log n), WordPiece gives [UNK] without looking.
    const std::string word(200000, 'e');
    const auto bpe = loadTokenizer(kGolden / "bpe");
    QCOMPARE(bpe->decode(bpe->encode(word).ids), word);
    QCOMPARE(loadTokenizer(kGolden / "wordpiece-uncased")->tokenize(word).pieces, std::vector<std::string>{"[UNK]"});
  }
};

QTEST_GUILESS_MAIN(TestPretrainedTokenizers)
#include "test_pretrained_tokenizers.moc"
