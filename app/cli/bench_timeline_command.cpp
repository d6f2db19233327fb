// bench imdb --timeline: what recording a training timeline (core/train/timeline_recorder.h) costs a run of the
// preset, at the default schedule. Measured on the preset's own model and data:
//   step_ms      one training step (the trainer itself, --steps batches of the training split, after a warm-up)
//   copy_ms      a snapshot's cost on the training thread: the copy of the weights (run.snapshot())
//   read_ms      reading the corpus's sentence on that copy (maps, prediction, head statistics): on another thread
// and projected onto the whole run: the snapshots its schedule takes (n) over its steps (N),
//   critical share = n·copy_ms / (N·step_ms)              what training waits for
//   total share    = n·(copy_ms + read_ms) / (N·step_ms)  as if the reading took its core from training
#include <algorithm>
#include <chrono>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "app/cli/cli_support.h"
#include "app/cli/commands.h"
#include "core/catalogue/model_catalogue.h"
#include "core/train/allocator.h"
#include "core/train/imdb_run.h"
#include "core/train/timeline_recorder.h"

namespace al::cli {

namespace {

template <class F>
double medianMs(F&& f, int repeats) {
  std::vector<double> ms;
  for (int i = 0; i < repeats; ++i) {
    const auto start = std::chrono::steady_clock::now();
    f();
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

// The snapshots the default schedule takes in a run of `epochs` epochs of `perEpoch` steps: step 0, the due
// steps and every epoch's last step.
long scheduledSnapshots(long perEpoch, int epochs) {
  const long total = perEpoch * epochs;
  const SnapshotSchedule schedule(0, perEpoch, total);
  long n = 1;
  for (long step = 1; step <= total; ++step) n += schedule.due(step) || step % perEpoch == 0;
  return n;
}

}  // namespace

int benchTimeline(const BenchOptions& o) {
  return guarded([&] {
    keepFreedMemoryForReuse();
    const std::string preset = o.preset.empty() ? "classroom" : o.preset;
    ImdbRunSettings s = imdbPreset(preset);
    s.data = o.data.empty() ? std::string("builtin") : o.data;
    s.threads = workerThreads(o.threads);
    const int epochs = s.training.epochs;
    const size_t B = static_cast<size_t>(s.training.batchSize);
    std::unique_ptr<ImdbRun> run = ImdbRun::prepare(s);
    const Split full = splitSamples(run->trainingData().size(), s.training.validationSplit, s.training.shuffle,
                                    s.training.seed, s.training.trainLimit);
    const long perEpoch = static_cast<long>((full.train.size() + B - 1) / B);
    const long snapshots = scheduledSnapshots(perEpoch, epochs);
    const std::vector<std::string> probes = defaultProbes(modelKind(run->task()), s.data);

    // The trainer on 1 + --steps batches (one epoch, no validation): the first is the warm-up.
    auto trainSteps = [&](int steps) {
      s.training.epochs = 1;
      s.training.validationSplit = 0;
      s.training.trainLimit = B * static_cast<size_t>(steps);
      std::unique_ptr<ImdbRun> short_ = ImdbRun::prepare(s);
      const auto start = std::chrono::steady_clock::now();
      short_->train(nullptr, nullptr);
      return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    };
    const double stepMs = (trainSteps(o.steps + 1) - trainSteps(1)) / o.steps;
    const double copyMs = medianMs([&] { (void)run->snapshot(); }, 21);
    const AnyModel model = run->snapshot();
    const double readMs = medianMs([&] { (void)takeReadings(model, probes); }, 21);
    const double runMs = static_cast<double>(perEpoch) * epochs * stepMs;
    const double critical = static_cast<double>(snapshots) * copyMs / runMs;
    const double total = static_cast<double>(snapshots) * (copyMs + readMs) / runMs;

    if (o.json) {
      std::cout << nlohmann::json{{"task", "imdb"}, {"preset", preset}, {"data", s.data}, {"threads", s.threads},
                                  {"steps_per_epoch", perEpoch}, {"epochs", epochs}, {"snapshots", snapshots},
                                  {"probes", probes}, {"ms_per_step", stepMs}, {"copy_ms", copyMs},
                                  {"read_ms", readMs}, {"critical_share", critical}, {"total_share", total}}
                       .dump()
                << "\n";
    } else {
      std::cout << std::fixed << std::setprecision(2) << "imdb " << preset << " on " << s.data << ", " << s.threads
                << " threads: " << epochs << " epochs of " << perEpoch << " steps at " << stepMs
                << " ms; a timeline of \"" << probes.front() << "\" takes " << snapshots << " snapshots, each "
                << copyMs << " ms on the training thread (the weights' copy) and " << readMs
                << " ms reading on another: " << 100 * critical << " % of the training time on its critical path, "
                << 100 * total << " % if the reading took its core from training\n";
    }
    return int{kDone};
  });
}

}  // namespace al::cli
