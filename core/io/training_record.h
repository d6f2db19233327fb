#pragma once
// training.json (optional, in a model directory): how the model was trained and how it scored, what the other
// files do not say. A saved model keeps its data source, its seed and its test accuracy with it:
//
//   {"settings": {"task": "imdb-transformer", "data": "builtin", "preset": "tiny", "seed": 1337, "epochs": 3, ...},
//    "kept_epoch": 3,
//    "test": {"loss": 0.31, "accuracy": 0.912, "held_out": true}}
//
// settings: the run's settings in the one shape of core/train/hyperparameters.h. kept_epoch: whose weights the
// directory holds (counted from 1). test: the kept model on the source's test part (held_out true) or, for a
// source without one, on all of its data, the training samples included (held_out false); absent when it was not
// measured. Readers that do not know the file ignore it; a model directory without it stays valid.
#include <filesystem>
#include <optional>

#include <nlohmann/json.hpp>

namespace al::io {

struct TrainingRecord {
  nlohmann::json settings = nlohmann::json::object();
  int keptEpoch = 0;  // 0: not known
  struct Test {
    double loss = 0, accuracy = 0;
    bool heldOut = true;
  };
  std::optional<Test> test;
};

// Written atomically; al::RunError if it cannot be written.
void writeTrainingRecord(const std::filesystem::path& file, const TrainingRecord& record);
// al::InputError naming the file and the field for anything malformed.
TrainingRecord readTrainingRecord(const std::filesystem::path& file);
// The training.json of a model directory, or nothing when it has none.
std::optional<TrainingRecord> readTrainingRecordIfPresent(const std::filesystem::path& modelDir);

}  // namespace al::io
