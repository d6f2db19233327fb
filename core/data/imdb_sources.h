#pragma once
// Sentiment data sources for the IMDB tasks (the Transformer classifier and the bag-of-bigrams baseline).
//
// A source is named by one string, as on the command line (--data SRC):
//   "builtin"            the project's generated review corpus (builtin_reviews.h), with its own test split
//   an aclImdb folder    train/{pos,neg}/*.txt and test/{pos,neg}/*.txt, or the folder that holds aclImdb/
//   an archive *.tar.gz  the same layout (aclImdb_v1.tar.gz as downloaded), read as a stream, never unpacked;
//                        other entries (README, imdb.vocab) are skipped, and so is train/unsup/ unless asked for
//   a CSV file           header `review,sentiment`, sentiment `positive` or `negative`, RFC 4180 quoting
//   a TSV file           lines `label<TAB>text`, label 0/1 or neg/pos
// A folder or an archive gives its own train/test split; a CSV or TSV is all training data.
// Folder and archive entries come in path order (neg before pos), so a source always loads the same way.
//
// Every problem with the input throws al::InputError naming the file, the line (CSV, TSV) or the entry
// (folder, archive) and what is wrong.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/data/labeled_text.h"
#include "core/text/tokenizer.h"

namespace al {

// Called now and then while loading; return false to cancel (loadImdbSource then throws
// al::RunError("cancelled")). done and total count files for a folder and bytes of the file for an archive,
// a CSV or a TSV; done == total at the end.
using LoadProgress = std::function<bool(size_t done, size_t total)>;

// seed only matters for "builtin". withUnlabeled: also read an aclImdb folder's or archive's train/unsup/*.txt
// (the 50,000 reviews without a label) into LabeledDataset::unlabeled, for tasks that need no label.
LabeledDataset loadImdbSource(const std::string& source, const LoadProgress& progress = {}, uint64_t seed = 1337,
                              bool withUnlabeled = false);

// What kind of model a data set calls for, by the rule of the source material (Chollet, Deep Learning with
// Python, 2nd ed., ch. 11): the ratio of the number of samples to the mean number of words per sample.
// Below 1500, a bag-of-bigrams model usually does better than a sequence model; above, a sequence model.
// The advice, as a key: the app and the command line word it in their own language.
enum class ModelAdvice {
  NoSamples,      // nothing to recommend a model for
  BagOfBigrams,   // ratio below kSequenceModelRatio: a bag-of-bigrams model usually does as well or better
  SequenceModel,  // ratio kSequenceModelRatio or more: a sequence model (the Transformer) usually wins
};

// What was measured on a generated corpus, whose reviews are built so that word order decides ("... but ..."):
// there the rule of thumb does not hold, and the card shows these test accuracies instead of its advice.
// Measured with the tiny preset, seed 1337 (README, Results): train imdb [--position none], train bigram.
struct MeasuredOnGeneratedData {
  double transformer = 0;         // learned position
  double transformerNoPosition = 0;
  double bagOfBigrams = 0;
};

struct DataCard {
  size_t samples = 0;
  // Words are runs of characters between white space ("<br />" counts as white space), or, for text that is
  // mostly Chinese, Japanese or Korean (written without spaces), the words of the icu_words tokenizer.
  double meanWords = 0;
  double ratio = 0;      // samples / meanWords
  ModelAdvice advice = ModelAdvice::NoSamples;
  // Set for a generated corpus ("builtin", "builtin:zh"): made so that word order matters, with these results.
  std::optional<MeasuredOnGeneratedData> generated;
  double cjkShare = 0;         // share of the letters that are Chinese, Japanese or Korean (ScriptCounts)
  bool mostlyCjk = false;      // more than half: keras would read each sentence as one unknown token
  TokenizerKind suggestedTokenizer = TokenizerKind::Keras;  // icu_words when mostlyCjk
};
inline constexpr double kSequenceModelRatio = 1500;

// source: the name the samples were loaded from (a generated corpus gets its measured results), or empty.
DataCard describe(const std::vector<LabeledText>& samples, const std::string& source = {});

}  // namespace al
