// The bounds of core/io/limits.h: every reader of outside bytes refuses a file that asks for too much, before
// it allocates, with a message that names the file and the limit. Big files are made sparse
// (std::filesystem::resize_file), so that they cost no disk and no time.
#include <QtTest>

#include <archive.h>
#include <archive_entry.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include "core/data/dialogs.h"
#include "core/data/imdb_sources.h"
#include "core/error.h"
#include "core/io/declared_memory.h"
#include "core/io/history.h"
#include "core/io/json_fields.h"
#include "core/io/limits.h"
#include "core/io/read_file.h"
#include "core/io/safetensors.h"
#include "core/io/vocabulary_file.h"
#include "core/models/bigram_classifier.h"
#include "core/models/seq2seq_attention.h"
#include "core/models/transformer_classifier.h"
#include "core/train/bigram_run.h"
#include "core/train/chatbot_task.h"
#include "core/train/imdb_run.h"
#include "tests/gzip_bytes.h"

using namespace al;
namespace fs = std::filesystem;

namespace {

void writeFile(const fs::path& file, const std::string& bytes) {
  fs::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes;
}

// The message of the al::InputError that read() throws; a failure if it throws nothing or something else.
QString inputError(const std::function<void()>& read) {
  try {
    read();
  } catch (const InputError& e) {
    return QString::fromStdString(e.what());
  } catch (const std::exception& e) {
    return QString("NOT AN InputError: ") + e.what();
  }
  return "NO ERROR";
}

#define QVERIFY_MESSAGE(message, ...)                                                        \
  do {                                                                                       \
    const QString m = (message);                                                             \
    for (const char* part : {__VA_ARGS__}) QVERIFY2(m.contains(part), qPrintable(m));        \
  } while (0)

std::string transformerConfig(const std::string& sizes) {
  return R"({"format": "attentionlab-model", "version": 1, "task": "imdb-transformer", )" + sizes +
         R"(, "position": "sinusoidal", "norm": "layer", "pooling": "max", "dropout": 0.1})";
}

// A tar header (ustar) for one regular file that declares `size` bytes; its data is not written.
std::string tarHeader(const std::string& name, uint64_t size) {
  std::string h(512, '\0');
  name.copy(h.data(), std::min<size_t>(name.size(), 99));
  std::snprintf(h.data() + 100, 8, "%07o", 0644);
  std::snprintf(h.data() + 108, 8, "%07o", 0);
  std::snprintf(h.data() + 116, 8, "%07o", 0);
  std::snprintf(h.data() + 124, 12, "%011llo", static_cast<unsigned long long>(size));
  std::snprintf(h.data() + 136, 12, "%011o", 0);
  h[156] = '0';
  std::memcpy(h.data() + 257, "ustar\0" "00", 8);
  std::memset(h.data() + 148, ' ', 8);
  unsigned sum = 0;
  for (unsigned char c : h) sum += c;
  std::snprintf(h.data() + 148, 8, "%06o", sum);
  return h;
}

std::string gzip(std::string_view bytes) { return al::testing::gzipBytes(bytes); }

}  // namespace

class TestInputLimits : public QObject {
  Q_OBJECT
  QTemporaryDir tmp_;
  fs::path dir(const char* name) const { return fs::path(tmp_.path().toStdString()) / name; }

 private slots:
  // ---- the memory a config.json declares ----

  void declaredMemoryIsWhatTheModelsRegister_data() {
    QTest::addColumn<QString>("preset");
    QTest::addColumn<int>("position");
    QTest::addColumn<int>("norm");
    for (const char* preset : {"tiny", "classroom"})
      for (int position : {0, 1, 2})
        for (int norm : {0, 1})
          QTest::newRow(qPrintable(QString("%1-%2-%3").arg(preset).arg(position).arg(norm))) << QString(preset) << position << norm;
  }
  void declaredMemoryIsWhatTheModelsRegister() {
    QFETCH(QString, preset);
    QFETCH(int, position);
    QFETCH(int, norm);
    TransformerConfig c = imdbPreset(preset.toStdString()).model;
    c.position = static_cast<PositionKind>(position);
    c.norm = static_cast<NormKind>(norm);
    c.numLayers = 2;
    QCOMPARE(TransformerClassifier::declaredMemory(c).parameters, double(TransformerClassifier(c).parameters().size()));

    for (BigramEncoding encoding : {BigramEncoding::MultiHot, BigramEncoding::TfIdf}) {
      BigramConfig b = bigramPreset(preset.toStdString()).model;
      b.encoding = encoding;
      QCOMPARE(BigramClassifier::declaredMemory(b).parameters, double(BigramClassifier(b).parameters().size()));
    }
    Seq2SeqConfig s = chatbotPreset(preset.toStdString()).model;
    s.sourceVocabSize = 300;
    s.targetVocabSize = 200;
    QCOMPARE(Seq2SeqAttention::declaredMemory(s).parameters, double(Seq2SeqAttention(s).parameters().size()));
  }

  // A transformer's config.json that asks for too much is refused from its fields alone, before any model is
  // built. With a tensor file of one float (or an empty one), so that only the config can be at fault.
  void transformerConfigIsRefused_data() {
    QTest::addColumn<QString>("sizes");
    QTest::addColumn<bool>("oneFloatTensorFile");
    QTest::addColumn<QStringList>("message");
    // 100,000,000 x 4096 floats of embedding: 1.5 TB.
    QTest::newRow("huge") << R"("vocab_size": 100000000, "sequence_length": 600, "embed_dim": 4096, "num_heads": 2,
                                "key_dim": 16, "dense_dim": 32, "num_layers": 1)"
                          << true << QStringList{"config.json", "declares a model of 1.5 TB", "more than the 1.0 GB"};
    // 5 MB of parameters declared, a tensor file of a few bytes.
    QTest::newRow("larger than its tensor file")
        << R"("vocab_size": 20000, "sequence_length": 64, "embed_dim": 64, "num_heads": 2, "key_dim": 16,
              "dense_dim": 32, "num_layers": 1)"
        << true << QStringList{"config.json", "model.safetensors is only", "do not belong to the same model"};
    QTest::newRow("long sequences") << R"("vocab_size": 100, "sequence_length": 100000, "embed_dim": 8,
                                          "num_heads": 1, "key_dim": 4, "dense_dim": 8, "num_layers": 1)"
                                    << false << QStringList{"sequence_length", "100000", "8192"};
    // Within each field's bound, but 20 layers x 64 heads x 8192^2 attention weights: 320 GB for one sequence.
    QTest::newRow("many heads") << R"("vocab_size": 100, "sequence_length": 8192, "embed_dim": 8, "num_heads": 64,
                                      "key_dim": 4, "dense_dim": 8, "num_layers": 20)"
                                << false << QStringList{"config.json", "for one full-length sequence"};
  }

  void transformerConfigIsRefused() {
    QFETCH(QString, sizes);
    QFETCH(bool, oneFloatTensorFile);
    QFETCH(QStringList, message);
    const fs::path model = dir(QTest::currentDataTag());
    writeFile(model / "config.json", transformerConfig(sizes.toStdString()));
    if (oneFloatTensorFile)
      io::writeSafetensors(model / "model.safetensors", {{"w", {1}, {0.0f}}});
    else
      writeFile(model / "model.safetensors", "");
    const QString error = inputError([&] { loadImdbTransformer(model); });
    for (const QString& part : message) QVERIFY2(error.contains(part), qPrintable(error));
  }

  void chatbotAndBigramSizesAreBounded() {
    const fs::path model = dir("chatbot");
    writeFile(model / "model.safetensors", "");
    writeFile(model / "config.json", R"({"format": "attentionlab-model", "version": 1, "task": "seq2seq-attention",
        "source_vocab_size": 10, "target_vocab_size": 10, "embed_dim": 4, "units": 4, "attention_units": 4,
        "max_source_length": 24, "max_target_length": 1000000000})");
    // The answer's length bounds how long greedy decoding runs.
    QVERIFY_MESSAGE(inputError([&] { loadChatbot(model); }), "max_target_length", "1000");
    const fs::path bigram = dir("bigram");
    writeFile(bigram / "model.safetensors", "");
    writeFile(bigram / "config.json", R"({"format": "attentionlab-model", "version": 1, "task": "imdb-bigram",
        "vocab_size": 5000000000, "hidden_units": 16, "dropout": 0.5, "encoding": "multi_hot"})");
    QVERIFY_MESSAGE(inputError([&] { loadBigram(bigram); }), "vocab_size", "5000000000", "100000000");
  }

  // ---- JSON ----

  void deeplyNestedJsonIsRefused() {
    const fs::path file = dir("nested/history.json");
    writeFile(file, std::string(100000, '[') + std::string(100000, ']'));
    QVERIFY_MESSAGE(inputError([&] { io::readHistory(file); }), "history.json", "nested more than 64");
    // 64 levels are still read (and found to be no history).
    writeFile(file, std::string(63, '[') + std::string(63, ']'));
    QVERIFY_MESSAGE(inputError([&] { io::readHistory(file); }), "history.json entry 1");
  }

  void largeJsonFilesAreRefusedBeforeReading() {
    const fs::path file = dir("large/history.json");
    writeFile(file, "[]");
    fs::resize_file(file, 2 * limits::kMaxJsonBytes);  // sparse: no disk, no time
    QVERIFY_MESSAGE(inputError([&] { io::readHistory(file); }), "history.json is 32 MB", "more than the 16 MB", "Limits");
  }

  // ---- safetensors ----

  void safetensorsHeaderIsBounded() {
    const fs::path file = dir("header/model.safetensors");
    const uint64_t length = 2 * limits::kMaxSafetensorsHeaderBytes;
    std::string bytes(8, '\0');
    for (int i = 0; i < 8; ++i) bytes[static_cast<size_t>(i)] = static_cast<char>((length >> (8 * i)) & 0xFF);
    writeFile(file, bytes);
    fs::resize_file(file, 8 + length);
    QVERIFY_MESSAGE(inputError([&] { io::readSafetensors(file); }), "model.safetensors", "the header is 32 MB", "more than the 16 MB");
  }

  void safetensorsRankIsBounded() {
    const std::string header = R"({"t": {"dtype": "F32", "shape": [1,1,1,1,1,1,1,1,1], "data_offsets": [0, 4]}})";
    std::string bytes(8, '\0');
    bytes[0] = static_cast<char>(header.size());
    QVERIFY_MESSAGE(inputError([&] { io::parseSafetensors(bytes + header + std::string(4, '\0'), "m.safetensors"); }),
                    "m.safetensors", "9 dimensions", "at most 8");
  }

  // ---- vocabularies, dialogs, CSV, TSV ----

  void vocabularyLinesAreBounded() {
    QVERIFY_MESSAGE(inputError([] { io::parseVocabulary("\n[UNK]\n" + std::string(2000, 'a') + "\n", "vocab.txt"); }),
                    "vocab.txt line 3", "2000 bytes", "1024");
    QVERIFY_MESSAGE(inputError([] { io::parseVocabulary(std::string(limits::kMaxVocabularyTokens + 1, '\n'), "vocab.txt"); }),
                    "vocab.txt has 1000001 lines", "1000000 tokens");
  }

  void dialogLinesAreBounded() {
    const std::string line = "hello\t" + std::string(70000, 'a') + "\n";
    QVERIFY_MESSAGE(inputError([&] { parseDialogs("hi\tthere\n" + line, "chat.txt"); }), "chat.txt:2", "68 KB", "64 KB");
  }

  void csvFieldsAndReviewsAreBounded() {
    const fs::path csv = dir("data/commas.csv");
    writeFile(csv, "review,sentiment\n" + std::string(5000, ',') + "\n");
    QVERIFY_MESSAGE(inputError([&] { loadImdbSource(csv.string()); }), "commas.csv line 2", "more than 1000 fields");
    const fs::path tsv = dir("data/long.tsv");
    writeFile(tsv, "1\tgood\n0\t" + std::string(2 * limits::kMaxReviewBytes, 'x') + "\n");
    QVERIFY_MESSAGE(inputError([&] { loadImdbSource(tsv.string()); }), "long.tsv line 2", "2.0 MB, longer than the 1.0 MB");
  }

  void dataFilesAreBoundedBeforeReading() {
    const fs::path tsv = dir("data/huge.tsv");
    writeFile(tsv, "1\tgood\n");
    fs::resize_file(tsv, 2 * limits::kMaxDataFileBytes);
    QVERIFY_MESSAGE(inputError([&] { loadImdbSource(tsv.string()); }), "huge.tsv is 2.0 GB", "more than the 1.0 GB");
    const fs::path dialogs = dir("data/huge-dialogs.txt");
    writeFile(dialogs, "hi\tthere\n");
    fs::resize_file(dialogs, 2 * limits::kMaxDataFileBytes);
    QVERIFY_MESSAGE(inputError([&] { readDialogFile(dialogs); }), "huge-dialogs.txt is 2.0 GB", "more than the 1.0 GB");
  }

  // ---- archives ----

  void archiveEntrySizesAreBounded() {
    // A review entry that declares 2 MB: refused before its data is read.
    const fs::path review = dir("archives/review.tar.gz");
    writeFile(review, gzip(tarHeader("aclImdb/train/pos/0_9.txt", 2u << 20) + std::string(1024, '\0')));
    QVERIFY_MESSAGE(inputError([&] { loadImdbSource(review.string()); }), "review.tar.gz entry aclImdb/train/pos/0_9.txt",
                    "2.0 MB", "1.0 MB");
    // An entry that would be skipped (not a review) but declares 5 GB: decompressing it to skip it would take
    // minutes, so the declared sizes of all entries are bounded as well.
    const fs::path skipped = dir("archives/bomb.tar.gz");
    writeFile(skipped, gzip(tarHeader("aclImdb/imdb.vocab", 5ull << 30) + std::string(1024, '\0')));
    QVERIFY_MESSAGE(inputError([&] { loadImdbSource(skipped.string()); }), "bomb.tar.gz at entry aclImdb/imdb.vocab",
                    "more than 4.0 GB");
  }

  void sizesReadWellInMessages() {
    QCOMPARE(limits::describeBytes(512), std::string("512 bytes"));
    QCOMPARE(limits::describeBytes(64 << 10), std::string("64 KB"));
    QCOMPARE(limits::describeBytes(3u << 19), std::string("1.5 MB"));
    QCOMPARE(limits::describeBytes(1ull << 30), std::string("1.0 GB"));
  }
};

QTEST_GUILESS_MAIN(TestInputLimits)
#include "test_input_limits.moc"
