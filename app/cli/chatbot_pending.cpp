// Placeholder definitions until the chatbot commands land (weak: real definitions replace them).
#include <iostream>

#include "app/cli/commands.h"

namespace al::cli {

static int pending() { std::cerr << "attentionlab-cli: chatbot models are not available in this build yet\n"; return kFailed; }
__attribute__((weak)) int trainChatbot(const TrainOptions&) { return pending(); }
__attribute__((weak)) int evalChatbot(const EvalOptions&) { return pending(); }
__attribute__((weak)) int askChatbot(const PredictOptions&) { return pending(); }
__attribute__((weak)) int benchChatbot(const BenchOptions&) { return pending(); }

}  // namespace al::cli
