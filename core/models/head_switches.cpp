#include "core/models/head_switches.h"

#include <charconv>

#include "core/error.h"
#include "core/text/comma_list.h"

namespace al {

void HeadSwitches::switchOff(size_t layer, Index head) {
  if (head < 0) return;
  if (layers.size() <= layer) layers.resize(layer + 1);
  std::vector<bool>& off = layers[layer].off;
  if (off.size() <= static_cast<size_t>(head)) off.resize(static_cast<size_t>(head) + 1, false);
  off[static_cast<size_t>(head)] = true;
}

void HeadSwitches::setMeans(size_t layer, Matrix means) {
  if (layers.size() <= layer) layers.resize(layer + 1);
  layers[layer].means = std::move(means);
}

const HeadMask* HeadSwitches::of(size_t layer) const {
  if (layer >= layers.size()) return nullptr;
  for (const bool off : layers[layer].off)
    if (off) return &layers[layer];
  return nullptr;
}

bool HeadSwitches::isOff(size_t layer, Index head) const {
  return layer < layers.size() && layers[layer].isOff(head);
}

std::vector<std::pair<size_t, Index>> HeadSwitches::off() const {
  std::vector<std::pair<size_t, Index>> pairs;
  for (size_t l = 0; l < layers.size(); ++l)
    for (size_t h = 0; h < layers[l].off.size(); ++h)
      if (layers[l].off[h]) pairs.emplace_back(l, static_cast<Index>(h));
  return pairs;
}

namespace {

// A whole non-negative decimal number, or nothing.
bool readNumber(const std::string& text, long& value) {
  if (text.empty()) return false;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size() && value >= 0;
}

}  // namespace

HeadSwitches parseHeadSwitches(const std::string& spec, size_t layers, Index heads) {
  const std::string model = std::to_string(layers) + " layer(s) of " + std::to_string(heads) + " head(s)";
  HeadSwitches switches;
  for (const std::string& piece : splitAtCommas(spec)) {
    const size_t dot = piece.find('.');
    long layer = 0, head = 0;
    if (dot == std::string::npos || !readNumber(piece.substr(0, dot), layer) || !readNumber(piece.substr(dot + 1), head))
      throw InputError(ErrorKind::OptionInvalid, {.name = "heads", .expected = "layer.head", .found = piece},
                       "'" + piece + "' is not a head: expected layer.head, both counted from 0 (e.g. 0.1,1.0)");
    if (static_cast<size_t>(layer) >= layers || head >= heads)
      throw InputError(ErrorKind::NoSuchHead,
                       {.expected = std::to_string(layers) + " x " + std::to_string(heads), .found = piece},
                       "head " + piece + " is not in the model: it has " + model + ", layer 0.." +
                       std::to_string(layers - 1) + " and head 0.." + std::to_string(heads - 1));
    switches.switchOff(static_cast<size_t>(layer), static_cast<Index>(head));
  }
  return switches;
}

std::string toString(const HeadSwitches& switches) {
  std::string text;
  for (const auto& [layer, head] : switches.off()) {
    if (!text.empty()) text += ',';
    text += std::to_string(layer) + "." + std::to_string(head);
  }
  return text;
}

}  // namespace al
