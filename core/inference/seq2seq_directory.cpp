#include "core/inference/seq2seq_directory.h"

#include "core/io/safetensors.h"
#include "core/io/vocabulary_file.h"

namespace al {

void readSeq2seqFiles(const std::filesystem::path& dir, ParameterSet& weights, Index sourceVocabSize,
                      Index targetVocabSize, Seq2SeqDirectoryFiles& files) {
  const std::filesystem::path tensors = dir / "model.safetensors";
  io::assignParameters(weights, io::readSafetensors(tensors), tensors.string());
  Seq2SeqVocabularies vocabularies = readSeq2seqVocabularies(dir, sourceVocabSize, targetVocabSize);
  files.source = std::move(vocabularies.source);
  files.target = std::move(vocabularies.target);
  files.history = io::readHistoryIfPresent(dir);
}

void writeSeq2seqFiles(const std::filesystem::path& staging, const ParameterSet& weights, const Vocabulary& source,
                       const Vocabulary& target, const std::vector<io::EpochRecord>& history) {
  io::writeSafetensors(staging / "model.safetensors", io::tensorsFromParameters(weights));
  io::writeVocabularyFile(staging / "source_vocab.txt", source.tokens());
  io::writeVocabularyFile(staging / "target_vocab.txt", target.tokens());
  io::writeHistory(staging / "history.json", history);
}

}  // namespace al
