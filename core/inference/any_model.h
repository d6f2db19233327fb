#pragma once
// A loaded model of any kind, as one value: its task (the model format's task name) and the one snapshot of that
// task's type. What the session library holds, what the catalogue's load returns and what a training run hands
// out as its snapshot (core/catalogue/model_catalogue.h says which kinds there are and what each can be asked).
//
//   AnyModel m = loadModel(dir);                              // any task
//   if (auto imdb = m.as<ImdbTransformerModel>()) predictText(*imdb->model, imdb->vocabulary, text);
//
// Snapshots are shared and read-only: copying an AnyModel copies pointers, never weights.
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/inference/bert_sentiment.h"
#include "core/inference/bigram_inference.h"
#include "core/inference/causal_lm_inference.h"
#include "core/inference/chatbot_inference.h"
#include "core/inference/imdb_transformer_inference.h"
#include "core/inference/masked_lm_inference.h"
#include "core/inference/model_words.h"
#include "core/inference/pretrained_inference.h"
#include "core/inference/seq2seq_transformer_inference.h"
#include "core/io/history.h"

namespace al {

struct AnyModel {
  using Snapshot = std::variant<std::monostate, std::shared_ptr<const ImdbTransformerModel>,
                                std::shared_ptr<const BigramModel>, std::shared_ptr<const ChatbotModel>,
                                std::shared_ptr<const Seq2SeqTransformerModel>, std::shared_ptr<const MaskedLmModel>,
                                std::shared_ptr<const PretrainedBert>, std::shared_ptr<const PretrainedGpt2>,
                                std::shared_ptr<const CausalLmModel>, std::shared_ptr<const BertSentimentModel>>;
  std::string task;   // the contract's task name of the snapshot's kind
  Snapshot snapshot;  // monostate: no weights (a run's record without a model)

  // The snapshot when it is of type M, else null.
  template <class M>
  std::shared_ptr<const M> as() const {
    if (const auto* p = std::get_if<std::shared_ptr<const M>>(&snapshot)) return *p;
    return nullptr;
  }
  bool hasWeights() const { return !std::holds_alternative<std::monostate>(snapshot); }
};

// Wraps a loaded model of one kind (its task given by the caller, who knows it: the catalogue's entry).
template <class M>
AnyModel anyModel(std::string task, M&& loaded) {
  return {std::move(task), std::make_shared<const std::decay_t<M>>(std::forward<M>(loaded))};
}

// Wraps a shared snapshot of one kind; its task is the one its type names (M::kTask).
template <class M>
AnyModel anyModelOf(std::shared_ptr<const M> snapshot) {
  return {M::kTask, std::move(snapshot)};
}

// The lambdas of a visit over AnyModel::Snapshot, one per kind. A capability over any model (reading attention,
// its shape, its logit lens: core/inference/model_attention.h) visits the snapshot with one lambda for each type
// and none for "any other": a kind added to the variant without its line there does not compile.
//
//   std::visit(Overloaded{[](std::monostate) { ... }, [](const std::shared_ptr<const BigramModel>& m) { ... }, ...},
//              model.snapshot);
template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

// The training history a snapshot carries (empty without weights, and for pretrained models, never trained here).
const std::vector<io::EpochRecord>& historyOf(const AnyModel& model);
// The words the model reads (core/inference/model_words.h); nothing for a model without weights, nor for a
// pretrained model (its tokenizer's vocabulary has neither the app's "" and [UNK] ids nor its word splitting).
std::optional<ModelWords> modelWordsOf(const AnyModel& model);

}  // namespace al
