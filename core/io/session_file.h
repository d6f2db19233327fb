#pragma once
// Reading a session file (File › Open session…; the format is described in ui/session/session_file.h): the bytes
// checked and bounded here, without Qt, so that the app and the fuzz target (tests/fuzz) read them the same way.
//
// A session comes from outside (a colleague, a course page), so it gets the limits of every other reader
// (core/io/limits.h): its size, the JSON's depth, the number of entries and the length of every string. A value
// of the wrong kind, or a file that is not a session, is an al::InputError and nothing is restored. A directory
// the session names is a path to a model folder: one that cannot be one (relative, with "..", a system folder
// such as /proc or /dev, control characters) is refused by name and passed over, and the rest is restored.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace al::io {

inline constexpr const char* kSessionFormat = "attentionlab-session";
inline constexpr int64_t kSessionVersion = 1;

struct SessionModel {
  std::string page;       // the model page that opened it ("attention", "chatbot", "fill", "generate")
  std::string directory;  // a full path
};

struct Session {
  std::string page;                 // the page in view; empty: not said
  std::string lessonId;             // the current lesson; empty: not said
  bool lessonOpen = false;          // its panel beside the page
  std::optional<int64_t> step;      // the Step-through page's step (0-based)
  std::vector<std::pair<std::string, std::string>> sentences;  // page -> what was typed there
  std::vector<std::string> runs;                               // the Train page's run directories
  std::vector<SessionModel> models;
  std::vector<std::pair<std::string, std::string>> headsOff;   // directory -> "layer.head,..." (from 0)
  std::vector<std::pair<std::string, int64_t>> moments;  // page -> the training timeline's moment it showed (from 0)
  std::vector<std::pair<std::string, std::string>> pageStates;  // page -> its own state, as a JSON object's text
  std::vector<std::string> refused;  // the paths passed over (refusedPathReason says why), in the file's order
};

// The session in bytes; file names it in messages. al::InputError (naming the file and the field) for anything
// that is not a session within the limits.
Session parseSession(std::string_view bytes, const std::string& file);
// The same for a file, at most limits::kMaxSessionBytes.
Session readSession(const std::filesystem::path& file);

// Why a session may not name path as a model folder ("not a full path", "a system folder", ...); empty when it may.
std::string refusedPathReason(std::string_view path);

}  // namespace al::io
