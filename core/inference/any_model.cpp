#include "core/inference/any_model.h"

namespace al {

const std::vector<io::EpochRecord>& historyOf(const AnyModel& model) {
  static const std::vector<io::EpochRecord> none;
  return std::visit(
      [](const auto& snapshot) -> const std::vector<io::EpochRecord>& {
        if constexpr (std::is_same_v<std::decay_t<decltype(snapshot)>, std::monostate>) return none;
        else return snapshot->history;
      },
      model.snapshot);
}

std::optional<ModelWords> modelWordsOf(const AnyModel& model) {
  return std::visit(
      [](const auto& snapshot) -> std::optional<ModelWords> {
        if constexpr (std::is_same_v<std::decay_t<decltype(snapshot)>, std::monostate>) return std::nullopt;
        else return modelWords(snapshot);
      },
      model.snapshot);
}

}  // namespace al
