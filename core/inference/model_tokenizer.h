#pragma once
// How a model directory reads text, without loading its weights: its tokenizer (config.json's "tokenizer",
// or its task's default) and the vocabulary its input side maps tokens through. For `tokenize --model DIR`.
#include <filesystem>

#include "core/text/tokenizer.h"
#include "core/text/vectorizer.h"

namespace al {

struct ModelTokenizer {
  TokenizerKind kind = TokenizerKind::Keras;
  TextTask task = TextTask::Classifier;
  Vocabulary vocabulary;  // vocab.txt (classifiers, masked-lm) or source_vocab.txt (seq2seq)
};

// Throws al::InputError for a directory that is not a model, or whose task this version does not know.
ModelTokenizer loadModelTokenizer(const std::filesystem::path& dir);

}  // namespace al
