#include "core/io/atomic_directory.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string_view>
#include <stdexcept>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "core/error.h"

namespace al::io {

namespace fs = std::filesystem;

namespace {

std::string systemMessage(int error) { return std::strerror(error); }

[[noreturn]] void failRun(const std::string& what, const fs::path& path, int error) {
  throw RunError(ErrorKind::CannotWrite, {.file = path.string()},
                 "cannot " + what + " " + path.string() + ": " + systemMessage(error));
}

// The directory that holds path ("." for a bare name), where the staging and temporary names live: a rename
// is atomic only within one file system, and a sibling is on the same one.
fs::path parentOf(const fs::path& path) {
  const fs::path parent = path.parent_path();
  return parent.empty() ? fs::path(".") : parent;
}

// "model/" and "model" name the same directory; the staging names need the last component.
fs::path withoutTrailingSeparator(fs::path path) {
  if (!path.has_filename() && path.has_parent_path()) return path.parent_path();
  return path;
}

// A name no other writer uses: hidden, derived from the target, with the process id and a counter.
fs::path siblingName(const fs::path& path, const std::string& purpose, unsigned attempt) {
  static std::atomic<unsigned> counter{0};
  const std::string suffix = std::to_string(::getpid()) + "-" + std::to_string(counter++) + "-" + std::to_string(attempt);
  std::string name = ".";
  name += path.filename().string() + "." + purpose + "-" + suffix;
  return parentOf(path) / name;
}

// Creates a new, empty directory beside path. mkdir fails with EEXIST instead of reusing a directory, so the
// result belongs to us alone. Permissions follow the umask, as for any directory the user creates.
fs::path createUniqueSiblingDirectory(const fs::path& path, const std::string& purpose) {
  for (unsigned attempt = 0;; ++attempt) {
    const fs::path candidate = siblingName(path, purpose, attempt);
    if (::mkdir(candidate.c_str(), 0777) == 0) return candidate;
    if (errno != EEXIST || attempt > 100) failRun("create the directory", candidate, errno);
  }
}

// Asks the kernel to put a file's (or a directory's list of names) content on disk now. Without it a
// rename can reach the disk before the data it renames, and a power cut leaves an empty file.
void syncToDisk(const fs::path& path, bool isDirectory) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | (isDirectory ? O_DIRECTORY : 0));
  if (fd < 0) failRun("open", path, errno);
  const int result = ::fsync(fd);
  const int error = errno;
  ::close(fd);
  if (result != 0) failRun("flush to disk", path, error);
}

void syncTreeToDisk(const fs::path& root) {
  std::error_code ec;
  for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->is_symlink(ec)) continue;
    if (it->is_regular_file(ec)) syncToDisk(it->path(), false);
    else if (it->is_directory(ec)) syncToDisk(it->path(), true);
  }
  if (ec) throw RunError(ErrorKind::CannotWrite, {.file = root.string()}, "cannot list " + root.string() + ": " + ec.message());
  syncToDisk(root, true);
}

// Replacing target deletes it in the end, so it must be something we wrote before: nothing, an empty
// directory, or a directory with a config.json. Anything else is probably a mistyped --out.
void requireReplaceable(const fs::path& target) {
  std::error_code ec;
  const fs::file_status status = fs::symlink_status(target, ec);
  if (!fs::exists(status)) return;
  if (!fs::is_directory(status))
    throw InputError(ErrorKind::TargetNotModelDir, {.file = target.string()},
                     target.string() + " exists and is not a directory; refusing to replace it with a model");
  if (fs::is_empty(target, ec) || fs::exists(target / "config.json", ec)) return;
  throw InputError(ErrorKind::TargetNotModelDir, {.file = target.string()},
                   target.string() + " exists and is not a model directory (it has no config.json); "
                   "refusing to replace it");
}

// A leftover of one of our writers: its purpose ("staging", "old" or "tmp") and the writer's process id.
struct Temporary {
  std::string purpose;
  pid_t pid = 0;
};

bool allDigits(std::string_view s) { return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos; }

// What siblingName gave for owner's file or directory, e.g. ".model.staging-4242-0-0"; nullopt for any other name.
std::optional<Temporary> temporaryOf(const std::string& name, const std::string& owner) {
  const std::string prefix = "." + owner + ".";
  if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) return std::nullopt;
  const std::string_view rest = std::string_view(name).substr(prefix.size());  // "staging-4242-0-0"
  for (const char* purpose : {"staging", "old", "tmp"}) {
    const std::string lead = std::string(purpose) + "-";
    if (rest.substr(0, lead.size()) != lead) continue;
    std::string_view numbers = rest.substr(lead.size());  // "4242-0-0": pid, counter, attempt
    std::string_view parts[3];
    for (std::string_view& part : parts) {
      const size_t dash = numbers.find('-');
      part = numbers.substr(0, dash);
      numbers = dash == std::string_view::npos ? std::string_view() : numbers.substr(dash + 1);
    }
    if (!numbers.empty() || !allDigits(parts[0]) || !allDigits(parts[1]) || !allDigits(parts[2]) || parts[0].size() > 9)
      return std::nullopt;
    return Temporary{purpose, static_cast<pid_t>(std::stol(std::string(parts[0])))};
  }
  return std::nullopt;
}

// Whether a process of that id runs on this machine (EPERM: it runs, under another user). This process counts as
// running: another of its saves may be writing right now.
bool isRunning(pid_t pid) { return pid <= 0 || ::kill(pid, 0) == 0 || errno == EPERM; }

// The leftovers of dead writers among dir's entries that belong to owner (a file or directory name in dir).
std::vector<std::pair<fs::path, Temporary>> strayTemporaries(const fs::path& dir, const std::string& owner) {
  std::vector<std::pair<fs::path, Temporary>> strays;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (const auto t = temporaryOf(it->path().filename().string(), owner); t && !isRunning(t->pid))
      strays.emplace_back(it->path(), *t);
  return strays;
}

void renameOrFail(const fs::path& from, const fs::path& to) {
  if (std::rename(from.c_str(), to.c_str()) != 0)
    throw RunError(ErrorKind::CannotWrite, {.file = to.string()}, "cannot rename " + from.string() + " to " + to.string() + ": " + systemMessage(errno));
}

}  // namespace

void removeStrayTemporaries(const fs::path& path) {
  const fs::path target = withoutTrailingSeparator(path);
  const std::string owner = target.filename().string();
  if (owner.empty() || owner == "." || owner == "..") return;
  std::error_code ec;
  auto strays = strayTemporaries(parentOf(target), owner);

  // Killed between moving the previous model aside and moving the new one in: both are complete (the staging
  // directory was flushed to disk first); put the previous one back, as commit() itself does when it fails there.
  if (!fs::exists(fs::symlink_status(target, ec)))
    for (const auto& old : strays) {
      const pid_t writer = old.second.pid;
      const bool interruptedCommit = old.second.purpose == "old" && std::any_of(strays.begin(), strays.end(), [&](const auto& s) {
        return s.second.purpose == "staging" && s.second.pid == writer;
      });
      if (interruptedCommit && std::rename(old.first.c_str(), target.c_str()) == 0) break;
    }
  for (const auto& stray : strays) fs::remove_all(stray.first, ec);

  // Files replaced in place (config.json of a model updated where it lies) leave ".NAME.tmp-..." inside it.
  if (!fs::is_directory(target, ec)) return;
  for (fs::directory_iterator it(target, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.size() < 2 || name[0] != '.') continue;
    const size_t marker = name.rfind(".tmp-");
    if (marker == std::string::npos || marker < 2) continue;
    const auto t = temporaryOf(name, name.substr(1, marker - 1));
    std::error_code ignored;
    if (t && !isRunning(t->pid) && it->is_regular_file(ignored)) fs::remove(it->path(), ignored);
  }
}

ModelDirectoryWriter::ModelDirectoryWriter(fs::path target) : target_(withoutTrailingSeparator(std::move(target))) {
  removeStrayTemporaries(target_);  // what an earlier save of this model, killed midway, left beside it
  requireReplaceable(target_);
  std::error_code ec;
  fs::create_directories(parentOf(target_), ec);
  if (ec)
    throw RunError(ErrorKind::CannotWrite, {.file = parentOf(target_).string()},
                   "cannot create the directory " + parentOf(target_).string() + ": " + ec.message());
  staging_ = createUniqueSiblingDirectory(target_, "staging");
}

ModelDirectoryWriter::~ModelDirectoryWriter() {
  if (committed_) return;
  std::error_code ec;  // a destructor must not throw; a leftover hidden directory is the worst outcome
  fs::remove_all(staging_, ec);
}

void ModelDirectoryWriter::commit() {
  if (committed_) throw std::logic_error("ModelDirectoryWriter::commit called twice");
  syncTreeToDisk(staging_);
  requireReplaceable(target_);

  // Move the previous model aside (rename over a fresh empty directory of ours, so the name is unique).
  fs::path aside;
  std::error_code ec;
  if (fs::exists(fs::symlink_status(target_, ec))) {
    aside = createUniqueSiblingDirectory(target_, "old");
    try {
      renameOrFail(target_, aside);
    } catch (...) {
      fs::remove(aside, ec);
      throw;
    }
  }

  // Swap the new model in; if that fails, put the previous one back under its name.
  try {
    renameOrFail(staging_, target_);
  } catch (...) {
    if (!aside.empty()) std::rename(aside.c_str(), target_.c_str());
    throw;
  }
  committed_ = true;
  syncToDisk(parentOf(target_), true);  // make the new names durable

  // The new model is in place; the old one is no longer needed. A failure here only leaves a hidden folder.
  if (!aside.empty()) fs::remove_all(aside, ec);
}

void writeFileAtomically(const fs::path& path, std::string_view bytes) {
  // O_EXCL: the temporary file is new and ours; mode 0666 lets the umask decide, as for any new file.
  fs::path temporary;
  int fd = -1;
  for (unsigned attempt = 0; fd < 0; ++attempt) {
    temporary = siblingName(path, "tmp", attempt);
    fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && (errno != EEXIST || attempt > 100)) failRun("write", path, errno);
  }

  auto failAndClean = [&](const std::string& what, int error) {
    ::close(fd);
    ::unlink(temporary.c_str());
    failRun(what, path, error);
  };

  const char* data = bytes.data();
  size_t left = bytes.size();
  while (left > 0) {  // write() may take less than asked (signals, pipes, full buffers)
    const ssize_t written = ::write(fd, data, left);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) failAndClean("write", written < 0 ? errno : ENOSPC);
    data += written;
    left -= static_cast<size_t>(written);
  }
  if (::fsync(fd) != 0) failAndClean("flush to disk", errno);
  if (::close(fd) != 0) {
    const int error = errno;
    ::unlink(temporary.c_str());
    failRun("write", path, error);
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    const int error = errno;
    ::unlink(temporary.c_str());
    failRun("replace", path, error);
  }
  syncToDisk(parentOf(path), true);
}

}  // namespace al::io
