#pragma once
// Heads switched off across a whole model: which heads of which layers, and what takes their place (zeros, or
// each head's mean output over data). Every model with self-attention reads it in its forward pass (the IMDB
// classifier, the masked-LM, the language model, BERT and GPT-2); one layer's part is a HeadMask
// (core/layers/multi_head_attention.h, where the replacement is written as a formula).
//
// Layers and heads are numbered from 0, as `inspect` prints them: "1.0" is layer 1's head 0.
//
// Dimension key (core/tensor.h): L layers, H heads, K key dimension of one head.
#include <string>
#include <utility>
#include <vector>

#include "core/layers/multi_head_attention.h"

namespace al {

struct HeadSwitches {
  std::vector<HeadMask> layers;  // [layer]; a layer past the end, or with no head off, runs as usual

  // Switches head `head` of layer `layer` off (the layers and heads grow as needed).
  void switchOff(size_t layer, Index head);
  // What replaces the switched-off heads of `layer`: H x K, row h head h's mean output (see HeadMask::means).
  // Empty: zeros.
  void setMeans(size_t layer, Matrix means);
  // Layer `layer`'s mask, or null when none of its heads is off (the layer then runs exactly as without one).
  const HeadMask* of(size_t layer) const;
  bool isOff(size_t layer, Index head) const;
  // The switched-off (layer, head) pairs, by layer, then head.
  std::vector<std::pair<size_t, Index>> off() const;
  bool empty() const { return off().empty(); }
};

// "L.H[,L.H...]" -> those heads off, for a model of `layers` layers of `heads` heads. InputError naming the piece
// that is wrong and what was expected ("layer.head, both from 0, e.g. 0.1,1.0", or the model's range).
HeadSwitches parseHeadSwitches(const std::string& spec, size_t layers, Index heads);
// The reverse: "0.1,1.0" ("" when no head is off).
std::string toString(const HeadSwitches& switches);

}  // namespace al
