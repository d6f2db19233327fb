// train bigram, and predict / eval of bag-of-bigrams models.
#include <iomanip>
#include <iostream>

#include "app/cli/cli_support.h"
#include "app/cli/commands.h"
#include "core/error.h"
#include "core/train/bigram_run.h"

namespace al::cli {

namespace {

BigramRunSettings bigramSettings(const TrainOptions& o) {
  BigramRunSettings s = bigramPreset(o.preset.empty() ? "book" : o.preset);
  s.data = o.data;
  s.initDir = o.init;
  if (!o.tokenizer.empty()) s.tokenizer = parseTokenizer(o.tokenizer);
  applyTrainingOptions(o, s.training);
  if (o.dropout) s.model.dropout = static_cast<float>(*o.dropout);
  if (o.vocabSize) s.model.vocabSize = *o.vocabSize;
  if (!o.encoding.empty()) s.model.encoding = o.encoding == "tf_idf" ? BigramEncoding::TfIdf : BigramEncoding::MultiHot;
  return s;
}

}  // namespace

int trainBigram(const TrainOptions& o) {
  const std::string out = o.out.empty() ? defaultOutputDirectory("bigram") : o.out;
  ConsoleProgress progress(o.log);
  std::cerr << "Reading " << o.data << " ...\n";
  std::unique_ptr<BigramRun> run = BigramRun::prepare(bigramSettings(o));
  const TrainingResult result = trainAndSave(*run, out, progress);
  const BatchStats test = run->evaluateTest();
  progress.log({{"event", "done"}, {"test_loss", test.loss()}, {"test_accuracy", test.accuracy()}});
  std::cerr << "Saved " << out << " (epoch " << result.bestEpoch << "). Test accuracy " << std::fixed
            << std::setprecision(4) << test.accuracy() << ", loss " << test.loss() << "\n";
  return kDone;
}

int predictBigram(const PredictOptions& o) {
  BigramModel loaded = loadBigram(o.model);
  const std::vector<std::string> tokens = tokenize(loaded.model->config().tokenizer, TextTask::Classifier, o.text);
  if (tokens.empty()) throw InputError("the text has no words once punctuation is removed; type at least one word");
  const SparseSample sample = loaded.model->encode(tokens, loaded.vocabulary);
  const float p = loaded.model->predict(sample);
  const std::string label = p >= 0.5f ? "positive" : "negative";
  if (o.json) {
    std::vector<int> ids;
    for (const std::string& t : tokens) ids.push_back(loaded.vocabulary.id(t));
    std::cout << nlohmann::json{{"probability", p}, {"label", label}, {"tokens", tokens}, {"ids", ids}}.dump() << "\n";
  } else {
    std::cout << label << " (probability of positive: " << std::fixed << std::setprecision(4) << p << ")\n";
  }
  return kDone;
}

int evalBigram(const EvalOptions& o) {
  BigramRunSettings s;
  s.data = o.data.empty() ? "builtin" : o.data;
  s.initDir = o.model;
  s.model = loadBigram(o.model).model->config();
  std::unique_ptr<BigramRun> run = BigramRun::prepare(s);
  const BatchStats stats = run->evaluateTest();
  if (o.json) {
    std::cout << nlohmann::json{{"loss", stats.loss()}, {"accuracy", stats.accuracy()}, {"samples", static_cast<size_t>(stats.total)}}.dump() << "\n";
  } else {
    std::cout << "loss " << stats.loss() << ", accuracy " << stats.accuracy() << " on " << stats.total << " samples\n";
  }
  return kDone;
}

}  // namespace al::cli
