#include "core/pretrained/hf_tokenizer.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/io/json_fields.h"
#include "core/io/limits.h"
#include "core/io/read_file.h"
#include "core/pretrained/bpe_tokenizer.h"
#include "core/pretrained/wordpiece_tokenizer.h"

namespace al::pretrained {

namespace fs = std::filesystem;
using nlohmann::json;

// ---- the interface ----

std::optional<int64_t> Tokenizer::idOf(std::string_view piece) const {
  const auto it = vocabulary_.find(std::string(piece));
  if (it == vocabulary_.end()) return std::nullopt;
  return it->second;
}

const std::string& Tokenizer::pieceOf(int64_t id) const {
  if (id < 0 || static_cast<size_t>(id) >= pieces_.size() || pieces_[static_cast<size_t>(id)].empty())
    throw InputError(ErrorKind::TokenOutOfVocabulary,
                     {.expected = std::to_string(pieces_.size()), .found = std::to_string(id)},
                     "token id " + std::to_string(id) + " is not in the vocabulary (" +
                     std::to_string(pieces_.size()) + " ids)");
  return pieces_[static_cast<size_t>(id)];
}

bool Tokenizer::isSpecial(int64_t id) const {
  for (const SpecialTokens::Token* token : {&special_.unknown, &special_.classifier, &special_.separator,
                                            &special_.padding, &special_.mask, &special_.endOfText})
    if (token->id == id) return true;
  return false;
}

void Tokenizer::setVocabulary(const VocabularyEntries& entries, const std::string& source) {
  if (entries.empty())
    throw InputError(ErrorKind::TokenizerFileInvalid, {.file = source}, source + ": the vocabulary is empty");
  int64_t largest = -1;
  for (const auto& [piece, id] : entries) {
    if (id < 0 || id >= static_cast<int64_t>(limits::kMaxVocabularyTokens))
      throw InputError(ErrorKind::TokenizerFileInvalid, {.file = source, .name = piece},
                       source + ": the piece \"" + piece + "\" has id " + std::to_string(id) + "; ids run from 0 to " +
                       std::to_string(limits::kMaxVocabularyTokens - 1));
    largest = std::max(largest, id);
  }
  pieces_.assign(static_cast<size_t>(largest + 1), std::string());
  vocabulary_.clear();
  vocabulary_.reserve(entries.size());
  for (const auto& [piece, id] : entries) {
    pieces_[static_cast<size_t>(id)] = piece;
    vocabulary_[piece] = id;  // a piece listed twice keeps its later id
  }
}

void Tokenizer::lookUpSpecialTokens() {
  for (SpecialTokens::Token* token : {&special_.unknown, &special_.classifier, &special_.separator, &special_.padding,
                                      &special_.mask, &special_.endOfText})
    token->id = token->name.empty() ? std::nullopt : idOf(token->name);
}

// ---- reading a folder ----

namespace {

// What tokenizer_config.json may say; nothing where it does not say it.
struct TokenizerConfig {
  std::optional<bool> lowercase, stripAccents, chineseCharacters;
  std::string tokenizerClass;
  std::optional<std::string> unknown, classifier, separator, padding, mask;
};

std::optional<bool> optionalBool(const json& object, const char* field, const std::string& file) {
  const auto it = object.find(field);
  if (it == object.end() || it->is_null()) return std::nullopt;
  if (!it->is_boolean())
    throw InputError(ErrorKind::JsonWrongType, {.file = file, .name = field, .found = it->dump()},
                     file + ": field \"" + field + "\" must be true or false, found " + it->dump());
  return it->get<bool>();
}

// A special token's name: a string, or (newer files) an object whose "content" is the string.
std::optional<std::string> optionalTokenName(const json& object, const char* field, const std::string& file) {
  const auto it = object.find(field);
  if (it == object.end() || it->is_null()) return std::nullopt;
  if (it->is_string()) return it->get<std::string>();
  if (it->is_object() && it->contains("content") && (*it)["content"].is_string())
    return (*it)["content"].get<std::string>();
  throw InputError(ErrorKind::JsonWrongType, {.file = file, .name = field},
                   file + ": field \"" + field + "\" must be a token (a string, or an object with \"content\")");
}

TokenizerConfig readTokenizerConfig(const fs::path& folder) {
  TokenizerConfig config;
  const fs::path path = folder / "tokenizer_config.json";
  std::error_code ec;
  if (!fs::exists(path, ec)) return config;
  const json object = io::readJsonFile(path, "tokenizer configuration");
  const std::string file = path.string();
  if (!object.is_object())
    throw InputError(ErrorKind::JsonNotObject, {.file = file}, file + ": expected a JSON object");
  config.lowercase = optionalBool(object, "do_lower_case", file);
  config.stripAccents = optionalBool(object, "strip_accents", file);
  config.chineseCharacters = optionalBool(object, "tokenize_chinese_chars", file);
  config.tokenizerClass = io::optionalString(object, "tokenizer_class", "", file);
  config.unknown = optionalTokenName(object, "unk_token", file);
  config.classifier = optionalTokenName(object, "cls_token", file);
  config.separator = optionalTokenName(object, "sep_token", file);
  config.padding = optionalTokenName(object, "pad_token", file);
  config.mask = optionalTokenName(object, "mask_token", file);
  return config;
}

// tokenizer_config.json wins over what the vocabulary's own file says.
void applyConfig(const TokenizerConfig& config, WordPieceOptions& options) {
  if (config.lowercase) options.lowercase = *config.lowercase;
  if (config.stripAccents) options.stripAccents = config.stripAccents;
  if (config.chineseCharacters) options.chineseCharacters = *config.chineseCharacters;
  if (config.unknown) options.unknown = *config.unknown;
  if (config.classifier) options.classifier = *config.classifier;
  if (config.separator) options.separator = *config.separator;
  if (config.padding) options.padding = *config.padding;
  if (config.mask) options.mask = *config.mask;
}

// A JSON object {piece: id, ...} (tokenizer.json's model.vocab, vocab.json).
VocabularyEntries vocabularyOf(const json& object, const std::string& where) {
  if (!object.is_object())
    throw InputError(ErrorKind::JsonNotObject, {.file = where},
                     where + ": expected an object mapping each piece to its id");
  if (object.size() > limits::kMaxVocabularyTokens)
    throw InputError(ErrorKind::TokenizerFileInvalid, {.file = where},
                     where + ": " + std::to_string(object.size()) + " pieces, more than the " +
                     std::to_string(limits::kMaxVocabularyTokens) + " AttentionLab reads");
  VocabularyEntries entries;
  entries.reserve(object.size());
  for (const auto& [piece, id] : object.items()) {
    if (!id.is_number_integer())
      throw InputError(ErrorKind::JsonWrongType, {.file = where, .name = piece, .found = id.dump()},
                       where + ": the id of \"" + piece + "\" must be an integer, found " + id.dump());
    entries.emplace_back(piece, id.get<int64_t>());
  }
  if (entries.empty())
    throw InputError(ErrorKind::TokenizerFileInvalid, {.file = where}, where + ": the vocabulary is empty");
  return entries;
}

json readTokenizerJson(const fs::path& path, const std::string& what) {
  return io::parseJson(io::readWholeFile(path, what, limits::kMaxVocabularyFileBytes), path.string());
}

// tokenizer.json's added_tokens: each {"id", "content", ...} joins the vocabulary (if it is not there yet) and
// is split out of a text as written.
std::vector<std::string> addedTokensOf(const json& root, VocabularyEntries& vocabulary, const std::string& file) {
  std::vector<std::string> added;
  const auto it = root.find("added_tokens");
  if (it == root.end() || it->is_null()) return added;
  if (!it->is_array())
    throw InputError(ErrorKind::JsonWrongType, {.file = file, .name = "added_tokens"},
                     file + ": \"added_tokens\" must be an array");
  for (size_t k = 0; k < it->size(); ++k) {
    const json& token = (*it)[k];
    const std::string where = file + ": added_tokens entry " + std::to_string(k + 1);
    if (!token.is_object() || !token.contains("content") || !token["content"].is_string() || !token.contains("id") ||
        !token["id"].is_number_integer())
      throw InputError(ErrorKind::JsonNotObject, {.file = where},
                       where + ": expected an object with a string \"content\" and an integer \"id\"");
    const std::string content = token["content"].get<std::string>();
    const bool known =
        std::any_of(vocabulary.begin(), vocabulary.end(), [&](const auto& e) { return e.first == content; });
    if (!known) vocabulary.emplace_back(content, token["id"].get<int64_t>());
    added.push_back(content);
  }
  return added;
}

// Whether a pre_tokenizer (or a Sequence of them) is GPT-2's ByteLevel.
bool isByteLevel(const json& preTokenizer) {
  if (!preTokenizer.is_object()) return false;
  const std::string type = preTokenizer.value("type", "");
  if (type == "ByteLevel") return true;
  if (type == "Sequence" && preTokenizer.contains("pretokenizers") && preTokenizer["pretokenizers"].is_array())
    for (const json& inner : preTokenizer["pretokenizers"])
      if (isByteLevel(inner)) return true;
  return false;
}

// tokenizer.json's normalizer: a BertNormalizer, a Lowercase / StripAccents (alone or in a Sequence), or none.
void applyNormalizer(const json& normalizer, WordPieceOptions& options, const std::string& file) {
  if (!normalizer.is_object()) return;
  const std::string type = normalizer.value("type", "");
  if (type == "BertNormalizer") {
    options.cleanText = optionalBool(normalizer, "clean_text", file).value_or(true);
    options.chineseCharacters = optionalBool(normalizer, "handle_chinese_chars", file).value_or(true);
    options.lowercase = optionalBool(normalizer, "lowercase", file).value_or(true);
    options.stripAccents = optionalBool(normalizer, "strip_accents", file);
  } else if (type == "Lowercase") {
    options.lowercase = true;
  } else if (type == "StripAccents") {
    options.stripAccents = true;
  } else if (type == "Sequence" && normalizer.contains("normalizers") && normalizer["normalizers"].is_array()) {
    for (const json& inner : normalizer["normalizers"]) applyNormalizer(inner, options, file);
  }
}

std::unique_ptr<Tokenizer> wordPieceFromJson(const json& root, const json& model, const TokenizerConfig& config,
                                             const std::string& file) {
  VocabularyEntries vocabulary =
      vocabularyOf(model.contains("vocab") ? model["vocab"] : json(), file + ": model.vocab");
  WordPieceOptions options;
  // Without a normalizer the text is read as it is written.
  options.lowercase = false;
  options.cleanText = false;
  options.chineseCharacters = false;
  if (root.contains("normalizer")) applyNormalizer(root["normalizer"], options, file);
  options.unknown = io::optionalString(model, "unk_token", options.unknown, file + ": model");
  options.continuationPrefix =
      io::optionalString(model, "continuing_subword_prefix", options.continuationPrefix, file + ": model");
  // Bounded: the greedy search costs a word's length times the longest piece.
  options.maxWordCharacters = static_cast<size_t>(model.contains("max_input_chars_per_word")
      ? io::requireIntInRange(model, "max_input_chars_per_word", 1, 10'000, file + ": model")
      : static_cast<int64_t>(options.maxWordCharacters));
  if (root.contains("post_processor") && root["post_processor"].is_object()) {
    const json& post = root["post_processor"];
    // BertProcessing: {"cls": ["[CLS]", 101], "sep": ["[SEP]", 102]}
    for (auto [field, name] : {std::pair{"cls", &options.classifier}, std::pair{"sep", &options.separator}})
      if (post.contains(field) && post[field].is_array() && !post[field].empty() && post[field][0].is_string())
        *name = post[field][0].get<std::string>();
  }
  options.extraTokens = addedTokensOf(root, vocabulary, file);
  applyConfig(config, options);
  return std::make_unique<WordPieceTokenizer>(vocabulary, std::move(options), file);
}

std::unique_ptr<Tokenizer> bpeFromJson(const json& root, const json& model, const std::string& file) {
  if (!isByteLevel(root.contains("pre_tokenizer") ? root["pre_tokenizer"] : json()))
    throw InputError(ErrorKind::UnsupportedTokenizer, {.file = file},
                     file + ": a BPE tokenizer without GPT-2's byte-level pre-tokenizer (a SentencePiece model?); "
                     "AttentionLab reads WordPiece (BERT) and GPT-2's byte-level BPE");
  VocabularyEntries vocabulary =
      vocabularyOf(model.contains("vocab") ? model["vocab"] : json(), file + ": model.vocab");
  if (!model.contains("merges") || !model["merges"].is_array())
    throw InputError(ErrorKind::JsonWrongType, {.file = file, .name = "model.merges"},
                     file + ": model.merges must be an array of merges (\"Ġ t\" or [\"Ġ\", \"t\"])");
  const json& list = model["merges"];
  if (list.size() > limits::kMaxVocabularyTokens)
    throw InputError(ErrorKind::TokenizerFileInvalid, {.file = file},
                     file + ": more than " + std::to_string(limits::kMaxVocabularyTokens) + " merges");
  std::vector<Merge> merges;
  merges.reserve(list.size());
  for (size_t k = 0; k < list.size(); ++k) {
    const json& entry = list[k];
    const std::string where = file + ": model.merges entry " + std::to_string(k + 1);
    if (entry.is_string()) {
      merges.push_back(BpeTokenizer::parseMerge(entry.get<std::string>(), where));  // "first second", as merges.txt
    } else if (entry.is_array() && entry.size() == 2 && entry[0].is_string() && entry[1].is_string()) {
      merges.push_back({entry[0].get<std::string>(), entry[1].get<std::string>(), where});
    } else {
      throw InputError(ErrorKind::TokenizerFileInvalid, {.file = where},
                       where + ": expected \"first second\" or [\"first\", \"second\"], found " + entry.dump());
    }
  }
  std::vector<std::string> added = addedTokensOf(root, vocabulary, file);
  return std::make_unique<BpeTokenizer>(vocabulary, merges, std::move(added), file);
}

std::unique_ptr<Tokenizer> fromTokenizerJson(const fs::path& path, const TokenizerConfig& config) {
  const std::string file = path.string();
  const json root = readTokenizerJson(path, "tokenizer file");
  if (!root.is_object() || !root.contains("model") || !root["model"].is_object())
    throw InputError(ErrorKind::JsonMissingKey, {.file = file, .name = "model"},
                     file + ": expected an object with a \"model\" object (the tokenizers library's format)");
  const json& model = root["model"];
  const std::string type = model.contains("type") && model["type"].is_string() ? model["type"].get<std::string>() : "";
  if (type == "WordPiece") return wordPieceFromJson(root, model, config, file);
  if (type == "BPE") return bpeFromJson(root, model, file);
  const std::string what = type.empty() ? "a tokenizer without model.type"
                                        : "a tokenizer of type \"" + type + "\"" +
                                              (type == "Unigram" ? " (a SentencePiece model)" : "");
  throw InputError(ErrorKind::UnsupportedTokenizer, {.file = file, .found = type},
                   file + ": " + what + "; AttentionLab reads WordPiece (BERT) and GPT-2's byte-level BPE");
}

bool fileExists(const fs::path& path) {
  std::error_code ec;
  return fs::exists(path, ec);
}

}  // namespace

std::unique_ptr<Tokenizer> loadTokenizer(const fs::path& folder) {
  std::error_code ec;
  if (!fs::is_directory(folder, ec))
    throw InputError(ErrorKind::NotModelDir, {.file = folder.string()},
                     folder.string() + " is not a folder; a Hugging Face model folder holds config.json, "
                     "model.safetensors and its tokenizer's files");
  const TokenizerConfig config = readTokenizerConfig(folder);
  if (fileExists(folder / "tokenizer.json")) return fromTokenizerJson(folder / "tokenizer.json", config);
  const bool vocabTxt = fileExists(folder / "vocab.txt");
  const bool vocabJson = fileExists(folder / "vocab.json");
  const bool mergesTxt = fileExists(folder / "merges.txt");
  // A folder with both forms: tokenizer_config.json's class decides, else vocab.txt.
  const bool gpt2Class = config.tokenizerClass.starts_with("GPT2");
  if (vocabTxt && !(gpt2Class && vocabJson && mergesTxt)) {
    const fs::path path = folder / "vocab.txt";
    const std::string text = io::readWholeFile(path, "vocabulary file", limits::kMaxVocabularyFileBytes);
    WordPieceOptions options;
    applyConfig(config, options);
    return std::make_unique<WordPieceTokenizer>(WordPieceTokenizer::parseVocabTxt(text, path.string()),
                                                std::move(options), path.string());
  }
  if (vocabJson && mergesTxt) {
    const fs::path vocabPath = folder / "vocab.json";
    const fs::path mergesPath = folder / "merges.txt";
    const VocabularyEntries vocabulary =
        vocabularyOf(readTokenizerJson(vocabPath, "vocabulary file"), vocabPath.string());
    const std::vector<Merge> merges = BpeTokenizer::parseMergesTxt(
        io::readWholeFile(mergesPath, "merges file", limits::kMaxVocabularyFileBytes), mergesPath.string());
    return std::make_unique<BpeTokenizer>(vocabulary, merges, std::vector<std::string>{}, vocabPath.string());
  }
  if (vocabJson || mergesTxt)
    throw InputError(ErrorKind::TokenizerMissing,
                     {.file = folder.string(), .name = vocabJson ? "merges.txt" : "vocab.json"},
                     folder.string() + ": " +
                     (vocabJson ? "vocab.json without merges.txt" : "merges.txt without vocab.json") +
                     "; GPT-2's tokenizer needs both");
  throw InputError(ErrorKind::TokenizerMissing, {.file = folder.string()},
                   folder.string() + ": no tokenizer; expected tokenizer.json, vocab.txt (BERT), or vocab.json "
                   "with merges.txt (GPT-2)");
}

}  // namespace al::pretrained
