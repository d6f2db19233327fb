#pragma once
// Writing a model directory so that a failure at any moment leaves the previous one intact.
//
// A model is several files (config.json, model.safetensors, vocab.txt, ...). Writing them one by one into
// the target would leave a mix of old and new files if the program stops half way (a full disk, a crash, a
// cancelled run). Instead every file goes into a fresh staging directory beside the target; only when all of
// them are on disk does commit() swap the staging directory into place:
//
//   MODEL/                   the previous model, untouched while we write
//   .MODEL.staging-XXXXXX/   the new files
//   commit():  MODEL -> .MODEL.old-XXXXXX,  staging -> MODEL,  remove .MODEL.old-XXXXXX
//
// Renaming a directory is atomic on one file system, so at every moment either the old or the new model
// is complete under some name, and the old one is deleted only once the new one is in place.
//
// A save killed outright (kill -9, a power cut) cannot remove its own staging directory: it stays beside the
// model as a hidden ".MODEL.staging-PID-N-A" (or ".MODEL.old-...", a ".NAME.tmp-..." file). The next save of
// that model and the next open of it remove such leftovers (removeStrayTemporaries).
#include <filesystem>
#include <string_view>

namespace al::io {

class ModelDirectoryWriter {
 public:
  // Creates the staging directory beside target (and target's parent if needed). Throws al::InputError if
  // target exists but is not a model directory (a file, or a non-empty directory without config.json):
  // replacing it would destroy something that is not ours. Throws al::RunError if the staging directory
  // cannot be created.
  explicit ModelDirectoryWriter(std::filesystem::path target);
  ~ModelDirectoryWriter();  // removes the staging directory if commit() was not reached

  ModelDirectoryWriter(const ModelDirectoryWriter&) = delete;
  ModelDirectoryWriter& operator=(const ModelDirectoryWriter&) = delete;

  const std::filesystem::path& target() const { return target_; }
  // Where the new files go, e.g. staging() / "config.json".
  const std::filesystem::path& staging() const { return staging_; }

  // Flushes every staged file to disk and swaps the staging directory into place. Throws al::RunError (and
  // leaves the previous model directory in place) if any step fails. Call at most once.
  void commit();

 private:
  std::filesystem::path target_;
  std::filesystem::path staging_;
  bool committed_ = false;
};

// Removes what killed saves of target left beside it: the entries of target's parent directory (and the
// ".NAME.tmp-..." files inside target) that this file's writers name, whose process id (the PID in the name)
// no longer runs on this machine. A live save (of this or another process) is never touched. If target itself is
// missing because a save was killed between its two renames, the previous model (".MODEL.old-...", complete by
// then) is renamed back to target first. Never throws: a leftover that cannot be removed stays, as before.
// (A save running on another machine, into a shared network folder, has a process id this machine cannot check;
// such a folder is not a place two machines should save one model at once.)
void removeStrayTemporaries(const std::filesystem::path& target);

// Writes bytes to path through a temporary sibling file that is flushed to disk and then renamed over path,
// so that path holds either its old content or all of the new one. Throws al::RunError on failure.
void writeFileAtomically(const std::filesystem::path& path, std::string_view bytes);

}  // namespace al::io
