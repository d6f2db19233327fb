#pragma once
// A toy set of six reviews that a BERT head can separate, alternately negative (0) and positive (1), for the tests
// that train or read a sentiment head on the golden tiny BERT: as texts, as a TSV file, as labelled texts.
#include <QTemporaryDir>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/data/labeled_text.h"

namespace al::test {

inline const std::vector<std::string> kToyReviews = {
    "the cat sat on the mat and was happy .", "the dog ran away , it was bad !", "they played in the house",
    "she was sad", "a big dog jumped , then slept in the small house and was good .", "he ran"};

inline float toyLabel(size_t review) { return static_cast<float>(review % 2); }

// The reviews as a TSV of label<TAB>text lines in dir, the file the IMDB runs read.
inline std::filesystem::path writeToyReviews(const QTemporaryDir& dir) {
  const std::filesystem::path file = std::filesystem::path(dir.path().toStdString()) / "reviews.tsv";
  std::ofstream out(file);
  for (size_t i = 0; i < kToyReviews.size(); ++i) out << (i % 2) << "\t" << kToyReviews[i] << "\n";
  return file;
}

inline std::vector<LabeledText> labelledToyReviews() {
  std::vector<LabeledText> texts;
  for (size_t i = 0; i < kToyReviews.size(); ++i)
    texts.push_back({kToyReviews[i], toyLabel(i), "review " + std::to_string(i)});
  return texts;
}

}  // namespace al::test
