#include "core/inference/model_attention.h"

#include <span>

#include "core/error.h"
#include "core/inference/causal_lm_generation.h"
#include "core/inference/seq2seq_reply.h"
#include "core/pretrained/token_text.h"

namespace al {

namespace {

template <class M>
using Snapshot = std::shared_ptr<const M>;

[[noreturn]] void noSelfAttention(const std::string& task) {
  throw InputError(ErrorKind::WrongTask, {.found = task},
                   "a model of task " + task + " has no self-attention to read (its attention, if any, is "
                   "the answer's over the question)");
}

[[noreturn]] void noWeights() {
  throw InputError(ErrorKind::WrongTask, {}, "the model has no weights to read the text with");
}

// The app's own kinds: their tokens are words of their vocabulary, read as they are.
ModelAttention ownWords(std::vector<std::string> tokens, std::span<const int> ids,
                        std::vector<std::vector<Matrix>> attention) {
  ModelAttention a;
  a.readable = tokens;
  a.tokens = std::move(tokens);
  for (const int id : ids) {
    a.ids.push_back(id);
    a.unknown.push_back(id == Vocabulary::kUnknownId);
  }
  a.attention = std::move(attention);
  return a;
}

// A pretrained tokenizer's pieces: each as a person reads it (a byte-level piece decoded), its unknown piece marked,
// and where it came from in the text (`encoding`: the same cut of the text the model read).
ModelAttention pretrainedPieces(const pretrained::Tokenizer& tokenizer, std::vector<std::string> pieces,
                                std::vector<int64_t> ids, std::vector<std::vector<Matrix>> attention,
                                const pretrained::Encoding& encoding) {
  ModelAttention a;
  const std::optional<int64_t> unknown = tokenizer.specialTokens().unknown.id;
  const bool bytePieces = tokenizer.type() == pretrained::TokenizerType::ByteLevelBpe;  // "Ġthe": decoded
  for (size_t t = 0; t < ids.size(); ++t) {
    a.readable.push_back(bytePieces ? pretrained::readablePiece(tokenizer, ids[t]) : pieces[t]);
    a.unknown.push_back(unknown && ids[t] == *unknown);
  }
  for (size_t t = 0; t < encoding.size(); ++t)
    a.pieces.push_back({encoding.offsets[t].begin, encoding.offsets[t].end, bool(encoding.added[t])});
  a.tokens = std::move(pieces);
  a.ids = std::move(ids);
  a.attention = std::move(attention);
  return a;
}

ModelAttention readImdb(const ImdbTransformerModel& m, std::string_view text, const HeadSwitches* switches) {
  ImdbPrediction p = predictText(*m.model, m.vocabulary, std::string(text), switches);
  ModelAttention a = ownWords(std::move(p.tokens), p.ids, std::move(p.attention));
  a.truncated = p.truncated;
  a.probability = p.probability;
  return a;
}

ModelAttention readMaskedLm(const MaskedLmModel& m, std::string_view text, const HeadSwitches* switches) {
  std::vector<std::string> tokens = maskedLmTokens(text, m.tokenizer);
  const auto length = static_cast<size_t>(m.model->config().encoder.sequenceLength);
  const bool truncated = tokens.size() > length;
  if (truncated) tokens.resize(length);
  if (tokens.empty())
    throw InputError(ErrorKind::EmptySentence, {}, "the text has no words once punctuation is removed");
  const std::vector<int> ids = maskedLmIds(tokens, m.vocabulary);
  ModelAttention a = ownWords(std::move(tokens), ids, m.model->predict(ids, {}, switches).attention);
  a.truncated = truncated;
  return a;
}

// Segments of S tokens from the start: the tokens of the whole text, the attention of the last segment.
ModelAttention readCausalLm(const CausalLmModel& m, std::string_view text, const HeadSwitches* switches) {
  CausalLmAttention read = readAttention(m, text, switches);
  const std::vector<int> ids(read.ids.begin(), read.ids.end());
  ModelAttention a = ownWords(std::move(read.tokens), ids, std::move(read.attention));
  a.queryStart = read.segmentStart;
  a.keyStart = read.segmentStart - read.memoryRows;
  return a;
}

// The question as the encoder reads it (<start> ... <end>, cut at max_source_length), and the encoder's maps: what
// ask's decoding computes first, with the heads switched off there.
ModelAttention readSeq2seqTransformer(const Seq2SeqTransformerModel& m, std::string_view text,
                                      const HeadSwitches* switches) {
  const Seq2SeqTransformer& model = *m.model;
  Seq2SeqReply question;
  readQuestion(question, seq2seqTransformerTokens(model.config().tokenizer, text), m.source,
               model.config().maxSourceLength);
  TransformerEncoder::BatchCache cache;
  cache.headSwitches = switches;
  const std::span<const int> ids[] = {std::span<const int>(question.sourceIds)};
  model.encoder().forwardBatch(model.parameters(), ids, Mode::Eval, cache);
  std::vector<std::vector<Matrix>> attention;
  for (const auto& layer : cache.samples[0].layers) attention.push_back(layer.attention.weights);
  ModelAttention a = ownWords(std::move(question.sourceTokens), question.sourceIds, std::move(attention));
  a.truncated = question.truncated;
  return a;
}

ModelAttention readBert(const PretrainedBert& m, std::string_view text, const HeadSwitches* switches) {
  PretrainedAttention read = readAttention(m, text, switches);
  return pretrainedPieces(*m.tokenizer, std::move(read.tokens), std::move(read.ids), std::move(read.attention),
                          m.tokenizer->encode(text));
}

ModelAttention readGpt2(const PretrainedGpt2& m, std::string_view text, const HeadSwitches* switches) {
  PretrainedAttention read = readAttention(m, text, switches);
  return pretrainedPieces(*m.tokenizer, std::move(read.tokens), std::move(read.ids), std::move(read.attention),
                          m.tokenizer->encodePrompt(text));
}

// A sentiment head on a BERT: its BERT's pieces and maps, cut where the head's training cut the text, and the
// head's verdict.
ModelAttention readBertSentiment(const BertSentimentModel& m, std::string_view text, const HeadSwitches* switches) {
  BertSentimentPrediction p = predictBertSentiment(m, text, switches);
  ModelAttention a = pretrainedPieces(*m.encoder.tokenizer, std::move(p.tokens), std::move(p.ids),
                                      std::move(p.attention), sentimentEncoding(m.encoder, text, m.sequenceLength));
  a.truncated = p.truncated;
  a.probability = p.probability;
  return a;
}

}  // namespace

ModelAttention readModelAttention(const AnyModel& model, std::string_view text, const HeadSwitches* switches) {
  const std::string& task = model.task;
  return std::visit(
      Overloaded{
          [&](std::monostate) -> ModelAttention { noWeights(); },
          [&](const Snapshot<ImdbTransformerModel>& m) { return readImdb(*m, text, switches); },
          [&](const Snapshot<BigramModel>&) -> ModelAttention { noSelfAttention(task); },
          [&](const Snapshot<ChatbotModel>&) -> ModelAttention { noSelfAttention(task); },
          [&](const Snapshot<Seq2SeqTransformerModel>& m) { return readSeq2seqTransformer(*m, text, switches); },
          [&](const Snapshot<MaskedLmModel>& m) { return readMaskedLm(*m, text, switches); },
          [&](const Snapshot<PretrainedBert>& m) { return readBert(*m, text, switches); },
          [&](const Snapshot<PretrainedGpt2>& m) { return readGpt2(*m, text, switches); },
          [&](const Snapshot<CausalLmModel>& m) { return readCausalLm(*m, text, switches); },
          [&](const Snapshot<BertSentimentModel>& m) { return readBertSentiment(*m, text, switches); },
      },
      model.snapshot);
}

ModelShape modelShape(const AnyModel& model) {
  const auto of = [](auto layers, auto heads, auto vocabulary) {
    return ModelShape{static_cast<size_t>(layers), static_cast<Index>(heads), static_cast<Index>(vocabulary)};
  };
  return std::visit(
      Overloaded{
          [&](std::monostate) { return ModelShape{}; },
          [&](const Snapshot<ImdbTransformerModel>& m) {
            const TransformerConfig& c = m->model->config();
            return of(c.numLayers, c.numHeads, c.vocabSize);
          },
          [&](const Snapshot<BigramModel>& m) { return of(0, 0, m->model->config().vocabSize); },
          [&](const Snapshot<ChatbotModel>& m) { return of(0, 0, m->model->sourceVocabSize()); },
          [&](const Snapshot<Seq2SeqTransformerModel>& m) {  // the encoder's, which reads the question
            const Seq2SeqTransformerConfig& c = m->model->config();
            return of(c.numLayers, c.numHeads, c.sourceVocabSize);
          },
          [&](const Snapshot<MaskedLmModel>& m) {
            const TransformerConfig& c = m->model->config().encoder;
            return of(c.numLayers, c.numHeads, c.vocabSize);
          },
          [&](const Snapshot<PretrainedBert>& m) {
            const pretrained::BertConfig& c = m->model->config();
            return of(c.numLayers, c.numHeads, c.vocabSize);
          },
          [&](const Snapshot<PretrainedGpt2>& m) {
            const pretrained::Gpt2Config& c = m->model->config();
            return of(c.numLayers, c.numHeads, c.vocabSize);
          },
          [&](const Snapshot<CausalLmModel>& m) {
            const CausalLmConfig& c = m->model->config();
            return of(c.numLayers, c.numHeads, c.vocabSize);
          },
          [&](const Snapshot<BertSentimentModel>& m) {  // the heads of the BERT it reads
            const pretrained::BertConfig& c = m->encoder.model->config();
            return of(c.numLayers, c.numHeads, c.vocabSize);
          },
      },
      model.snapshot);
}

HeadSwitches headSwitchesOf(const AnyModel& model, const std::string& spec) {
  if (spec.empty()) return {};
  const ModelShape shape = modelShape(model);
  if (shape.layers == 0) {
    if (!model.hasWeights()) noWeights();
    noSelfAttention(model.task);
  }
  return parseHeadSwitches(spec, shape.layers, shape.heads);
}

}  // namespace al
