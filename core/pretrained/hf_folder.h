#pragma once
// Hugging Face folders (contracts: pretrained models, "What a folder holds"): where a model is, what kind it
// is, and its config.json read into the sizes the models need, with every refusal of the contract.
//
// A path given by a person may be
//   - the folder itself (config.json, model.safetensors, tokenizer files),
//   - a snapshot of the Hugging Face cache, models--OWNER--NAME/snapshots/REV/, whose files are usually
//     symbolic links into ../../blobs/ (followed like files),
//   - a cache repository models--OWNER--NAME/ (its refs/main snapshot, or its only one),
//   - or the cache root, which holds many models: listCachedModels() lists them and resolveModelFolder()
//     refuses it with that list, so that the person can pick one.
//
// Use:
//   const std::filesystem::path dir = resolveModelFolder(userPath);   // al::InputError if it is none of these
//   switch (readModelType(dir)) { case ModelType::Bert: BertModel::load(dir) ... }
//   for (const CachedModel& m : listCachedModels(defaultCacheRoot())) ...
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace al::pretrained {

enum class ModelType { Bert, Gpt2 };

// "bert", "gpt2": the model_type of config.json.
const char* modelTypeName(ModelType type);

// config.json of a bert folder (BertModel, BertForMaskedLM, BertForPreTraining).
struct BertConfig {
  int64_t vocabSize = 0;           // V
  int64_t hiddenSize = 0;          // D
  int64_t numLayers = 0;           // L
  int64_t numHeads = 0;            // H; a head is D/H wide
  int64_t intermediateSize = 0;    // F
  int64_t maxPositions = 0;        // P, the longest sequence
  int64_t typeVocabSize = 0;       // segments (2: sentence A and B)
  float layerNormEps = 1e-12f;
  bool tieWordEmbeddings = true;   // the masked-LM decoder is the word embeddings
  // Floats of every tensor the model would load with both heads: bounds what a config may ask of memory.
  uint64_t parameterCount() const;
};

// config.json of a gpt2 folder (GPT2Model, GPT2LMHeadModel).
struct Gpt2Config {
  int64_t vocabSize = 0;           // V
  int64_t width = 0;               // D (n_embd)
  int64_t numLayers = 0;           // L (n_layer)
  int64_t numHeads = 0;            // H (n_head)
  int64_t maxPositions = 0;        // P (n_positions)
  float layerNormEps = 1e-5f;      // layer_norm_epsilon
  bool tieWordEmbeddings = true;   // logits come from wte, not lm_head
  int64_t innerSize() const { return 4 * width; }  // the MLP's width (n_inner null or 4D; others are refused)
  uint64_t parameterCount() const;
};

// One model of a Hugging Face cache.
struct CachedModel {
  std::string repository;          // "OWNER/NAME" (or "NAME" for models--NAME)
  std::string revision;            // the snapshot's folder name (a commit hash)
  std::filesystem::path folder;    // the snapshot folder
  ModelType type = ModelType::Bert;
};

// The folder to load for path (see above). al::InputError when it does not exist, is a cache root (the message
// lists its models), or holds no config.json.
std::filesystem::path resolveModelFolder(const std::filesystem::path& path);

// Every supported model (bert, gpt2 with model.safetensors) in a cache root, sorted by repository; folders of
// other types or without safetensors weights are left out. Empty when root holds no models--*/ folder.
std::vector<CachedModel> listCachedModels(const std::filesystem::path& root);

// $HF_HUB_CACHE, else $HF_HOME/hub, else ~/.cache/huggingface/hub (empty path when none can be formed).
std::filesystem::path defaultCacheRoot();

// The model_type of dir/config.json. al::InputError for a missing or malformed file, or another type (the
// message names it and the two supported).
ModelType readModelType(const std::filesystem::path& dir);

// dir/config.json as the model needs it. al::InputError naming the file and the field for a missing or
// out-of-range size, and for a config that changes the math beyond what the contract describes.
BertConfig readBertConfig(const std::filesystem::path& dir);
Gpt2Config readGpt2Config(const std::filesystem::path& dir);

// dir/model.safetensors. al::InputError when it is missing; when only pytorch_model.bin is there the message
// says to convert it to safetensors (pickle files are never loaded); sharded weights are refused too.
std::filesystem::path weightsFile(const std::filesystem::path& dir);

}  // namespace al::pretrained
