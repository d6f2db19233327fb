#include "core/pretrained/hf_folder.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <system_error>

#include "core/error.h"
#include "core/io/json_fields.h"
#include "core/io/limits.h"

namespace al::pretrained {

namespace fs = std::filesystem;

namespace {

constexpr const char* kSupported = "AttentionLab reads \"bert\" and \"gpt2\"";

bool isFile(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);  // follows symbolic links, as a cache snapshot needs
}

bool isDirectory(const fs::path& p) {
  std::error_code ec;
  return fs::is_directory(p, ec);
}

nlohmann::json readConfigJson(const fs::path& dir) {
  const fs::path file = dir / "config.json";
  if (!isFile(file))
    throw InputError(ErrorKind::NotModelDir, {.file = dir.string()},
                     dir.string() + " has no config.json, so it is not a Hugging Face model folder");
  nlohmann::json config = io::readJsonFile(file, "config file");
  if (!config.is_object())
    throw InputError(ErrorKind::JsonNotObject, {.file = file.string()}, file.string() + ": expected a JSON object");
  return config;
}

bool optionalBool(const nlohmann::json& config, const char* field, bool fallback, const std::string& file) {
  const auto it = config.find(field);
  if (it == config.end() || it->is_null()) return fallback;
  if (!it->is_boolean())
    throw InputError(ErrorKind::JsonWrongType, {.file = file, .name = field, .found = it->dump()},
                     file + ": field \"" + field + "\" must be true or false, found " + it->dump());
  return it->get<bool>();
}

int64_t size(const nlohmann::json& config, const char* field, const std::string& file) {
  return io::requireIntInRange(config, field, 1, limits::kMaxModelDimension, file);
}

void refuse(const std::string& file, const std::string& what) {
  throw InputError(ErrorKind::UnsupportedModel, {.file = file},
                   file + ": " + what + "; AttentionLab computes only the model the contract describes");
}

void checkHeads(int64_t width, int64_t heads, const char* widthField, const char* headsField, const std::string& file) {
  if (width % heads != 0)
    throw InputError(ErrorKind::UnsupportedModel, {.file = file, .name = widthField, .found = std::to_string(width)},
                     file + ": \"" + widthField + "\" " + std::to_string(width) + " is not a multiple of \"" +
                     headsField + "\" " + std::to_string(heads));
}

void checkParameterBytes(uint64_t count, const std::string& file) {
  constexpr uint64_t kFloatBytes = 4;
  if (count > limits::kMaxParameterBytes / kFloatBytes)
    throw InputError(ErrorKind::ModelTooLarge, {.file = file}, file + " declares a model of " + std::to_string(count) + " parameters (" +
                     limits::describeBytes(count * kFloatBytes) + " as float32), more than the " +
                     limits::describeBytes(limits::kMaxParameterBytes) + " AttentionLab loads (README.md, \"Limits\")");
}

// models--OWNER--NAME -> OWNER/NAME (the cache writes "/" as "--").
std::string repositoryOf(const std::string& folderName) {
  const std::string rest = folderName.substr(std::string("models--").size());
  const size_t split = rest.find("--");
  if (split == std::string::npos) return rest;
  std::string repository = rest.substr(0, split);  // built by appending: GCC 12 warns wrongly about replace()
  repository += '/';
  repository += rest.substr(split + 2);
  return repository;
}

bool isCacheRepository(const fs::path& p) { return p.filename().string().rfind("models--", 0) == 0 && isDirectory(p / "snapshots"); }

// The snapshot of a cache repository that refs/main names, else its only one; empty when neither exists.
fs::path snapshotOf(const fs::path& repository) {
  const fs::path snapshots = repository / "snapshots";
  if (isFile(repository / "refs" / "main")) {
    // refs/main holds the commit hash of the snapshot the cache calls "main", as plain text.
    std::ifstream in(repository / "refs" / "main");
    std::string revision;
    std::getline(in, revision);
    revision.erase(revision.find_last_not_of(" \t\r") + 1);
    if (!revision.empty() && revision.size() <= 128 && revision.find('/') == std::string::npos &&
        revision != "." && revision != ".." && isDirectory(snapshots / revision))
      return snapshots / revision;
  }
  std::vector<fs::path> all;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(snapshots, ec))
    if (isDirectory(entry.path())) all.push_back(entry.path());
  return all.size() == 1 ? all.front() : fs::path();
}

}  // namespace

const char* modelTypeName(ModelType type) { return type == ModelType::Bert ? "bert" : "gpt2"; }

uint64_t BertConfig::parameterCount() const {
  const uint64_t V = vocabSize, D = hiddenSize, F = intermediateSize, L = numLayers;
  const uint64_t embeddings = (V + maxPositions + typeVocabSize) * D + 2 * D;
  const uint64_t layer = 4 * (D * D + D) + (F * D + F) + (D * F + D) + 4 * D;
  const uint64_t heads = (D * D + D) + 2 * D + V + (tieWordEmbeddings ? 0 : V * D) + (D * D + D) + (2 * D + 2);
  return embeddings + L * layer + heads;
}

uint64_t Gpt2Config::parameterCount() const {
  const uint64_t V = vocabSize, D = width, I = innerSize(), L = numLayers;
  const uint64_t layer = 2 * D + (D * 3 * D + 3 * D) + (D * D + D) + 2 * D + (D * I + I) + (I * D + D);
  return (V + maxPositions) * D + L * layer + 2 * D + (tieWordEmbeddings ? 0 : V * D);
}

fs::path resolveModelFolder(const fs::path& path) {
  if (!fs::exists(path))
    throw InputError(ErrorKind::ModelDirMissing, {.file = path.string()}, "model folder " + path.string() + " does not exist");
  if (!isDirectory(path)) throw InputError(ErrorKind::NotModelDir, {.file = path.string()}, path.string() + " is not a folder");
  if (isFile(path / "config.json")) return path;
  if (isCacheRepository(path)) {
    const fs::path snapshot = snapshotOf(path);
    if (snapshot.empty())
      throw InputError(ErrorKind::HfCacheEntry, {.file = path.string()},
                       path.string() + " is a Hugging Face cache entry without a single snapshot (refs/main names "
                       "none that exists); give the folder snapshots/REVISION/ itself");
    if (!isFile(snapshot / "config.json"))
      throw InputError(ErrorKind::NotModelDir, {.file = snapshot.string()}, snapshot.string() + " has no config.json, so it is not a Hugging Face model folder");
    return snapshot;
  }
  const std::vector<CachedModel> models = listCachedModels(path);
  if (!models.empty()) {
    std::string list;
    for (const CachedModel& m : models) list += "\n  " + m.repository + " (" + modelTypeName(m.type) + "): " + m.folder.string();
    throw InputError(ErrorKind::HfCacheEntry, {.file = path.string(), .found = std::to_string(models.size())},
                     path.string() + " is a Hugging Face cache holding " + std::to_string(models.size()) +
                     " model(s) AttentionLab reads; give one of their folders:" + list);
  }
  throw InputError(ErrorKind::NotModelDir, {.file = path.string()},
                   path.string() + " has no config.json, so it is not a Hugging Face model folder");
}

std::vector<CachedModel> listCachedModels(const fs::path& root) {
  std::vector<CachedModel> models;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(root, ec)) {
    if (!isCacheRepository(entry.path())) continue;
    const fs::path snapshot = snapshotOf(entry.path());
    if (snapshot.empty() || !isFile(snapshot / "model.safetensors")) continue;
    try {
      models.push_back({repositoryOf(entry.path().filename().string()), snapshot.filename().string(), snapshot,
                        readModelType(snapshot)});
    } catch (const InputError&) {
      // another model type, or a config that does not parse: not one to offer
    }
  }
  std::sort(models.begin(), models.end(), [](const CachedModel& a, const CachedModel& b) { return a.repository < b.repository; });
  return models;
}

fs::path defaultCacheRoot() {
  if (const char* hub = std::getenv("HF_HUB_CACHE"); hub && *hub) return hub;
  if (const char* home = std::getenv("HF_HOME"); home && *home) return fs::path(home) / "hub";
  if (const char* user = std::getenv("HOME"); user && *user) return fs::path(user) / ".cache" / "huggingface" / "hub";
  return {};
}

ModelType readModelType(const fs::path& dir) {
  const nlohmann::json config = readConfigJson(dir);
  const std::string file = (dir / "config.json").string();
  const auto type = config.find("model_type");
  if (type == config.end() || !type->is_string())
    throw InputError(ErrorKind::JsonWrongType, {.file = file, .name = "model_type"},
                     file + ": \"model_type\" is missing or not a string; " + kSupported);
  if (*type == "bert") return ModelType::Bert;
  if (*type == "gpt2") return ModelType::Gpt2;
  throw InputError(ErrorKind::UnsupportedModel, {.file = file, .name = "model_type", .found = type->get<std::string>()},
                   file + ": model_type \"" + type->get<std::string>() + "\" is not supported; " + kSupported);
}

BertConfig readBertConfig(const fs::path& dir) {
  const nlohmann::json config = readConfigJson(dir);
  const std::string file = (dir / "config.json").string();
  if (readModelType(dir) != ModelType::Bert)
    throw InputError(ErrorKind::UnsupportedModel, {.file = file}, file + ": model_type is not \"bert\"");
  BertConfig c;
  c.vocabSize = size(config, "vocab_size", file);
  c.hiddenSize = size(config, "hidden_size", file);
  c.numLayers = size(config, "num_hidden_layers", file);
  c.numHeads = size(config, "num_attention_heads", file);
  c.intermediateSize = size(config, "intermediate_size", file);
  c.maxPositions = io::requireIntInRange(config, "max_position_embeddings", 1, limits::kMaxSequenceLength, file);
  c.typeVocabSize = io::optionalInt(config, "type_vocab_size", 2, file);
  if (c.typeVocabSize < 1 || c.typeVocabSize > limits::kMaxModelDimension)
    throw InputError(ErrorKind::JsonOutOfRange, {.file = file, .name = "type_vocab_size", .expected = ">= 1"},
                     file + ": field \"type_vocab_size\" must be at least 1");
  c.layerNormEps = io::optionalEpsilon(config, "layer_norm_eps", 1e-12, file);
  c.tieWordEmbeddings = optionalBool(config, "tie_word_embeddings", true, file);
  checkHeads(c.hiddenSize, c.numHeads, "hidden_size", "num_attention_heads", file);

  const std::string act = io::optionalString(config, "hidden_act", "gelu", file);
  if (act != "gelu") refuse(file, "hidden_act \"" + act + "\" is not \"gelu\" (the erf form)");
  const std::string position = io::optionalString(config, "position_embedding_type", "absolute", file);
  if (position != "absolute") refuse(file, "position_embedding_type \"" + position + "\" is not \"absolute\"");
  if (optionalBool(config, "is_decoder", false, file)) refuse(file, "is_decoder is true (a causal BERT)");
  checkParameterBytes(c.parameterCount(), file);
  return c;
}

Gpt2Config readGpt2Config(const fs::path& dir) {
  const nlohmann::json config = readConfigJson(dir);
  const std::string file = (dir / "config.json").string();
  if (readModelType(dir) != ModelType::Gpt2)
    throw InputError(ErrorKind::UnsupportedModel, {.file = file}, file + ": model_type is not \"gpt2\"");
  Gpt2Config c;
  c.vocabSize = size(config, "vocab_size", file);
  c.width = size(config, "n_embd", file);
  c.numLayers = size(config, "n_layer", file);
  c.numHeads = size(config, "n_head", file);
  // Older configs name the context length n_ctx only.
  const char* positions = config.contains("n_positions") || !config.contains("n_ctx") ? "n_positions" : "n_ctx";
  c.maxPositions = io::requireIntInRange(config, positions, 1, limits::kMaxSequenceLength, file);
  c.layerNormEps = io::optionalEpsilon(config, "layer_norm_epsilon", 1e-5, file);
  c.tieWordEmbeddings = optionalBool(config, "tie_word_embeddings", true, file);
  checkHeads(c.width, c.numHeads, "n_embd", "n_head", file);

  const int64_t inner = io::optionalInt(config, "n_inner", c.innerSize(), file);
  if (inner != c.innerSize()) refuse(file, "n_inner " + std::to_string(inner) + " is not null or 4 · n_embd = " + std::to_string(c.innerSize()));
  const std::string act = io::optionalString(config, "activation_function", "gelu_new", file);
  if (act != "gelu_new") refuse(file, "activation_function \"" + act + "\" is not \"gelu_new\" (the tanh form)");
  if (optionalBool(config, "scale_attn_by_inverse_layer_idx", false, file))
    refuse(file, "scale_attn_by_inverse_layer_idx is true");
  if (optionalBool(config, "reorder_and_upcast_attn", false, file)) refuse(file, "reorder_and_upcast_attn is true");
  if (!optionalBool(config, "scale_attn_weights", true, file)) refuse(file, "scale_attn_weights is false");
  checkParameterBytes(c.parameterCount(), file);
  return c;
}

fs::path weightsFile(const fs::path& dir) {
  const fs::path weights = dir / "model.safetensors";
  if (isFile(weights)) return weights;
  if (isFile(dir / "model.safetensors.index.json"))
    throw InputError(ErrorKind::WeightsNotSafetensors, {.file = dir.string(), .name = "model.safetensors.index.json"},
                     dir.string() + " holds its weights in several files (model.safetensors.index.json); "
                     "AttentionLab reads one model.safetensors");
  if (isFile(dir / "pytorch_model.bin"))
    throw InputError(ErrorKind::WeightsNotSafetensors, {.file = dir.string(), .name = "pytorch_model.bin"},
                     dir.string() + " holds only pytorch_model.bin, a Python pickle, which AttentionLab never loads "
                     "(it can run code); convert it to model.safetensors, e.g. with the safetensors convert script "
                     "or save_pretrained(..., safe_serialization=True) in Python");
  throw InputError(ErrorKind::WeightsNotSafetensors, {.file = dir.string()},
                   dir.string() + " has no model.safetensors");
}

}  // namespace al::pretrained
