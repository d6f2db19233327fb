// inspect, next-sentence, generate and fill of a bert folder (contracts: pretrained models, "Command line"):
// the models read from Hugging Face folders, and inspect of the app's own self-attention models.
#include <iomanip>
#include <iostream>

#include "app/cli/cli_support.h"
#include "app/cli/commands.h"
#include "core/catalogue/model_catalogue.h"
#include "core/error.h"
#include "core/inference/pretrained_inference.h"

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
  std::vector<std::vector<Matrix>> attention;
};

Inspection inspectModel(const AnyModel& model, const std::string& text) {
  Inspection r{model.task, {}, {}, {}};
  if (const auto bert = model.as<PretrainedBert>()) {
    PretrainedAttention a = readAttention(*bert, text);
    r.tokens = std::move(a.tokens), r.ids = std::move(a.ids), r.attention = std::move(a.attention);
  } else if (const auto gpt = model.as<PretrainedGpt2>()) {
    PretrainedAttention a = readAttention(*gpt, text);
    r.tokens = std::move(a.tokens), r.ids = std::move(a.ids), r.attention = std::move(a.attention);
  } else if (const auto imdb = model.as<ImdbTransformerModel>()) {
    ImdbPrediction p = predictText(*imdb->model, imdb->vocabulary, text);
    r.tokens = std::move(p.tokens), r.ids.assign(p.ids.begin(), p.ids.end()), r.attention = std::move(p.attention);
  } else if (const auto mlm = model.as<MaskedLmModel>()) {
    r.tokens = maskedLmTokens(text, mlm->tokenizer);
    const auto length = static_cast<size_t>(mlm->model->config().encoder.sequenceLength);
    if (r.tokens.size() > length) r.tokens.resize(length);
    if (r.tokens.empty()) throw InputError("the text has no words once punctuation is removed");
    const std::vector<int> ids = maskedLmIds(r.tokens, mlm->vocabulary);
    r.ids.assign(ids.begin(), ids.end());
    r.attention = mlm->model->predict(ids, {}).attention;
  } else {
    throw InputError("inspect reads bert, gpt2, imdb-transformer and masked-lm models; a " + model.task +
                     " model shows its attention through 'attentionlab-cli ask'");
  }
  return r;
}

// For each layer and head, the key each token looks at most: a text view of the maps.
void printInspection(const Inspection& r) {
  std::cout << r.modelType << ", " << r.tokens.size() << " tokens:";
  for (size_t i = 0; i < r.tokens.size(); ++i) std::cout << " " << r.tokens[i] << "(" << r.ids[i] << ")";
  std::cout << "\n";
  for (size_t l = 0; l < r.attention.size(); ++l)
    for (size_t h = 0; h < r.attention[l].size(); ++h) {
      const Matrix& a = r.attention[l][h];  // T x T, row = query
      std::cout << "layer " << l << " head " << h << ":";
      for (Index q = 0; q < a.rows(); ++q) {
        Index key = 0;
        const float weight = a.row(q).maxCoeff(&key);
        std::cout << "  " << r.tokens[static_cast<size_t>(q)] << "->" << r.tokens[static_cast<size_t>(key)] << " "
                  << std::fixed << std::setprecision(2) << weight;
      }
      std::cout << "\n";
    }
}

}  // namespace

int inspect(const InspectOptions& o) {
  return guarded([&] {
    const Inspection r = inspectModel(loadFor(o.model, Ability::SelfAttention, "inspect"), o.text);
    if (o.json) {
      const size_t heads = r.attention.empty() ? 0 : r.attention.front().size();
      const nlohmann::json out = {{"model_type", r.modelType}, {"tokens", r.tokens}, {"ids", r.ids},
                                  {"layers", r.attention.size()}, {"heads", heads},
                                  {"attention", attentionJson(r.attention)}};
      std::cout << out.dump() << "\n";
      return int{kDone};
    }
    printInspection(r);
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
    const auto gpt = loadFor(o.model, Ability::Generate, "generate").as<PretrainedGpt2>();
    GenerationSettings settings;
    settings.maxNewTokens = o.maxNewTokens;
    settings.sampling = {.temperature = o.temperature, .topK = o.topK, .topP = o.topP, .seed = o.seed};
    const Generation g = al::generate(*gpt, o.prompt, settings);
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
