// Commands whose implementation has not landed yet.
#include <iostream>

#include "app/cli/commands.h"

namespace al::cli {

static int notYet(const char* what) {
  std::cerr << "attentionlab-cli: '" << what << "' is not available in this build yet\n";
  return kFailed;
}

int train(const TrainOptions&) { return notYet("train"); }
int eval(const EvalOptions&) { return notYet("eval"); }
int predict(const PredictOptions&) { return notYet("predict"); }
int ask(const PredictOptions&) { return notYet("ask"); }
int bench(const BenchOptions&) { return notYet("bench"); }

}  // namespace al::cli
