#pragma once
// What a file may ask of AttentionLab. Every reader of outside bytes (model directories, data sets, archives)
// checks its input against these bounds before it allocates memory or starts a long loop, and names the file,
// the limit and what to do when a file goes beyond one. A file must not be able to crash the program, hang it
// or exhaust the memory of the laptop it runs on.
//
// The values lie far above what the project's own files and the real data sets need (in brackets) and far
// below what a laptop cannot hold. README.md ("Limits") lists them for people.
#include <cstddef>
#include <cstdint>
#include <string>

namespace al::limits {

// ---- model directories ----
inline constexpr uint64_t kMaxJsonBytes = 16ull << 20;               // config.json, history.json (a few KB)
inline constexpr int kMaxJsonDepth = 64;                             // nested arrays/objects (config.json: 1)
inline constexpr uint64_t kMaxSafetensorsHeaderBytes = 16ull << 20;  // the JSON header (book model: 3 KB)
inline constexpr uint64_t kMaxSafetensorsTensors = 100'000;          // entries in that header (book model: 17)
inline constexpr int kMaxTensorRank = 8;                             // dimensions of one tensor (ours: 1 or 2)
inline constexpr uint64_t kMaxParameterBytes = 1ull << 30;           // float32 parameters (book Transformer: 22 MB)
inline constexpr uint64_t kMaxWorkingBytes = 1ull << 30;  // one full-length sequence's attention weights and
                                                          // tables (book Transformer: 10 MB)
inline constexpr uint64_t kMaxVocabularyFileBytes = 64ull << 20;     // vocab.txt (20,000 tokens: 160 KB)
inline constexpr size_t kMaxTokenBytes = 1024;                       // one vocabulary line (longest: 20 bytes)
inline constexpr size_t kMaxVocabularyTokens = 1'000'000;            // lines of a vocabulary (book: 20,000)
inline constexpr int64_t kMaxModelDimension = 100'000'000;  // any one size field of a config.json (vocab: 20,000)
inline constexpr int64_t kMaxSequenceLength = 8192;   // sequence_length, tokens the Transformer reads (book: 600)
inline constexpr int64_t kMaxSentenceLength = 1000;   // max_source/target_length of the chatbot, which also bounds
                                                      // how long it decodes an answer (book: 24)

// ---- data sets ----
inline constexpr uint64_t kMaxDataFileBytes = 1ull << 30;    // a CSV, TSV or dialogs file (IMDB as CSV: 66 MB)
inline constexpr size_t kMaxDataRecords = 2'000'000;         // reviews or dialog pairs of one source: each costs
                                                             // some 100 bytes beyond its text (IMDB: 50,000)
inline constexpr size_t kMaxReviewBytes = 1u << 20;          // one review: CSV record, TSV line, archive or folder
                                                             // entry (longest IMDB review: 14 KB)
inline constexpr size_t kMaxCsvFields = 1000;                // fields of one CSV record (IMDB: 2)
inline constexpr size_t kMaxDialogLineBytes = 64u << 10;     // one question<TAB>answer line (longest: 170 bytes)
inline constexpr uint64_t kMaxArchiveBytes = 4ull << 30;     // decompressed bytes of an archive (labeled aclImdb
                                                             // archive: 66 MB)
inline constexpr uint64_t kMaxArchiveEntries = 1'000'000;    // entries of an archive (labeled aclImdb: 50,009)

// ---- session files ----
inline constexpr uint64_t kMaxSessionBytes = 4ull << 20;   // a whole session file (a classroom's: 2 KB)
inline constexpr size_t kMaxSessionEntries = 1000;          // runs, models or heads_off entries (a class: 10)
inline constexpr size_t kMaxSessionTextBytes = 64u << 10;   // a sentence typed on a page, a lesson id
inline constexpr size_t kMaxPathBytes = 4096;               // a directory a session names (Linux's PATH_MAX)
inline constexpr size_t kMaxSessionLayers = 4096;           // layers and heads its switched-off heads name, before
inline constexpr int64_t kMaxSessionHeads = 4096;           // the model is there to say (BERT base: 12 and 12)

// "1.0 GB", "16 MB", "512 bytes": sizes as people read them in messages.
std::string describeBytes(uint64_t bytes);

}  // namespace al::limits
