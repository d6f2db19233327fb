#pragma once
// A labeled text and a data set of them: what every sentiment data source (the built-in corpus, an IMDB
// folder or archive, a CSV or TSV file) produces, and what the tokenizer and the trainers consume.
#include <string>
#include <vector>

namespace al {

struct LabeledText {
  std::string text;    // UTF-8, as written in the source (no tokenization, "<br />" tags left in)
  float label = 0;     // 1 positive, 0 negative
  std::string origin;  // where it came from, for messages: "file" or "file:line" or "archive:entry"
};

struct LabeledDataset {
  std::vector<LabeledText> train, test;
  std::vector<LabeledText> unlabeled;  // an aclImdb folder's or archive's train/unsup reviews, when asked for
  bool hasTestSplit = false;  // false: everything is in train (a CSV or TSV); the trainer holds out its own
  std::string name;           // shown to people: "builtin", "aclImdb", the file name
};

}  // namespace al
