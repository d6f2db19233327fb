#include "core/models/seq2seq_attention.h"

#include <oneapi/tbb/parallel_for.h>

#include <algorithm>
#include <numeric>
#include <string>

#include "core/error.h"
#include "core/io/json_fields.h"
#include "core/io/limits.h"
#include "core/parallel.h"
#include "core/layers/softmax_cross_entropy.h"

namespace al {

namespace {

Index checkedSize(Index value, const char* field) {
  if (value < 1)
    throw InputError(ErrorKind::OptionInvalid, {.name = field, .expected = ">= 1", .found = std::to_string(value)},
                     std::string("seq2seq-attention: ") + field + " must be at least 1");
  return value;
}

// Example indices sorted by the length of one side, longest first (ties keep their order), so that the
// sentences still running at any step are a prefix of the rows.
std::vector<size_t> longestFirst(std::span<const Seq2SeqExample* const> examples, bool bySource) {
  std::vector<size_t> order(examples.size());
  std::iota(order.begin(), order.end(), size_t{0});
  auto length = [&](size_t i) { return bySource ? examples[i]->source.size() : examples[i]->target.size(); };
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return length(a) > length(b); });
  return order;
}

// How many of the sorted rows still run at step t: a source of S tokens has S encoder steps, a target of T
// tokens has T - 1 decoder steps (it predicts tokens 1..T-1).
Index activeRows(std::span<const Seq2SeqExample* const> examples, const std::vector<size_t>& order, size_t t,
                 bool bySource) {
  Index rows = 0;
  for (size_t i : order) {
    const size_t length = bySource ? examples[i]->source.size() : examples[i]->target.size() - 1;
    if (length <= t) break;
    ++rows;
  }
  return rows;
}

// Stacks the rows of many matrices with the same width into one.
Matrix stackRows(const std::vector<const Matrix*>& parts) {
  Index rows = 0;
  for (const Matrix* p : parts) rows += p->rows();
  Matrix out(rows, parts.empty() ? 0 : parts.front()->cols());
  Index at = 0;
  for (const Matrix* p : parts) {
    out.middleRows(at, p->rows()) = *p;
    at += p->rows();
  }
  return out;
}

// The input-gate gradients of every step, stacked step by step (the row order of the stacked inputs).
Matrix stackedInputGates(const std::vector<Gru::StepGradients>& grads) {
  std::vector<const Matrix*> parts;
  for (const Gru::StepGradients& g : grads) parts.push_back(&g.inputGates);
  return stackRows(parts);
}

// Adds the parameter gradients of every step of a GRU with one product per tensor; inputs (N x in) and
// inputGates (N x 3U) are already stacked step by step.
void addStackedGruGradients(const Gru& gru, const Matrix& inputs, const Matrix& inputGates,
                            const std::vector<Gru::StepCache>& steps, const std::vector<Gru::StepGradients>& grads,
                            Gradients& out) {
  std::vector<const Matrix*> states, recurrentGates;
  for (size_t t = 0; t < steps.size(); ++t) {
    states.push_back(&steps[t].state);
    recurrentGates.push_back(&grads[t].recurrentGates);
  }
  gru.addParameterGradients(inputs, stackRows(states), inputGates, stackRows(recurrentGates), out);
}

// x·W + b0 of a GRU for many rows at once: x (N x k) meets kernel rows from..from+k-1. N x 3U.
Matrix projectedWithBias(const ParameterSet& params, const Gru& gru, const Matrix& x, Index from) {
  Matrix gates = gru.projectInputs(params, x, from);  // N x 3U
  gates.rowwise() += params.value(gru.biasSlot()).row(0);
  return gates;
}

}  // namespace


Seq2SeqAttention::Seq2SeqAttention(const Seq2SeqConfig& c)
    : config_(c),
      sourceEmbedding_(params_, "encoder.embedding", checkedSize(c.sourceVocabSize, "source_vocab_size"),
                       checkedSize(c.embedDim, "embed_dim")),
      encoderGru_(params_, "encoder.gru", c.embedDim, checkedSize(c.units, "units")),
      targetEmbedding_(params_, "decoder.embedding", checkedSize(c.targetVocabSize, "target_vocab_size"), c.embedDim),
      attention_(params_, "decoder.attention", c.units, checkedSize(c.attentionUnits, "attention_units")),
      decoderGru_(params_, "decoder.gru", c.units + c.embedDim, c.units),
      output_(params_, "decoder.output", c.units, c.targetVocabSize) {
  checkedSize(c.maxSourceLength, "max_source_length");
  checkedSize(c.maxTargetLength, "max_target_length");
}

void Seq2SeqAttention::initialize(uint64_t seed) {
  Rng rng(seed);
  sourceEmbedding_.initialize(params_, rng);
  encoderGru_.initialize(params_, rng);
  targetEmbedding_.initialize(params_, rng);
  attention_.initialize(params_, rng);
  decoderGru_.initialize(params_, rng);
  output_.initialize(params_, rng);
}

void Seq2SeqAttention::checkIds(const std::vector<int>& ids, Index vocabSize, const char* side) const {
  if (ids.empty()) throw InputError(ErrorKind::EmptySentence, {}, std::string("seq2seq-attention: an empty ") + side + " sentence");
  for (size_t t = 0; t < ids.size(); ++t)
    if (ids[t] < 0 || ids[t] >= vocabSize)
      throw InputError(ErrorKind::TokenOutOfVocabulary,
                       {.expected = std::to_string(vocabSize), .found = std::to_string(ids[t])},
                       std::string("seq2seq-attention: ") + side + " token id " + std::to_string(ids[t]) +
                       " at position " + std::to_string(t) + " is outside the vocabulary [0, " +
                       std::to_string(vocabSize) + ")");
}

Seq2SeqAttention::Encoded Seq2SeqAttention::encode(std::span<const Seq2SeqExample* const> examples) const {
  const Index B = static_cast<Index>(examples.size()), U = config_.units, E = config_.embedDim;
  const ConstMatrixMap table = params_.value(sourceEmbedding_.tableSlot());  // source V x E
  Encoded enc;
  enc.order = longestFirst(examples, true);
  enc.rowOf.resize(examples.size());
  for (size_t r = 0; r < enc.order.size(); ++r) enc.rowOf[enc.order[r]] = static_cast<Index>(r);
  enc.outputs.resize(examples.size());
  for (size_t i = 0; i < examples.size(); ++i)
    enc.outputs[i].resize(static_cast<Index>(examples[i]->source.size()), U);

  const size_t steps = examples[enc.order.front()]->source.size();
  enc.steps.resize(steps);
  enc.ids.resize(steps);
  Index total = 0;
  for (size_t t = 0; t < steps; ++t) {
    const Index rows = activeRows(examples, enc.order, t, true);
    for (Index r = 0; r < rows; ++r) enc.ids[t].push_back(examples[enc.order[static_cast<size_t>(r)]]->source[t]);
    total += rows;
  }
  enc.inputs.resize(total, E);  // ΣS x E
  for (Index at = 0; const std::vector<int>& ids : enc.ids)
    for (int id : ids) enc.inputs.row(at++) = table.row(id);
  // The input side of every step in one product, before the recurrence: it does not depend on the state.
  const Matrix inputGates = projectedWithBias(params_, encoderGru_, enc.inputs, 0);  // ΣS x 3U

  Matrix states = Matrix::Zero(B, U);  // B x U; a row stops changing after its sentence's last token
  for (size_t t = 0, at = 0; t < steps; ++t) {
    const Index rows = static_cast<Index>(enc.ids[t].size());
    const Matrix next = encoderGru_.stepProjected(params_, inputGates.middleRows(static_cast<Index>(at), rows),
                                                  states.topRows(rows), enc.steps[t]);  // B_t x U
    at += static_cast<size_t>(rows);
    states.topRows(rows) = next;
    for (Index r = 0; r < rows; ++r) enc.outputs[enc.order[static_cast<size_t>(r)]].row(static_cast<Index>(t)) = next.row(r);
  }
  enc.finalStates = std::move(states);
  return enc;
}

void Seq2SeqAttention::encodeBackward(const Encoded& enc, std::vector<Matrix>& dOutputs, const Matrix& dFinal,
                                      Gradients& grads) const {
  MatrixMap dTable = grads[sourceEmbedding_.tableSlot()];  // source V x E
  // dL/d(states), B x U. A row that has finished keeps its gradient waiting until the backward pass reaches its
  // last step, which is exactly the step that produced its final state.
  Matrix carried = dFinal;
  std::vector<Gru::StepGradients> stepGrads(enc.steps.size());
  for (size_t t = enc.steps.size(); t-- > 0;) {
    const Index rows = enc.steps[t].state.rows();
    // the state after step t is the output O_t (attention reads it) and the next step's input
    Matrix dNext = carried.topRows(rows);  // B_t x U
    for (Index r = 0; r < rows; ++r)
      dNext.row(r) += dOutputs[enc.order[static_cast<size_t>(r)]].row(static_cast<Index>(t));
    stepGrads[t] = encoderGru_.stepBackward(params_, enc.steps[t], dNext, 0);  // dL/dx below, for all steps
    carried.topRows(rows) = stepGrads[t].state;
  }
  const Matrix dInputGates = stackedInputGates(stepGrads);                                  // ΣS x 3U
  const Matrix dInputs = encoderGru_.inputGradient(params_, dInputGates, 0, enc.inputs.cols());  // ΣS x E
  // x = table[id]  =>  dtable[id] += dx
  for (Index at = 0; const std::vector<int>& ids : enc.ids)
    for (int id : ids) dTable.row(id) += dInputs.row(at++);
  addStackedGruGradients(encoderGru_, enc.inputs, dInputGates, enc.steps, stepGrads, grads);
}

Seq2SeqLoss Seq2SeqAttention::teacherForcing(std::span<const Seq2SeqExample* const> examples, Gradients* grads) const {
  Seq2SeqLoss result;
  if (examples.empty()) return result;
  for (const Seq2SeqExample* e : examples) {
    checkIds(e->source, config_.sourceVocabSize, "source");
    checkIds(e->target, config_.targetVocabSize, "target");
    if (e->target.size() < 2)
      throw InputError(ErrorKind::Internal, {}, "seq2seq-attention: a target needs <start> and at least one token");
  }
  const Index B = static_cast<Index>(examples.size()), U = config_.units, E = config_.embedDim;
  const Index A = config_.attentionUnits;
  const Encoded enc = encode(examples);

  // Keys O·W2 + b2 of every source token of every sentence: one product for the whole group.
  std::vector<const Matrix*> outputParts;
  for (const Matrix& o : enc.outputs) outputParts.push_back(&o);
  const Matrix allOutputs = stackRows(outputParts);                      // ΣS x U
  const Matrix allKeys = attention_.projectKeys(params_, allOutputs);   // ΣS x A
  std::vector<Matrix> keys(examples.size());                             // per example: S_i x A
  std::vector<Index> keyOffset(examples.size());
  for (size_t i = 0, at = 0; i < examples.size(); ++i) {
    keyOffset[i] = static_cast<Index>(at);
    keys[i] = allKeys.middleRows(static_cast<Index>(at), enc.outputs[i].rows());
    at += static_cast<size_t>(enc.outputs[i].rows());
  }

  // Decoder, rows sorted by target length; it starts from each sentence's last encoder state.
  const std::vector<size_t> order = longestFirst(examples, false);
  Matrix states(B, U);  // B x U
  for (Index r = 0; r < B; ++r) states.row(r) = enc.finalStates.row(enc.rowOf[order[static_cast<size_t>(r)]]);
  const ConstMatrixMap table = params_.value(targetEmbedding_.tableSlot());  // target V x E
  const size_t steps = examples[order.front()]->target.size() - 1;

  Index N = 0;
  for (const Seq2SeqExample* e : examples) N += static_cast<Index>(e->target.size()) - 1;
  Matrix allStates(N, U);   // N x U, the state after every decoder step, step by step
  std::vector<int> labels;  // N, the token each of those states must predict
  labels.reserve(static_cast<size_t>(N));
  std::vector<Index> stepOffset(steps);
  std::vector<std::vector<int>> inputIds(steps);
  // N x (U+E), the decoder GRU's input of every step, step by step: the context (filled in by the loop), then
  // the embedding of the previous target token (teacher forcing: the true one, known before the loop).
  Matrix allInputs(N, U + E);
  for (size_t t = 0, at = 0; t < steps; ++t) {
    const Index rows = activeRows(examples, order, t, false);
    stepOffset[t] = static_cast<Index>(at);
    for (Index r = 0; r < rows; ++r) {
      const size_t i = order[static_cast<size_t>(r)];
      inputIds[t].push_back(examples[i]->target[t]);
      allInputs.row(static_cast<Index>(at) + r).tail(E) = table.row(inputIds[t].back());
      labels.push_back(examples[i]->target[t + 1]);
    }
    at += static_cast<size_t>(rows);
  }
  // x·W = context·W_c + embedding·W_e: the embedding side of every step in one product, before the recurrence.
  const Matrix embeddingGates = projectedWithBias(params_, decoderGru_, allInputs.rightCols(E), U);  // N x 3U

  std::vector<Gru::StepCache> gruSteps(steps);
  std::vector<std::vector<AdditiveAttention::StepCache>> attentionSteps(steps);
  for (size_t t = 0; t < steps; ++t) {
    const Index rows = static_cast<Index>(inputIds[t].size()), at = stepOffset[t];
    const Matrix queries = attention_.projectQueries(params_, states.topRows(rows));  // B_t x A
    Matrix context(rows, U);                                                           // B_t x U
    attentionSteps[t].resize(static_cast<size_t>(rows));
    for (Index r = 0; r < rows; ++r) {
      const size_t i = order[static_cast<size_t>(r)];
      context.row(r) = attention_.attend(params_, queries.row(r), keys[i], enc.outputs[i],
                                         attentionSteps[t][static_cast<size_t>(r)]);
    }
    allInputs.block(at, 0, rows, U) = context;
    const Matrix gates = decoderGru_.projectInputs(params_, context, 0) + embeddingGates.middleRows(at, rows);  // B_t x 3U
    const Matrix next = decoderGru_.stepProjected(params_, gates, states.topRows(rows), gruSteps[t]);  // B_t x U
    states.topRows(rows) = next;
    allStates.middleRows(at, rows) = next;
  }

  Matrix logits = allStates * params_.value(output_.kernelSlot());  // N x V
  logits.rowwise() += params_.value(output_.biasSlot()).row(0);
  SoftmaxCrossEntropy crossEntropy;
  SoftmaxCrossEntropy::Cache ceCache;
  const Matrix losses = crossEntropy.forward(logits, labels, ceCache);  // N x 1
  result.lossSum = losses.cast<double>().sum();
  result.tokens = static_cast<long>(N);
  result.correct = static_cast<long>(SoftmaxCrossEntropy::countCorrect(logits, labels));
  if (!grads) return result;

  // Backward. The loss is the plain sum over tokens, so every token's upstream gradient is 1.
  const Matrix dLogits = crossEntropy.backward(ceCache, Matrix::Ones(N, 1));  // N x V
  // logits = S·W_out + b_out  =>  dW_out = Sᵀ·dlogits,  db_out = Σ_rows dlogits,  dS = dlogits·W_outᵀ
  (*grads)[output_.kernelSlot()].noalias() += allStates.transpose() * dLogits;
  (*grads)[output_.biasSlot()] += dLogits.colwise().sum();
  const Matrix dAllStates = timesTransposed(dLogits, params_.value(output_.kernelSlot()));  // N x U

  MatrixMap dTable = (*grads)[targetEmbedding_.tableSlot()];
  std::vector<Matrix> dKeys(examples.size()), dOutputs(examples.size());
  for (size_t i = 0; i < examples.size(); ++i) {
    dKeys[i] = Matrix::Zero(enc.outputs[i].rows(), A);
    dOutputs[i] = Matrix::Zero(enc.outputs[i].rows(), U);
  }
  Matrix carried = Matrix::Zero(B, U);  // dL/d(states), rows in decoder order
  std::vector<Gru::StepGradients> stepGrads(steps);
  for (size_t t = steps; t-- > 0;) {
    const Index rows = gruSteps[t].state.rows();
    // the state after step t feeds the logits of step t and the next step
    const Matrix dNext = carried.topRows(rows) + dAllStates.middleRows(stepOffset[t], rows);
    // dL/dx of the context part now (attention needs it); the embedding part after the loop, for all steps
    stepGrads[t] = decoderGru_.stepBackward(params_, gruSteps[t], dNext, U);
    const Matrix& dContext = stepGrads[t].input;  // B_t x U
    Matrix dQueries(rows, A);                     // B_t x A
    for (Index r = 0; r < rows; ++r) {
      const size_t i = order[static_cast<size_t>(r)];
      dQueries.row(r) = attention_.attendBackward(params_, attentionSteps[t][static_cast<size_t>(r)], enc.outputs[i],
                                                  dContext.row(r), dKeys[i], dOutputs[i], *grads);
    }
    // the previous state fed the GRU directly and the attention's query
    carried.topRows(rows) = stepGrads[t].state +
                            attention_.projectQueriesBackward(params_, gruSteps[t].state, dQueries, *grads);
  }
  const Matrix dInputGates = stackedInputGates(stepGrads);                          // N x 3U
  const Matrix dEmbedded = decoderGru_.inputGradient(params_, dInputGates, U, E);  // N x E
  // x_e = table[id]  =>  dtable[id] += dx_e
  for (Index at = 0; const std::vector<int>& ids : inputIds)
    for (int id : ids) dTable.row(id) += dEmbedded.row(at++);
  addStackedGruGradients(decoderGru_, allInputs, dInputGates, gruSteps, stepGrads, *grads);

  // keys = O·W2 + b2 for all sentences at once, then dO goes back to each sentence's encoder outputs
  std::vector<const Matrix*> dKeyParts;
  for (const Matrix& d : dKeys) dKeyParts.push_back(&d);
  const Matrix dAllOutputs = attention_.projectKeysBackward(params_, allOutputs, stackRows(dKeyParts), *grads);
  for (size_t i = 0; i < examples.size(); ++i) dOutputs[i] += dAllOutputs.middleRows(keyOffset[i], dOutputs[i].rows());

  Matrix dFinal(B, U);  // encoder row order
  for (Index r = 0; r < B; ++r) dFinal.row(enc.rowOf[order[static_cast<size_t>(r)]]) = carried.row(r);
  encodeBackward(enc, dOutputs, dFinal, *grads);
  return result;
}

Seq2SeqLoss Seq2SeqAttention::batchLoss(std::span<const Seq2SeqExample* const> examples, Gradients* grads, uint64_t,
                                        std::vector<Gradients>& scratch) const {
  const size_t n = examples.size();
  const size_t chunks = chunkCount(n);
  std::vector<Seq2SeqLoss> losses(chunks);
  if (grads) {
    // chunk 0 adds straight into grads; the others into their own buffers, added below in chunk order
    while (scratch.size() + 1 < chunks) scratch.emplace_back(params_);
    for (size_t c = 1; c < chunks; ++c) scratch[c - 1].setZero();
  }
  tbb::parallel_for(size_t{0}, chunks, [&](size_t c) {
    const size_t first = c * n / chunks, last = (c + 1) * n / chunks;
    Gradients* target = grads ? (c == 0 ? grads : &scratch[c - 1]) : nullptr;
    losses[c] = teacherForcing(examples.subspan(first, last - first), target);
  });
  Seq2SeqLoss total;
  for (size_t c = 0; c < chunks; ++c) {
    total += losses[c];
    if (grads && c > 0) grads->add(scratch[c - 1]);
  }
  return total;
}

double Seq2SeqAttention::trainingFlops(Index sourceLength, Index targetLength) const {
  const double S = static_cast<double>(sourceLength), T = static_cast<double>(targetLength - 1);
  const double E = static_cast<double>(config_.embedDim), U = static_cast<double>(config_.units);
  const double A = static_cast<double>(config_.attentionUnits), V = static_cast<double>(config_.targetVocabSize);
  const double encoder = S * (E * 3 * U + U * 3 * U) + S * U * A;  // GRU steps and the keys
  const double decoderStep = U * A + S * (A + U) + (U + E) * 3 * U + U * 3 * U + U * V;
  // 2 flops per multiply-add; backward costs about twice the forward pass
  return 3.0 * 2.0 * (encoder + T * decoderStep);
}

}  // namespace al
