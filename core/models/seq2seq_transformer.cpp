#include "core/models/seq2seq_transformer.h"

#include <string>

#include "core/error.h"
#include "core/layers/softmax_cross_entropy.h"
#include "core/parallel.h"

namespace al {

namespace {

Index checkedSize(Index value, const char* field) {
  if (value < 1)
    throw InputError(ErrorKind::OptionInvalid, {.name = field, .expected = ">= 1", .found = std::to_string(value)},
                     std::string("seq2seq-transformer: ") + field + " must be at least 1");
  return value;
}

// The encoder stack's configuration: the contract's encoder is an imdb-transformer encoder with learned
// positions and layer norm, over the source vocabulary, as long as the longest source.
TransformerConfig encoderConfig(const Seq2SeqTransformerConfig& c) {
  TransformerConfig e;
  e.vocabSize = static_cast<int>(checkedSize(c.sourceVocabSize, "source_vocab_size"));
  e.sequenceLength = static_cast<int>(checkedSize(c.maxSourceLength, "max_source_length"));
  e.embedDim = static_cast<int>(checkedSize(c.embedDim, "embed_dim"));
  e.numHeads = static_cast<int>(checkedSize(c.numHeads, "num_heads"));
  e.keyDim = static_cast<int>(checkedSize(c.keyDim, "key_dim"));
  e.denseDim = static_cast<int>(checkedSize(c.denseDim, "dense_dim"));
  e.numLayers = static_cast<int>(checkedSize(c.numLayers, "num_layers"));
  e.position = PositionKind::Learned;
  e.norm = NormKind::Layer;
  e.dropout = c.dropout;
  e.normEpsilon = c.normEpsilon;
  return e;
}

TransformerDecoderSizes decoderSizes(const Seq2SeqTransformerConfig& c) {
  return {checkedSize(c.targetVocabSize, "target_vocab_size"), checkedSize(c.maxTargetLength, "max_target_length"),
          c.embedDim, c.numHeads, c.keyDim, c.denseDim, c.numLayers, c.normEpsilon};
}

// The decoder's input of a training pair: the target without its last token (<start> y_1 .. y_{T-2}).
std::span<const int> decoderInput(const Seq2SeqExample& pair) {
  return std::span<const int>(pair.target.data(), pair.target.size() - 1);
}
// The labels: the target without <start> (y_1 .. <end>); row t of the logits predicts labels[t].
std::vector<int> labelsOf(const Seq2SeqExample& pair) { return {pair.target.begin() + 1, pair.target.end()}; }

}  // namespace

Seq2SeqTransformer::Seq2SeqTransformer(const Seq2SeqTransformerConfig& config) : config_(config) {
  setDropout(config.dropout);
  encoder_ = std::make_unique<TransformerEncoder>(params_, encoderConfig(config), "encoder.embedding", "encoder");
  decoder_ = std::make_unique<TransformerDecoder>(params_, decoderSizes(config), "decoder.embedding", "decoder");
  output_ = std::make_unique<Dense>(params_, "output", config.embedDim, config.targetVocabSize);
}

void Seq2SeqTransformer::setDropout(float rate) {
  if (!(rate >= 0 && rate < 1))
    throw InputError(ErrorKind::OptionInvalid, {.name = "dropout", .expected = "[0, 1)", .found = std::to_string(rate)},
                     "seq2seq-transformer: dropout must be in [0, 1)");
  config_.dropout = rate;
}

void Seq2SeqTransformer::initialize(uint64_t seed) {
  Rng rng(seed);
  encoder_->initialize(params_, rng);
  decoder_->initialize(params_, rng);
  output_->initialize(params_, rng);
}

void Seq2SeqTransformer::checkIds(const std::vector<int>& ids, Index vocabSize, const char* side) const {
  if (ids.empty()) throw InputError(ErrorKind::EmptySentence, {}, std::string("seq2seq-transformer: an empty ") + side + " sentence");
  for (size_t t = 0; t < ids.size(); ++t)
    if (ids[t] < 0 || ids[t] >= vocabSize)
      throw InputError(ErrorKind::TokenOutOfVocabulary,
                       {.expected = std::to_string(vocabSize), .found = std::to_string(ids[t])},
                       std::string("seq2seq-transformer: ") + side + " token id " + std::to_string(ids[t]) +
                       " at position " + std::to_string(t) + " is outside the vocabulary [0, " +
                       std::to_string(vocabSize) + ")");
}

Matrix Seq2SeqTransformer::encode(const std::vector<int>& source, TransformerEncoder::BatchCache& cache) const {
  const std::span<const int> ids[] = {std::span<const int>(source)};
  encoder_->forwardBatch(params_, ids, Mode::Eval, cache);
  return cache.samples[0].x;  // S x D
}

// ---------------------------------------------------------------------------------------------------------
// Teacher forcing

namespace {

// Decoder, dropout and output layer of one pair, on the encoder's output E (S x D): logits T-1 x V.
Matrix decodePair(const TransformerDecoder& decoder, const Dense& output, float dropoutRate,
                  const ParameterSet& params, const Seq2SeqExample& pair, const Matrix& encoded, Mode mode, Rng& rng,
                  Seq2SeqTransformer::SampleCache& cache) {
  const Matrix x = decoder.forward(params, decoderInput(pair), encoded, cache.decoder);  // T-1 x D
  return output.forward(params, Dropout{dropoutRate}.forward(x, mode, rng, cache.dropout), cache.output);
}

// dLogits (T-1 x V) -> dL/dE (S x D), adding the decoder's and output layer's gradients.
Matrix decodePairBackward(const TransformerDecoder& decoder, const Dense& output, float dropoutRate,
                          const ParameterSet& params, const Seq2SeqTransformer::SampleCache& cache,
                          const Matrix& dLogits, Gradients& grads) {
  const Matrix dx = Dropout{dropoutRate}.backward(cache.dropout, output.backward(params, cache.output, dLogits, grads));
  return decoder.backward(params, cache.decoder, dx, grads);
}

}  // namespace

Matrix Seq2SeqTransformer::forwardPair(const ParameterSet& params, const Seq2SeqExample& pair, Mode mode, Rng& rng,
                                       TransformerEncoder::BatchCache& encoder, SampleCache& cache) const {
  const std::span<const int> ids[] = {std::span<const int>(pair.source)};
  encoder_->forwardBatch(params, ids, mode, encoder);
  return decodePair(*decoder_, *output_, config_.dropout, params, pair, encoder.samples[0].x, mode, rng, cache);
}

void Seq2SeqTransformer::backwardPair(const ParameterSet& params, TransformerEncoder::BatchCache& encoder,
                                      const SampleCache& cache, const Matrix& dLogits, Gradients& grads) const {
  encoder.samples[0].x = decodePairBackward(*decoder_, *output_, config_.dropout, params, cache, dLogits, grads);
  encoder_->backwardBatch(params, encoder, grads);
}

Seq2SeqLoss Seq2SeqTransformer::batchLoss(std::span<const Seq2SeqExample* const> examples, Gradients* grads,
                                          uint64_t seed, std::vector<Gradients>& scratch) const {
  const size_t B = examples.size();
  if (B == 0) return {};
  for (const Seq2SeqExample* e : examples) {
    checkIds(e->source, config_.sourceVocabSize, "source");
    checkIds(e->target, config_.targetVocabSize, "target");
    if (e->target.size() < 2)
      throw InputError(ErrorKind::Internal, {}, "seq2seq-transformer: a target needs <start> and at least one token");
  }
  const Mode mode = grads ? Mode::Train : Mode::Eval;
  const size_t chunks = chunkCount(B);
  if (grads) {
    while (scratch.size() < chunks) scratch.emplace_back(params_);
    for (size_t k = 0; k < chunks; ++k) scratch[k].setZero();
  }

  // The encoder runs stage by stage over the whole batch (in parallel inside).
  std::vector<std::span<const int>> sources;
  sources.reserve(B);
  for (const Seq2SeqExample* e : examples) sources.emplace_back(e->source);
  TransformerEncoder::BatchCache encoder;
  encoder_->forwardBatch(params_, sources, mode, encoder);

  // The decoder, the loss and (training) the decoder's backward pass, one pair at a time in each chunk.
  std::vector<Seq2SeqLoss> losses(chunks);
  forEachSampleInChunks(B, chunks, [&](size_t s, size_t k) {
    const Seq2SeqExample& pair = *examples[s];
    Rng rng = Rng::derive(seed, s);
    SampleCache cache;
    Matrix& encoded = encoder.samples[s].x;  // S x D
    const Matrix logits = decodePair(*decoder_, *output_, config_.dropout, params_, pair, encoded, mode, rng, cache);  // T-1 x V
    const std::vector<int> labels = labelsOf(pair);
    SoftmaxCrossEntropy crossEntropy;
    SoftmaxCrossEntropy::Cache ceCache;
    losses[k].lossSum += crossEntropy.forward(logits, labels, ceCache).cast<double>().sum();
    losses[k].tokens += static_cast<long>(labels.size());
    losses[k].correct += static_cast<long>(SoftmaxCrossEntropy::countCorrect(logits, labels));
    if (!grads) return;
    // the loss is the plain sum over tokens: every token's upstream gradient is 1
    const Matrix dLogits = crossEntropy.backward(ceCache, Matrix::Ones(logits.rows(), 1));  // T-1 x V
    encoded = decodePairBackward(*decoder_, *output_, config_.dropout, params_, cache, dLogits, scratch[k]);  // dL/dE
  });

  Seq2SeqLoss total;
  for (const Seq2SeqLoss& l : losses) total += l;
  if (!grads) return total;
  encoder_->backwardBatch(params_, encoder, *grads);
  for (size_t k = 0; k < chunks; ++k) grads->add(scratch[k]);  // fixed order: reproducible sums
  return total;
}

// ---------------------------------------------------------------------------------------------------------
// Greedy decoding

Seq2SeqTransformer::Decoding Seq2SeqTransformer::decode(const std::vector<int>& source, int startId, int endId,
                                                        bool keepPasses) const {
  checkIds(source, config_.sourceVocabSize, "source");
  checkIds({startId, endId}, config_.targetVocabSize, "target");
  Decoding d;
  TransformerEncoder::BatchCache encoderCache;
  d.encoded = encode(source, encoderCache);
  for (const auto& layer : encoderCache.samples[0].layers) d.encoderAttention.push_back(layer.attention.weights);

  const ConstMatrixMap outKernel = params_.value(output_->kernelSlot());  // D x V
  const ConstMatrixMap outBias = params_.value(output_->biasSlot());      // 1 x V
  std::vector<int> input = {startId};
  for (Index step = 0; step < config_.maxTargetLength; ++step) {
    DecoderPass pass;
    pass.input = input;
    pass.output = decoder_->forward(params_, input, d.encoded, pass.cache);  // T x D
    pass.logits = pass.output.bottomRows(1) * outKernel + outBias;           // 1 x V: the last position
    Index best = 0;
    pass.logits.maxCoeff(&best);  // greedy: the most likely token
    pass.chosen = static_cast<int>(best);
    d.tokens.push_back(pass.chosen);
    d.decoderAttention.clear();
    d.crossAttention.clear();
    for (const auto& layer : pass.cache.layers) {
      d.decoderAttention.push_back(layer.selfAttention.weights);
      d.crossAttention.push_back(layer.crossAttention.weights);
    }
    const bool done = pass.chosen == endId;
    input.push_back(pass.chosen);
    if (keepPasses) d.passes.push_back(std::move(pass));
    if (done) break;
  }
  return d;
}

Seq2SeqAnswer Seq2SeqTransformer::greedyDecode(const std::vector<int>& source, int startId, int endId) const {
  Decoding d = decode(source, startId, endId);
  Seq2SeqAnswer answer;
  answer.attention = alignment(d);
  answer.tokens = std::move(d.tokens);
  return answer;
}

Matrix Seq2SeqTransformer::alignment(const Decoding& d) {
  const std::vector<Matrix>& heads = d.crossAttention.back();  // H matrices of T x S
  Matrix mean = Matrix::Zero(heads.front().rows(), heads.front().cols());
  for (const Matrix& a : heads) mean += a;
  return mean / static_cast<float>(heads.size());
}

double Seq2SeqTransformer::trainingFlops(Index sourceLength, Index targetLength) const {
  const double T = static_cast<double>(targetLength - 1);
  const double output = 2.0 * T * static_cast<double>(config_.embedDim) * static_cast<double>(config_.targetVocabSize);
  // backward costs about twice the forward pass
  return 3.0 * (encoder_->forwardFlops(sourceLength) + decoder_->forwardFlops(targetLength - 1, sourceLength) + output);
}

}  // namespace al
