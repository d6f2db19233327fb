#include "core/inference/training_timeline.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

#include "core/error.h"
#include "core/inference/model_attention.h"
#include "core/io/atomic_directory.h"
#include "core/io/json_fields.h"
#include "core/io/limits.h"
#include "core/io/read_file.h"

namespace al {

namespace {

constexpr char kFormat[] = "attentionlab-timeline";
constexpr int kVersion = 1;
using Json = nlohmann::ordered_json;

// ---------------------------------------------------------------------------------------------------------
// Head statistics

struct RowStatistics {
  double entropy = 0, distance = 0;
};

// One query row over its n allowed keys (the first n columns of `row`, see headStatistics).
RowStatistics rowStatistics(const float* row, Index n) {
  RowStatistics s;
  const double uniform = 1.0 / static_cast<double>(n);
  for (Index j = 0; j < n; ++j) {
    const double a = row[j];
    if (a > 0) s.entropy -= a * std::log(a);
    s.distance += 0.5 * std::abs(a - uniform);
  }
  return s;
}

}  // namespace

HeadStatistics headStatistics(const std::vector<std::vector<Matrix>>& attention, bool causal, size_t queryStart,
                              size_t keyStart) {
  HeadStatistics stats;
  for (const std::vector<Matrix>& layer : attention) {
    std::vector<float> entropy, distance;
    for (const Matrix& a : layer) {
      double entropySum = 0, distanceSum = 0;
      Index rows = 0;
      for (Index r = 0; r < a.rows(); ++r) {
        // Query r is the text's token queryStart + r; key column j its token keyStart + j. Causal: j up to itself.
        const Index allowed =
            causal ? std::min<Index>(a.cols(), static_cast<Index>(queryStart - keyStart) + r + 1) : a.cols();
        if (allowed < 2) continue;
        const RowStatistics s = rowStatistics(a.row(r).data(), allowed);
        entropySum += s.entropy;
        distanceSum += s.distance;
        ++rows;
      }
      entropy.push_back(rows ? static_cast<float>(entropySum / static_cast<double>(rows)) : 0.0f);
      distance.push_back(rows ? static_cast<float>(distanceSum / static_cast<double>(rows)) : 0.0f);
    }
    stats.entropy.push_back(std::move(entropy));
    stats.distanceFromUniform.push_back(std::move(distance));
  }
  return stats;
}

namespace {

bool hasSelfAttention(const AnyModel& model) { return modelShape(model).layers > 0; }

}  // namespace

std::vector<ProbeReading> takeReadings(const AnyModel& model, const std::vector<std::string>& probes) {
  const bool causal = readsCausally(model);
  std::vector<ProbeReading> readings;
  for (const std::string& text : probes) {
    ProbeReading r;
    if (hasSelfAttention(model)) {
      ModelAttention a = readModelAttention(model, text);
      r.heads = headStatistics(a.attention, causal, a.queryStart, a.keyStart);
      r.attention = std::move(a.attention);
    }
    r.prediction = readModelPrediction(model, text);
    readings.push_back(std::move(r));
  }
  return readings;
}

std::vector<TimelineProbe> describeProbes(const AnyModel& model, const std::vector<std::string>& probes) {
  std::vector<TimelineProbe> described;
  for (const std::string& text : probes) {
    TimelineProbe p{text, {}, 0, 0};
    if (hasSelfAttention(model)) {
      const ModelAttention a = readModelAttention(model, text);
      p.tokens = a.readable;
      p.queryStart = a.queryStart;
      p.keyStart = a.keyStart;
    } else {
      p.tokens = readModelPrediction(model, text).tokens;
    }
    described.push_back(std::move(p));
  }
  return described;
}

// ---------------------------------------------------------------------------------------------------------
// Writing

namespace {

// 9 significant digits: what a float needs to be read back as exactly the same float (FLT_DECIMAL_DIG), and
// JSON text half as long as the 17 digits of the double nlohmann would write for it.
double shortNumber(float value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", static_cast<double>(value));
  return std::strtod(text, nullptr);
}

Json numberOrNull(double value) { return std::isfinite(value) ? Json(value) : Json(nullptr); }

Json matrixJson(const Matrix& m) {
  Json rows = Json::array();
  for (Index r = 0; r < m.rows(); ++r) {
    Json row = Json::array();
    for (Index c = 0; c < m.cols(); ++c) row.push_back(shortNumber(m(r, c)));
    rows.push_back(std::move(row));
  }
  return rows;
}

Json tableJson(const std::vector<std::vector<float>>& table) {
  Json layers = Json::array();
  for (const std::vector<float>& heads : table) {
    Json layer = Json::array();
    for (float v : heads) layer.push_back(shortNumber(v));
    layers.push_back(std::move(layer));
  }
  return layers;
}

Json candidatesJson(const std::vector<PredictedToken>& candidates) {
  Json list = Json::array();
  for (const PredictedToken& c : candidates) list.push_back({{"token", c.token}, {"probability", c.probability}});
  return list;
}

const char* kindName(PredictionKind kind) {
  switch (kind) {
    case PredictionKind::None: return "none";
    case PredictionKind::Class: return "class";
    case PredictionKind::Fill: return "fill";
    case PredictionKind::NextToken: return "next_token";
    case PredictionKind::Answer: return "answer";
  }
  return "none";
}

Json predictionJson(const ModelPrediction& p) {
  Json j = {{"kind", kindName(p.kind)}, {"tokens", p.tokens}};
  switch (p.kind) {
    case PredictionKind::None: break;
    case PredictionKind::Class: j["probability"] = p.probability; break;
    case PredictionKind::Fill: {
      Json blanks = Json::array();
      for (const ModelPrediction::Blank& b : p.blanks)
        blanks.push_back({{"position", b.position}, {"top", candidatesJson(b.top)}});
      j["blanks"] = std::move(blanks);
      break;
    }
    case PredictionKind::NextToken: j["next"] = candidatesJson(p.next); break;
    case PredictionKind::Answer:
      j["answer"] = p.answer;
      j["answer_tokens"] = p.answerTokens;
      j["alignment"] = matrixJson(p.alignment);
      break;
  }
  return j;
}

Json readingJson(const ProbeReading& r) {
  Json maps = Json::array();
  for (const std::vector<Matrix>& layer : r.attention) {
    Json heads = Json::array();
    for (const Matrix& a : layer) heads.push_back(matrixJson(a));
    maps.push_back(std::move(heads));
  }
  return {{"attention", std::move(maps)},
          {"entropy", tableJson(r.heads.entropy)},
          {"distance_from_uniform", tableJson(r.heads.distanceFromUniform)},
          {"prediction", predictionJson(r.prediction)}};
}

}  // namespace

void writeTrainingTimeline(const std::filesystem::path& file, const TrainingTimeline& timeline) {
  Json probes = Json::array();
  for (const TimelineProbe& p : timeline.probes)
    probes.push_back({{"text", p.text}, {"tokens", p.tokens}, {"query_start", p.queryStart}, {"key_start", p.keyStart}});
  Json snapshots = Json::array();
  for (const TimelineSnapshot& s : timeline.snapshots) {
    Json readings = Json::array();
    for (const ProbeReading& r : s.probes) readings.push_back(readingJson(r));
    snapshots.push_back({{"step", s.step}, {"epoch", s.epoch}, {"loss", numberOrNull(s.loss)},
                         {"accuracy", numberOrNull(s.accuracy)}, {"epoch_end", s.epochEnd},
                         {"probes", std::move(readings)}});
  }
  const Json j = {{"format", kFormat}, {"version", kVersion},   {"task", timeline.task},
                  {"layers", timeline.layers}, {"heads", timeline.heads}, {"probes", std::move(probes)},
                  {"snapshots", std::move(snapshots)}};
  io::writeFileAtomically(file, j.dump() + "\n");
}

// ---------------------------------------------------------------------------------------------------------
// Reading: every entry checked, the message names the file and where in it.

namespace {

using nlohmann::json;

[[noreturn]] void wrongType(const std::string& where, const std::string& field, const std::string& expected) {
  throw InputError(ErrorKind::JsonWrongType, {.file = where, .name = field, .expected = expected},
                   where + ": field \"" + field + "\" must be " + expected);
}

const json& requireArray(const json& object, const char* field, const std::string& where, size_t maxSize) {
  if (!object.contains(field))
    throw InputError(ErrorKind::JsonMissingKey, {.file = where, .name = field}, where + ": missing field \"" + field + "\"");
  const json& a = object[field];
  if (!a.is_array()) wrongType(where, field, "an array");
  if (a.size() > maxSize)
    throw InputError(ErrorKind::JsonOutOfRange,
                     {.file = where, .name = field, .expected = "<= " + std::to_string(maxSize),
                      .found = std::to_string(a.size())},
                     where + ": field \"" + field + "\" has " + std::to_string(a.size()) + " entries, at most " +
                         std::to_string(maxSize) + " are read");
  return a;
}

const json& requireObject(const json& value, const std::string& where) {
  if (!value.is_object())
    throw InputError(ErrorKind::JsonNotObject, {.file = where}, where + ": expected a JSON object");
  return value;
}

std::vector<std::string> stringsOf(const json& object, const char* field, const std::string& where) {
  std::vector<std::string> out;
  for (const json& s : requireArray(object, field, where, static_cast<size_t>(limits::kMaxSequenceLength))) {
    if (!s.is_string()) wrongType(where, field, "an array of strings");
    out.push_back(s.get<std::string>());
  }
  return out;
}

float weightOf(const json& v, const std::string& where, const char* field) {
  if (!v.is_number() || !std::isfinite(v.get<double>())) wrongType(where, field, "an array of finite numbers");
  return v.get<float>();
}

// rows x cols numbers, every row as long as the first; `maxSide` bounds both.
Matrix matrixOf(const json& rows, const std::string& where, const char* field) {
  const auto maxSide = static_cast<size_t>(limits::kMaxSequenceLength);
  if (!rows.is_array() || rows.size() > maxSide) wrongType(where, field, "an array of rows of numbers");
  const size_t cols = rows.empty() ? 0 : rows[0].size();
  Matrix m(static_cast<Index>(rows.size()), static_cast<Index>(cols));
  for (size_t r = 0; r < rows.size(); ++r) {
    if (!rows[r].is_array() || rows[r].size() != cols || cols > maxSide)
      wrongType(where, field, "rows of numbers, each as long as the first");
    for (size_t c = 0; c < cols; ++c) m(static_cast<Index>(r), static_cast<Index>(c)) = weightOf(rows[r][c], where, field);
  }
  return m;
}

// [layer][head] numbers of the timeline's shape.
std::vector<std::vector<float>> tableOf(const json& object, const char* field, size_t layers, size_t heads,
                                        const std::string& where) {
  const json& a = requireArray(object, field, where, layers);
  if (a.size() != layers) wrongType(where, field, "one entry per layer (" + std::to_string(layers) + ")");
  std::vector<std::vector<float>> table;
  for (const json& layer : a) {
    if (!layer.is_array() || layer.size() != heads)
      wrongType(where, field, "one number per head (" + std::to_string(heads) + ") in each layer");
    std::vector<float> row;
    for (const json& v : layer) row.push_back(weightOf(v, where, field));
    table.push_back(std::move(row));
  }
  return table;
}

std::vector<PredictedToken> candidatesOf(const json& list, const std::string& where) {
  if (!list.is_array() || list.size() > 1000) wrongType(where, "top", "an array of candidates");
  std::vector<PredictedToken> out;
  for (const json& c : list) {
    requireObject(c, where);
    out.push_back({io::requireString(c, "token", where), static_cast<float>(io::requireNumber(c, "probability", where))});
  }
  return out;
}

PredictionKind kindOf(const std::string& name, const std::string& where) {
  for (PredictionKind k : {PredictionKind::None, PredictionKind::Class, PredictionKind::Fill, PredictionKind::NextToken,
                           PredictionKind::Answer})
    if (name == kindName(k)) return k;
  throw InputError(ErrorKind::JsonOutOfRange,
                   {.file = where, .name = "kind", .expected = "none, class, fill, next_token, answer", .found = name},
                   where + ": field \"kind\" must be none, class, fill, next_token or answer, found \"" + name + "\"");
}

ModelPrediction predictionOf(const json& j, const std::string& where) {
  requireObject(j, where);
  ModelPrediction p;
  p.kind = kindOf(io::requireString(j, "kind", where), where);
  p.tokens = stringsOf(j, "tokens", where);
  switch (p.kind) {
    case PredictionKind::None: break;
    case PredictionKind::Class: p.probability = static_cast<float>(io::requireNumber(j, "probability", where)); break;
    case PredictionKind::Fill:
      for (const json& b : requireArray(j, "blanks", where, p.tokens.size())) {
        requireObject(b, where);
        p.blanks.push_back({static_cast<int>(io::requireIntInRange(b, "position", 0,
                                                                   static_cast<int64_t>(p.tokens.size()) - 1, where)),
                            candidatesOf(b.contains("top") ? b["top"] : json(), where)});
      }
      break;
    case PredictionKind::NextToken: p.next = candidatesOf(j.contains("next") ? j["next"] : json(), where); break;
    case PredictionKind::Answer:
      p.answer = io::requireString(j, "answer", where);
      p.answerTokens = stringsOf(j, "answer_tokens", where);
      p.alignment = matrixOf(j.contains("alignment") ? j["alignment"] : json(), where, "alignment");
      break;
  }
  return p;
}

// A map covers the probe's tokens from query_start (rows) and key_start (columns), as inspect reports them: a map of
// another size belongs to another sentence or model, and a page would draw it over the wrong words.
void requireMapShape(const Matrix& map, const TimelineProbe& probe, const std::string& where) {
  const size_t tokens = probe.tokens.size();
  const size_t rows = tokens > probe.queryStart ? tokens - probe.queryStart : 0;
  const size_t cols = tokens > probe.keyStart ? tokens - probe.keyStart : 0;
  if (size_t(map.rows()) == rows && size_t(map.cols()) == cols) return;
  auto shape = [](size_t r, size_t c) { return std::to_string(r) + " x " + std::to_string(c); };
  throw InputError(ErrorKind::JsonOutOfRange,
                   {.file = where, .name = "attention", .expected = shape(rows, cols),
                    .found = shape(size_t(map.rows()), size_t(map.cols()))},
                   where + ": field \"attention\" holds a map of " + shape(size_t(map.rows()), size_t(map.cols())) +
                       ", expected " + shape(rows, cols) + " (the probe's tokens from query_start and key_start)");
}

ProbeReading readingOf(const json& j, const TrainingTimeline& t, const TimelineProbe& probe, const std::string& where) {
  requireObject(j, where);
  ProbeReading r;
  const json& maps = requireArray(j, "attention", where, t.layers);
  if (maps.size() != t.layers) wrongType(where, "attention", "one entry per layer (" + std::to_string(t.layers) + ")");
  for (const json& layer : maps) {
    if (!layer.is_array() || layer.size() != t.heads)
      wrongType(where, "attention", "one map per head (" + std::to_string(t.heads) + ") in each layer");
    std::vector<Matrix> heads;
    for (const json& map : layer) {
      heads.push_back(matrixOf(map, where, "attention"));
      requireMapShape(heads.back(), probe, where);
    }
    r.attention.push_back(std::move(heads));
  }
  r.heads.entropy = tableOf(j, "entropy", t.layers, t.heads, where);
  r.heads.distanceFromUniform = tableOf(j, "distance_from_uniform", t.layers, t.heads, where);
  r.prediction = predictionOf(j.contains("prediction") ? j["prediction"] : json(), where + " prediction");
  return r;
}

double metricOf(const json& j, const char* field, const std::string& where) {
  if (j.contains(field) && j[field].is_null()) return std::numeric_limits<double>::quiet_NaN();
  return io::requireNumber(j, field, where);
}

}  // namespace

TrainingTimeline readTrainingTimeline(const std::filesystem::path& file) {
  const std::string where = file.string();
  const json j = io::parseJson(io::readWholeFile(file, "training timeline", kMaxTimelineBytes), where);
  requireObject(j, where);
  const std::string format = io::requireString(j, "format", where);
  if (format != kFormat)
    throw InputError(ErrorKind::WrongFormat, {.file = where, .expected = kFormat, .found = format},
                     where + ": \"format\" is \"" + format + "\", expected \"" + kFormat + "\"");
  const int64_t version = io::requireIntAtLeast(j, "version", 1, where);
  if (version > kVersion)
    throw InputError(ErrorKind::NewerFormat,
                     {.file = where, .expected = std::to_string(kVersion), .found = std::to_string(version)},
                     where + ": written by a newer AttentionLab (timeline version " + std::to_string(version) +
                         "; this one reads version " + std::to_string(kVersion) + ")");
  TrainingTimeline t;
  t.task = io::requireString(j, "task", where);
  t.layers = static_cast<size_t>(io::requireIntInRange(j, "layers", 0, 4096, where));
  t.heads = static_cast<size_t>(io::requireIntInRange(j, "heads", 0, 4096, where));
  for (const json& p : requireArray(j, "probes", where, kMaxTimelineProbes)) {
    const std::string at = where + " probe " + std::to_string(t.probes.size() + 1);
    requireObject(p, at);
    TimelineProbe probe{io::requireString(p, "text", at), stringsOf(p, "tokens", at), 0, 0};
    probe.queryStart = static_cast<size_t>(io::optionalInt(p, "query_start", 0, at));
    probe.keyStart = static_cast<size_t>(io::optionalInt(p, "key_start", 0, at));
    t.probes.push_back(std::move(probe));
  }
  for (const json& s : requireArray(j, "snapshots", where, kMaxTimelineSnapshots)) {
    const std::string at = where + " snapshot " + std::to_string(t.snapshots.size() + 1);
    requireObject(s, at);
    TimelineSnapshot snapshot;
    snapshot.step = static_cast<long>(io::requireIntAtLeast(s, "step", 0, at));
    snapshot.epoch = static_cast<int>(io::requireIntInRange(s, "epoch", 0, 1'000'000, at));
    snapshot.loss = metricOf(s, "loss", at);
    snapshot.accuracy = metricOf(s, "accuracy", at);
    if (s.contains("epoch_end") && !s["epoch_end"].is_boolean()) wrongType(at, "epoch_end", "true or false");
    snapshot.epochEnd = s.value("epoch_end", false);
    const json& readings = requireArray(s, "probes", at, t.probes.size());
    if (readings.size() != t.probes.size()) wrongType(at, "probes", "one reading per probe");
    for (const json& r : readings) {
      const size_t p = snapshot.probes.size();
      snapshot.probes.push_back(readingOf(r, t, t.probes[p], at + " probe " + std::to_string(p + 1)));
    }
    if (!t.snapshots.empty() && snapshot.step <= t.snapshots.back().step)
      throw InputError(ErrorKind::JsonOutOfRange,
                       {.file = where, .name = "step", .expected = "> " + std::to_string(t.snapshots.back().step),
                        .found = std::to_string(snapshot.step)},
                       at + ": the steps must grow from snapshot to snapshot");
    t.snapshots.push_back(std::move(snapshot));
  }
  return t;
}

std::optional<TrainingTimeline> readTrainingTimelineIfPresent(const std::filesystem::path& modelDir) {
  const std::filesystem::path file = modelDir / kTimelineFile;
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) return std::nullopt;
  return readTrainingTimeline(file);
}

}  // namespace al
