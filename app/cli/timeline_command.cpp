// timeline: the snapshots a model directory's training timeline holds (timeline.json, docs/training-timeline.md):
// each one's step and epoch, and how far each head's attention is from looking at every word alike; with
// --which-head Q,A,B, each head's weight from Q on A and on B at every snapshot (inspect --which-head's reading,
// app/cli/head_commands.h) and the step from which each head puts more on A.
#include <algorithm>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>

#include "app/cli/commands.h"
#include "app/cli/cli_support.h"
#include "app/cli/head_commands.h"
#include "core/catalogue/model_catalogue.h"
#include "core/error.h"
#include "core/inference/training_timeline.h"

namespace al::cli {

namespace {

// [layer][head] of one probe, or the mean over the probes.
using HeadTable = std::vector<std::vector<float>>;

HeadTable meanOverProbes(const TimelineSnapshot& s, HeadTable HeadStatistics::*table) {
  HeadTable mean;
  for (const ProbeReading& r : s.probes) {
    const HeadTable& t = r.heads.*table;
    if (mean.empty()) mean.assign(t.size(), {});
    for (size_t l = 0; l < t.size(); ++l) {
      mean[l].resize(t[l].size(), 0.0f);
      for (size_t h = 0; h < t[l].size(); ++h) mean[l][h] += t[l][h] / static_cast<float>(s.probes.size());
    }
  }
  return mean;
}

nlohmann::json numberOrNull(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); }

nlohmann::json predictionJson(const ModelPrediction& p) {
  auto candidates = [](const std::vector<PredictedToken>& list) {
    nlohmann::json out = nlohmann::json::array();
    for (const PredictedToken& c : list) out.push_back({{"token", c.token}, {"probability", c.probability}});
    return out;
  };
  switch (p.kind) {
    case PredictionKind::None: return nullptr;
    case PredictionKind::Class: return {{"probability", p.probability}};
    case PredictionKind::Fill: {
      nlohmann::json blanks = nlohmann::json::array();
      for (const ModelPrediction::Blank& b : p.blanks) blanks.push_back({{"position", b.position}, {"top", candidates(b.top)}});
      return {{"blanks", blanks}};
    }
    case PredictionKind::NextToken: return {{"next", candidates(p.next)}};
    case PredictionKind::Answer: return {{"answer", p.answer}};
  }
  return nullptr;
}

nlohmann::json timelineJson(const TrainingTimeline& t) {
  nlohmann::json probes = nlohmann::json::array(), snapshots = nlohmann::json::array();
  for (const TimelineProbe& p : t.probes) probes.push_back(p.text);
  for (const TimelineSnapshot& s : t.snapshots) {
    nlohmann::json readings = nlohmann::json::array();
    for (const ProbeReading& r : s.probes)
      readings.push_back({{"distance_from_uniform", r.heads.distanceFromUniform}, {"entropy", r.heads.entropy},
                          {"prediction", predictionJson(r.prediction)}});
    snapshots.push_back({{"step", s.step}, {"epoch", s.epoch}, {"epoch_end", s.epochEnd},
                         {"loss", numberOrNull(s.loss)}, {"accuracy", numberOrNull(s.accuracy)},
                         {"distance_from_uniform", meanOverProbes(s, &HeadStatistics::distanceFromUniform)},
                         {"entropy", meanOverProbes(s, &HeadStatistics::entropy)},
                         {"probes", std::move(readings)}});
  }
  return {{"task", t.task}, {"layers", t.layers}, {"heads", t.heads}, {"probes", std::move(probes)},
          {"snapshots", std::move(snapshots)}};
}

void printTimeline(const TrainingTimeline& t) {
  std::cout << "training timeline of a " << t.task << " model (" << t.layers << " layers x " << t.heads
            << " heads), " << t.snapshots.size() << " snapshots of:\n";
  for (const TimelineProbe& p : t.probes) std::cout << "  " << p.text << "\n";
  std::cout << "distance from uniform of each head (layer.head; 0: the same weight on every word, near 1: all on one;"
               " mean over the sentences)\n";
  std::cout << std::setw(8) << "step" << std::setw(7) << "epoch" << std::setw(9) << "loss" << std::setw(9) << "accuracy";
  for (size_t l = 0; l < t.layers; ++l)
    for (size_t h = 0; h < t.heads; ++h) std::cout << std::setw(7) << (std::to_string(l) + "." + std::to_string(h));
  std::cout << "\n" << std::fixed;
  for (const TimelineSnapshot& s : t.snapshots) {
    std::cout << std::setw(8) << s.step << std::setw(7) << s.epoch << std::setprecision(4);
    if (std::isfinite(s.loss)) std::cout << std::setw(9) << s.loss << std::setw(9) << s.accuracy;
    else std::cout << std::setw(9) << "-" << std::setw(9) << "-";
    std::cout << std::setprecision(3);
    for (const std::vector<float>& layer : meanOverProbes(s, &HeadStatistics::distanceFromUniform))
      for (float d : layer) std::cout << std::setw(7) << d;
    std::cout << (s.epochEnd ? "  (end of epoch)" : "") << "\n";
  }
}

// --which-head over a timeline: inspect's reading of each snapshot's maps of one watched sentence.
struct TimelineWhichHead {
  size_t probe = 0;                   // the first watched sentence whose tokens spell the three words
  std::vector<WhichHead> snapshots;   // one per snapshot, in step order
  // [layer][head]: the step of the first snapshot at which the head puts more weight on A than on B, and the step
  // from which it does so at that snapshot and every later one (its preference is steady); the step from which it
  // puts more than half of the query's weight on A at every snapshot (a row sums to 1: A then has the most); none:
  // never, or not at the last snapshot.
  std::vector<std::vector<std::optional<long>>> firstStep, steadyStep, steadyHalfStep;
};

// The step from which `holds` is true at every snapshot to the last; none when it is false at the last.
template <typename Holds>
std::optional<long> steadyFrom(const TrainingTimeline& t, Holds holds) {
  std::optional<long> step;
  for (size_t i = t.snapshots.size(); i-- > 0 && holds(i);) step = t.snapshots[i].step;
  return step;
}

TimelineWhichHead timelineWhichHead(const TrainingTimeline& t, const std::string& spec) {
  if (t.layers == 0 || t.snapshots.empty())
    throw InputError(ErrorKind::OptionInvalid, {.name = "--which-head", .found = t.task},
                     "--which-head: this timeline holds no attention maps (a " + t.task + " has no self-attention)");
  TimelineWhichHead w;
  std::string problem;
  for (w.probe = 0; w.probe < t.probes.size(); ++w.probe) {
    const TimelineProbe& p = t.probes[w.probe];
    if (p.queryStart != 0 || p.keyStart != 0) {
      problem = "--which-head reads a sentence that fits in one window of the model; \"" + p.text +
                "\" is read in segments";
      continue;
    }
    try {
      w.snapshots.push_back(whichHead(spec, p.tokens, t.snapshots.front().probes[w.probe].attention));
      break;
    } catch (const InputError& e) {
      problem = e.what();
    }
  }
  if (w.snapshots.empty())
    throw InputError(ErrorKind::OptionInvalid, {.name = "--which-head", .found = spec},
                     t.probes.size() == 1 ? problem
                                          : "--which-head: no watched sentence has the three words of '" + spec +
                                                "' (the last one read: " + problem + ")");
  const TimelineProbe& probe = t.probes[w.probe];
  for (size_t i = 1; i < t.snapshots.size(); ++i)
    w.snapshots.push_back(whichHead(spec, probe.tokens, t.snapshots[i].probes[w.probe].attention));
  w.firstStep.assign(t.layers, std::vector<std::optional<long>>(t.heads));
  w.steadyStep = w.steadyHalfStep = w.firstStep;
  for (size_t l = 0; l < t.layers; ++l)
    for (size_t h = 0; h < t.heads; ++h) {
      const auto headIn = [&](const WhichHead& at) {
        const auto& ranked = at.ranking.ranked;
        return *std::find_if(ranked.begin(), ranked.end(),
                             [&](const teaching::HeadPreference& p) { return p.layer == l && p.head == h; });
      };
      w.steadyStep[l][h] = steadyFrom(t, [&](size_t i) { return headIn(w.snapshots[i]).difference > 0; });
      w.steadyHalfStep[l][h] = steadyFrom(t, [&](size_t i) { return headIn(w.snapshots[i]).onA > 0.5; });
    }
  for (size_t i = t.snapshots.size(); i-- > 0;)
    for (size_t l = 0; l < t.layers; ++l)
      for (size_t h = 0; h < t.heads; ++h)
        if (w.snapshots[i].ranking.differences(static_cast<Index>(l), static_cast<Index>(h)) > 0)
          w.firstStep[l][h] = t.snapshots[i].step;
  return w;
}

nlohmann::json stepsJson(const std::vector<std::vector<std::optional<long>>>& steps) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& layer : steps) {
    nlohmann::json row = nlohmann::json::array();
    for (const std::optional<long>& step : layer) row.push_back(step ? nlohmann::json(*step) : nlohmann::json(nullptr));
    out.push_back(std::move(row));
  }
  return out;
}

size_t steadyHeads(const TimelineWhichHead& w) {
  size_t n = 0;
  for (const auto& layer : w.steadyStep) n += static_cast<size_t>(std::count_if(layer.begin(), layer.end(), [](const auto& s) { return s.has_value(); }));
  return n;
}

// The summary ("which_head" of the document) and each snapshot's reading ("which_head" of each snapshot).
void addWhichHeadJson(nlohmann::json& out, const TimelineWhichHead& w) {
  const nlohmann::json first = whichHeadJson(w.snapshots.front());
  out["which_head"] = {{"probe", w.probe},
                       {"query", first["query"]},
                       {"a", first["a"]},
                       {"b", first["b"]},
                       {"query_tokens", first["query_tokens"]},
                       {"a_tokens", first["a_tokens"]},
                       {"b_tokens", first["b_tokens"]},
                       {"heads", first["heads"]},
                       {"first_step_prefer_a", stepsJson(w.firstStep)},
                       {"steady_step_prefer_a", stepsJson(w.steadyStep)},
                       {"steady_step_half_on_a", stepsJson(w.steadyHalfStep)},
                       {"heads_steady", steadyHeads(w)}};
  for (size_t i = 0; i < w.snapshots.size(); ++i) {
    const nlohmann::json one = whichHeadJson(w.snapshots[i]);
    out["snapshots"][i]["which_head"] = {{"on_a", one["on_a"]}, {"on_b", one["on_b"]},
                                         {"difference", one["difference"]}, {"prefer_a", one["prefer_a"]}};
  }
}

void printTimelineWhichHead(const TrainingTimeline& t, const TimelineWhichHead& w) {
  const WhichHead& first = w.snapshots.front();
  std::cout << "which head? in \"" << t.probes[w.probe].text << "\", each head's weight from " << first.query << " on "
            << first.a << " / on " << first.b << " (layer.head, counted from 0)\n";
  std::cout << std::setw(8) << "step" << std::setw(7) << "epoch";
  for (size_t l = 0; l < t.layers; ++l)
    for (size_t h = 0; h < t.heads; ++h) std::cout << std::setw(12) << (std::to_string(l) + "." + std::to_string(h));
  std::cout << std::setw(10) << "prefer" << "\n" << std::fixed << std::setprecision(2);
  for (size_t i = 0; i < w.snapshots.size(); ++i) {
    std::cout << std::setw(8) << t.snapshots[i].step << std::setw(7) << t.snapshots[i].epoch;
    std::vector<std::vector<const teaching::HeadPreference*>> byHead(t.layers, std::vector<const teaching::HeadPreference*>(t.heads));
    for (const teaching::HeadPreference& p : w.snapshots[i].ranking.ranked) byHead[p.layer][p.head] = &p;
    for (const auto& layer : byHead)
      for (const teaching::HeadPreference* p : layer) {
        std::ostringstream cell;
        cell << std::fixed << std::setprecision(2) << p->onA << "/" << p->onB << (p->difference > 0 ? "*" : " ");
        std::cout << std::setw(12) << cell.str();
      }
    std::cout << std::setw(10) << w.snapshots[i].ranking.preferA << "\n";
  }
  std::cout << "(* more on " << first.a << " than on " << first.b << ")\n";
  for (size_t l = 0; l < t.layers; ++l)
    for (size_t h = 0; h < t.heads; ++h) {
      std::cout << "layer " << l << " head " << h << ": ";
      if (w.steadyStep[l][h]) std::cout << "more on " << first.a << " from step " << *w.steadyStep[l][h] << " on";
      else std::cout << "not more on " << first.a << " at the last snapshot";
      if (w.firstStep[l][h]) std::cout << " (first at step " << *w.firstStep[l][h] << ")";
      if (w.steadyHalfStep[l][h]) std::cout << "; more than half on " << first.a << " from step " << *w.steadyHalfStep[l][h] << " on";
      std::cout << "\n";
    }
  std::cout << steadyHeads(w) << " of " << t.layers * t.heads << " heads put more of " << first.query << "'s weight on "
            << first.a << " than on " << first.b << " from some step to the end\n";
}

}  // namespace

int timeline(const TimelineOptions& o) {
  return guarded([&] {
    modelKindOfDirectory(o.model);  // a model directory at all (InputError naming it otherwise)
    const std::optional<TrainingTimeline> t = readTrainingTimelineIfPresent(o.model);
    if (!t)
      throw InputError(ErrorKind::FileMissing, {.file = o.model + "/" + kTimelineFile},
                       o.model + " has no training timeline (" + kTimelineFile +
                           "): train with --watch TEXT (or --watch-every N) to record one");
    std::optional<TimelineWhichHead> which;
    if (!o.whichHead.empty()) which = timelineWhichHead(*t, o.whichHead);
    if (o.json) {
      nlohmann::json out = timelineJson(*t);
      if (which) addWhichHeadJson(out, *which);
      std::cout << out.dump() << "\n";
    } else if (which) {
      printTimelineWhichHead(*t, *which);
    } else {
      printTimeline(*t);
    }
    return int{kDone};
  });
}

}  // namespace al::cli
