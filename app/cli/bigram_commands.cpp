// train bigram, and predict / eval of bag-of-bigrams models.
#include <iostream>

#include "app/cli/commands.h"

namespace al::cli {

int trainBigram(const TrainOptions&) { std::cerr << "attentionlab-cli: bigram training is not available in this build yet\n"; return kFailed; }
int predictBigram(const PredictOptions&) { std::cerr << "attentionlab-cli: bigram models are not available in this build yet\n"; return kFailed; }
int evalBigram(const EvalOptions&) { std::cerr << "attentionlab-cli: bigram models are not available in this build yet\n"; return kFailed; }

}  // namespace al::cli
