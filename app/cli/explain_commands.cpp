// inspect's "rollout" and "saliency", and eval --rank-correlations: does attention point at the words the
// prediction rests on? (core/teaching/attention_rollout.h, core/teaching/token_attribution.h)
#include "app/cli/explain_commands.h"

#include <oneapi/tbb/task_arena.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "app/cli/cli_support.h"
#include "core/catalogue/model_catalogue.h"
#include "core/error.h"
#include "core/random.h"
#include "core/teaching/attention_rollout.h"
#include "core/teaching/token_attribution.h"
#include "core/train/imdb_run.h"
#include "core/train/trainer.h"

namespace al::cli {

namespace {

std::vector<int> intIds(const std::vector<int64_t>& ids) { return std::vector<int>(ids.begin(), ids.end()); }

const char* const kNames[teaching::kExplanations] = {"attention", "rollout", "saliency", "deletion"};

// "mean" (or empty): the last layer's mean over its heads; "L.H": that head. InputError for another form.
teaching::AttentionSource parseAttentionHead(const std::string& spec) {
  if (spec.empty() || spec == "mean") return {};
  const size_t dot = spec.find('.');
  const auto digits = [](const std::string& s) { return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos && s.size() < 6; };
  if (dot == std::string::npos || !digits(spec.substr(0, dot)) || !digits(spec.substr(dot + 1)))
    throw InputError("--attention-head takes mean or LAYER.HEAD (counted from 0, e.g. 0.1), not '" + spec + "'");
  return {.layer = std::stoul(spec.substr(0, dot)), .head = std::stoul(spec.substr(dot + 1))};
}

std::string describe(const teaching::AttentionSource& source) {
  if (!source.layer) return "the last layer's mean over its heads";
  return "layer " + std::to_string(*source.layer) + " head " + std::to_string(*source.head);
}

// Up to `limit` of the reviews (all when limit is 0 or larger): the same fixed random choice as --head-importance,
// so that a smaller sample still mixes the split's classes (aclImdb's test split lists one class first).
std::vector<std::vector<int>> chooseReviews(const std::vector<EncodedSample>& all, size_t limit) {
  std::vector<const EncodedSample*> chosen;
  for (const EncodedSample& s : all) chosen.push_back(&s);
  if (limit != 0 && limit < chosen.size()) {
    Rng rng(1337);
    for (size_t i = 0; i < limit; ++i) std::swap(chosen[i], chosen[i + rng.next() % (chosen.size() - i)]);
    chosen.resize(limit);
  }
  std::vector<std::vector<int>> reviews;
  for (const EncodedSample* s : chosen) reviews.push_back(s->ids);
  return reviews;
}

nlohmann::json table(const std::array<std::array<double, teaching::kExplanations>, teaching::kExplanations>& t) {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& row : t) rows.push_back(row);
  return rows;
}

// The rollout multiplies the layers' maps: it needs every token to attend over the same tokens it is. A language
// model's maps over a memory (T x (M'+T)) have no rollout.
bool squareMaps(const std::vector<std::vector<Matrix>>& attention) {
  if (attention.empty()) return false;
  for (const std::vector<Matrix>& layer : attention)
    for (const Matrix& a : layer)
      if (a.rows() != a.cols()) return false;
  return true;
}

}  // namespace

void addExplanationsJson(nlohmann::json& out, const AnyModel& model, const std::vector<std::vector<Matrix>>& attention,
                         const std::vector<int64_t>& ids) {
  if (squareMaps(attention)) {
    nlohmann::json rollout = nlohmann::json::array();
    for (const Matrix& r : teaching::attentionRollout(attention)) rollout.push_back(matrixJson(r));
    out["rollout"] = std::move(rollout);
  }
  if (const auto imdb = model.as<ImdbTransformerModel>()) {
    const teaching::TokenAttribution t = teaching::attributeTokens(*imdb->model, intIds(ids));
    out["saliency"] = {{"label", t.positive ? "positive" : "negative"}, {"probability", t.probability},
                       {"gradient_x_input", t.saliency}, {"deletion", t.deletion}};
  }
}

void printExplanations(const AnyModel& model, const std::vector<std::string>& tokens,
                       const std::vector<std::vector<Matrix>>& attention, const std::vector<int64_t>& ids) {
  std::cout << std::fixed << std::setprecision(3);
  if (squareMaps(attention)) {
    const RowVector received = teaching::attentionReceived(teaching::attentionRollout(attention).back());  // 1 x T
    std::cout << "rollout, attention each token receives (mean over the rows):";
    for (Index j = 0; j < received.size(); ++j) std::cout << "  " << tokens[static_cast<size_t>(j)] << " " << received(j);
    std::cout << "\n";
  }
  if (const auto imdb = model.as<ImdbTransformerModel>()) {
    const teaching::TokenAttribution t = teaching::attributeTokens(*imdb->model, intIds(ids));
    std::cout << "saliency (gradient x input, towards " << (t.positive ? "positive" : "negative") << "):";
    for (size_t j = 0; j < t.saliency.size(); ++j) std::cout << "  " << tokens[j] << " " << std::showpos << t.saliency[j] << std::noshowpos;
    std::cout << "\n";
  }
}

std::string attentionHeadProblem(const std::string& spec) {
  try {
    parseAttentionHead(spec);
  } catch (const InputError& e) {
    return e.what();
  }
  return {};
}

int evalRankCorrelations(const EvalOptions& o) {
  return guarded([&] {
    const std::unique_ptr<ImdbRun> run = prepareImdbEvaluation(o, "--rank-correlations");
    const teaching::AttentionSource source = parseAttentionHead(o.attentionHead);
    const TransformerConfig& config = run->model().config();
    if (source.layer && (*source.layer >= size_t(config.numLayers) || *source.head >= size_t(config.numHeads)))
      throw InputError("--attention-head " + o.attentionHead + ": the model has " + std::to_string(config.numLayers) +
                       " layer(s) of " + std::to_string(config.numHeads) + " heads, counted from 0");
    const std::vector<std::vector<int>> reviews = chooseReviews(run->testData(), static_cast<size_t>(o.samples));

    tbb::task_arena arena(workerThreads(o.threads));
    teaching::RankCorrelations r;
    const bool terminal = isatty(fileno(stderr));  // a line that redraws itself, for a person watching only
    const auto start = std::chrono::steady_clock::now();
    arena.execute([&] {
      r = teaching::rankCorrelations(run->model(), reviews, source, [&](size_t done, size_t total) {
        if (!terminal) return true;
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::fprintf(stderr, "\rrank correlations: %zu / %zu reviews, %s left   ", done, total,
                     formatSeconds(seconds / double(done) * double(total - done)).c_str());
        if (done == total) std::fprintf(stderr, "\n");
        return true;
      });
    });

    if (o.json) {
      std::cout << nlohmann::json{{"reviews", r.reviews}, {"skipped", r.skipped}, {"held_out", run->testIsHeldOut()},
                                  {"attention_head", source.layer ? o.attentionHead : std::string("mean")},
                                  {"explanations", kNames}, {"spearman", table(r.mean)},
                                  {"deviation", table(r.deviation)},
                                  {"signed_saliency_deletion", r.signedSaliencyDeletion}}.dump() << "\n";
      return int{kDone};
    }
    std::cout << "rank correlations (Spearman's rho, per review, mean +- standard deviation) over " << r.reviews
              << (run->testIsHeldOut() ? " test" : " training") << " reviews";
    if (r.skipped) std::cout << " (" << r.skipped << " of fewer than 3 tokens left out)";
    std::cout << "\nattention: what each token receives from " << describe(source)
              << "; rollout: the same of the whole stack's rollout; saliency: |gradient x input|; deletion: |change of "
                 "the predicted probability without the token|\n";
    std::cout << std::setw(11) << "";
    for (const char* name : kNames) std::cout << std::setw(15) << name;
    std::cout << "\n" << std::fixed << std::setprecision(2);
    for (size_t a = 0; a < teaching::kExplanations; ++a) {
      std::cout << std::setw(11) << std::left << kNames[a] << std::right;
      for (size_t b = 0; b < teaching::kExplanations; ++b) {
        std::ostringstream cell;
        cell << std::fixed << std::setprecision(2) << r.mean[a][b] << " +- " << r.deviation[a][b];
        std::cout << std::setw(15) << cell.str();
      }
      std::cout << "\n";
    }
    std::cout << "saliency against deletion with their signs: " << r.signedSaliencyDeletion << "\n";
    return int{kDone};
  });
}

}  // namespace al::cli
