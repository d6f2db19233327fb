#pragma once
// history.json: what happened in each epoch of training, for the curves of the app and for scripts.
//
//   [{"epoch": 1, "loss": 0.52, "accuracy": 0.74, "val_loss": 0.41, "val_accuracy": 0.82, "seconds": 12.5}, ...]
//
// Without a validation split val_loss and val_accuracy are null in the file (or absent) and NaN in memory;
// any metric that is NaN in memory is written as null.
#include <filesystem>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace al::io {

struct EpochRecord {
  static constexpr double kAbsent = std::numeric_limits<double>::quiet_NaN();
  int epoch = 0;  // counted from 1
  double loss = 0, accuracy = 0;
  double valLoss = kAbsent, valAccuracy = kAbsent;  // NaN = no validation data
  double seconds = 0;                               // wall-clock time of the epoch
};

// al::InputError naming the file, the entry (counted from 1) and the field for anything malformed.
std::vector<EpochRecord> readHistory(const std::filesystem::path& file);
// The same for the text of such a file; file names it in messages.
std::vector<EpochRecord> parseHistory(std::string_view text, const std::string& file);
// Written atomically; al::RunError if it cannot be written.
void writeHistory(const std::filesystem::path& file, const std::vector<EpochRecord>& records);
// The history.json of a model directory, or nothing when the directory has none.
std::vector<EpochRecord> readHistoryIfPresent(const std::filesystem::path& modelDir);

}  // namespace al::io
