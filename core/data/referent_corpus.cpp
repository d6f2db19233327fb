#include "core/data/referent_corpus.h"

#include <array>
#include <utility>

#include "core/random.h"

namespace al {

namespace {

// Objects: the property of object i is that of class i % 4; "half" i / 4. Places: class j / 2, half j % 2. A pair
// of an object and a place is trained on when their halves differ and held out for the test when they are equal;
// so every noun meets one noun of each class of the other role in training, and one in the test, and neither
// split lets the distractor hint at the decisive word.
constexpr std::array<ReferentNoun, 8> kObjects = {{{"书包", "沉"}, {"猫咪", "饿"}, {"雨伞", "湿"}, {"手表", "贵"},
                                                   {"箱子", "沉"}, {"鹦鹉", "饿"}, {"毛巾", "湿"}, {"电脑", "贵"}}};
constexpr std::array<ReferentNoun, 8> kPlaces = {{{"教室", "空"}, {"仓库", "空"}, {"食堂", "吵"}, {"车站", "吵"},
                                                  {"走廊", "冷"}, {"阳台", "冷"}, {"客厅", "亮"}, {"操场", "亮"}}};
constexpr std::array<const char*, 8> kNames = {"小明", "小红", "小刚", "小丽", "阿强", "阿美", "老李", "老王"};

// A sentence frame: the words around the person (N), the object (O) and the place (P), and which noun 它 is.
struct Frame {
  const char* before;  // after the person's name, before the first noun
  const char* between;  // between the two nouns, after which "，它很" follows the second
  bool objectFirst;
  bool referentIsObject;
};
constexpr std::array<Frame, 8> kFrames = {{
    {"把", "忘在", true, true},          // 小明把书包忘在教室
    {"把", "放在", true, true},          // 小明把书包放在教室
    {"在", "找到了", false, true},       // 小明在教室找到了书包
    {"在", "捡到了", false, true},       // 小明在教室捡到了书包
    {"带着", "来到", true, false},       // 小明带着书包来到教室
    {"抱着", "进了", true, false},       // 小明抱着书包进了教室
    {"一进", "就放下了", false, false},  // 小明一进教室就放下了书包
    {"离开", "时拿着", false, false},    // 小明离开教室时拿着书包
}};

bool heldOut(size_t object, size_t place) { return object / 4 == place % 2; }

ReferentSentence sentence(const Frame& f, const char* name, const ReferentNoun& object, const ReferentNoun& place) {
  const ReferentNoun& first = f.objectFirst ? object : place;
  const ReferentNoun& second = f.objectFirst ? place : object;
  const ReferentNoun& referent = f.referentIsObject ? object : place;
  const ReferentNoun& distractor = f.referentIsObject ? place : object;
  ReferentSentence s;
  s.text = std::string(name) + f.before + first.word + f.between + second.word + "，" + kReferentCue;
  s.decisive = s.text.size();
  s.text += std::string(referent.property) + "。";
  s.referent = referent.word, s.distractor = distractor.word, s.property = referent.property;
  s.referentIsObject = f.referentIsObject, s.objectFirst = f.objectFirst;
  return s;
}

}  // namespace

std::span<const ReferentNoun> referentObjects() { return kObjects; }
std::span<const ReferentNoun> referentPlaces() { return kPlaces; }

ReferentCorpus builtinReferentCorpus() {
  ReferentCorpus corpus;
  size_t turn = 0;  // the names take turns in the test
  for (const Frame& f : kFrames)
    for (size_t o = 0; o < kObjects.size(); ++o)
      for (size_t p = 0; p < kPlaces.size(); ++p) {
        if (heldOut(o, p)) {
          corpus.test.push_back(sentence(f, kNames[turn++ % kNames.size()], kObjects[o], kPlaces[p]));
          continue;
        }
        for (const char* name : kNames) corpus.train.push_back(sentence(f, name, kObjects[o], kPlaces[p]));
      }
  return corpus;
}

TextCorpus loadReferentCorpus(uint64_t seed) {
  const ReferentCorpus sentences = builtinReferentCorpus();
  TextCorpus corpus;
  corpus.name = kReferentSource;
  for (const ReferentSentence& s : sentences.train) corpus.train.push_back(s.text);
  // Shuffled: the run cuts one stream of the documents into windows and validates on its last ones, which in the
  // generated order would all be of the last frame.
  Rng rng = Rng::derive(seed, 0x12ef);
  for (size_t i = corpus.train.size(); i > 1; --i) std::swap(corpus.train[i - 1], corpus.train[rng.below(i)]);
  for (const ReferentSentence& s : sentences.test) corpus.test.push_back(s.text);
  return corpus;
}

}  // namespace al
