#include "core/data/long_range_corpus.h"

#include "core/random.h"

namespace al {

namespace {

constexpr const char* kNames[] = {"anna", "boris", "chen", "dora", "emil",  "fatima", "goran", "hana",
                                  "ivan", "jun",   "kato", "lena", "marco", "nadia",  "omar",  "petra",
                                  "rosa", "sven",  "tara", "ugo",  "vera",  "wei",    "yuki",  "zoe"};

// Sentences of 27 to 40 characters that say nothing about the name or the number.
constexpr const char* kFillers[] = {
    "the rain kept falling on the old roof.", "a cat slept by the warm stove.",
    "the bus was late again that morning.",   "we talked about the long winter.",
    "the market was full of red apples.",     "someone sang a song in the hall.",
    "the river ran fast after the storm.",    "the lights went out for a minute.",
    "a boy kicked a ball down the road.",     "the tea went cold on the table.",
    "birds sat on the wire in a row.",        "the shop closed early on sunday."};

template <size_t N>
const char* pick(const char* const (&list)[N], Rng& rng) {
  return list[rng.below(N)];
}

LongRangeDocument document(Rng& rng) {
  const std::string name = pick(kNames, rng);
  std::string number;
  for (int d = 0; d < 4; ++d) number += static_cast<char>('0' + rng.below(10));
  LongRangeDocument doc;
  doc.text = name + " left the key in box " + number + ".";
  const size_t firstNumber = doc.text.size() - 1 - number.size();
  // one or two fillers: the number is repeated 65 to 115 characters after its first mention, the name 67 to 117:
  // always more than a segment of 32, always within a memory of 128
  const uint64_t fillers = 1 + rng.below(2);
  for (uint64_t f = 0; f < fillers; ++f) doc.text += std::string(" ") + pick(kFillers, rng);
  doc.text += " later ";
  doc.dependent.emplace_back(doc.text.size(), doc.text.size() + 1);
  doc.nameRest = {doc.text.size() + 1, doc.text.size() + name.size()};
  doc.text += name + " came back for box ";
  doc.dependent.emplace_back(doc.text.size(), doc.text.size() + number.size());
  doc.distance = doc.text.size() - firstNumber;
  // and once more, a few characters on: a copy that a window of 32 sees too. It is no dependent token, but it
  // lets a model learn to copy (find the earlier "box ", read what followed) inside one segment, where the gradient
  // reaches every layer; copying from the memory then reuses what it learned.
  doc.text += number + ", but box " + number + " was empty.";
  return doc;
}

}  // namespace

LongRangeCorpus generateLongRangeCorpus(uint64_t seed, size_t trainDocuments, size_t testDocuments) {
  LongRangeCorpus corpus;
  Rng train = Rng::derive(seed, 0x10c9), test = Rng::derive(seed, 0x7e57);
  for (size_t i = 0; i < trainDocuments; ++i) corpus.train.push_back(document(train));
  for (size_t i = 0; i < testDocuments; ++i) corpus.test.push_back(document(test));
  return corpus;
}

LongRangeCorpus builtinLongRangeCorpus(uint64_t seed) { return generateLongRangeCorpus(seed, 2000, 200); }

TextCorpus loadLongRangeCorpus(uint64_t seed) {
  const LongRangeCorpus documents = builtinLongRangeCorpus(seed);
  TextCorpus corpus;
  corpus.name = kLongRangeSource;
  for (const LongRangeDocument& d : documents.train) corpus.train.push_back(d.text);
  for (const LongRangeDocument& d : documents.test) corpus.test.push_back(d.text);
  return corpus;
}

}  // namespace al
