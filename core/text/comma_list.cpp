#include "core/text/comma_list.h"

namespace al {

std::vector<std::string> splitAtCommas(std::string_view list) {
  std::vector<std::string> items;
  while (true) {
    const size_t comma = list.find(',');
    items.emplace_back(list.substr(0, comma));
    if (comma == std::string_view::npos) return items;
    list.remove_prefix(comma + 1);
  }
}

}  // namespace al
