// inspect and generate of any model that can answer them (contracts: pretrained models, "Command line"), through
// the core's capabilities over any model (core/inference/model_attention.h, model_logit_lens.h, text_writer.h), so
// no kind is named here; next-sentence and fill of a bert folder.
#include <iomanip>
#include <iostream>
#include <optional>

#include "app/cli/cli_support.h"
#include "app/cli/commands.h"
#include "app/cli/explain_commands.h"
#include "core/catalogue/model_catalogue.h"
#include "core/error.h"
#include "app/cli/head_commands.h"
#include "core/inference/model_attention.h"
#include "core/inference/model_logit_lens.h"
#include "core/inference/pretrained_inference.h"
#include "core/inference/text_writer.h"

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

// The tokens inspect lists in each cell of the logit lens.
constexpr int kLensTop = 5;

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
void printInspection(const std::string& task, const ModelAttention& r) {
  std::cout << task << ", " << r.tokens.size() << " tokens:";
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
        std::cout << "  " << token(r.queryStart, q) << "->" << token(r.keyStart, key) << " "
                  << std::fixed << std::setprecision(2) << weight;
      }
      std::cout << "\n";
    }
}

}  // namespace

int inspect(const InspectOptions& o) {
  return guarded([&] {
    const AnyModel model = loadFor(o.model, Ability::SelfAttention, "inspect");
    const HeadSwitches switches = headSwitchesOf(model, o.ablate);  // none without --ablate
    const ModelAttention r = readModelAttention(model, o.text, &switches);
    const std::optional<teaching::LogitLens> lens = readLogitLens(model, o.text, kLensTop, &switches);
    std::optional<WhichHead> which;
    if (!o.whichHead.empty()) {
      if (r.queryStart != 0 || r.keyStart != 0)
        throw InputError(ErrorKind::SentenceTooLong,
                         {.name = "--which-head", .expected = std::to_string(r.attention.front().front().rows()),
                          .found = std::to_string(r.tokens.size())},
                         "--which-head reads a text that fits in one window of the model; this one is read in "
                         "segments");
      which = whichHead(o.whichHead, r.tokens, r.attention);
    }
    if (o.json) {
      nlohmann::json out = {{"model_type", model.task}, {"tokens", r.tokens}, {"ids", r.ids},
                            {"layers", r.layers()}, {"heads", r.heads()},
                            {"attention", attentionJson(r.attention)}};
      if (lens) out["logit_lens"] = lensJson(*lens);
      addExplanationsJson(out, model, r.attention, r.ids);  // "rollout", and "saliency" for imdb-transformer
      if (!switches.empty()) out["ablation"] = ablationJson(model, o.text, switches);
      if (which) out["which_head"] = whichHeadJson(*which);
      std::cout << out.dump() << "\n";
      return int{kDone};
    }
    printInspection(model.task, r);
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
    const Generation g = al::generate(*textWriterOf(model), o.prompt, settings);  // loadFor: it can generate
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
