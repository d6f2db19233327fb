#include "core/inference/text_writer.h"

#include "core/inference/causal_lm_generation.h"

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
  std::string piece(int64_t id) const override { return gpt_->tokenizer->pieceOf(id); }
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

}  // namespace al
