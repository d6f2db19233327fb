#include "core/inference/switched_reader.h"

#include "core/error.h"
#include "core/inference/causal_lm_generation.h"
#include "core/inference/pretrained_inference.h"

namespace al {

namespace {

// Every read keeps the ids so far and runs the model over them again (runAll).
class RereadingReader : public TextWriter::Reader {
 public:
  explicit RereadingReader(HeadSwitches switches) : switches_(std::move(switches)) {}
  NextTokenPass read(std::span<const int64_t> ids) override {
    ids_.insert(ids_.end(), ids.begin(), ids.end());
    if (ids_.empty()) throw InputError(ErrorKind::EmptySentence, {}, "the text has no tokens to continue");
    return runAll();
  }
  size_t length() const override { return ids_.size(); }

 protected:
  virtual NextTokenPass runAll() const = 0;
  std::vector<int64_t> ids_;
  HeadSwitches switches_;
};

class Gpt2Reader : public RereadingReader {
 public:
  Gpt2Reader(std::shared_ptr<const PretrainedGpt2> gpt, HeadSwitches switches)
      : RereadingReader(std::move(switches)), gpt_(std::move(gpt)) {}

 private:
  // InputError past the model's positions (Gpt2Model::forward), as the cached reader's step.
  NextTokenPass runAll() const override {
    pretrained::Gpt2Options options;
    options.headSwitches = &switches_;
    const pretrained::Gpt2Output out = gpt_->model->forward(ids_, options);  // logits T x V
    return {out.logits.row(out.logits.rows() - 1), lastQueryRows(out.attention), 0};
  }
  std::shared_ptr<const PretrainedGpt2> gpt_;
};

class CausalLmReader : public RereadingReader {
 public:
  CausalLmReader(std::shared_ptr<const CausalLmModel> lm, HeadSwitches switches)
      : RereadingReader(std::move(switches)), lm_(std::move(lm)) {}

 private:
  // As nextTokenStep reads a text (the last S ids, or with memory every segment from the start), with the switches.
  NextTokenPass runAll() const override {
    CausalLmStep step = nextTokenStep(*lm_, ids_, &switches_);
    return {std::move(step.logits), std::move(step.attention), step.windowStart};
  }
  std::shared_ptr<const CausalLmModel> lm_;
};

}  // namespace

std::unique_ptr<TextWriter::Reader> switchedReader(const AnyModel& model, HeadSwitches switches) {
  if (const auto gpt = model.as<PretrainedGpt2>()) return std::make_unique<Gpt2Reader>(gpt, std::move(switches));
  if (const auto lm = model.as<CausalLmModel>()) return std::make_unique<CausalLmReader>(lm, std::move(switches));
  return nullptr;
}

}  // namespace al
