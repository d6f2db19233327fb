#pragma once
// Checks shared by the tests of both chatbot architectures (the GRU with additive attention and the
// encoder-decoder Transformer): what a batch needs, and answers to odd questions.
#include <QtTest>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "core/data/builtin_dialogs.h"  // translationCrossingExamples
#include "core/error.h"
#include "core/models/seq2seq_model.h"
#include "core/text/seq2seq_text.h"
#include "core/text/vectorizer.h"  // Vocabulary
#include "core/train/chatbot_task.h"

namespace al::test {

// The pointers a model's batchLoss reads, in the examples' order.
inline std::vector<const Seq2SeqExample*> pointers(const std::vector<Seq2SeqExample>& examples) {
  std::vector<const Seq2SeqExample*> p;
  for (const auto& x : examples) p.push_back(&x);
  return p;
}

// Trains a chatbot of `settings`' architecture on the built-in translation task (batches of 32, two threads) for
// `epochs` epochs at `learningRate`, into `run`, and checks that learning happened: the validation loss fell far
// below that of guessing among the target words.
inline void trainOnTranslation(ChatbotRunSettings settings, int epochs, float learningRate,
                               std::unique_ptr<ChatbotRun>& run) {
  settings.data = "builtin:translate";
  settings.training.epochs = epochs;
  settings.training.batchSize = 32;
  settings.training.optimizer.learningRate = learningRate;
  settings.threads = 2;
  run = ChatbotRun::prepare(settings);
  const TrainingResult result = run->train(nullptr, nullptr);
  QCOMPARE(result.epochsDone, epochs);
  QVERIFY(result.history.back().valLoss < 0.1 * std::log(double(run->targetVocabulary().size())));
}

// Questions made of unknown words, of no words and of `longWords` words all get an answer: `ask(question)`
// returns the reply of either architecture (sourceIds, sourceTokens, truncated, outputTokens). The long one is
// cut to the model's longest source and answered within its longest target. Returns the long question's reply,
// for checks of one architecture; a failed check ends the calling test (QTest::currentTestFailed()).
template <class Ask>
auto checkOddQuestionsGetAnAnswer(Ask ask, const Vocabulary& source, Index maxSourceLength, Index maxTargetLength,
                                  int longWords) {
  using Reply = decltype(ask(std::string()));
  [&] {
    const Reply unknown = ask("zorblax quux frobnicate");
    QCOMPARE(unknown.sourceIds, (std::vector<int>{source.id(kStartToken), 1, 1, 1, source.id(kEndToken)}));
    QVERIFY(!unknown.outputTokens.empty());
    // A question without words is refused as a review without words is (the CLI's exit 3), not answered.
    QVERIFY_THROWS_EXCEPTION(al::InputError, ask(""));
  }();
  std::string huge;
  for (int i = 0; i < longWords; ++i) huge += i % 2 ? "red " : "car ";
  const Reply longOne = ask(huge);
  [&] {
    QVERIFY(longOne.truncated);
    QCOMPARE(static_cast<Index>(longOne.sourceIds.size()), maxSourceLength);
    QCOMPARE(longOne.sourceTokens.back(), std::string(kEndToken));
    QVERIFY(!longOne.outputTokens.empty());
    QVERIFY(static_cast<Index>(longOne.outputTokens.size()) <= maxTargetLength);
  }();
  return longOne;
}

// "the ADJ NOUN" -> "el NOUN ADJ": with <start> at source position 0, the alignment of the Spanish noun (output
// step 1) must peak on the English noun (position 3), and that of the Spanish adjective (step 2) on the English
// adjective (position 2), for nine phrases in ten. `ask(english)` returns a reply with answer and attention.
template <class Ask>
void checkAlignmentCrosses(Ask ask) {
  int crossed = 0, total = 0;
  for (const CrossingExample& e : translationCrossingExamples()) {
    const auto r = ask(e.english);
    ++total;
    if (r.answer != e.spanish || r.attention.rows() < 3) continue;
    Index nounLooksAt = 0, adjectiveLooksAt = 0;
    r.attention.row(1).maxCoeff(&nounLooksAt);
    r.attention.row(2).maxCoeff(&adjectiveLooksAt);
    crossed += nounLooksAt == 3 && adjectiveLooksAt == 2;
  }
  QVERIFY2(crossed >= total * 9 / 10, qPrintable(QString("%1 of %2 phrases cross").arg(crossed).arg(total)));
}

}  // namespace al::test
