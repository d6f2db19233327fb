#include "core/inference/switched_reader.h"

#include "core/error.h"
#include "core/inference/causal_lm_inference.h"
#include "core/inference/pretrained_inference.h"

namespace al {

namespace {

// The last query's row of every map: how the newest token weighs the tokens it saw.
std::vector<std::vector<RowVector>> lastRows(const std::vector<std::vector<Matrix>>& attention) {
  std::vector<std::vector<RowVector>> rows;
  for (const std::vector<Matrix>& layer : attention) {
    std::vector<RowVector> heads;
    for (const Matrix& map : layer) heads.push_back(map.row(map.rows() - 1));  // 1 x keys
    rows.push_back(std::move(heads));
  }
  return rows;
}

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
    return {out.logits.row(out.logits.rows() - 1), lastRows(out.attention), 0};
  }
  std::shared_ptr<const PretrainedGpt2> gpt_;
};

class CausalLmReader : public RereadingReader {
 public:
  CausalLmReader(std::shared_ptr<const CausalLmModel> lm, HeadSwitches switches)
      : RereadingReader(std::move(switches)), lm_(std::move(lm)) {}

 private:
  // As nextTokenStep (core/inference/causal_lm_generation.h) reads a text, with the switches: without memory the
  // last S ids; with memory every segment from the start, the last one after the memory its predecessors left.
  NextTokenPass runAll() const override {
    const CausalLanguageModel& model = *lm_->model;
    const std::vector<int> all(ids_.begin(), ids_.end());
    const auto S = static_cast<size_t>(model.config().sequenceLength);
    if (model.config().memoryLength > 0) {
      const CausalLanguageModel::SegmentedPrediction read = model.readSegments(all, &switches_);
      const auto& p = read.last;  // logits T x V
      return {p.logits.row(p.logits.rows() - 1), lastRows(p.attention),
              read.segmentStart - static_cast<size_t>(p.memoryRows)};
    }
    const size_t start = all.size() > S ? all.size() - S : 0;
    const std::vector<int> window(all.begin() + static_cast<std::ptrdiff_t>(start), all.end());
    const CausalLanguageModel::Prediction p = model.predict(window, &switches_);  // logits T x V
    return {p.logits.row(p.logits.rows() - 1), lastRows(p.attention), start};
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
