#include "core/inference/pretrained_shape.h"

namespace al {

namespace {

template <class M>
using Snapshot = std::shared_ptr<const M>;

std::optional<PretrainedShape> none() { return std::nullopt; }

}  // namespace

std::optional<PretrainedShape> pretrainedShapeOf(const AnyModel& model) {
  using Family = PretrainedShape::Family;
  return std::visit(
      Overloaded{
          [](std::monostate) { return none(); },
          [](const Snapshot<ImdbTransformerModel>&) { return none(); },
          [](const Snapshot<BigramModel>&) { return none(); },
          [](const Snapshot<ChatbotModel>&) { return none(); },
          [](const Snapshot<Seq2SeqTransformerModel>&) { return none(); },
          [](const Snapshot<MaskedLmModel>&) { return none(); },
          [](const Snapshot<CausalLmModel>&) { return none(); },
          [](const Snapshot<PretrainedBert>& m) {
            const pretrained::BertConfig& c = m->model->config();
            return std::optional<PretrainedShape>(PretrainedShape{
                Family::Bert, static_cast<int64_t>(m->tokenizer->vocabularySize()), c.maxPositions, c.numLayers,
                c.numHeads, c.hiddenSize, {}});
          },
          [](const Snapshot<PretrainedGpt2>& m) {
            const pretrained::Gpt2Config& c = m->model->config();
            return std::optional<PretrainedShape>(PretrainedShape{
                Family::Gpt2, static_cast<int64_t>(m->tokenizer->vocabularySize()), c.maxPositions, c.numLayers,
                c.numHeads, c.width, {}});
          },
          [](const Snapshot<BertSentimentModel>& m) {
            const pretrained::BertConfig& c = m->encoder.model->config();
            return std::optional<PretrainedShape>(PretrainedShape{Family::SentimentHead,
                                                                  static_cast<int64_t>(m->encoder.tokenizer->vocabularySize()),
                                                                  m->sequenceLength, c.numLayers, c.numHeads,
                                                                  c.hiddenSize, m->encoder.name});
          },
      },
      model.snapshot);
}

}  // namespace al
