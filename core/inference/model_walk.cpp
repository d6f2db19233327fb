#include "core/inference/model_walk.h"

namespace al {

namespace {

template <class M>
using Snapshot = std::shared_ptr<const M>;

}  // namespace

std::optional<ModelWalk> modelWalkOf(const AnyModel& model) {
  const auto itself = [&model](WalkKind kind) { return std::optional<ModelWalk>(ModelWalk{kind, model}); };
  return std::visit(
      Overloaded{
          [](std::monostate) -> std::optional<ModelWalk> { return std::nullopt; },
          [&](const Snapshot<ImdbTransformerModel>&) { return itself(WalkKind::SelfAttention); },
          [](const Snapshot<BigramModel>&) -> std::optional<ModelWalk> { return std::nullopt; },
          [&](const Snapshot<ChatbotModel>&) { return itself(WalkKind::Additive); },
          [&](const Snapshot<Seq2SeqTransformerModel>&) { return itself(WalkKind::Decoder); },
          [](const Snapshot<MaskedLmModel>&) -> std::optional<ModelWalk> { return std::nullopt; },
          [&](const Snapshot<PretrainedBert>&) { return itself(WalkKind::Pretrained); },
          [&](const Snapshot<PretrainedGpt2>&) { return itself(WalkKind::Pretrained); },
          [&](const Snapshot<CausalLmModel>&) { return itself(WalkKind::LanguageModel); },
          [](const Snapshot<BertSentimentModel>& m) {
            // Its BERT, sharing the head's snapshot: the head's weights stay alive as long as the walk reads it.
            return std::optional<ModelWalk>(
                ModelWalk{WalkKind::Pretrained, anyModelOf(Snapshot<PretrainedBert>(m, &m->encoder))});
          },
      },
      model.snapshot);
}

}  // namespace al
