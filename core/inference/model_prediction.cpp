#include "core/inference/model_prediction.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/error.h"
#include "core/inference/text_writer.h"

namespace al {

namespace {

template <class M>
using Snapshot = std::shared_ptr<const M>;

ModelPrediction classified(std::vector<std::string> tokens, float probability) {
  ModelPrediction p;
  p.kind = PredictionKind::Class;
  p.tokens = std::move(tokens);
  p.probability = probability;
  return p;
}

ModelPrediction answered(const Seq2SeqReply& reply) {
  ModelPrediction p;
  p.kind = PredictionKind::Answer;
  p.tokens = reply.sourceTokens;
  p.answer = reply.answer;
  p.answerTokens = reply.outputTokens;
  p.alignment = reply.attention;
  return p;
}

// The masked-lm's candidates for each [MASK]; a text without one is read, but nothing is filled.
ModelPrediction filled(const MaskedLmModel& m, std::string_view text, int top) {
  ModelPrediction p;
  FillResult fill;
  try {
    fill = fillMasks(m, text, top);
  } catch (const InputError& e) {
    if (e.kind() != ErrorKind::NoMask) throw;
    p.tokens = maskedLmTokens(text, m.tokenizer);
    return p;
  }
  p.kind = PredictionKind::Fill;
  p.tokens = fill.tokens;
  for (const FillPrediction& f : fill.predictions) {
    ModelPrediction::Blank blank{f.position, {}};
    for (const FillCandidate& c : f.top) blank.top.push_back({c.token, c.probability});
    p.blanks.push_back(std::move(blank));
  }
  return p;
}

// The next token after the whole text, as generate reads it (core/inference/text_writer.h):
//   probability(id) = softmax(logits)_id, the `top` most probable ids, best first (the lower id on a tie).
ModelPrediction nextTokens(const AnyModel& model, std::string_view text, int top) {
  const std::shared_ptr<const TextWriter> writer = textWriterOf(model);
  if (!writer) throw InputError(ErrorKind::Internal, {.found = model.task}, "the model cannot read on from a text");
  const TextWriter::Prompt prompt = writer->prompt(text);
  const RowVector logits = writer->reader()->read(prompt.ids).logits;
  const double largest = logits.maxCoeff();
  std::vector<double> weights(static_cast<size_t>(logits.size()));
  for (Index i = 0; i < logits.size(); ++i) weights[static_cast<size_t>(i)] = std::exp(logits(i) - largest);
  const double sum = std::accumulate(weights.begin(), weights.end(), 0.0);
  std::vector<size_t> order(weights.size());
  std::iota(order.begin(), order.end(), size_t{0});
  const size_t k = std::min(order.size(), static_cast<size_t>(std::max(top, 0)));
  std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(k), order.end(),
                    [&](size_t a, size_t b) { return weights[a] > weights[b] || (weights[a] == weights[b] && a < b); });
  ModelPrediction p;
  p.kind = PredictionKind::NextToken;
  p.tokens = prompt.tokens;
  for (size_t i = 0; i < k; ++i)
    p.next.push_back({writer->piece(static_cast<int64_t>(order[i])), static_cast<float>(weights[order[i]] / sum)});
  return p;
}

}  // namespace

ModelPrediction readModelPrediction(const AnyModel& model, std::string_view text, int top) {
  return std::visit(
      Overloaded{
          [&](std::monostate) -> ModelPrediction {
            throw InputError(ErrorKind::WrongTask, {}, "the model has no weights to read the text with");
          },
          [&](const Snapshot<ImdbTransformerModel>& m) {
            ImdbPrediction r = predictText(*m->model, m->vocabulary, std::string(text));
            return classified(std::move(r.tokens), r.probability);
          },
          [&](const Snapshot<BigramModel>& m) {
            BigramPrediction r = predictBigramText(*m->model, m->vocabulary, std::string(text));
            return classified(std::move(r.tokens), r.probability);
          },
          [&](const Snapshot<ChatbotModel>& m) {
            return answered(askChatbot(*m->model, m->source, m->target, std::string(text)));
          },
          [&](const Snapshot<Seq2SeqTransformerModel>& m) {
            return answered(askSeq2seqTransformer(*m->model, m->source, m->target, std::string(text)));
          },
          [&](const Snapshot<MaskedLmModel>& m) { return filled(*m, text, top); },
          [&](const Snapshot<PretrainedBert>&) { return ModelPrediction{}; },
          [&](const Snapshot<PretrainedGpt2>&) { return nextTokens(model, text, top); },
          [&](const Snapshot<CausalLmModel>&) { return nextTokens(model, text, top); },
          [&](const Snapshot<BertSentimentModel>& m) {
            BertSentimentPrediction r = predictBertSentiment(*m, text);
            return classified(std::move(r.tokens), r.probability);
          },
      },
      model.snapshot);
}

bool readsCausally(const AnyModel& model) {
  return std::visit(Overloaded{
                        [](std::monostate) { return false; },
                        [](const Snapshot<ImdbTransformerModel>&) { return false; },
                        [](const Snapshot<BigramModel>&) { return false; },
                        [](const Snapshot<ChatbotModel>&) { return false; },
                        [](const Snapshot<Seq2SeqTransformerModel>&) { return false; },  // its encoder's maps
                        [](const Snapshot<MaskedLmModel>&) { return false; },
                        [](const Snapshot<PretrainedBert>&) { return false; },
                        [](const Snapshot<PretrainedGpt2>&) { return true; },
                        [](const Snapshot<CausalLmModel>&) { return true; },
                        [](const Snapshot<BertSentimentModel>&) { return false; },
                    },
                    model.snapshot);
}

}  // namespace al
