#include "core/io/session_file.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/io/json_fields.h"
#include "core/io/limits.h"
#include "core/io/read_file.h"
#include "core/models/head_switches.h"

namespace al::io {

namespace {

using nlohmann::json;

const char* const kSentencePages[] = {"attention", "step", "chatbot", "compare", "fill", "generate", "memory"};
const char* const kTimelinePages[] = {"attention", "fill", "generate", "train", "step", "chatbot", "memory"};  // the pages whose timeline a session keeps
constexpr int64_t kMostMoments = 4000;  // kMaxTimelineSnapshots: the core's io does not read inference's headers

[[noreturn]] void failWrongType(const std::string& file, const std::string& name, const std::string& expected,
                                const json& value) {
  throw InputError(ErrorKind::JsonWrongType, {.file = file, .name = name, .expected = expected, .found = value.type_name()},
                   file + ": \"" + name + "\" holds " + value.type_name() + ", not " + expected);
}

[[noreturn]] void failTooMany(const std::string& file, const std::string& name, size_t count, size_t most,
                              const std::string& unit) {
  throw InputError(ErrorKind::JsonOutOfRange,
                   {.file = file, .name = name, .expected = "at most " + std::to_string(most), .found = std::to_string(count)},
                   file + ": \"" + name + "\" has " + std::to_string(count) + " " + unit + ", more than the " +
                       std::to_string(most) + " a session holds; the file is damaged or not a session");
}

// The field, or null when it is absent or null (an optional field).
const json* fieldOf(const json& object, const char* key) {
  const auto it = object.find(key);
  return it == object.end() || it->is_null() ? nullptr : &*it;
}

std::string boundedString(const json& value, const std::string& file, const std::string& name, size_t maxBytes) {
  if (!value.is_string()) failWrongType(file, name, "a string", value);
  const std::string& text = value.get_ref<const std::string&>();
  if (text.size() > maxBytes) failTooMany(file, name, text.size(), maxBytes, "bytes");
  return text;
}

const json& boundedArray(const json& value, const std::string& file, const std::string& name) {
  if (!value.is_array()) failWrongType(file, name, "an array", value);
  if (value.size() > limits::kMaxSessionEntries) failTooMany(file, name, value.size(), limits::kMaxSessionEntries, "entries");
  return value;
}

const json& boundedObject(const json& value, const std::string& file, const std::string& name) {
  if (!value.is_object()) failWrongType(file, name, "an object", value);
  if (value.size() > limits::kMaxSessionEntries) failTooMany(file, name, value.size(), limits::kMaxSessionEntries, "entries");
  return value;
}

// A directory the session names: kept when it may be a model folder, else listed in refused.
bool acceptPath(const std::string& path, Session& session) {
  if (refusedPathReason(path).empty()) return true;
  session.refused.push_back(path);
  return false;
}

void readHeader(const json& root, const std::string& file) {
  const json* format = fieldOf(root, "format");
  if (!format || !format->is_string() || format->get_ref<const std::string&>() != kSessionFormat) {
    const std::string found = format && format->is_string() ? format->get<std::string>().substr(0, 100) : std::string();
    throw InputError(ErrorKind::NotASession, {.file = file, .found = found},
                     file + " is not an AttentionLab session: it does not say \"format\": \"" + kSessionFormat + "\"");
  }
  if (const json* version = fieldOf(root, "version")) {
    if (!version->is_number_integer()) failWrongType(file, "version", "a whole number", *version);
    const auto v = version->get<int64_t>();
    if (v > kSessionVersion)
      throw InputError(ErrorKind::NewerFormat, {.file = file, .expected = std::to_string(kSessionVersion), .found = std::to_string(v)},
                       file + " was written by a newer AttentionLab (session version " + std::to_string(v) +
                           "; this version reads version " + std::to_string(kSessionVersion) + ")");
    if (v < 1)
      throw InputError(ErrorKind::JsonOutOfRange, {.file = file, .name = "version", .expected = "at least 1", .found = std::to_string(v)},
                       file + ": \"version\" must be at least 1");
  }
}

void readPageAndLesson(const json& root, const std::string& file, Session& s) {
  if (const json* page = fieldOf(root, "page")) s.page = boundedString(*page, file, "page", limits::kMaxSessionTextBytes);
  if (const json* lesson = fieldOf(root, "lesson")) {
    if (!lesson->is_object()) failWrongType(file, "lesson", "an object", *lesson);
    if (const json* id = fieldOf(*lesson, "id")) s.lessonId = boundedString(*id, file, "lesson.id", limits::kMaxSessionTextBytes);
    if (const json* open = fieldOf(*lesson, "open")) {
      if (!open->is_boolean()) failWrongType(file, "lesson.open", "true or false", *open);
      s.lessonOpen = open->get<bool>();
    }
  }
  if (const json* step = fieldOf(root, "step")) {
    if (!step->is_number_integer()) failWrongType(file, "step", "a whole number", *step);
    const auto value = step->get<int64_t>();
    if (value < 0 || value > 1'000'000)
      throw InputError(ErrorKind::JsonOutOfRange, {.file = file, .name = "step", .expected = "[0, 1000000]", .found = std::to_string(value)},
                       file + ": \"step\" is " + std::to_string(value) + ", not a step of the Step-through page");
    s.step = value;
  }
}

void readSentences(const json& root, const std::string& file, Session& s) {
  const json* sentences = fieldOf(root, "sentences");
  if (!sentences) return;
  boundedObject(*sentences, file, "sentences");
  for (const char* page : kSentencePages)
    if (const json* text = fieldOf(*sentences, page))
      s.sentences.emplace_back(page, boundedString(*text, file, std::string("sentences.") + page, limits::kMaxSessionTextBytes));
}

void readDirectories(const json& root, const std::string& file, Session& s) {
  if (const json* runs = fieldOf(root, "runs")) {
    const json& list = boundedArray(*runs, file, "runs");
    for (size_t i = 0; i < list.size(); ++i) {
      std::string dir = boundedString(list[i], file, "runs[" + std::to_string(i) + "]", limits::kMaxPathBytes);
      if (acceptPath(dir, s)) s.runs.push_back(std::move(dir));
    }
  }
  if (const json* models = fieldOf(root, "models")) {
    const json& list = boundedArray(*models, file, "models");
    for (size_t i = 0; i < list.size(); ++i) {
      const std::string name = "models[" + std::to_string(i) + "]";
      if (!list[i].is_object()) failWrongType(file, name, "an object", list[i]);
      const json* page = fieldOf(list[i], "page");
      const json* dir = fieldOf(list[i], "directory");
      if (!page || !dir)
        throw InputError(ErrorKind::JsonMissingKey, {.file = file, .name = name + (page ? ".directory" : ".page")},
                         file + ": " + name + " has no \"" + (page ? "directory" : "page") + "\"");
      SessionModel model{boundedString(*page, file, name + ".page", limits::kMaxSessionTextBytes),
                         boundedString(*dir, file, name + ".directory", limits::kMaxPathBytes)};
      if (acceptPath(model.directory, s)) s.models.push_back(std::move(model));
    }
  }
}

// The moment of its model's training timeline each page showed: a snapshot's index (a reader keeps at most
// kMaxTimelineSnapshots of them, core/inference/training_timeline.h).
void readMoments(const json& root, const std::string& file, Session& s) {
  const json* moments = fieldOf(root, "timeline");
  if (!moments) return;
  boundedObject(*moments, file, "timeline");
  for (const char* page : kTimelinePages) {
    const json* moment = fieldOf(*moments, page);
    if (!moment) continue;
    const std::string name = std::string("timeline.") + page;
    if (!moment->is_number_integer()) failWrongType(file, name, "a whole number", *moment);
    const auto value = moment->get<int64_t>();
    if (value < 0 || value >= kMostMoments)
      throw InputError(ErrorKind::JsonOutOfRange,
                       {.file = file, .name = name, .expected = "[0, " + std::to_string(kMostMoments - 1) + "]",
                        .found = std::to_string(value)},
                       file + ": \"" + name + "\" is " + std::to_string(value) + ", not a moment of a training timeline");
    s.moments.emplace_back(page, value);
  }
}

// Each page's own state (pages.<page>: its tab, layer, head, ...): an object of whole numbers, true or false and
// strings, kept as its JSON text for the page to read (ui/session/page_state.h says which keys a page has).
void readPageStates(const json& root, const std::string& file, Session& s) {
  const json* pages = fieldOf(root, "pages");
  if (!pages) return;
  for (const auto& [page, state] : boundedObject(*pages, file, "pages").items()) {
    if (page.size() > limits::kMaxSessionTextBytes) failTooMany(file, "pages", page.size(), limits::kMaxSessionTextBytes, "bytes in a page's name");
    const std::string name = "pages." + page;
    boundedObject(state, file, name);
    for (const auto& [key, value] : state.items()) {
      if (value.is_string()) boundedString(value, file, name + "." + key.substr(0, 200), limits::kMaxSessionTextBytes);
      else if (!value.is_number_integer() && !value.is_boolean())
        failWrongType(file, name + "." + key.substr(0, 200), "a whole number, true or false, or a string", value);
    }
    s.pageStates.emplace_back(page, state.dump());
  }
}

// Each model's switched-off heads, "layer.head,...": a list that is not of that form, or names a layer or head beyond
// what any model has, is passed over (the model then arrives with every head on), as before the model is there.
void readHeadsOff(const json& root, const std::string& file, Session& s) {
  const json* off = fieldOf(root, "heads_off");
  if (!off) return;
  for (const auto& [dir, spec] : boundedObject(*off, file, "heads_off").items()) {
    if (dir.size() > limits::kMaxPathBytes) failTooMany(file, "heads_off", dir.size(), limits::kMaxPathBytes, "bytes in a path");
    const std::string text = boundedString(spec, file, "heads_off." + dir.substr(0, 200), limits::kMaxSessionTextBytes);
    if (!acceptPath(dir, s)) continue;
    try {
      parseHeadSwitches(text, limits::kMaxSessionLayers, limits::kMaxSessionHeads);
      s.headsOff.emplace_back(dir, text);
    } catch (const InputError&) {
    }
  }
}

}  // namespace

std::string refusedPathReason(std::string_view path) {
  if (path.empty()) return "an empty path";
  if (std::any_of(path.begin(), path.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }))
    return "control characters in it";
  if (path.front() != '/') return "not a full path";  // relative to what? the folder the app was started in
  for (const auto& part : std::filesystem::path(path))
    if (part == "." || part == "..") return "a \".\" or \"..\" in it";
  for (const std::string_view system : {"/proc", "/sys", "/dev"})
    if (path.substr(0, system.size()) == system && (path.size() == system.size() || path[system.size()] == '/'))
      return "a system folder";
  return {};
}

Session parseSession(std::string_view bytes, const std::string& file) {
  if (bytes.size() > limits::kMaxSessionBytes)
    throw InputError(ErrorKind::FileTooLarge,
                     {.file = file, .expected = limits::describeBytes(limits::kMaxSessionBytes), .found = limits::describeBytes(bytes.size())},
                     file + " is " + limits::describeBytes(bytes.size()) + ", more than the " +
                         limits::describeBytes(limits::kMaxSessionBytes) + " a session file holds");
  const json root = parseJson(bytes, file);  // its depth bounded by limits::kMaxJsonDepth
  if (!root.is_object())
    throw InputError(ErrorKind::NotASession, {.file = file},
                     file + " is not an AttentionLab session: it is not a JSON object");
  readHeader(root, file);
  Session s;
  readPageAndLesson(root, file, s);
  readSentences(root, file, s);
  readDirectories(root, file, s);
  readHeadsOff(root, file, s);
  readMoments(root, file, s);
  readPageStates(root, file, s);
  return s;
}

Session readSession(const std::filesystem::path& file) {
  return parseSession(readWholeFile(file, "session file", limits::kMaxSessionBytes), file.string());
}

}  // namespace al::io
