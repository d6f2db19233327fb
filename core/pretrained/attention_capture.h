#pragma once
// Which layers' attention maps a pretrained model's forward pass keeps. A map is H x T x T floats per layer:
// for a 512-token text in BERT base that is 12 MB a layer, 150 MB for all 12. The default keeps every layer
// (what `inspect` and the attention views show); a caller that draws one layer at a time, or needs only the
// logits (fill, generate), asks for less. Maps not kept are never copied out; while a layer runs its own
// H x T x T weights exist anyway, once.
//
// Use: model.forward(ids, segments, {.attention = AttentionCapture::onlyLayer(3)})
#include <cstdint>
#include <string>

#include "core/error.h"
#include "core/io/limits.h"

namespace al::pretrained {

struct AttentionCapture {
  enum class Mode { All, None, OneLayer };
  Mode mode = Mode::All;
  int layer = 0;  // with OneLayer

  static AttentionCapture all() { return {}; }
  static AttentionCapture none() { return {Mode::None, 0}; }
  static AttentionCapture onlyLayer(int layer) { return {Mode::OneLayer, layer}; }
  bool keeps(int l) const { return mode == Mode::All || (mode == Mode::OneLayer && l == layer); }

  // al::InputError when the kept maps of T tokens would pass limits::kMaxWorkingBytes (all 12 x 12 layers and
  // heads of a 512-token BERT base: 150 MB, fine; a model with 8192 positions read whole: far more).
  void checkMemory(int64_t layers, int64_t heads, int64_t T) const {
    const uint64_t kept = mode == Mode::All ? static_cast<uint64_t>(layers) : mode == Mode::OneLayer ? 1 : 0;
    const uint64_t bytes = kept * static_cast<uint64_t>(heads) * static_cast<uint64_t>(T) * static_cast<uint64_t>(T) * sizeof(float);
    if (bytes > limits::kMaxWorkingBytes)
      throw InputError(ErrorKind::TooMuchMemory,
                       {.expected = limits::describeBytes(limits::kMaxWorkingBytes),
                        .found = limits::describeBytes(bytes)},
                       "the attention maps of " + std::to_string(T) + " tokens in " + std::to_string(kept) +
                       " layer(s) would take " + limits::describeBytes(bytes) + ", more than the " +
                       limits::describeBytes(limits::kMaxWorkingBytes) +
                       " AttentionLab sets aside; read a shorter text or look at one layer at a time");
  }
};

}  // namespace al::pretrained
