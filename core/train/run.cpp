#include "core/train/run.h"

namespace al {

void saveWithRecord(const TrainingRun& run, const std::filesystem::path& dir, int keptEpoch,
                    std::optional<io::TrainingRecord::Test> test) {
  run.save(dir);
  io::TrainingRecord record;
  record.settings = run.settings();
  record.keptEpoch = keptEpoch;
  record.test = test;
  io::writeTrainingRecord(dir / "training.json", record);
}

io::TrainingRecord::Test testRecord(const BatchStats& test, bool heldOut) {
  return {test.loss(), test.accuracy(), heldOut};
}

}  // namespace al
