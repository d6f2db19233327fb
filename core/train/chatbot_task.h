#pragma once
// Training the chatbot, either architecture: the GRU with Bahdanau attention (task seq2seq-attention) or the
// encoder-decoder Transformer (task seq2seq-transformer). Its hyper-parameters, dialog pairs to ids, the
// TrainingTask that runs a batch in parallel; the settings and their presets are chatbot_presets.h. Loading, saving and asking are in core/inference/ (chatbot_inference.h for the GRU
// model, seq2seq_transformer_inference.h for the Transformer).
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/data/dialogs.h"
#include "core/inference/chatbot_inference.h"
#include "core/train/chatbot_presets.h"
#include "core/train/hyperparameters.h"
#include "core/models/seq2seq_transformer.h"
#include "core/train/run.h"

namespace al {

// The task's hyper-parameters (core/train/hyperparameters.h) and its entry of the schema.
const std::vector<SettingField<ChatbotRunSettings>>& chatbotFields();
TaskSchema chatbotSchema();
// A request's settings: the preset of its architecture (values["architecture"], default gru), then its values.
ChatbotRunSettings chatbotRequestSettings(const RunRequest& request);

// Dialog pairs as ids. Pairs with a side longer than maxLength tokens are skipped (counted in `skipped`).
struct EncodedDialogs {
  std::vector<Seq2SeqExample> examples;
  size_t skipped = 0;
};
EncodedDialogs encodeDialogs(const std::vector<DialogPair>& pairs, const Vocabulary& source, const Vocabulary& target,
                             TokenizerKind tokenizer, size_t maxLength);
// Both vocabularies from the words of these pairs (most frequent first), <start> and <end> included.
std::pair<Vocabulary, Vocabulary> buildChatbotVocabularies(const std::vector<DialogPair>& pairs, TokenizerKind tokenizer);

// The TrainingTask. Samples map to pairs so that the Trainer's held-out samples are one contiguous block of the
// data (splitContiguous of dialogs.h), whatever order the Trainer draws: the Trainer's splitSamples is computed
// here with the same arguments and its two parts are mapped onto the two blocks.
class ChatbotTask : public TrainingTask {
 public:
  ChatbotTask(Seq2SeqModel& model, std::vector<Seq2SeqExample> examples, const TrainingSettings& settings);

  ParameterSet& parameters() override { return model_.parameters(); }
  size_t trainingSamples() const override { return rows_.size(); }
  BatchStats trainBatch(std::span<const size_t> samples, Gradients& grads, uint64_t seed) override;
  BatchStats evaluate(std::span<const size_t> samples) override;
  size_t tokens(std::span<const size_t> samples) const override;

  // The pairs (indices into the examples) of the training and validation parts.
  const ContiguousSplit& split() const { return split_; }

  // Runs examples through the model in parallel chunks (one per thread of the current arena), adding the
  // gradient of the summed loss into grads when given (a training step, dropout from seed). Chunks' gradients
  // are added in chunk order, so a thread count gives the same bits every time.
  static BatchStats run(const Seq2SeqModel& model, const std::vector<const Seq2SeqExample*>& examples,
                        Gradients* grads, std::vector<Gradients>& chunkBuffers, uint64_t seed = 0);

 private:
  Seq2SeqModel& model_;
  std::vector<Seq2SeqExample> examples_;
  ContiguousSplit split_;
  std::vector<size_t> rows_;  // Trainer sample -> example
  std::vector<Gradients> chunkGrads_;
};

class ChatbotRun : public TrainingRun {
 public:
  // Loads the data, builds the vocabularies from the training part (or takes the --init model's), encodes the
  // pairs and creates the model. Throws InputError for bad data.
  static std::unique_ptr<ChatbotRun> prepare(const ChatbotRunSettings& settings, const ProgressFn& progress = {});

  std::string task() const override { return model_->task(); }
  nlohmann::json settings() const override;
  TrainingResult train(TrainingEvents* events, const TrainingControl* control) override;
  void save(const std::filesystem::path& dir) const override;
  AnyModel snapshot() const override;
  // The source's test part (builtin:translate) or, without one, every pair of the source.
  BatchStats evaluateTest() override;
  bool testIsHeldOut() const override { return testIsHeldOut_; }
  // Share of the test part (or of all pairs) whose greedy answer is exactly the expected answer.
  double exactMatchTest();

  // The model, whichever its architecture; gruModel() and transformerModel() throw RunError for the other one.
  const Seq2SeqModel& seq2seqModel() const { return *model_; }
  const Seq2SeqAttention& gruModel() const;
  const Seq2SeqTransformer& transformerModel() const;
  const std::string& architecture() const { return settings_.architecture; }
  const Vocabulary& sourceVocabulary() const { return source_; }
  const Vocabulary& targetVocabulary() const { return target_; }
  const std::vector<EpochEvent>& history() const { return history_; }
  size_t testPairs() const { return test_.size(); }
  size_t skippedPairs() const { return skipped_; }
  const ChatbotTask& taskData() const { return *task_; }

 private:
  ChatbotRun() = default;
  int threads() const;

  ChatbotRunSettings settings_;
  std::unique_ptr<Seq2SeqModel> model_;
  Vocabulary source_, target_;
  std::vector<Seq2SeqExample> train_, test_;
  bool testIsHeldOut_ = false;  // test_ is the source's test part, not all of its pairs
  size_t skipped_ = 0;
  std::unique_ptr<ChatbotTask> task_;
  std::vector<EpochEvent> history_;
};

}  // namespace al
