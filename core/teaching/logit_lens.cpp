#include "core/teaching/logit_lens.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "core/error.h"
#include "core/inference/causal_lm_inference.h"
#include "core/inference/masked_lm_inference.h"
#include "core/inference/pretrained_inference.h"

namespace al::teaching {

std::vector<std::pair<int64_t, float>> topProbabilities(const RowVector& logits, int k) {
  const Index V = logits.cols();
  // softmax: p_v = exp(z_v − max z) / Σ_u exp(z_u − max z); the shift keeps exp finite and leaves p unchanged
  const RowVector e = (logits.array() - logits.maxCoeff()).exp().matrix();  // 1 x V
  const float sum = e.sum();
  std::vector<int64_t> order(static_cast<size_t>(V));
  std::iota(order.begin(), order.end(), int64_t{0});
  const auto shown = static_cast<std::ptrdiff_t>(std::clamp<Index>(k, 0, V));
  std::partial_sort(order.begin(), order.begin() + shown, order.end(),
                    [&](int64_t a, int64_t b) { return e(a) > e(b) || (e(a) == e(b) && a < b); });
  std::vector<std::pair<int64_t, float>> top;
  for (std::ptrdiff_t i = 0; i < shown; ++i) top.emplace_back(order[static_cast<size_t>(i)], e(order[static_cast<size_t>(i)]) / sum);
  return top;
}

LogitLens logitLens(const std::vector<Matrix>& states, const LensReadOut& readOut, int k, const LensTokenName& name,
                    const LensTokenName& text) {
  if (states.empty()) throw std::invalid_argument("logitLens: no states");
  if (k < 1) throw std::invalid_argument("logitLens: k must be at least 1");
  for (const Matrix& h : states)
    if (h.rows() != states.front().rows() || h.cols() != states.front().cols())
      throw std::invalid_argument("logitLens: states of different sizes");
  LogitLens lens;
  for (const Matrix& h : states) {  // one state at a time: only T x V logits live at once
    const Matrix logits = readOut(h);  // T x V
    std::vector<std::vector<LensGuess>>& row = lens.guesses.emplace_back();
    for (Index t = 0; t < logits.rows(); ++t) {
      std::vector<LensGuess>& cell = row.emplace_back();
      for (const auto& [id, p] : topProbabilities(logits.row(t), k)) {
        std::string token = name(id);
        std::string asText = text ? text(id) : token;
        cell.push_back({id, std::move(token), std::move(asText), p});
      }
    }
  }
  return lens;
}

namespace {

// The vocabulary's token of an id: "[PAD]" for padding (line 0, the empty string: an early layer may well guess
// it), "<id N>" for a row of the output layer no vocabulary line names (vocab_size may exceed the vocabulary).
std::string tokenOr(const Vocabulary& vocabulary, int64_t id) {
  if (id < 0 || static_cast<size_t>(id) >= vocabulary.size()) return "<id " + std::to_string(id) + ">";
  const std::string& token = vocabulary.token(static_cast<int>(id));
  return token.empty() ? "[PAD]" : token;
}

std::string pieceOr(const pretrained::Tokenizer& tokenizer, int64_t id) {
  try {
    return tokenizer.pieceOf(id);
  } catch (const InputError&) {
    return "<id " + std::to_string(id) + ">";
  }
}

// A piece as text: byte-level BPE's pieces decoded ("Ġthe" -> " the"; part of a character: U+FFFD); WordPiece's
// pieces are text already ("##ing" stays: the continuation is what the reader needs to see).
std::string textOr(const pretrained::Tokenizer& tokenizer, int64_t id) {
  if (tokenizer.type() != pretrained::TokenizerType::ByteLevelBpe) return pieceOr(tokenizer, id);
  try {
    return tokenizer.decode({id});
  } catch (const InputError&) {
    return "<id " + std::to_string(id) + ">";
  }
}

std::vector<std::string> textsOf(const pretrained::Tokenizer& tokenizer, const std::vector<int64_t>& ids) {
  std::vector<std::string> texts;
  for (int64_t id : ids) texts.push_back(textOr(tokenizer, id));
  return texts;
}

}  // namespace

LogitLens logitLens(const MaskedLmModel& loaded, std::string_view text, int k, const HeadSwitches* switches) {
  const MaskedLanguageModel& model = *loaded.model;
  std::vector<std::string> tokens = maskedLmTokens(text, loaded.tokenizer);
  const auto length = static_cast<size_t>(model.config().encoder.sequenceLength);
  if (tokens.size() > length) tokens.resize(length);  // the encoder reads the first sequence_length, as fill does
  if (tokens.empty())
    throw InputError(ErrorKind::EmptySentence, {}, "the text has no words once punctuation is removed");
  const std::vector<int> ids = maskedLmIds(tokens, loaded.vocabulary);
  LogitLens lens = logitLens(model.hiddenStates(ids, switches), [&](const Matrix& h) { return model.outputLogits(h); },
                             k, [&](int64_t id) { return tokenOr(loaded.vocabulary, id); });
  lens.texts = tokens;
  lens.tokens = std::move(tokens);
  return lens;
}

LogitLens logitLens(const CausalLmModel& loaded, std::string_view text, int k, const HeadSwitches* switches) {
  const CausalLanguageModel& model = *loaded.model;
  std::vector<std::string> tokens = causalLmTokens(text, loaded.tokenizer());
  if (tokens.empty()) throw InputError(ErrorKind::EmptySentence, {}, "the text has no tokens");
  const auto S = static_cast<size_t>(model.config().sequenceLength);
  if (tokens.size() > S) tokens.erase(tokens.begin(), tokens.end() - static_cast<std::ptrdiff_t>(S));  // the window
  const std::vector<int> ids = causalLmIds(tokens, loaded.vocabulary);
  LogitLens lens = logitLens(model.hiddenStates(ids, switches), [&](const Matrix& h) { return model.outputLogits(h); },
                             k, [&](int64_t id) { return tokenOr(loaded.vocabulary, id); });
  lens.texts = tokens;
  lens.tokens = std::move(tokens);
  return lens;
}

LogitLens logitLens(const PretrainedBert& bert, std::string_view text, int k, const HeadSwitches* switches) {
  if (!bert.model->hasMaskedLmHead())
    throw InputError(ErrorKind::NoMaskedLmHead, {.file = bert.folder.string()},
                     bert.folder.string() + ": this BERT checkpoint has no masked-LM head (cls.predictions), the "
                     "output layer the logit lens reads through");
  const pretrained::Encoding e = bert.tokenizer->encode(text);
  const pretrained::BertOutput out = bert.model->forward(
      e.ids, e.segments,
      {.attention = pretrained::AttentionCapture::none(), .maskedLmLogits = false, .hiddenStates = true,
       .headSwitches = switches});  // InputError for no tokens or too many
  LogitLens lens = logitLens(out.hiddenStates, [&](const Matrix& h) { return bert.model->outputLogits(h); }, k,
                             [&](int64_t id) { return pieceOr(*bert.tokenizer, id); },
                             [&](int64_t id) { return textOr(*bert.tokenizer, id); });
  lens.tokens = e.pieces;
  lens.texts = textsOf(*bert.tokenizer, e.ids);
  return lens;
}

LogitLens logitLens(const PretrainedGpt2& gpt, std::string_view text, int k, const HeadSwitches* switches) {
  const pretrained::Encoding e = gpt.tokenizer->encodePrompt(text);
  if (e.ids.empty()) throw InputError(ErrorKind::EmptySentence, {}, "the text has no tokens");
  const pretrained::Gpt2Output out = gpt.model->forward(
      e.ids, {.attention = pretrained::AttentionCapture::none(), .headSwitches = switches, .hiddenStates = true});
  LogitLens lens = logitLens(out.hiddenStates, [&](const Matrix& h) { return gpt.model->outputLogits(h); }, k,
                             [&](int64_t id) { return pieceOr(*gpt.tokenizer, id); },
                             [&](int64_t id) { return textOr(*gpt.tokenizer, id); });
  lens.tokens = e.pieces;
  lens.texts = textsOf(*gpt.tokenizer, e.ids);
  return lens;
}

}  // namespace al::teaching
