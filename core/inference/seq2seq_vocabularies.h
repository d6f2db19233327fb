#pragma once
// The two vocabularies of a sequence-to-sequence model directory, whichever the architecture (seq2seq-attention,
// seq2seq-transformer): source_vocab.txt for the questions, target_vocab.txt for the answers.
#include <filesystem>

#include "core/tensor.h"
#include "core/text/vectorizer.h"

namespace al {

struct Seq2SeqVocabularies {
  Vocabulary source, target;
};

// Reads both files of `dir`, which must hold the numbers of tokens config.json gives (source_vocab_size,
// target_vocab_size); the answers' vocabulary must hold <start> and <end>. Throws InputError.
Seq2SeqVocabularies readSeq2seqVocabularies(const std::filesystem::path& dir, Index sourceSize, Index targetSize);

}  // namespace al
