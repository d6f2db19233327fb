#include "tests/fuzz/fuzz_targets.h"

#include <archive.h>
#include <archive_entry.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <array>
#include <filesystem>
#include <fstream>
#include <functional>

#include "core/data/dialogs.h"
#include "core/data/imdb_sources.h"
#include "core/data/utf8.h"
#include "core/error.h"
#include "core/io/declared_memory.h"
#include "core/io/history.h"
#include "core/io/json_fields.h"
#include "core/io/limits.h"
#include "core/io/safetensors.h"
#include "core/io/session_file.h"
#include "core/io/vocabulary_file.h"
#include "core/models/bigram_classifier.h"
#include "core/models/head_switches.h"
#include "core/models/seq2seq_attention.h"
#include "core/models/transformer_classifier.h"
#include "core/pretrained/mapped_safetensors.h"
#include "core/text/seq2seq_text.h"
#include "core/text/tokenizer.h"
#include "core/text/vectorizer.h"
#include "tests/gzip_bytes.h"

namespace al::fuzz {

namespace {

namespace fs = std::filesystem;

void require(bool condition, const std::string& what) {
  if (!condition) throw InvariantBroken(what);
}

// Runs the reader; an al::InputError is a valid answer to bad bytes, anything else propagates.
void expectValueOrInputError(const std::function<void()>& read) {
  try {
    read();
  } catch (const InputError&) {
  }
}

bool isAsciiSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }

// A folder of this process's own, for the readers that take a path (the kind of an IMDB source is
// told by its extension). TMPDIR=/dev/shm keeps it in memory.
const fs::path& scratchRoot() {
  static const fs::path folder = [] {
    fs::path dir = fs::temp_directory_path() / ("attentionlab-fuzz-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    return dir;
  }();
  static const struct Cleanup {
    ~Cleanup() {
      std::error_code ignored;
      fs::remove_all(folder, ignored);
    }
  } cleanup;
  return folder;
}

fs::path scratchFile(const std::string& name, std::string_view bytes) {
  const fs::path file = scratchRoot() / name;
  std::ofstream(file, std::ios::binary | std::ios::trunc).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  return file;
}

// ---------------------------------------------------------------------------------------------------------
// Model files

void fuzzSafetensors(std::string_view bytes) {
  expectValueOrInputError([&] {
    const std::vector<io::Tensor> tensors = io::parseSafetensors(bytes, "fuzz.safetensors");
    uint64_t floats = 0;
    for (const io::Tensor& t : tensors) {
      uint64_t count = 1;
      for (int64_t dim : t.shape) {
        require(dim >= 0, "a negative dimension");
        count *= static_cast<uint64_t>(dim);
      }
      require(count == t.values.size(), "tensor " + t.name + ": values do not match its shape");
      require(t.name != "__metadata__", "the metadata entry read as a tensor");
      floats += count;
    }
    require(floats * 4 <= bytes.size(), "more values than the file has bytes");
  });
}

// The memory-mapped reader of Hugging Face weights (any dtype in the file, F32/F16/BF16 read as numbers): every
// entry it accepts lies inside the file, holds exactly its shape's bytes, and reads without touching more.
void fuzzHfSafetensors(std::string_view bytes) {
  const fs::path file = scratchFile("model.safetensors", bytes);
  expectValueOrInputError([&] {
    const pretrained::MappedSafetensors weights(file);
    uint64_t held = 0;
    for (const pretrained::MappedSafetensors::Entry& e : weights.entries()) {
      require(e.begin <= e.end && e.end <= bytes.size(), "tensor " + e.name + " outside the file");
      require(e.name != "__metadata__", "the metadata entry read as a tensor");
      held += e.end - e.begin;
      if (e.dtype != "F32" && e.dtype != "F16" && e.dtype != "BF16") continue;
      const uint64_t elementBytes = e.dtype == "F32" ? 4 : 2;
      require(e.elements() * elementBytes == e.end - e.begin, "tensor " + e.name + ": bytes do not match its shape");
      std::vector<float> values(static_cast<size_t>(e.elements()));
      weights.read(e, values.data());
    }
    require(held + 8 <= bytes.size(), "the tensors hold more bytes than the file");
  });
}

// A config that passed its checks: sizes in range, and the declared memory is what the model registers (built
// only when small, so that the fuzzer stays fast).
template <typename Model, typename Config>
void checkDeclaredMemory(const Config& config) {
  const io::DeclaredMemory memory = Model::declaredMemory(config);
  require(memory.parameters >= 1 && memory.working >= 0, "declared memory out of range");
  io::requireDeclaredMemoryWithinLimits(memory, "config.json");
  if (memory.parameters > 200'000 || memory.working > 2'000'000) return;
  const Model model(config);
  require(static_cast<double>(model.parameters().size()) == memory.parameters,
          "declared parameters differ from the registered ones");
}

void fuzzConfigJson(std::string_view bytes) {
  expectValueOrInputError([&] {
    const nlohmann::json config = io::parseJson(bytes, "config.json");
    // Every reader of the fields sees the same bytes: each may refuse them independently.
    expectValueOrInputError([&] { io::checkConfigHeader(config, "config.json", "model", ""); });
    expectValueOrInputError([&] {
      const TransformerConfig c = transformerConfigFromJson(config, "config.json");
      require(c.vocabSize >= 1 && c.sequenceLength >= 1 && c.sequenceLength <= limits::kMaxSequenceLength &&
                  c.embedDim >= 1 && c.numHeads >= 1 && c.keyDim >= 1 && c.denseDim >= 1 && c.numLayers >= 1,
              "transformer config out of range");
      require(c.dropout >= 0 && c.dropout < 1, "dropout out of range");
      checkDeclaredMemory<TransformerClassifier>(c);
    });
    expectValueOrInputError([&] {
      const BigramConfig c = bigramConfigFromJson(config, "config.json");
      require(c.vocabSize >= 2 && c.hiddenUnits >= 1, "bigram config out of range");
      checkDeclaredMemory<BigramClassifier>(c);
    });
    expectValueOrInputError([&] {
      const Seq2SeqConfig c = seq2seqConfigFromJson(config, "config.json");
      require(c.sourceVocabSize >= 2 && c.targetVocabSize >= 2 && c.maxSourceLength <= limits::kMaxSentenceLength &&
                  c.maxTargetLength <= limits::kMaxSentenceLength,
              "seq2seq config out of range");
      checkDeclaredMemory<Seq2SeqAttention>(c);
    });
  });
}

void fuzzHistoryJson(std::string_view bytes) {
  expectValueOrInputError([&] {
    for (const io::EpochRecord& r : io::parseHistory(bytes, "history.json")) require(r.epoch >= 1, "epoch below 1");
  });
}

void fuzzVocabulary(std::string_view bytes) {
  expectValueOrInputError([&] {
    const Vocabulary vocabulary = Vocabulary::fromTokens(io::parseVocabulary(bytes, "vocab.txt"));
    require(vocabulary.size() >= 2 && vocabulary.token(0).empty() && vocabulary.token(1) == "[UNK]",
            "reserved tokens missing");
    for (size_t i = 0; i < vocabulary.size(); ++i) {
      const std::string& token = vocabulary.token(static_cast<int>(i));
      require(token.size() <= limits::kMaxTokenBytes && isValidUtf8(token), "token too long or not UTF-8");
      require(vocabulary.id(token) == static_cast<int>(i), "id(token(i)) != i");
    }
  });
}

// A session file (File › Open session…), read as the app reads it: every string within its bound, every directory
// kept one that may be a model folder, every switched-off head list one the app can apply without more checks.
void fuzzSessionJson(std::string_view bytes) {
  expectValueOrInputError([&] {
    const io::Session s = io::parseSession(bytes, "fuzz.alsession");
    require(s.runs.size() <= limits::kMaxSessionEntries && s.models.size() <= limits::kMaxSessionEntries &&
                s.headsOff.size() <= limits::kMaxSessionEntries,
            "more entries than a session holds");
    std::vector<std::string> directories = s.runs;
    for (const io::SessionModel& m : s.models) {
      require(m.page.size() <= limits::kMaxSessionTextBytes, "a page name beyond its bound");
      directories.push_back(m.directory);
    }
    for (const auto& [dir, spec] : s.headsOff) {
      directories.push_back(dir);
      const HeadSwitches off = parseHeadSwitches(spec, limits::kMaxSessionLayers, limits::kMaxSessionHeads);
      require(!off.off().empty(), "a kept head list that switches nothing off");
    }
    for (const std::string& dir : directories)
      require(dir.size() <= limits::kMaxPathBytes && io::refusedPathReason(dir).empty(), "a refused path kept: " + dir);
    for (const std::string& dir : s.refused) require(!io::refusedPathReason(dir).empty(), "a path refused for no reason");
    for (const auto& [page, text] : s.sentences)
      require(text.size() <= limits::kMaxSessionTextBytes && isValidUtf8(text), "a sentence beyond its bound or not UTF-8");
    require(!s.step || (*s.step >= 0 && *s.step <= 1'000'000), "a step out of range");
  });
}

// ---------------------------------------------------------------------------------------------------------
// Data sets

void checkReviews(const LabeledDataset& data) {
  require(!data.train.empty() || !data.test.empty(), "no reviews, and no error");
  for (const auto* split : {&data.train, &data.test})
    for (const LabeledText& t : *split) {
      require(t.label == 0.0f || t.label == 1.0f, "a label other than 0 or 1");
      require(!t.text.empty() && t.text.size() <= limits::kMaxReviewBytes, "an empty or too long review");
      require(isValidUtf8(t.text), "a review that is not UTF-8");
    }
}

void fuzzImdbCsv(std::string_view bytes) {
  expectValueOrInputError([&] { checkReviews(loadImdbSource(scratchFile("reviews.csv", bytes).string())); });
}

void fuzzImdbTsv(std::string_view bytes) {
  expectValueOrInputError([&] { checkReviews(loadImdbSource(scratchFile("reviews.tsv", bytes).string())); });
}

// The bytes gzip-compressed, so that the fuzzer reaches the tar layer, whose mutations would otherwise
// mostly break the gzip checksum.
std::string gzipped(std::string_view bytes) { return al::testing::gzipBytes(bytes); }

// First byte even: the rest is a tar stream, gzip-compressed here. Odd: the rest is the .tar.gz file itself.
void fuzzImdbArchive(std::string_view bytes) {
  if (bytes.empty()) return;
  const bool compressHere = (static_cast<unsigned char>(bytes[0]) & 1) == 0;
  const std::string file = compressHere ? gzipped(bytes.substr(1)) : std::string(bytes.substr(1));
  expectValueOrInputError([&] { checkReviews(loadImdbSource(scratchFile("aclImdb.tar.gz", file).string())); });
}

// An aclImdb folder, described by the bytes: records separated by NUL, each a relative path, a line break and
// the file's content ("train/pos/3_9.txt\ngreat film"); a path that ends in '/' is an empty folder. Paths keep
// only letters, digits, '_', '.' and '/', no "." or ".." parts, at most 4 parts and 32 records, so everything stays inside a
// scratch folder that is made afresh for each input. An input of odd length also asks for train/unsup/.
fs::path scratchFolder(std::string_view bytes) {
  const fs::path root = scratchRoot() / "folder";
  std::error_code ignored;
  fs::remove_all(root, ignored);
  fs::create_directories(root);
  size_t records = 0;
  for (size_t start = 0; start <= bytes.size() && records < 32; ++records) {
    const size_t end = std::min(bytes.find('\0', start), bytes.size());
    const std::string_view record = bytes.substr(start, end - start);
    start = end + 1;
    const size_t lineEnd = std::min(record.find('\n'), record.size());
    std::string path;
    for (char c : record.substr(0, lineEnd))
      if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '/') path += c;
    fs::path relative;
    int parts = 0;
    for (const auto& part : fs::path(path))
      if (part != "." && part != ".." && part != "/" && !part.empty() && ++parts <= 4) relative /= part;
    if (relative.empty()) continue;
    if (path.back() == '/') {
      fs::create_directories(root / relative, ignored);
      continue;
    }
    fs::create_directories((root / relative).parent_path(), ignored);
    const std::string_view content = lineEnd < record.size() ? record.substr(lineEnd + 1) : std::string_view();
    std::ofstream(root / relative, std::ios::binary).write(content.data(), static_cast<std::streamsize>(content.size()));
  }
  return root;
}

void fuzzImdbFolder(std::string_view bytes) {
  const fs::path folder = scratchFolder(bytes);
  expectValueOrInputError([&] { checkReviews(loadImdbSource(folder.string(), {}, 1337, (bytes.size() & 1) != 0)); });
}

void fuzzDialogs(std::string_view bytes) {
  expectValueOrInputError([&] {
    for (const DialogPair& p : parseDialogs(bytes, "dialogs.txt")) {
      require(!p.question.empty() && !p.answer.empty(), "an empty side");
      require(p.question.find('\t') == std::string::npos && p.answer.find('\t') == std::string::npos, "a TAB inside a side");
      require(p.question.find('\n') == std::string::npos && p.answer.find('\n') == std::string::npos, "a line break inside a side");
      require(isValidUtf8(p.question) && isValidUtf8(p.answer), "a side that is not UTF-8");
    }
  });
}

// ---------------------------------------------------------------------------------------------------------
// Tokenizers: any bytes. A tokenizer gives non-empty tokens without white space, and refuses bytes (with an
// InputError) only when they are not UTF-8. A new tokenizer is one more row here.

struct Tokenizer {
  const char* name;
  std::vector<std::string> (*tokenize)(std::string_view text);
  bool acceptsInvalidUtf8;  // every tokenizer decodes UTF-8 and refuses what is not
};

const Tokenizer kTokenizers[] = {
    {"keras", [](std::string_view t) { return tokenize(TokenizerKind::Keras, TextTask::Classifier, t); }, false},
    {"ascii", [](std::string_view t) { return tokenize(TokenizerKind::Ascii, TextTask::Seq2seq, t); }, false},
    {"icu_words (classifier)", [](std::string_view t) { return tokenize(TokenizerKind::IcuWords, TextTask::Classifier, t); }, false},
    {"icu_words (seq2seq)", [](std::string_view t) { return tokenize(TokenizerKind::IcuWords, TextTask::Seq2seq, t); }, false},
};

void fuzzTokenizers(std::string_view bytes) {
  const bool utf8 = isValidUtf8(bytes);
  for (const Tokenizer& tokenizer : kTokenizers) {
    std::vector<std::string> tokens;
    try {
      tokens = tokenizer.tokenize(bytes);
    } catch (const InputError&) {
      require(!utf8 && !tokenizer.acceptsInvalidUtf8, std::string(tokenizer.name) + " refused valid UTF-8");
      continue;
    }
    for (const std::string& token : tokens) {
      require(!token.empty(), std::string(tokenizer.name) + ": an empty token");
      require(std::none_of(token.begin(), token.end(), isAsciiSpace), std::string(tokenizer.name) + ": white space in a token");
      if (utf8) require(isValidUtf8(token), std::string(tokenizer.name) + ": valid text gave a token that is not UTF-8");
    }
  }
  // Encoding with a vocabulary: ids in range, at most the sequence length.
  if (!utf8) return;  // refused above by every tokenizer
  static const Vocabulary vocabulary = Vocabulary::fromTokens({"", "[UNK]", "the", "film", "good"});
  bool truncated = false;
  const std::vector<int> ids = vocabulary.encode(bytes, 8, &truncated);
  require(ids.size() <= 8, "encode gave more ids than the sequence length");
  for (int id : ids) require(id >= 1 && id < static_cast<int>(vocabulary.size()), "an id out of range");
  {
    static const Vocabulary words = Vocabulary::fromTokens({"", "[UNK]", kStartToken, kEndToken, "hi"});
    const std::vector<int> sentence = encodeSeq2seq(words, bytes, 6, &truncated);
    require(sentence.size() >= 2 && sentence.size() <= 6, "a sentence of the wrong length");
    require(sentence.front() == words.id(kStartToken) && sentence.back() == words.id(kEndToken), "markers missing");
  }
}

const Target kTargets[] = {
    {"safetensors", fuzzSafetensors},   {"config_json", fuzzConfigJson}, {"history_json", fuzzHistoryJson},
    {"vocabulary", fuzzVocabulary},     {"imdb_csv", fuzzImdbCsv},       {"imdb_tsv", fuzzImdbTsv},
    {"imdb_archive", fuzzImdbArchive},  {"dialogs", fuzzDialogs},        {"tokenizers", fuzzTokenizers},
    {"imdb_folder", fuzzImdbFolder},    {"hf_safetensors", fuzzHfSafetensors}, {"session_json", fuzzSessionJson},
};

}  // namespace

std::span<const Target> targets() { return kTargets; }

const Target& target(std::string_view name) {
  for (const Target& t : kTargets)
    if (name == t.name) return t;
  throw std::invalid_argument("no fuzz target named " + std::string(name));
}

}  // namespace al::fuzz
