#include "core/text/token_label.h"

namespace al {

namespace {

constexpr std::string_view kWhiteSpace = " \t\r\n";

std::string_view signOf(char c) {
  if (c == ' ') return "␣";
  if (c == '\t') return "⇥";
  return "↵";  // \n, \r
}

}  // namespace

std::string tokenLabel(std::string_view text) {
  const size_t first = text.find_first_not_of(kWhiteSpace);
  if (first == std::string_view::npos) {
    if (text.empty()) return "␣";
    std::string signs;
    for (char c : text) signs += signOf(c);
    return signs;
  }
  const std::string_view word = text.substr(first, text.find_last_not_of(kWhiteSpace) - first + 1);
  std::string label;
  for (char c : word) {
    if (c == '\n') label += "↵";
    else if (c != '\r') label += c;
  }
  return label;
}

}  // namespace al
