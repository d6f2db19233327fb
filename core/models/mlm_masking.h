#pragma once
// BERT's masking rule (model-format.md, task "masked-lm"): which tokens of a training sequence the masked
// language model must guess, and what it sees in their place.
//
//   ids     the  acting was  great but the plot was dull          T = 9, mask_rate 0.15
//   chosen              ^^^                 ^^^^                  round(0.15 * 9) = 1 ... here 2 for show
//   input   the  acting [MASK] great but the plot tree dull       80 % [MASK], 10 % a random word, 10 % unchanged
//
// The model is asked for the original token at every chosen position, and only there. Replacing a few of them
// by a random word, or leaving them unchanged, keeps it from learning that only [MASK] positions matter.
#include <span>
#include <vector>

#include "core/random.h"

namespace al {

// The reserved ids of a masked-lm vocabulary: 0 padding (""), 1 "[UNK]", 2 "[MASK]"; ordinary tokens from 3.
inline constexpr int kMaskTokenId = 2;
inline constexpr int kFirstOrdinaryTokenId = 3;

enum class MaskAction {
  Mask,     // replaced by [MASK]        (80 %)
  Random,   // replaced by a random word (10 %)
  Keep,     // left as it was            (10 %)
};

struct MaskedPosition {
  int position = 0;     // 0..T-1
  int original = 0;     // the id the model must predict
  int shown = 0;        // the id the model sees there
  MaskAction action = MaskAction::Mask;
};

struct MaskedSequence {
  std::vector<int> input;               // T ids, the chosen positions replaced as `chosen` says
  std::vector<MaskedPosition> chosen;   // in position order
};

// Chooses round(maskRate * T) positions (at least 1, at most T) uniformly without repetition, then for each
// draws u in [0, 1): u < 0.8 -> [MASK], u < 0.9 -> a random id in [3, vocabularySize), else unchanged.
// vocabularySize counts the reserved ids; with no ordinary id (vocabularySize <= 3) a "random" pick becomes
// [MASK]. The same rng state gives the same result. ids must hold at least one token.
MaskedSequence maskTokens(std::span<const int> ids, double maskRate, int vocabularySize, Rng& rng);

}  // namespace al
