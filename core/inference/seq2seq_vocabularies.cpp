#include "core/inference/seq2seq_vocabularies.h"

#include <string>

#include "core/error.h"
#include "core/io/vocabulary_file.h"
#include "core/text/seq2seq_text.h"

namespace al {

namespace {

// A vocabulary file that must hold `expectedSize` tokens (config.json's `field`).
Vocabulary readVocabulary(const std::filesystem::path& file, Index expectedSize, const char* field) {
  Vocabulary v = Vocabulary::fromTokens(io::readVocabularyFile(file));
  if (static_cast<Index>(v.size()) != expectedSize)
    throw InputError(ErrorKind::VocabularyMismatch, {.file = file.string()},
                     file.string() + ": " + std::to_string(v.size()) + " tokens, but config.json says " + field + " " +
                     std::to_string(expectedSize));
  return v;
}

}  // namespace

Seq2SeqVocabularies readSeq2seqVocabularies(const std::filesystem::path& dir, Index sourceSize, Index targetSize) {
  Seq2SeqVocabularies v;
  v.source = readVocabulary(dir / "source_vocab.txt", sourceSize, "source_vocab_size");
  v.target = readVocabulary(dir / "target_vocab.txt", targetSize, "target_vocab_size");
  for (const char* marker : {kStartToken, kEndToken})
    if (v.target.id(marker) == Vocabulary::kUnknownId)
      throw InputError(ErrorKind::VocabularyMismatch, {.file = (dir / "target_vocab.txt").string(), .name = marker},
                       (dir / "target_vocab.txt").string() + ": the token " + marker + " is missing");
  return v;
}

}  // namespace al
