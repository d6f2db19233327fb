#include "core/inference/model_logit_lens.h"

namespace al {

namespace {

template <class M>
using Snapshot = std::shared_ptr<const M>;

using Lens = std::optional<teaching::LogitLens>;

// The lens of `model`, or nothing; `read` false: only whether there is one (an empty lens stands for "yes").
Lens lensOf(const AnyModel& model, std::string_view text, int k, const HeadSwitches* switches, bool read) {
  const auto lens = [&](const auto& snapshot) -> Lens {
    return read ? Lens(teaching::logitLens(*snapshot, text, k, switches)) : Lens(teaching::LogitLens{});
  };
  const auto none = [](const auto&) -> Lens { return std::nullopt; };
  return std::visit(
      Overloaded{
          [&](std::monostate m) { return none(m); },
          [&](const Snapshot<ImdbTransformerModel>& m) { return none(m); },  // positive or negative, not tokens
          [&](const Snapshot<BigramModel>& m) { return none(m); },
          [&](const Snapshot<ChatbotModel>& m) { return none(m); },             // the answer's words, not the text's
          [&](const Snapshot<Seq2SeqTransformerModel>& m) { return none(m); },
          [&](const Snapshot<MaskedLmModel>& m) { return lens(m); },
          [&](const Snapshot<PretrainedBert>& m) { return m->model->hasMaskedLmHead() ? lens(m) : none(m); },
          [&](const Snapshot<PretrainedGpt2>& m) { return lens(m); },
          [&](const Snapshot<CausalLmModel>& m) { return lens(m); },
          [&](const Snapshot<BertSentimentModel>& m) { return none(m); },  // its head classifies
      },
      model.snapshot);
}

}  // namespace

bool hasLogitLens(const AnyModel& model) { return lensOf(model, {}, 1, nullptr, false).has_value(); }

std::optional<teaching::LogitLens> readLogitLens(const AnyModel& model, std::string_view text, int k,
                                                 const HeadSwitches* switches) {
  if (switches && switches->empty()) switches = nullptr;  // the models' path with every head on
  return lensOf(model, text, k, switches, true);
}

}  // namespace al
