#pragma once
// Which layers' attention maps a pretrained model's forward pass keeps. A map is H x T x T floats per layer:
// for a 512-token text in BERT base that is 12 MB a layer, 150 MB for all 12. The default keeps every layer
// (what `inspect` and the attention views show); a caller that draws one layer at a time, or needs only the
// logits (fill, generate), asks for less. Maps not kept are never copied out; while a layer runs its own
// H x T x T weights exist anyway, once.
//
// Use: model.forward(ids, segments, {.attention = AttentionCapture::onlyLayer(3)})
namespace al::pretrained {

struct AttentionCapture {
  enum class Mode { All, None, OneLayer };
  Mode mode = Mode::All;
  int layer = 0;  // with OneLayer

  static AttentionCapture all() { return {}; }
  static AttentionCapture none() { return {Mode::None, 0}; }
  static AttentionCapture onlyLayer(int layer) { return {Mode::OneLayer, layer}; }
  bool keeps(int l) const { return mode == Mode::All || (mode == Mode::OneLayer && l == layer); }
};

}  // namespace al::pretrained
