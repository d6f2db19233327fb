#include "core/inference/causal_lm_generation.h"

#include <algorithm>
#include <optional>

#include "core/error.h"
#include "core/pretrained/sampling.h"

namespace al {

CausalLmModel copyCausalLm(const CausalLanguageModel& model, const Vocabulary& vocabulary,
                           std::vector<io::EpochRecord> history) {
  CausalLmModel copy;
  copy.model = std::make_unique<CausalLanguageModel>(model.config());
  copy.model->parameters().data() = model.parameters().data();
  copy.vocabulary = vocabulary;
  copy.history = std::move(history);
  return copy;
}

CausalLmPrompt encodePrompt(const CausalLmModel& model, std::string_view prompt) {
  CausalLmPrompt p;
  p.tokens = causalLmTokens(prompt, model.tokenizer());
  if (p.tokens.empty()) throw InputError(ErrorKind::EmptySentence, {}, "the text has no tokens to read");
  // A line break of the prompt is what [EOS] stands for (vocab.txt cannot hold one).
  for (const std::string& token : p.tokens)
    p.ids.push_back(token == "\n" ? kEndOfTextId : model.vocabulary.id(token));
  return p;
}

CausalLmAttention readAttention(const CausalLmModel& model, std::string_view text, const HeadSwitches* switches) {
  const CausalLmPrompt p = encodePrompt(model, text);
  CausalLmAttention r{p.tokens, p.ids, 0, 0, {}};
  // Segments of S tokens from the start, each after the memory the previous one left; without memory the last one
  // is read on its own.
  const std::vector<int> ids(p.ids.begin(), p.ids.end());
  CausalLanguageModel::SegmentedPrediction read = model.model->readSegments(ids, switches);
  r.segmentStart = read.segmentStart;
  r.memoryRows = static_cast<size_t>(read.last.memoryRows);
  r.attention = std::move(read.last.attention);
  return r;
}

std::vector<std::vector<RowVector>> lastQueryRows(const std::vector<std::vector<Matrix>>& attention) {
  std::vector<std::vector<RowVector>> rows;
  for (const std::vector<Matrix>& layer : attention) {
    std::vector<RowVector> heads;
    for (const Matrix& map : layer) heads.push_back(map.row(map.rows() - 1));  // 1 x keys
    rows.push_back(std::move(heads));
  }
  return rows;
}

CausalLmStep nextTokenStep(const CausalLmModel& model, std::span<const int64_t> ids, const HeadSwitches* switches) {
  if (ids.empty()) throw InputError(ErrorKind::EmptySentence, {}, "the text has no tokens to continue");
  const auto S = static_cast<size_t>(model.model->config().sequenceLength);
  CausalLmStep step;
  CausalLanguageModel::Prediction p;
  if (model.model->config().memoryLength > 0) {
    // Transformer-XL: the text so far segment after segment from the start; the last token's row reaches back
    // over its segment and the memory before it (the M' tokens before the segment).
    CausalLanguageModel::SegmentedPrediction read =
        model.model->readSegments(std::vector<int>(ids.begin(), ids.end()), switches);
    step.windowStart = read.segmentStart - static_cast<size_t>(read.last.memoryRows);
    p = std::move(read.last);
  } else {
    step.windowStart = ids.size() > S ? ids.size() - S : 0;
    const std::vector<int> window(ids.begin() + static_cast<std::ptrdiff_t>(step.windowStart), ids.end());
    p = model.model->predict(window, switches);
  }
  step.logits = p.logits.row(p.logits.rows() - 1);
  step.attention = lastQueryRows(p.attention);
  return step;
}

CausalLmStep nextTokenStep(CausalLmStream& stream, std::span<const int64_t> newIds) {
  if (newIds.empty()) throw InputError(ErrorKind::EmptySentence, {}, "the text has no tokens to continue");
  const Matrix logits = stream.read(std::vector<int>(newIds.begin(), newIds.end()));  // N x V
  CausalLmStep step;
  step.logits = logits.row(logits.rows() - 1);
  step.windowStart = stream.lastKeysStart();
  step.attention = lastQueryRows(stream.lastAttention());  // 1 x C each: the last id's row
  return step;
}

std::string tokenText(const CausalLmModel& model, int64_t id) {
  if (id == kEndOfTextId) return "\n";
  const std::string& token = model.vocabulary.token(static_cast<int>(id));
  return model.tokenizer() == "chars" ? token : token + " ";
}

std::string decodeTokens(const CausalLmModel& model, std::span<const int64_t> ids) {
  std::string text;
  for (const int64_t id : ids) text += tokenText(model, id);
  return text;
}

Generation generate(const CausalLmModel& model, std::string_view prompt, const GenerationSettings& settings) {
  pretrained::Sampler sampler(settings.sampling);
  const CausalLmPrompt p = encodePrompt(model, prompt);
  Generation g;
  g.promptTokens = p.tokens;
  g.promptIds = p.ids;
  std::vector<int64_t> all = p.ids, generated;
  // with memory each id is read once (the prompt, then each new id); without, the last S ids again each step
  std::optional<CausalLmStream> stream;
  if (model.model->config().memoryLength > 0) stream.emplace(*model.model);
  for (int i = 0; i < settings.maxNewTokens; ++i) {
    const std::span<const int64_t> unread = std::span(all).subspan(stream ? stream->length() : 0);
    const RowVector logits = stream ? nextTokenStep(*stream, unread).logits : nextTokenStep(model, all).logits;
    const std::vector<float> probabilities = sampler.distribution(logits);
    GenerationStep s;
    s.id = sampler.choose(probabilities);
    s.token = model.vocabulary.token(static_cast<int>(s.id));
    s.probability = probabilities[static_cast<size_t>(s.id)];
    std::vector<int64_t> order(probabilities.size());
    for (size_t k = 0; k < order.size(); ++k) order[k] = static_cast<int64_t>(k);
    const size_t shown = std::min(order.size(), static_cast<size_t>(std::max(settings.topShown, 0)));
    auto better = [&](int64_t a, int64_t b) {
      return probabilities[a] > probabilities[b] || (probabilities[a] == probabilities[b] && a < b);
    };
    std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(shown), order.end(), better);
    for (size_t k = 0; k < shown; ++k)
      s.top.emplace_back(model.vocabulary.token(static_cast<int>(order[k])), probabilities[order[k]]);
    generated.push_back(s.id);
    all.push_back(s.id);
    g.steps.push_back(std::move(s));
  }
  g.text = decodeTokens(model, generated);
  return g;
}

}  // namespace al
