#pragma once
// A training timeline: what a model showed of a few probe sentences at moments of its training, so that a class
// can scrub through the run and see heads form. Recorded while a run trains (core/train/timeline_recorder.h),
// saved beside the model as timeline.json (docs/training-timeline.md), read back here.
//
//   TrainingTimeline t = readTrainingTimeline(dir / kTimelineFile);
//   const TimelineSnapshot& s = t.snapshots[i];          // s.step, s.epoch, s.loss, s.accuracy
//   s.probes[p].attention[layer][head](query, key)      // probe p's map at that step
//   s.probes[p].prediction                              // its verdict, fill, next tokens or answer
//   s.probes[p].heads.distanceFromUniform[layer][head]  // how far that head is from looking everywhere alike
//
// A snapshot is the model of that step read by the capabilities every page uses (readModelAttention,
// readModelPrediction): a checkpoint saved at that step gives the same numbers (takeReadings).
//
// Dimension key (core/tensor.h): T tokens, L layers, H heads, P probes.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/inference/any_model.h"
#include "core/inference/model_prediction.h"
#include "core/tensor.h"

namespace al {

inline constexpr char kTimelineFile[] = "timeline.json";
inline constexpr size_t kMaxTimelineProbes = 4;         // probe sentences of one run
inline constexpr size_t kMaxTimelineSnapshots = 4000;   // what a reader accepts (a recorder keeps far fewer)
inline constexpr uint64_t kMaxTimelineBytes = 128ull << 20;  // what a reader reads (a recorder writes under 48 MB)

// How each head of one probe's maps spreads its weight. For a head's map A (queries x keys), query row r and the
// n_r keys its mask lets it see (every key; a causal model's query only the keys up to its own position):
//   entropy(r)  = -Σ_j A[r,j] ln A[r,j]                 in nats: ln n_r for the uniform row, 0 for one key
//   distance(r) = ½ Σ_j |A[r,j] - 1/n_r|                total variation from the uniform row: 0 (looks at every
//                                                       key alike) .. 1 - 1/n_r (all weight on one key)
// Each averaged over the query rows that see two keys or more (a row with one key has no choice to make); 0 when
// no row does.
struct HeadStatistics {
  std::vector<std::vector<float>> entropy;              // [layer][head]
  std::vector<std::vector<float>> distanceFromUniform;  // [layer][head]
};
HeadStatistics headStatistics(const std::vector<std::vector<Matrix>>& attention, bool causal, size_t queryStart,
                              size_t keyStart);

// One probe read by the model of one moment.
struct ProbeReading {
  std::vector<std::vector<Matrix>> attention;  // [layer][head], queries x keys; empty without self-attention
  ModelPrediction prediction;
  HeadStatistics heads;
};

// A probe as the model reads it: the same at every moment (the vocabulary does not change while training).
struct TimelineProbe {
  std::string text;
  std::vector<std::string> tokens;  // as a person reads them
  size_t queryStart = 0, keyStart = 0;  // a language model's last segment (model_attention.h); 0 otherwise
};

struct TimelineSnapshot {
  long step = 0;  // optimizer steps done (0: the initial weights)
  int epoch = 0;  // the epoch the step is in, from 1 (0 at step 0)
  // The training loss and accuracy of the epoch so far (at an epoch's end: the epoch's, as history.json has them);
  // NaN at step 0.
  double loss = 0, accuracy = 0;
  bool epochEnd = false;  // the last step of its epoch
  std::vector<ProbeReading> probes;  // [P]
};

struct TrainingTimeline {
  std::string task;    // the model's task
  size_t layers = 0;   // its self-attention stack (0 without)
  size_t heads = 0;
  std::vector<TimelineProbe> probes;
  std::vector<TimelineSnapshot> snapshots;  // in step order
};

// What `model` shows of each probe now: its maps, its prediction and its heads' statistics. InputError as
// readModelAttention and readModelPrediction (a probe without words).
std::vector<ProbeReading> takeReadings(const AnyModel& model, const std::vector<std::string>& probes);
// The probes as the model reads them (their tokens, where a language model's last segment starts).
std::vector<TimelineProbe> describeProbes(const AnyModel& model, const std::vector<std::string>& probes);

// timeline.json, written atomically (RunError if it cannot be). Numbers are written with the 9 significant digits
// that read back as the same float.
void writeTrainingTimeline(const std::filesystem::path& file, const TrainingTimeline& timeline);
// InputError naming the file and the entry for anything malformed, and for a file larger than
// kMaxTimelineBytes. The model directory stays valid whatever this file holds: only the timeline is refused.
TrainingTimeline readTrainingTimeline(const std::filesystem::path& file);
// The timeline of a model directory, or nothing when it has none.
std::optional<TrainingTimeline> readTrainingTimelineIfPresent(const std::filesystem::path& modelDir);

}  // namespace al
