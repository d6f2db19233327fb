#pragma once
// A sentiment classifier on a pretrained BERT (docs/bert-sentiment.md): the BERT folder's encoder, frozen, and a
// dense head on its [CLS] state, trained here on labelled reviews (core/train/bert_sentiment_run.h). The task
// "bert-sentiment" of the catalogue: it classifies a text (predict shows BERT's attention over it too).
//
//   h = BERT(ids)[0]                    1 x D   the last layer's state of [CLS], the head's feature
//   z = h·W + b,  p = sigmoid(z)        1 x 1   the logit and the probability that the review is positive
//
// Its model directory holds the head (model.safetensors: "head.kernel" [D, 1], "head.bias" [1]), history.json and
// a config.json that names the BERT folder it was trained on; the folder is referenced, not copied (a BERT base
// is 440 MB), so the directory works while that folder stays where it was.
//
// Dimension key (core/tensor.h): T tokens, D BERT's width, N reviews.
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/inference/pretrained_inference.h"
#include "core/io/history.h"
#include "core/layers/dense.h"
#include "core/parameters.h"

namespace al {

// The dense head on the [CLS] state: D -> 1.
class SentimentHead {
 public:
  explicit SentimentHead(Index width);
  SentimentHead(const SentimentHead& other);
  SentimentHead& operator=(const SentimentHead&) = delete;

  void initialize(uint64_t seed);
  // features: N x D [CLS] states -> N x 1 logits.
  Matrix logits(const Matrix& features) const;
  // The gradient of the logits, dZ (N x 1), into grads: dW = Hᵀ·dZ, db = Σ dZ.
  void backward(const Matrix& features, const Matrix& dLogits, Gradients& grads) const;

  ParameterSet& parameters() { return params_; }
  const ParameterSet& parameters() const { return params_; }
  Index width() const { return dense_.in(); }

 private:
  ParameterSet params_;
  Dense dense_;  // its slots live in params_
};

struct BertSentimentModel {
  static constexpr const char* kTask = "bert-sentiment";  // its task name in the catalogue
  PretrainedBert encoder;                       // read-only, shared with whoever else holds the folder
  std::shared_ptr<const SentimentHead> head;
  int sequenceLength = 128;                     // tokens read of a review, [CLS] and [SEP] included
  // BERT's top layers trained with the head (0: frozen). Then `encoder.model` is this model's own BERT, the
  // folder's with those layers' weights replaced (the session's shared BERT is never changed).
  int fineTunedLayers = 0;
  std::vector<io::EpochRecord> history;
};

// True when dir is a BERT folder of Hugging Face (the encoder --init-encoder may name); never throws.
bool isBertFolder(const std::filesystem::path& dir);

// The tokens BERT reads of a review: [CLS] its first pieces [SEP], at most maxTokens (at least 2) in all.
// InputError for a text with no pieces. truncated (when given): whether pieces were left out.
pretrained::Encoding sentimentEncoding(const PretrainedBert& bert, std::string_view text, int maxTokens,
                                       bool* truncated = nullptr);
// The head's feature of one review: the last layer's state of [CLS], 1 x D (BERT's forward pass; no attention
// kept). Safe to call from several threads at once.
Matrix clsFeature(const PretrainedBert& bert, std::string_view text, int maxTokens);

// Reads a bert-sentiment directory and the BERT folder its config.json names. InputError naming the file and what
// is wrong: a damaged head, a BERT folder that moved or is not the width the head was trained on.
BertSentimentModel loadBertSentiment(const std::filesystem::path& dir);
// Writes config.json, model.safetensors (the head), vocab.txt (BERT's pieces, for reading) and history.json
// atomically.
void saveBertSentiment(const std::filesystem::path& dir, const BertSentimentModel& model);

// predict: the tokens BERT read, the probability of positive, every layer's attention.
struct BertSentimentPrediction {
  std::vector<std::string> tokens;              // as the tokenizer writes them, [CLS] and [SEP] included
  std::vector<int64_t> ids;
  bool truncated = false;                       // the text had more pieces than sequence_length allows
  float probability = 0;
  std::vector<std::vector<Matrix>> attention;   // [layer][head], T x T
};
BertSentimentPrediction predictBertSentiment(const BertSentimentModel& model, std::string_view text);

// The same with heads of BERT switched off (core/models/head_switches.h; the Attention page's switches): the
// verdict and the maps of the model with those heads silent. Null or empty switches: predictBertSentiment.
BertSentimentPrediction predictBertSentiment(const BertSentimentModel& model, std::string_view text,
                                             const HeadSwitches* switches);

}  // namespace al
