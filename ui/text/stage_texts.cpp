#include "ui/text/stage_texts.h"

#include <QCoreApplication>
#include <map>

#include "core/train/run.h"

namespace al::ui {

namespace {

class StageTexts {
  Q_DECLARE_TR_FUNCTIONS(StageTexts)

 public:
  static std::map<QString, QString> all() {
    return {
        {stage::kReadingData, tr("Reading the data")},
        {stage::kReadingPretrainedEncoder, tr("Reading the pre-trained encoder")},
        {stage::kBuildingVocabulary, tr("Building the vocabulary")},
        {stage::kCountingBigrams, tr("Counting unigrams and bigrams")},
        {stage::kEncodingReviews, tr("Encoding the reviews")},
        {stage::kComputingFeatures, tr("BERT reads every review once")},
        {stage::kPreparingPairs, tr("Preparing the pairs")},
        {stage::kEncodingPairs, tr("Encoding the pairs")},
        {stage::kReady, tr("Ready")},
    };
  }
};

}  // namespace

QString stageText(const QString& stageKey) {
  const std::map<QString, QString> texts = StageTexts::all();
  const auto found = texts.find(stageKey);
  return found == texts.end() ? stageKey : found->second;
}

}  // namespace al::ui
