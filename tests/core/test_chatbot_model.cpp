// The seq2seq-attention model as a whole: its gradient, the grouping of sentences of different lengths, greedy
// decoding.
// oneTBB before Qt: Qt's `emit` macro breaks oneTBB's headers.
#include <oneapi/tbb/task_arena.h>

#include <QtTest>

#include <cmath>
#include <set>

#include "core/error.h"
#include "core/models/seq2seq_attention.h"
#include "core/train/chatbot_task.h"
#include "tests/core/seq2seq_checks.h"
#include "tests/tiny_chatbot.h"

using namespace al;
using al::test::pointers;
using al::test::tinyChatbotConfig;
using al::test::tinyChatbotPairs;

class TestChatbotModel : public QObject {
  Q_OBJECT
 private slots:
  void registersTheContractTensors() {
    Seq2SeqAttention model(tinyChatbotConfig());
    const ParameterSet& p = model.parameters();
    const std::vector<std::pair<std::string, std::vector<int64_t>>> expected = {
        {"encoder.embedding", {7, 3}},          {"encoder.gru.kernel", {3, 12}},
        {"encoder.gru.recurrent_kernel", {4, 12}}, {"encoder.gru.bias", {2, 12}},
        {"decoder.embedding", {6, 3}},          {"decoder.attention.W1.kernel", {4, 3}},
        {"decoder.attention.W1.bias", {3}},     {"decoder.attention.W2.kernel", {4, 3}},
        {"decoder.attention.W2.bias", {3}},     {"decoder.attention.V.kernel", {3, 1}},
        {"decoder.attention.V.bias", {1}},      {"decoder.gru.kernel", {7, 12}},
        {"decoder.gru.recurrent_kernel", {4, 12}}, {"decoder.gru.bias", {2, 12}},
        {"decoder.output.kernel", {4, 6}},      {"decoder.output.bias", {6}}};
    QCOMPARE(p.tensors().size(), expected.size());
    for (const auto& [name, shape] : expected) {
      const int slot = p.find(name);
      QVERIFY2(slot >= 0, name.c_str());
      QVERIFY2(p.info(slot).shape == shape, name.c_str());
    }
  }

  // Central differences on every parameter of a tiny model against the backward pass of the whole model.
  void wholeModelGradient() {
    Seq2SeqAttention model(tinyChatbotConfig());
    model.initialize(3);
    Rng rng(8);
    for (float& w : model.parameters().data()) w += rng.uniform(-0.2f, 0.2f);
    const auto data = tinyChatbotPairs();
    const auto group = pointers(data);
    Gradients grads(model.parameters());
    model.teacherForcing(group, &grads);
    al::FloatBuffer& w = model.parameters().data();
    double diff = 0, norm = 0;
    const float h = 1e-2f;
    for (size_t i = 0; i < w.size(); ++i) {
      const float saved = w[i];
      w[i] = saved + h;
      const double up = model.teacherForcing(group, nullptr).lossSum;
      w[i] = saved - h;
      const double down = model.teacherForcing(group, nullptr).lossSum;
      w[i] = saved;
      const double numeric = (up - down) / (2.0 * h);
      diff += (numeric - grads.data()[i]) * (numeric - grads.data()[i]);
      norm += numeric * numeric;
    }
    const double relative = std::sqrt(diff) / std::sqrt(norm);
    QVERIFY2(relative < 2e-3, qPrintable(QString("relative error %1").arg(relative)));
  }

  // A group gives the sum of its sentences taken one at a time: grouping changes speed, not results.
  void groupEqualsSumOfSingles() {
    Seq2SeqAttention model(tinyChatbotConfig());
    model.initialize(5);
    const auto data = tinyChatbotPairs();
    Gradients together(model.parameters()), alone(model.parameters());
    const Seq2SeqLoss all = model.teacherForcing(pointers(data), &together);
    double lossSum = 0;
    long tokens = 0;
    for (const auto& e : data) {
      const Seq2SeqExample* one[] = {&e};
      const Seq2SeqLoss l = model.teacherForcing(one, &alone);
      lossSum += l.lossSum;
      tokens += l.tokens;
    }
    QCOMPARE(all.tokens, 2L + 4L + 1L);
    QCOMPARE(tokens, all.tokens);
    QVERIFY(std::abs(all.lossSum - lossSum) < 1e-5);
    for (size_t i = 0; i < alone.data().size(); ++i) QVERIFY(std::abs(alone.data()[i] - together.data()[i]) < 1e-5f);
  }

  // Feeding the greedy answer back as the target, every teacher-forced prediction is the fed token, and the
  // alignments are distributions over the source.
  void greedyAgreesWithTeacherForcing() {
    Seq2SeqAttention model(tinyChatbotConfig());
    model.initialize(9);
    const std::vector<int> source = {2, 4, 1, 6, 3};
    const Seq2SeqAnswer answer = model.greedyDecode(source, 2, 3);
    QVERIFY(!answer.tokens.empty());
    QVERIFY(static_cast<Index>(answer.tokens.size()) <= 5);
    QCOMPARE(answer.attention.rows(), static_cast<Index>(answer.tokens.size()));
    QCOMPARE(answer.attention.cols(), Index(5));
    for (Index k = 0; k < answer.attention.rows(); ++k) QVERIFY(std::abs(answer.attention.row(k).sum() - 1.0f) < 1e-5f);
    Seq2SeqExample e{source, {2}};
    e.target.insert(e.target.end(), answer.tokens.begin(), answer.tokens.end());
    const Seq2SeqExample* one[] = {&e};
    const Seq2SeqLoss l = model.teacherForcing(one, nullptr);
    QCOMPARE(l.tokens, static_cast<long>(answer.tokens.size()));
    QCOMPARE(l.correct, l.tokens);
  }

  // Decoding a group together gives each sentence the answer and alignment it gets alone, also when the answers
  // end at different steps (a finished sentence leaves the group's rows).
  void aGroupDecodesAsEachSentenceAlone() {
    const std::vector<std::vector<int>> sources = {{2, 4, 1, 6, 3}, {2, 5, 3}, {2, 6, 6, 4, 1, 3}, {2, 3}, {2, 6, 5, 4, 3}};
    std::vector<const std::vector<int>*> group;
    for (const auto& s : sources) group.push_back(&s);
    // A random model whose answers end at different steps: the first seed and bias of <end> that give one.
    Seq2SeqAttention model(tinyChatbotConfig());
    std::set<size_t> answerLengths;
    for (int trial = 0; trial < 400 && answerLengths.size() < 2; ++trial) {
      model.initialize(uint64_t(1 + trial / 40));
      model.parameters().value(model.parameters().find("decoder.output.bias"))(0, 3) = 0.01f * float(trial % 40);
      answerLengths.clear();
      for (const auto& s : sources) answerLengths.insert(model.greedyDecode(s, 2, 3).tokens.size());
    }
    QVERIFY2(answerLengths.size() > 1, "no seed gives answers of different lengths");
    const std::vector<Seq2SeqAnswer> together = model.greedyDecodeMany(group, 2, 3);
    QCOMPARE(together.size(), sources.size());
    for (size_t i = 0; i < sources.size(); ++i) {
      const Seq2SeqAnswer alone = model.greedyDecode(sources[i], 2, 3);
      QCOMPARE(together[i].tokens, alone.tokens);
      QCOMPARE(together[i].attention.rows(), alone.attention.rows());
      QCOMPARE(together[i].attention.cols(), Index(sources[i].size()));
      QVERIFY((together[i].attention - alone.attention).cwiseAbs().maxCoeff() < 1e-5f);
    }
  }

  // A batch split over worker threads: the same bits on every run with the same thread count, and the same
  // gradient (up to the order of float additions) as one thread.
  void parallelBatchIsDeterministic() {
    Seq2SeqAttention model(tinyChatbotConfig());
    model.initialize(4);
    Rng rng(6);
    std::vector<Seq2SeqExample> data;
    for (int i = 0; i < 23; ++i) {
      Seq2SeqExample e{{2}, {2}};
      for (uint64_t k = 1 + rng.below(6); k > 0; --k) e.source.push_back(4 + static_cast<int>(rng.below(3)));
      for (uint64_t k = 1 + rng.below(4); k > 0; --k) e.target.push_back(4 + static_cast<int>(rng.below(2)));
      e.source.push_back(3);
      e.target.push_back(3);
      data.push_back(e);
    }
    const auto batch = pointers(data);
    auto gradient = [&](int threads) {
      Gradients g(model.parameters());
      std::vector<Gradients> buffers;
      tbb::task_arena arena(threads);
      arena.execute([&] { ChatbotTask::run(model, batch, &g, buffers); });
      return g.data();
    };
    const auto first = gradient(3), second = gradient(3), single = gradient(1);
    QVERIFY(first == second);
    double largest = 0;
    for (size_t i = 0; i < first.size(); ++i) {
      QVERIFY(std::abs(first[i] - single[i]) <= 1e-4f * (1.0f + std::abs(single[i])));
      largest = std::max(largest, double(std::abs(single[i])));
    }
    QVERIFY(largest > 0.1);  // a real gradient, not zeros
  }

  void rejectsIdsOutsideTheVocabulary() {
    Seq2SeqAttention model(tinyChatbotConfig());
    const std::vector<int> outside = {2, 7, 3}, empty;
    QVERIFY_THROWS_EXCEPTION(InputError, model.greedyDecode(outside, 2, 3));
    QVERIFY_THROWS_EXCEPTION(InputError, model.greedyDecode(empty, 2, 3));
  }
};

QTEST_APPLESS_MAIN(TestChatbotModel)
#include "test_chatbot_model.moc"
