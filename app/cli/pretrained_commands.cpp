// inspect, next-sentence, generate and fill of a bert folder (contracts: pretrained models, "Command line"):
// the models read from Hugging Face folders, and inspect of the app's own self-attention models.
#include <iomanip>
#include <iostream>
#include <optional>

#include "app/cli/cli_support.h"
#include "app/cli/commands.h"
#include "app/cli/explain_commands.h"
#include "core/catalogue/model_catalogue.h"
#include "core/error.h"
#include "core/inference/bert_sentiment.h"
#include "core/inference/causal_lm_generation.h"
#include "core/inference/pretrained_inference.h"
#include "app/cli/head_commands.h"
#include "core/teaching/logit_lens.h"

namespace al::cli {

namespace {

// The model of `dir` when its kind can answer `command`; else InputError naming what the folder holds.
AnyModel loadFor(const std::string& dir, Ability ability, const std::string& command) {
  const ModelKind& kind = modelKindOfDirectory(dir);
  if (!kind.can(ability))
    throw InputError(dir + " holds a model of task " + kind.task + ", which '" + command + "' does not read");
  const AnyModel model = kind.load(dir);
  if (!kind.can(model, ability))
    throw InputError(dir + ": this " + kind.task + " checkpoint lacks the head '" + command + "' needs");
  return model;
}

// What inspect shows of any model with self-attention.
struct Inspection {
  std::string modelType;
  std::vector<std::string> tokens;
  std::vector<int64_t> ids;
  std::vector<std::vector<Matrix>> attention;  // over tokens segmentStart.. (all but a causal-lm's: 0)
  size_t segmentStart = 0;
  size_t keyStart = 0;  // the token of key column 0: segmentStart, or before it the memory's first (Transformer-XL)
};

// switches: heads switched off (inspect --ablate).
Inspection inspectModel(const AnyModel& model, const std::string& text, const HeadSwitches* switches) {
  Inspection r{model.task, {}, {}, {}};
  if (const auto bert = model.as<PretrainedBert>()) {
    PretrainedAttention a = readAttention(*bert, text, switches);
    r.tokens = std::move(a.tokens), r.ids = std::move(a.ids), r.attention = std::move(a.attention);
  } else if (const auto sentiment = model.as<BertSentimentModel>()) {
    BertSentimentPrediction p = predictBertSentiment(*sentiment, text, switches);  // its BERT's, cut as predict cuts
    r.tokens = std::move(p.tokens), r.ids = std::move(p.ids), r.attention = std::move(p.attention);
  } else if (const auto gpt = model.as<PretrainedGpt2>()) {
    PretrainedAttention a = readAttention(*gpt, text, switches);
    r.tokens = std::move(a.tokens), r.ids = std::move(a.ids), r.attention = std::move(a.attention);
  } else if (const auto imdb = model.as<ImdbTransformerModel>()) {
    ImdbPrediction p = predictText(*imdb->model, imdb->vocabulary, text, switches);
    r.tokens = std::move(p.tokens), r.ids.assign(p.ids.begin(), p.ids.end()), r.attention = std::move(p.attention);
  } else if (const auto mlm = model.as<MaskedLmModel>()) {
    r.tokens = maskedLmTokens(text, mlm->tokenizer);
    const auto length = static_cast<size_t>(mlm->model->config().encoder.sequenceLength);
    if (r.tokens.size() > length) r.tokens.resize(length);
    if (r.tokens.empty()) throw InputError("the text has no words once punctuation is removed");
    const std::vector<int> ids = maskedLmIds(r.tokens, mlm->vocabulary);
    r.ids.assign(ids.begin(), ids.end());
    r.attention = mlm->model->predict(ids, {}, switches).attention;
  } else if (const auto lm = model.as<CausalLmModel>()) {
    // Segments of S tokens from the start: the tokens of the whole text, the attention of the last segment.
    CausalLmAttention a = readAttention(*lm, text, switches);
    r.tokens = std::move(a.tokens), r.ids = std::move(a.ids), r.attention = std::move(a.attention);
    r.segmentStart = a.segmentStart;
    r.keyStart = a.segmentStart - a.memoryRows;
  } else {
    throw InputError("inspect reads " +
                     taskList({PretrainedBert::kTask, PretrainedGpt2::kTask, ImdbTransformerModel::kTask,
                               BertSentimentModel::kTask, MaskedLmModel::kTask, CausalLmModel::kTask}) +
                     " models; a " + model.task +
                     " model shows its attention through 'attentionlab-cli ask'");
  }
  return r;
}

// The tokens inspect lists in each cell of the logit lens.
constexpr int kLensTop = 5;

// The logit lens of the language models (masked-lm, causal-lm, a BERT with its masked-LM head, GPT-2); nothing
// for the others (a classifier's or a seq2seq model's output layer does not predict tokens).
std::optional<teaching::LogitLens> lensOf(const AnyModel& model, const std::string& text) {
  if (const auto bert = model.as<PretrainedBert>())
    return bert->model->hasMaskedLmHead() ? std::optional(teaching::logitLens(*bert, text, kLensTop)) : std::nullopt;
  if (const auto gpt = model.as<PretrainedGpt2>()) return teaching::logitLens(*gpt, text, kLensTop);
  if (const auto mlm = model.as<MaskedLmModel>()) return teaching::logitLens(*mlm, text, kLensTop);
  if (const auto lm = model.as<CausalLmModel>()) return teaching::logitLens(*lm, text, kLensTop);
  return std::nullopt;
}

// {"tokens": the T tokens read, "top": [state][position] -> the best tokens, each {"token", "id", "probability"}},
// state 0 the embeddings, state l the output of layer l (the last: the model's own prediction).
nlohmann::json lensJson(const teaching::LogitLens& lens) {
  nlohmann::json top = nlohmann::json::array();
  for (const auto& row : lens.guesses) {
    nlohmann::json cells = nlohmann::json::array();
    for (const auto& cell : row) {
      nlohmann::json guesses = nlohmann::json::array();
      for (const teaching::LensGuess& g : cell)
        guesses.push_back({{"token", g.token}, {"id", g.id}, {"probability", g.probability}});
      cells.push_back(std::move(guesses));
    }
    top.push_back(std::move(cells));
  }
  return {{"tokens", lens.tokens}, {"top", std::move(top)}};
}

// The lens as text: for each state, every position's best token and its probability.
void printLens(const teaching::LogitLens& lens) {
  std::cout << "logit lens (the best guess of the output layer from each layer's state):\n";
  for (size_t l = 0; l < lens.guesses.size(); ++l) {
    std::cout << (l == 0 ? std::string("embeddings") : "layer " + std::to_string(l)) << ":";
    for (size_t t = 0; t < lens.guesses[l].size(); ++t) {
      const teaching::LensGuess& best = lens.guesses[l][t].front();
      std::cout << "  " << lens.tokens[t] << "->" << best.token << " " << std::fixed << std::setprecision(2)
                << best.probability;
    }
    std::cout << "\n";
  }
}

// For each layer and head, the key each token looks at most: a text view of the maps.
void printInspection(const Inspection& r) {
  std::cout << r.modelType << ", " << r.tokens.size() << " tokens:";
  for (size_t i = 0; i < r.tokens.size(); ++i) std::cout << " " << r.tokens[i] << "(" << r.ids[i] << ")";
  std::cout << "\n";
  for (size_t l = 0; l < r.attention.size(); ++l)
    for (size_t h = 0; h < r.attention[l].size(); ++h) {
      const Matrix& a = r.attention[l][h];  // T x (M'+T), row = query
      std::cout << "layer " << l << " head " << h << ":";
      const auto token = [&](size_t first, Index i) { return r.tokens[first + static_cast<size_t>(i)]; };
      for (Index q = 0; q < a.rows(); ++q) {
        Index key = 0;
        const float weight = a.row(q).maxCoeff(&key);
        std::cout << "  " << token(r.segmentStart, q) << "->" << token(r.keyStart, key) << " "
                  << std::fixed << std::setprecision(2) << weight;
      }
      std::cout << "\n";
    }
}

}  // namespace

int inspect(const InspectOptions& o) {
  return guarded([&] {
    const AnyModel model = loadFor(o.model, Ability::SelfAttention, "inspect");
    const HeadSwitches switches = headSwitchesFor(model, o.ablate);  // none without --ablate
    const Inspection r = inspectModel(model, o.text, &switches);
    const std::optional<teaching::LogitLens> lens = lensOf(model, o.text);
    std::optional<WhichHead> which;
    if (!o.whichHead.empty()) {
      if (r.segmentStart != 0 || r.keyStart != 0)
        throw InputError(ErrorKind::SentenceTooLong,
                         {.name = "--which-head", .expected = std::to_string(r.attention.front().front().rows()),
                          .found = std::to_string(r.tokens.size())},
                         "--which-head reads a text that fits in one window of the model; this one is read in "
                         "segments");
      which = whichHead(o.whichHead, r.tokens, r.attention);
    }
    if (o.json) {
      const size_t heads = r.attention.empty() ? 0 : r.attention.front().size();
      nlohmann::json out = {{"model_type", r.modelType}, {"tokens", r.tokens}, {"ids", r.ids},
                            {"layers", r.attention.size()}, {"heads", heads},
                            {"attention", attentionJson(r.attention)}};
      if (lens) out["logit_lens"] = lensJson(*lens);
      addExplanationsJson(out, model, r.attention, r.ids);  // "rollout", and "saliency" for imdb-transformer
      if (!switches.empty()) out["ablation"] = ablationJson(model, o.text, switches);
      if (which) out["which_head"] = whichHeadJson(*which);
      std::cout << out.dump() << "\n";
      return int{kDone};
    }
    printInspection(r);
    printExplanations(model, r.tokens, r.attention, r.ids);
    if (lens) printLens(*lens);
    if (!switches.empty()) printAblation(model, o.text, switches);
    if (which) printWhichHead(*which);
    return int{kDone};
  });
}

int fillPretrained(const FillOptions& o) {
  return guarded([&] {
    const auto bert = loadFor(o.model, Ability::Fill, "fill").as<PretrainedBert>();
    const BertFill r = fillBert(*bert, o.text, o.top);
    if (o.json) {
      std::cout << fillJson(r).dump() << "\n";
      return int{kDone};
    }
    std::cout << "tokens (" << r.tokens.size() << "):";
    for (const std::string& t : r.tokens) std::cout << " " << t;
    std::cout << "\n";
    for (const FillPrediction& p : r.predictions) {
      std::cout << r.tokens[static_cast<size_t>(p.position)] << " at position " << p.position << ":";
      for (const FillCandidate& c : p.top) std::cout << "  " << c.token << " " << std::fixed << std::setprecision(4) << c.probability;
      std::cout << "\n";
    }
    return int{kDone};
  });
}

int nextSentence(const NextSentenceOptions& o) {
  return guarded([&] {
    const ModelKind& kind = modelKindOfDirectory(o.model);
    if (kind.task != PretrainedBert::kTask)
      throw InputError(o.model + " holds a model of task " + kind.task + "; next-sentence reads a bert folder with a "
                       "next-sentence head");
    const NextSentence r = al::nextSentence(*kind.load(o.model).as<PretrainedBert>(), o.a, o.b);
    if (o.json) {
      std::cout << nlohmann::json{{"tokens", r.tokens}, {"is_next", r.isNext}}.dump() << "\n";
      return int{kDone};
    }
    std::cout << "tokens:";
    for (const std::string& t : r.tokens) std::cout << " " << t;
    std::cout << "\nP(B follows A) = " << std::fixed << std::setprecision(4) << r.isNext << "\n";
    return int{kDone};
  });
}

int generate(const GenerateOptions& o) {
  return guarded([&] {
    const AnyModel model = loadFor(o.model, Ability::Generate, "generate");
    GenerationSettings settings;
    settings.maxNewTokens = o.maxNewTokens;
    settings.sampling = {.temperature = o.temperature, .topK = o.topK, .topP = o.topP, .seed = o.seed};
    const auto lm = model.as<CausalLmModel>();
    const Generation g = lm ? al::generate(*lm, o.prompt, settings) : al::generate(*model.as<PretrainedGpt2>(), o.prompt, settings);
    if (o.json) {
      nlohmann::json tokens = nlohmann::json::array(), steps = nlohmann::json::array();
      for (const GenerationStep& s : g.steps) {
        tokens.push_back(s.token);
        nlohmann::json top = nlohmann::json::array();
        for (const auto& [token, p] : s.top) top.push_back({{"token", token}, {"probability", p}});
        steps.push_back({{"token", s.token}, {"id", s.id}, {"probability", s.probability}, {"top", std::move(top)}});
      }
      const nlohmann::json out = {{"prompt_tokens", g.promptTokens}, {"tokens", std::move(tokens)},
                                  {"text", g.text}, {"steps", std::move(steps)}};
      std::cout << out.dump() << "\n";
      return int{kDone};
    }
    std::cout << o.prompt << g.text << "\n";
    return int{kDone};
  });
}

}  // namespace al::cli
