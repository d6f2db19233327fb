// The chatbot answering: greedy decoding, one sentence or a group of them together (core/models/seq2seq_attention.h).
#include "core/models/seq2seq_attention.h"

#include <numeric>
#include <stdexcept>

#include "core/matrix_product.h"

namespace al {

Seq2SeqAnswer Seq2SeqAttention::greedyDecode(const std::vector<int>& source, int startId, int endId,
                                             Seq2SeqTrace* trace) const {
  const std::vector<int>* one[] = {&source};
  return std::move(decodeGroup(one, startId, endId, trace).front());
}

std::vector<Seq2SeqAnswer> Seq2SeqAttention::decodeGroup(std::span<const std::vector<int>* const> sources,
                                                         int startId, int endId, Seq2SeqTrace* trace) const {
  const size_t n = sources.size();
  if (trace && n != 1) throw std::logic_error("a greedy-decoding trace follows one sentence");
  const Index U = config_.units, E = config_.embedDim;
  std::vector<Seq2SeqExample> examples(n);
  std::vector<const Seq2SeqExample*> group(n);
  for (size_t i = 0; i < n; ++i) {
    checkIds(*sources[i], config_.sourceVocabSize, "source");
    examples[i].source = *sources[i];
    group[i] = &examples[i];
  }
  checkIds({startId, endId}, config_.targetVocabSize, "target");
  if (n == 0) return {};
  const Encoded enc = encode(group);
  std::vector<Matrix> keys(n);  // per sentence i: S_i x A
  for (size_t i = 0; i < n; ++i) keys[i] = attention_.projectKeys(params_, enc.outputs[i]);
  const ConstMatrixMap table = params_.value(targetEmbedding_.tableSlot());
  const ConstMatrixMap outKernel = params_.value(output_.kernelSlot());
  const ConstMatrixMap outBias = params_.value(output_.biasSlot());
  if (trace) {
    trace->outputs = enc.outputs[0];
    trace->keys = keys[0];
    trace->steps.clear();
  }

  std::vector<Seq2SeqAnswer> answers(n);
  std::vector<std::vector<RowVector>> alignments(n);
  std::vector<size_t> running(n);  // the sentences still answering: row r of the state is sentence running[r]
  std::iota(running.begin(), running.end(), size_t{0});
  Matrix state(static_cast<Index>(n), U);  // B x U
  for (size_t i = 0; i < n; ++i) state.row(static_cast<Index>(i)) = enc.finalStates.row(enc.rowOf[i]);
  std::vector<int> previous(n, startId);
  for (Index k = 0; k < config_.maxTargetLength && !running.empty(); ++k) {
    const Index B = static_cast<Index>(running.size());
    const Matrix queries = attention_.projectQueries(params_, state);  // B x A
    std::vector<AdditiveAttention::StepCache> attentionCaches(running.size());
    Matrix x(B, U + E);  // B x (U + E): the context and the previous answer word's embedding
    for (Index r = 0; r < B; ++r) {
      const size_t i = running[static_cast<size_t>(r)];
      x.row(r).head(U) = attention_.attend(params_, queries.row(r), keys[i], enc.outputs[i], attentionCaches[size_t(r)]);
      x.row(r).tail(E) = table.row(previous[i]);
    }
    if (trace) trace->steps.push_back({state.row(0), queries.row(0), attentionCaches[0], x.row(0).head(U)});
    Gru::StepCache gruCache;
    state = decoderGru_.step(params_, x, state, gruCache);  // B x U
    const Matrix logits = affine(state, outKernel, outBias);  // B x V
    std::vector<size_t> stillRunning;
    Index kept = 0;
    for (Index r = 0; r < B; ++r) {
      const size_t i = running[static_cast<size_t>(r)];
      Index best = 0;
      logits.row(r).maxCoeff(&best);  // greedy: the most likely token
      previous[i] = static_cast<int>(best);
      answers[i].tokens.push_back(previous[i]);
      alignments[i].push_back(attentionCaches[static_cast<size_t>(r)].weights);
      if (previous[i] == endId) continue;
      stillRunning.push_back(i);
      state.row(kept++) = state.row(r);  // kept <= r: the rows move up in place
    }
    state.conservativeResize(kept, U);
    running = std::move(stillRunning);
  }
  for (size_t i = 0; i < n; ++i) {
    answers[i].attention.resize(static_cast<Index>(alignments[i].size()), enc.outputs[i].rows());  // steps x S_i
    for (size_t k = 0; k < alignments[i].size(); ++k) answers[i].attention.row(static_cast<Index>(k)) = alignments[i][k];
  }
  return answers;
}

}  // namespace al
