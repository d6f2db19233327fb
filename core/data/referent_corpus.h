#pragma once
// A built-in Chinese text in which a head must find what 它 refers to (--data referent-zh of `train lm`): the
// texts' own example, 小明把书包忘在教室，它很沉。, made learnable. Every sentence names a person, an object and a
// place, and ends "，它很X。":
//
//   小明把书包忘在教室，它很沉。      it = the object (the verb 忘在 says so); 书包 -> 沉, 教室 is the distractor
//   阿美带着猫咪来到车站，它很吵。    it = the place (带着 … 来到);            车站 -> 吵, 猫咪 is the distractor
//
// The decisive word X is the property of the noun 它 refers to: objects 沉 (书包, 箱子), 饿 (猫咪, 鹦鹉), 湿 (雨伞,
// 毛巾), 贵 (手表, 电脑); places 空 (教室, 仓库), 吵 (食堂, 车站), 冷 (走廊, 阳台), 亮 (客厅, 操场). The verb frame
// says which noun 它 refers to, and each role comes in both orders (object first: 把…忘在; place first: 在…找到了).
// The other noun is a distractor whose own property is always another word. Everything but the referent is
// balanced: with the referent unknown, each of its role's 4 words is equally likely (1 in 4; 1 in 8 with the role
// unknown too), so a model that predicts X well has learned to read the referent; in a chars model that is the
// query at 很 (the token before X) looking back at the referent's characters.
//
// The training sentences are every frame x name x (object, place) pair of half the pairs; the test sentences use
// the other half, pairs never seen in training (each once per frame, the names taking turns): a model right on
// them reads the referent rather than remembering pairs. The seed sentence is one of them. The same for any seed.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/data/text_corpus.h"

namespace al {

inline constexpr const char* kReferentSource = "referent-zh";
// The texts' sentence; a test sentence (its pair is never trained on). Its decisive word 沉 follows 很.
inline constexpr const char* kReferentSeedSentence = "小明把书包忘在教室，它很沉。";

struct ReferentNoun {
  const char* word;
  const char* property;  // the decisive word when 它 refers to it
};

struct ReferentSentence {
  std::string text;
  std::string referent, distractor;  // the two nouns: what 它 refers to, and the other one
  std::string property;              // the decisive word, the referent's property
  bool referentIsObject = true;      // the frame's choice: the object or the place
  bool objectFirst = true;           // the order of the two nouns in the sentence
  size_t decisive = 0;               // the byte offset of the decisive word in text
};

struct ReferentCorpus {
  std::vector<ReferentSentence> train, test;
};

// The nouns (objects, then places) with their property words: each word belongs to exactly two nouns.
std::span<const ReferentNoun> referentObjects();
std::span<const ReferentNoun> referentPlaces();
// The text after which the decisive word comes in every sentence: "它很".
inline constexpr const char* kReferentCue = "它很";

// 2048 training sentences and 256 test sentences, in a fixed order (the training run shuffles them).
ReferentCorpus builtinReferentCorpus();
// Its texts, as loadTextCorpus gives them: the training sentences in an order drawn from the seed (the same
// sentences for every seed), the test sentences as generated.
TextCorpus loadReferentCorpus(uint64_t seed);

}  // namespace al
