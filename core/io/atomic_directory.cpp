#include "core/io/atomic_directory.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <system_error>

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

void renameOrFail(const fs::path& from, const fs::path& to) {
  if (std::rename(from.c_str(), to.c_str()) != 0)
    throw RunError(ErrorKind::CannotWrite, {.file = to.string()}, "cannot rename " + from.string() + " to " + to.string() + ": " + systemMessage(errno));
}

}  // namespace

ModelDirectoryWriter::ModelDirectoryWriter(fs::path target) : target_(withoutTrailingSeparator(std::move(target))) {
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
