#pragma once
// A sequence-to-sequence model directory, whichever the architecture (seq2seq-attention: the GRU chatbot;
// seq2seq-transformer). Each writes its own config.json; the other files are the same and are read and written
// once, here:
//   model.safetensors                      the weights
//   source_vocab.txt, target_vocab.txt     the questions' and the answers' tokens (seq2seq_vocabularies.h)
//   history.json                           optional: one record per epoch
#include <filesystem>
#include <memory>
#include <utility>
#include <vector>

#include "core/inference/seq2seq_vocabularies.h"
#include "core/io/history.h"
#include "core/parameters.h"
#include "core/text/vectorizer.h"

namespace al {

// What a loaded directory holds besides its model.
struct Seq2SeqDirectoryFiles {
  Vocabulary source, target;
  std::vector<io::EpochRecord> history;  // empty without history.json
};

// A loaded directory of model M (Seq2SeqAttention or Seq2SeqTransformer).
template <class M>
struct Seq2SeqDirectory : Seq2SeqDirectoryFiles {
  std::unique_ptr<M> model;
};

// Reads the weights into `weights` (the parameters of the model config.json describes), the vocabularies (which
// must have the sizes config.json gives) and the history into `files`. Throws InputError naming the file.
void readSeq2seqFiles(const std::filesystem::path& dir, ParameterSet& weights, Index sourceVocabSize,
                      Index targetVocabSize, Seq2SeqDirectoryFiles& files);
// Writes the weights, the vocabularies and the history into `staging` (an io::ModelDirectoryWriter's).
void writeSeq2seqFiles(const std::filesystem::path& staging, const ParameterSet& weights, const Vocabulary& source,
                       const Vocabulary& target, const std::vector<io::EpochRecord>& history);

// The model of `config` with the weights, vocabularies and history of `dir`: Loaded is ChatbotModel or
// Seq2SeqTransformerModel.
template <class Loaded, class Config>
Loaded loadSeq2seqDirectory(const std::filesystem::path& dir, const Config& config) {
  Loaded loaded;
  loaded.model = std::make_unique<typename decltype(loaded.model)::element_type>(config);
  readSeq2seqFiles(dir, loaded.model->parameters(), config.sourceVocabSize, config.targetVocabSize, loaded);
  return loaded;
}

// An independent copy of a model and its vocabularies (a session's read-only snapshot of a run).
template <class Loaded, class M>
Loaded copySeq2seqDirectory(const M& model, const Vocabulary& source, const Vocabulary& target,
                            std::vector<io::EpochRecord> history) {
  Loaded copy;
  copy.model = std::make_unique<M>(model.config());
  copy.model->parameters().data() = model.parameters().data();
  copy.source = source;
  copy.target = target;
  copy.history = std::move(history);
  return copy;
}

}  // namespace al
