#pragma once
// A model as a finished run of the Train page brings it to the session: trained for a few steps while a training
// timeline watched its corpus's own sentence, a snapshot every 2 steps. For the suites of the pages that show a
// timeline's moments.
#include "core/catalogue/model_catalogue.h"
#include "core/inference/training_timeline.h"
#include "core/train/hyperparameters.h"
#include "core/train/timeline_recorder.h"

#include <memory>
#include <string>

#include "ui/session/model_library.h"

namespace al::test {

// One epoch of 64 samples in batches of 8, one thread, seed 7: the same timeline every time.
inline ui::SessionModel recordedModel(const std::string& task) {
  const ModelKind& kind = modelKind(task);
  RunRequest request;
  request.task = kind.task;
  request.preset = "tiny";
  request.values = kind.formValues;
  request.values.update({{"epochs", 1}, {"batch_size", 8}, {"train_limit", 64}, {"threads", 1}, {"seed", 7}});
  const std::unique_ptr<TrainingRun> run = taskSchema(kind.trainCommand).prepare(request, {});
  TimelineRecorder recorder(*run, {.probes = defaultProbes(kind, request.data), .every = 2});
  run->train(&recorder, nullptr);
  ui::SessionModel model = ui::sessionModel(QString::fromStdString(task), run->snapshot(), QStringLiteral("finished"));
  model.timeline = std::make_shared<const TrainingTimeline>(recorder.finish());
  return model;
}

}  // namespace al::test
