// `inspect` shows the logit lens of the language models (core/teaching/logit_lens.h), run through the real
// attentionlab-cli on the golden folders: in --json a "logit_lens" of L+1 rows whose last row is the model's own
// prediction (GPT-2 and the language model against their references' logits), none for a classifier, and a text
// form without --json.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "tests/cli/cli_fixtures.h"

using namespace al::test;
using nlohmann::json;

namespace {

// "logit_lens" of an inspect output: layers + 1 rows of one cell per token, each cell sorted best first and
// summing to at most 1.
void requireLensShape(const json& out) {
  QVERIFY2(out.contains("logit_lens"), "inspect --json has no logit_lens");
  const json& lens = out["logit_lens"];
  QCOMPARE(lens["top"].size(), out["layers"].get<size_t>() + 1);
  for (const json& row : lens["top"]) {
    QCOMPARE(row.size(), lens["tokens"].size());
    for (const json& cell : row) {
      QVERIFY(!cell.empty());
      double sum = 0, previous = 1;
      for (const json& guess : cell) {
        const double p = guess["probability"].get<double>();
        QVERIFY(p <= previous);
        QVERIFY(guess["token"].is_string() && guess["id"].is_number_integer());
        previous = p;
        sum += p;
      }
      QVERIFY(sum <= 1 + 1e-5);
    }
  }
}

}  // namespace

class TestCliLogitLens : public QObject {
  Q_OBJECT

 private slots:
  void gpt2LensEndsInTheReferencePrediction() {
    const json expected = readJson(golden("gpt2-tiny/expected.json"));
    const json out = runJson({"inspect", "--model", golden("gpt2-tiny"), "--json", "the cat sat on the"});
    requireLensShape(out);
    QCOMPARE(out["logit_lens"]["tokens"], expected["tokens"]);
    const json& last = out["logit_lens"]["top"].back();
    for (size_t t = 0; t < last.size(); ++t) {  // the best guess: the reference's argmax and its softmax
      const std::vector<double> logits = expected["logits"][t].get<std::vector<double>>();
      const auto best = std::max_element(logits.begin(), logits.end());
      double sum = 0;
      for (double z : logits) sum += std::exp(z - *best);
      QCOMPARE(last[t][0]["id"].get<long>(), static_cast<long>(best - logits.begin()));
      QVERIFY(std::abs(last[t][0]["probability"].get<double>() - 1 / sum) < 1e-4);
    }
  }

  void causalLmLensEndsInTheReferencePrediction() {
    const QString dir = golden("causal-lm/learned-2layers-2heads");
    const json expected = readJson(dir + "/expected.json");
    const json out = runJson({"inspect", "--model", dir, "--json", QString::fromStdString(expected["text"].get<std::string>())});
    requireLensShape(out);
    QCOMPARE(out["logit_lens"]["tokens"].size(), expected["window"].size());  // the last sequence_length tokens
    const json& last = out["logit_lens"]["top"].back();
    for (size_t t = 0; t < last.size(); ++t) {
      const std::vector<double> logits = expected["logits"][t].get<std::vector<double>>();
      QCOMPARE(last[t][0]["id"].get<long>(), static_cast<long>(std::max_element(logits.begin(), logits.end()) - logits.begin()));
    }
  }

  void bertAndMaskedLmHaveALensClassifiersNone() {
    requireLensShape(runJson({"inspect", "--model", golden("bert-tiny"), "--json", "the cat sat on the [MASK]."}));
    requireLensShape(runJson({"inspect", "--model", golden("masked-lm/learned-layer"), "--json", "the movie was good"}));
    const json imdb = runJson({"inspect", "--model", golden("imdb/learned-layer"), "--json", "the movie was good"});
    QVERIFY(!imdb.contains("logit_lens"));
  }

  void textFormShowsEachLayersBestGuess() {
    const QStringList args = {"inspect", "--model", golden("gpt2-tiny"), "the cat sat on the"};
    const CliRun run = runCli(args);
    QVERIFY2(run.exitCode == 0, qPrintable(al::test::describe(run, args)));
    const QString text = QString::fromUtf8(run.out);
    QVERIFY(text.contains("logit lens"));
    QVERIFY(text.contains("embeddings:"));
    QVERIFY(text.contains("layer 2:"));  // gpt2-tiny has 2 layers
  }
};

QTEST_APPLESS_MAIN(TestCliLogitLens)
#include "test_cli_logit_lens.moc"
