// train chatbot, ask, eval and bench of chatbot models (cli.md).
#include <oneapi/tbb/task_arena.h>

#include <cmath>
#include <iomanip>
#include <iostream>
#include <thread>

#include "app/cli/cli_support.h"
#include "app/cli/commands.h"
#include "app/cli/step_timer.h"
#include "core/error.h"
#include "core/inference/any_model.h"
#include "core/inference/chatbot_inference.h"
#include "core/inference/seq2seq_transformer_inference.h"
#include "core/io/json_fields.h"
#include "core/text/seq2seq_text.h"
#include "core/train/allocator.h"
#include "core/train/chatbot_task.h"

namespace al::cli {

namespace {

// The preset, then every option the user gave.
ChatbotRunSettings chatbotSettings(const TrainOptions& o) {
  return chatbotRequestSettings(runRequest(o));
}


// The answer and, for every word written, where the model looked (the alignment), as a table.
void printAnswer(const std::string& answer, const std::vector<std::string>& sourceTokens, const std::vector<int>& sourceIds,
                 const std::vector<std::string>& outputTokens, const Matrix& attention, const char* alignmentName) {
  std::cout << (answer.empty() ? "(no words: the model answered with <end> at once)" : answer) << "\n";
  std::cout << "\n" << alignmentName << " (rows: words written; columns: the question as read";
  std::cout << ", [UNK] = unknown word):\n";
  std::cout << std::setw(12) << "";
  for (size_t j = 0; j < sourceTokens.size(); ++j)
    std::cout << " " << std::setw(8) << (sourceIds[j] == Vocabulary::kUnknownId ? "[UNK]" : sourceTokens[j].substr(0, 8));
  std::cout << "\n";
  for (Index k = 0; k < attention.rows(); ++k) {
    std::cout << std::setw(12) << outputTokens[static_cast<size_t>(k)].substr(0, 12);
    for (Index j = 0; j < attention.cols(); ++j)
      std::cout << " " << std::setw(8) << std::fixed << std::setprecision(2) << attention(k, j);
    std::cout << "\n";
  }
}

// The benchmark's vocabulary size on both sides: about that of the real dialogs (2,294 and 2,348 words).
constexpr Index kBenchVocabularySize = 2400;

}  // namespace

int trainChatbot(const TrainOptions& o) {
  return guarded([&] {
    const std::string out = o.out.empty() ? defaultOutputDirectory("chatbot") : o.out;
    if (o.values.value("dropout", 0.0) > 0 && o.values.value("architecture", std::string("gru")) == "gru")
      std::cerr << "Note: --dropout does not apply to the GRU chatbot (it has no dropout).\n";
    ConsoleProgress progress(o.log);
    std::cerr << "Reading " << o.data << " ...\n";
    std::unique_ptr<ChatbotRun> run = ChatbotRun::prepare(chatbotSettings(o));
    const Seq2SeqModel& c = run->seq2seqModel();
    std::cerr << "Pairs: " << run->taskData().split().train.size() << " training, "
              << run->taskData().split().validation.size() << " validation (the last block of the file)";
    if (run->skippedPairs()) std::cerr << ", " << run->skippedPairs() << " skipped (longer than " << c.maxSourceLength() << " tokens)";
    std::cerr << ". Vocabulary: " << c.sourceVocabSize() << " source, " << c.targetVocabSize() << " target tokens.\n";
    const auto [result, test] = trainAndSave(*run, out, progress, o);
    const double exact = run->exactMatchTest();
    progress.log({{"event", "done"}, {"test_loss", test.loss()}, {"test_accuracy", test.accuracy()}, {"test_exact_match", exact}});
    std::cerr << "Saved " << out << " (epoch " << result.bestEpoch << ").";
    if (!result.history.empty()) {
      const EpochEvent& best = result.history[static_cast<size_t>(result.bestEpoch - 1)];
      std::cerr << " Train loss " << std::setprecision(4) << best.loss;
      if (std::isfinite(best.valLoss)) std::cerr << ", validation loss " << best.valLoss;
      std::cerr << ".";
    }
    std::cerr << "\n" << (run->testIsHeldOut() ? "Test part" : "All pairs, the training pairs included") << ": token accuracy "
              << std::setprecision(4) << test.accuracy() << ", loss " << test.loss() << ", answers exactly right "
              << std::setprecision(1) << std::fixed << 100.0 * exact << "%\n";
    return int{kDone};
  });
}

namespace {

int askTransformer(const Seq2SeqTransformerModel& loaded, const PredictOptions& o) {
  const Seq2SeqTransformerReply reply = askSeq2seqTransformer(*loaded.model, loaded.source, loaded.target, o.text);
  if (reply.truncated)
    std::cerr << "Note: the question was cut to its first " << loaded.model->config().maxSourceLength
              << " tokens (max_source_length).\n";
  if (o.json) {
    const nlohmann::json out = {{"answer", reply.answer},
                                {"source_tokens", reply.sourceTokens},
                                {"output_tokens", reply.outputTokens},
                                {"attention", matrixJson(reply.attention)},
                                {"cross_attention", attentionJson(reply.decoding.crossAttention)},
                                {"decoder_attention", attentionJson(reply.decoding.decoderAttention)},
                                {"encoder_attention", attentionJson(reply.decoding.encoderAttention)}};
    std::cout << out.dump() << "\n";
    return int{kDone};
  }
  printAnswer(reply.answer, reply.sourceTokens, reply.sourceIds, reply.outputTokens, reply.attention,
              "alignment: cross-attention of the last layer, mean of its heads");
  return int{kDone};
}

int askChatbot(const ChatbotModel& loaded, const PredictOptions& o) {
  const ChatbotReply reply = al::askChatbot(*loaded.model, loaded.source, loaded.target, o.text);
  if (reply.truncated)
    std::cerr << "Note: the question was cut to its first " << loaded.model->config().maxSourceLength
              << " tokens (max_source_length).\n";
  if (o.json) {
    const nlohmann::json out = {{"answer", reply.answer}, {"source_tokens", reply.sourceTokens},
                                {"output_tokens", reply.outputTokens}, {"attention", matrixJson(reply.attention)}};
    std::cout << out.dump() << "\n";
    return int{kDone};
  }
  printAnswer(reply.answer, reply.sourceTokens, reply.sourceIds, reply.outputTokens, reply.attention, "alignment");
  return int{kDone};
}

}  // namespace

int askModel(const AnyModel& model, const PredictOptions& o) {
  if (const auto transformer = model.as<Seq2SeqTransformerModel>()) return askTransformer(*transformer, o);
  return askChatbot(*model.as<ChatbotModel>(), o);
}

int benchChatbot(const BenchOptions& o) {
  return guarded([&] {
    const std::string preset = o.preset.empty() ? "book" : o.preset;
    ChatbotRunSettings s = chatbotPreset(preset, o.architecture);
    const int threads = workerThreads(o.threads);
    // Vocabularies the size of the real dialogs' (about 2,300 words a side), full-length sentences of random
    // ids: the cost of a step does not depend on which words they are.
    std::unique_ptr<Seq2SeqModel> built;
    if (o.architecture == "transformer") {
      Seq2SeqTransformerConfig c = s.transformer;
      c.sourceVocabSize = c.targetVocabSize = kBenchVocabularySize;
      auto transformer = std::make_unique<Seq2SeqTransformer>(c);
      transformer->initialize(s.training.seed);
      built = std::move(transformer);
    } else {
      Seq2SeqConfig c = s.model;
      c.sourceVocabSize = c.targetVocabSize = kBenchVocabularySize;
      auto gru = std::make_unique<Seq2SeqAttention>(c);
      gru->initialize(s.training.seed);
      built = std::move(gru);
    }
    Seq2SeqModel& model = *built;
    const auto B = static_cast<size_t>(s.training.batchSize);
    const auto T = static_cast<size_t>(s.maxLength);
    std::vector<Seq2SeqExample> samples(B);
    Rng rng(1);
    auto sentence = [&] {
      std::vector<int> ids = {2};
      while (ids.size() + 1 < T) ids.push_back(4 + static_cast<int>(rng.below(static_cast<uint64_t>(kBenchVocabularySize - 4))));
      ids.push_back(3);
      return ids;
    };
    for (Seq2SeqExample& e : samples) e = {sentence(), sentence()};
    std::vector<const Seq2SeqExample*> batch;
    for (const Seq2SeqExample& e : samples) batch.push_back(&e);
    auto optimizer = makeOptimizer(s.training.optimizer);
    Gradients grads(model.parameters());
    std::vector<Gradients> buffers;
    keepFreedMemoryForReuse();  // as every training run does: time steps as training runs them
    tbb::task_arena arena(threads);
    long step = 0;
    auto runStep = [&] {  // all of it in the arena, as training runs (zeroing and the update use its threads)
      arena.execute([&] {
        grads.setZero();
        const BatchStats stats = ChatbotTask::run(model, batch, &grads, buffers, static_cast<uint64_t>(step));
        grads.scale(static_cast<float>(1.0 / stats.lossCount));
        optimizer->update(model.parameters(), grads, ++step);
      });
    };
    const double seconds = timeSteps(runStep, o.steps);
    const double msPerStep = 1000.0 * seconds / o.steps;
    const double samplesPerSecond = static_cast<double>(B) * o.steps / seconds;
    const double gflops = model.trainingFlops(static_cast<Index>(T), static_cast<Index>(T)) * static_cast<double>(B) *
                          o.steps / seconds / 1e9;
    const std::string task = o.architecture == "transformer" ? "chatbot-transformer" : "chatbot";
    const nlohmann::json out = {{"task", task}, {"preset", preset}, {"batch_size", B}, {"sequence_length", T},
                                {"threads", threads}, {"ms_per_step", msPerStep}, {"samples_per_s", samplesPerSecond},
                                {"gflops", gflops}};
    if (o.json) {
      std::cout << out.dump() << "\n";
    } else {
      std::cout << std::fixed << std::setprecision(1) << task << " " << preset << ": batch " << B << " pairs of " << T
                << " + " << T << " tokens, vocabularies of " << kBenchVocabularySize << ", " << threads
                << " threads: " << msPerStep << " ms per step, " << samplesPerSecond << " samples/s, " << gflops
                << " GFLOP/s\n";
    }
    return int{kDone};
  });
}

}  // namespace al::cli
