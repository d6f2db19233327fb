#include "core/inference/any_model.h"

namespace al {

const std::vector<io::EpochRecord>& historyOf(const AnyModel& model) {
  static const std::vector<io::EpochRecord> none;
  return std::visit(
      [](const auto& snapshot) -> const std::vector<io::EpochRecord>& {
        if constexpr (requires { snapshot->history; }) return snapshot->history;
        else return none;  // no weights, or a pretrained model
      },
      model.snapshot);
}

std::optional<ModelWords> modelWordsOf(const AnyModel& model) {
  return std::visit(
      [](const auto& snapshot) -> std::optional<ModelWords> {
        if constexpr (requires { modelWords(snapshot); }) return modelWords(snapshot);
        else return std::nullopt;  // no weights, or a pretrained model
      },
      model.snapshot);
}

}  // namespace al
