#include "core/inference/causal_lm_stream.h"

#include <algorithm>

#include "core/error.h"

namespace al {

CausalLmStream::CausalLmStream(const CausalLanguageModel& model) : model_(model) {
  if (model.config().memoryLength == 0)
    throw InputError(ErrorKind::NoMemory, {},
                     "reading a text once with its memory needs a model with a memory (memory_length > 0)");
}

Matrix CausalLmStream::read(std::span<const int> ids) {
  if (ids.empty()) throw InputError(ErrorKind::EmptySentence, {}, "the text has no tokens to read");
  const auto S = static_cast<size_t>(model_.config().sequenceLength);
  Matrix logits(static_cast<Index>(ids.size()), model_.config().vocabSize);  // N x V
  for (size_t done = 0; done < ids.size();) {
    const size_t T = std::min(S - segmentFill_, ids.size() - done);  // up to the segment's edge
    logits.middleRows(static_cast<Index>(done), static_cast<Index>(T)) = readPiece(ids.subspan(done, T));
    done += T;
  }
  return logits;
}

Matrix CausalLmStream::readPiece(std::span<const int> piece) {
  Rng unused(0);
  CausalLanguageModel::Cache cache;
  const Matrix logits = model_.forward(model_.parameters(), piece, Mode::Eval, unused, cache, &context_);  // T x V
  length_ += piece.size();
  segmentFill_ += piece.size();
  lastAttention_.clear();
  for (const auto& layer : cache.layers) lastAttention_.push_back(layer.relative.weights);  // H of T x C
  lastKeysStart_ = length_ - static_cast<size_t>(cache.layers.front().relative.context.rows());
  if (segmentFill_ == static_cast<size_t>(model_.config().sequenceLength)) {
    context_ = model_.memoryAfter(cache);  // the segment is full: the next one reads its last M rows
    segmentFill_ = 0;
  } else {
    // the segment goes on: every layer's [memory ; the segment's inputs so far] is the next piece's context
    context_.layers.resize(cache.layers.size());
    for (size_t l = 0; l < cache.layers.size(); ++l) context_.layers[l] = std::move(cache.layers[l].relative.context);
  }
  return logits;
}

}  // namespace al
