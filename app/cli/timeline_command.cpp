// timeline: the snapshots a model directory's training timeline holds (timeline.json, docs/training-timeline.md):
// each one's step and epoch, and how far each head's attention is from looking at every word alike.
#include <cmath>
#include <iomanip>
#include <iostream>

#include "app/cli/commands.h"
#include "app/cli/cli_support.h"
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

}  // namespace

int timeline(const TimelineOptions& o) {
  return guarded([&] {
    modelKindOfDirectory(o.model);  // a model directory at all (InputError naming it otherwise)
    const std::optional<TrainingTimeline> t = readTrainingTimelineIfPresent(o.model);
    if (!t)
      throw InputError(ErrorKind::FileMissing, {.file = o.model + "/" + kTimelineFile},
                       o.model + " has no training timeline (" + kTimelineFile +
                           "): train with --watch TEXT (or --watch-every N) to record one");
    if (o.json) std::cout << timelineJson(*t).dump() << "\n";
    else printTimeline(*t);
    return int{kDone};
  });
}

}  // namespace al::cli
