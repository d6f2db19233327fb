#include "core/inference/text_writer.h"

#include <algorithm>

#include "core/error.h"
#include "core/inference/causal_lm_generation.h"
#include "core/pretrained/sampling.h"

namespace al {

namespace {

class Gpt2Writer : public TextWriter {
 public:
  explicit Gpt2Writer(std::shared_ptr<const PretrainedGpt2> gpt) : gpt_(std::move(gpt)) {}
  std::vector<int64_t> encode(std::string_view prompt) const override {
    return gpt_->tokenizer->encodePrompt(prompt).ids;
  }
  std::string decode(std::span<const int64_t> ids) const override {
    return gpt_->tokenizer->decode(std::vector<int64_t>(ids.begin(), ids.end()));
  }
  Prompt prompt(std::string_view text) const override {
    pretrained::Encoding e = gpt_->tokenizer->encodePrompt(text);
    if (e.ids.empty()) throw InputError(ErrorKind::EmptySentence, {}, "the text has no tokens");
    const size_t positions = maxTokens();
    if (e.ids.size() > positions)
      throw InputError(ErrorKind::SentenceTooLong,
                       {.expected = std::to_string(positions), .found = std::to_string(e.ids.size())},
                       "the text has " + std::to_string(e.ids.size()) + " tokens; the model reads at most " +
                           std::to_string(positions));
    return {std::move(e.pieces), std::move(e.ids)};
  }
  // The model's output rows may outnumber the tokenizer's pieces (a vocabulary padded for speed): "<id N>" then.
  std::string piece(int64_t id) const override {
    try {
      return gpt_->tokenizer->pieceOf(id);
    } catch (const InputError&) {
      return "<id " + std::to_string(id) + ">";
    }
  }
  size_t maxTokens() const override { return static_cast<size_t>(gpt_->model->config().maxPositions); }
  int layers() const override { return static_cast<int>(gpt_->model->config().numLayers); }
  int heads() const override { return static_cast<int>(gpt_->model->config().numHeads); }
  int vocabularySize() const override { return static_cast<int>(gpt_->model->config().vocabSize); }
  int window() const override { return static_cast<int>(gpt_->model->config().maxPositions); }

  // The key/value cache: the prompt in one prefill, then one step a token (the numbers of re-running it all).
  class CacheReader : public Reader {
   public:
    explicit CacheReader(std::shared_ptr<const PretrainedGpt2> gpt) : gpt_(std::move(gpt)) {}
    NextTokenPass read(std::span<const int64_t> ids) override {
      pretrained::Gpt2Step step;
      if (cache_.length == 0) {
        step = gpt_->model->prefill(cache_, std::vector<int64_t>(ids.begin(), ids.end()));
      } else {
        for (const int64_t id : ids) step = gpt_->model->step(cache_, id);
      }
      return {std::move(step.logits), std::move(step.attention), 0};
    }
    size_t length() const override { return static_cast<size_t>(cache_.length); }

   private:
    std::shared_ptr<const PretrainedGpt2> gpt_;
    pretrained::Gpt2Cache cache_;
  };
  std::unique_ptr<Reader> reader() const override { return std::make_unique<CacheReader>(gpt_); }

 private:
  std::shared_ptr<const PretrainedGpt2> gpt_;
};

class CausalLmWriter : public TextWriter {
 public:
  explicit CausalLmWriter(std::shared_ptr<const CausalLmModel> lm) : lm_(std::move(lm)) {}
  std::vector<int64_t> encode(std::string_view prompt) const override { return encodePrompt(*lm_, prompt).ids; }
  Prompt prompt(std::string_view text) const override {
    CausalLmPrompt p = encodePrompt(*lm_, text);
    return {std::move(p.tokens), std::move(p.ids)};
  }
  std::string decode(std::span<const int64_t> ids) const override { return decodeTokens(*lm_, ids); }
  std::string piece(int64_t id) const override { return lm_->vocabulary.token(static_cast<int>(id)); }
  size_t maxTokens() const override { return 0; }
  int layers() const override { return lm_->model->config().numLayers; }
  int heads() const override { return lm_->model->config().numHeads; }
  int vocabularySize() const override { return lm_->model->config().vocabSize; }
  int window() const override { return lm_->model->config().sequenceLength; }
  int memory() const override { return lm_->model->config().memoryLength; }

  // Without memory: every id so far; a read runs the model on the last S of them.
  class WindowReader : public Reader {
   public:
    explicit WindowReader(std::shared_ptr<const CausalLmModel> lm) : lm_(std::move(lm)) {}
    NextTokenPass read(std::span<const int64_t> ids) override {
      ids_.insert(ids_.end(), ids.begin(), ids.end());
      CausalLmStep step = nextTokenStep(*lm_, ids_);
      return {std::move(step.logits), std::move(step.attention), step.windowStart};
    }
    size_t length() const override { return ids_.size(); }

   private:
    std::shared_ptr<const CausalLmModel> lm_;
    std::vector<int64_t> ids_;
  };
  // With memory: each id read once, after the memory and the segment so far (core/inference/causal_lm_stream.h).
  class StreamReader : public Reader {
   public:
    explicit StreamReader(std::shared_ptr<const CausalLmModel> lm) : lm_(std::move(lm)), stream_(*lm_->model) {}
    NextTokenPass read(std::span<const int64_t> ids) override {
      CausalLmStep step = nextTokenStep(stream_, ids);
      return {std::move(step.logits), std::move(step.attention), step.windowStart};
    }
    size_t length() const override { return stream_.length(); }

   private:
    std::shared_ptr<const CausalLmModel> lm_;  // keeps the model stream_ reads alive
    CausalLmStream stream_;
  };
  std::unique_ptr<Reader> reader() const override {
    if (lm_->model->config().memoryLength > 0) return std::make_unique<StreamReader>(lm_);
    return std::make_unique<WindowReader>(lm_);
  }

 private:
  std::shared_ptr<const CausalLmModel> lm_;
};

}  // namespace

std::shared_ptr<const TextWriter> textWriterOf(const AnyModel& model) {
  if (const auto gpt = model.as<PretrainedGpt2>()) return std::make_shared<Gpt2Writer>(gpt);
  if (const auto lm = model.as<CausalLmModel>()) return std::make_shared<CausalLmWriter>(lm);
  return nullptr;
}

namespace {

// One step of generate: the token chosen from `probabilities`, its probability and the `shown` best candidates
// (ties to the lower id).
GenerationStep chooseNext(const TextWriter& writer, pretrained::Sampler& sampler, const std::vector<float>& probabilities,
                          int topShown) {
  GenerationStep s;
  s.id = sampler.choose(probabilities);
  s.token = writer.piece(s.id);
  s.probability = probabilities[static_cast<size_t>(s.id)];
  std::vector<int64_t> order(probabilities.size());
  for (size_t k = 0; k < order.size(); ++k) order[k] = static_cast<int64_t>(k);
  const size_t shown = std::min(order.size(), static_cast<size_t>(std::max(topShown, 0)));
  const auto better = [&](int64_t a, int64_t b) {
    return probabilities[a] > probabilities[b] || (probabilities[a] == probabilities[b] && a < b);
  };
  std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(shown), order.end(), better);
  for (size_t k = 0; k < shown; ++k) s.top.emplace_back(writer.piece(order[k]), probabilities[order[k]]);
  return s;
}

}  // namespace

Generation generate(const TextWriter& writer, std::string_view prompt, const GenerationSettings& settings) {
  pretrained::Sampler sampler(settings.sampling);
  TextWriter::Prompt p = writer.prompt(prompt);
  const std::unique_ptr<TextWriter::Reader> reader = writer.reader();
  NextTokenPass pass = reader->read(p.ids);
  Generation g;
  g.promptTokens = std::move(p.tokens);
  g.promptIds = std::move(p.ids);
  std::vector<int64_t> generated;
  const size_t positions = writer.maxTokens();  // 0: the window slides, no end
  for (int i = 0; i < settings.maxNewTokens; ++i) {
    g.steps.push_back(chooseNext(writer, sampler, sampler.distribution(pass.logits), settings.topShown));
    generated.push_back(g.steps.back().id);
    // The next token's scores; none are needed after the last one, and none fit past the model's positions.
    if (i + 1 == settings.maxNewTokens || (positions > 0 && reader->length() >= positions)) break;
    pass = reader->read(std::span<const int64_t>(&generated.back(), 1));
  }
  g.text = writer.decode(generated);
  return g;
}

}  // namespace al
