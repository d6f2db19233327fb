#include "core/models/mlm_masking.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/error.h"

namespace al {

MaskedSequence maskTokens(std::span<const int> ids, double maskRate, int vocabularySize, Rng& rng) {
  const size_t T = ids.size();
  if (T == 0) throw InputError(ErrorKind::EmptySentence, {}, "a sequence to mask must hold at least one token");
  const auto wanted = static_cast<size_t>(std::llround(maskRate * static_cast<double>(T)));
  const size_t count = std::clamp<size_t>(wanted, 1, T);

  // The first `count` entries of a partial Fisher-Yates shuffle are a uniform choice without repetition.
  std::vector<int> positions(T);
  std::iota(positions.begin(), positions.end(), 0);
  for (size_t i = 0; i < count; ++i) std::swap(positions[i], positions[i + rng.below(T - i)]);
  positions.resize(count);
  std::sort(positions.begin(), positions.end());

  MaskedSequence out;
  out.input.assign(ids.begin(), ids.end());
  const int ordinaryTokens = vocabularySize - kFirstOrdinaryTokenId;
  for (const int p : positions) {
    MaskedPosition m;
    m.position = p;
    m.original = ids[static_cast<size_t>(p)];
    const float u = rng.uniform();
    if (u < 0.8f || (u < 0.9f && ordinaryTokens <= 0)) {
      m.action = MaskAction::Mask;
      m.shown = kMaskTokenId;
    } else if (u < 0.9f) {
      m.action = MaskAction::Random;
      m.shown = kFirstOrdinaryTokenId + static_cast<int>(rng.below(static_cast<uint64_t>(ordinaryTokens)));
    } else {
      m.action = MaskAction::Keep;
      m.shown = m.original;
    }
    out.input[static_cast<size_t>(p)] = m.shown;
    out.chosen.push_back(m);
  }
  return out;
}

}  // namespace al
