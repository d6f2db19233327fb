#include "core/inference/pretrained_inference.h"

#include <algorithm>
#include <system_error>

#include "core/error.h"
#include "core/inference/text_writer.h"
#include "core/io/json_fields.h"
#include "core/pretrained/hf_folder.h"

namespace al {

namespace fs = std::filesystem;
using pretrained::ModelType;

namespace {

bool isDirectory(const fs::path& p) {
  std::error_code ec;
  return fs::is_directory(p, ec);
}

// A cache snapshot models--OWNER--NAME/snapshots/REV is named OWNER/NAME; any other folder by its own name.
std::string nameOf(const fs::path& folder) {
  fs::path f = folder.lexically_normal();
  if (f.filename().empty()) f = f.parent_path();
  const fs::path repository = f.parent_path().parent_path();
  const std::string repo = repository.filename().string();
  if (f.parent_path().filename() == "snapshots" && repo.rfind("models--", 0) == 0) {
    std::string name = repo.substr(8);
    if (const size_t split = name.find("--"); split != std::string::npos) name = name.substr(0, split) + "/" + name.substr(split + 2);
    return name;
  }
  return f.filename().string();
}

// Refuses a folder of the other supported type: its kind's command or page is the one to use.
fs::path folderOfType(const fs::path& dir, ModelType expected) {
  const fs::path folder = pretrained::resolveModelFolder(dir);
  const ModelType type = pretrained::readModelType(folder);
  if (type != expected)
    throw InputError(ErrorKind::WrongTask,
                     {.file = (folder / "config.json").string(), .expected = pretrained::modelTypeName(expected),
                      .found = pretrained::modelTypeName(type)},
                     (folder / "config.json").string() + ": a " + pretrained::modelTypeName(type) + " model, expected " +
                     pretrained::modelTypeName(expected));
  return folder;
}

// The tokenizer must not name ids the model has no embedding for.
std::shared_ptr<const pretrained::Tokenizer> tokenizerFor(const fs::path& folder, int64_t modelVocabulary) {
  std::shared_ptr<const pretrained::Tokenizer> tokenizer = pretrained::loadTokenizer(folder);
  if (static_cast<int64_t>(tokenizer->vocabularySize()) > modelVocabulary)
    throw InputError(ErrorKind::VocabularyMismatch, {.file = folder.string()},
                     folder.string() + ": the tokenizer's vocabulary has " + std::to_string(tokenizer->vocabularySize()) +
                     " entries, more than config.json's vocab_size " + std::to_string(modelVocabulary));
  return tokenizer;
}

// The piece of an id, or "<id N>" for an id the model scores but the tokenizer has no piece for (a vocab_size
// padded beyond the vocabulary).
std::string pieceOr(const pretrained::Tokenizer& tokenizer, int64_t id) {
  try {
    return tokenizer.pieceOf(id);
  } catch (const InputError&) {
    return "<id " + std::to_string(id) + ">";
  }
}

void requireTokens(const pretrained::Encoding& e, int64_t positions) {
  if (e.ids.empty()) throw InputError(ErrorKind::EmptySentence, {}, "the text has no tokens");
  if (static_cast<int64_t>(e.ids.size()) > positions)
    throw InputError(ErrorKind::SentenceTooLong,
                     {.expected = std::to_string(positions), .found = std::to_string(e.ids.size())},
                     "the text has " + std::to_string(e.ids.size()) + " tokens; the model reads at most " +
                         std::to_string(positions));
}

}  // namespace

bool isHuggingFaceFolder(const fs::path& dir) {
  if (!isDirectory(dir)) return false;
  std::error_code ec;
  if (fs::is_regular_file(dir / "config.json", ec)) {
    try {
      const nlohmann::json config = io::readJsonFile(dir / "config.json", "config file");
      return config.is_object() && config.contains("model_type") && !config.contains("format");
    } catch (const std::exception&) {
      return false;  // the app's own reader says what is wrong with it
    }
  }
  // A cache repository or root: resolving it either finds a folder or says which models the cache holds.
  if (dir.filename().string().rfind("models--", 0) == 0) return true;
  for (const auto& entry : fs::directory_iterator(dir, ec))
    if (entry.path().filename().string().rfind("models--", 0) == 0) return true;
  return false;
}

std::string pretrainedTaskOf(const fs::path& dir) {
  return pretrained::modelTypeName(pretrained::readModelType(pretrained::resolveModelFolder(dir)));
}

namespace {

// A Hugging Face folder of one model type, loaded with its tokenizer: Loaded is PretrainedBert or PretrainedGpt2,
// Model the pretrained model class it holds.
template <class Loaded, class Model>
Loaded loadPretrained(const fs::path& dir, ModelType type) {
  Loaded loaded;
  loaded.folder = folderOfType(dir, type);
  loaded.model = std::make_shared<const Model>(Model::load(loaded.folder));
  loaded.tokenizer = tokenizerFor(loaded.folder, loaded.model->config().vocabSize);
  loaded.name = nameOf(loaded.folder);
  return loaded;
}

}  // namespace

PretrainedBert loadPretrainedBert(const fs::path& dir) {
  return loadPretrained<PretrainedBert, pretrained::BertModel>(dir, ModelType::Bert);
}

PretrainedGpt2 loadPretrainedGpt2(const fs::path& dir) {
  return loadPretrained<PretrainedGpt2, pretrained::Gpt2Model>(dir, ModelType::Gpt2);
}

PretrainedAttention readAttention(const PretrainedBert& bert, std::string_view text, const HeadSwitches* switches) {
  const pretrained::Encoding e = bert.tokenizer->encode(text);
  requireTokens(e, bert.model->config().maxPositions);
  pretrained::BertOutput out = bert.model->forward(e.ids, e.segments, {.attention = pretrained::AttentionCapture::all(), .maskedLmLogits = false, .hiddenStates = false, .headSwitches = switches});
  return {e.pieces, e.ids, std::move(out.attention)};
}

PretrainedAttention readAttention(const PretrainedGpt2& gpt, std::string_view text, const HeadSwitches* switches) {
  const pretrained::Encoding e = gpt.tokenizer->encodePrompt(text);
  requireTokens(e, gpt.model->config().maxPositions);
  pretrained::Gpt2Output out = gpt.model->forward(e.ids, {.attention = pretrained::AttentionCapture::all(), .headSwitches = switches});
  return {e.pieces, e.ids, std::move(out.attention)};
}

BertFill fillBert(const PretrainedBert& bert, std::string_view text, int top, const HeadSwitches* switches) {
  if (!bert.model->hasMaskedLmHead())
    throw InputError(ErrorKind::NoMaskedLmHead, {.file = bert.folder.string()},
                     bert.folder.string() + ": this BERT checkpoint has no masked-LM head (cls.predictions), so it "
                     "cannot fill in blanks");
  const pretrained::SpecialTokens::Token& mask = bert.tokenizer->specialTokens().mask;
  if (!mask.id)
    throw InputError(ErrorKind::VocabularyLacksToken, {.file = bert.folder.string(), .name = mask.name},
                     bert.folder.string() + ": the vocabulary has no mask token " + mask.name);
  const pretrained::Encoding e = bert.tokenizer->encode(text);
  requireTokens(e, bert.model->config().maxPositions);
  BertFill fill;
  fill.tokens = e.pieces;
  fill.ids = e.ids;
  std::vector<int> masks;
  for (size_t i = 0; i < e.ids.size(); ++i)
    if (e.ids[i] == *mask.id) masks.push_back(static_cast<int>(i));
  if (masks.empty())
    throw InputError(ErrorKind::NoMask, {.name = mask.name},
                     "the text has no " + mask.name + ": write it where a word is hidden");
  pretrained::BertOutput out = bert.model->forward(e.ids, e.segments, {.attention = pretrained::AttentionCapture::all(), .maskedLmLogits = true, .hiddenStates = false, .headSwitches = switches});
  fill.attention = std::move(out.attention);
  for (int position : masks) {
    FillPrediction p;
    p.position = position;
    p.probabilities = pretrained::softmaxOf(out.maskedLmLogits.row(position));
    std::vector<int64_t> order(p.probabilities.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int64_t>(i);
    std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) { return p.probabilities[a] > p.probabilities[b]; });
    for (int64_t id : order) {
      if (static_cast<int>(p.top.size()) >= top) break;
      // Special tokens are never an answer; ids the tokenizer has no piece for (padding rows of a larger
      // vocab_size) neither.
      const std::string piece = pieceOr(*bert.tokenizer, id);
      if (bert.tokenizer->isSpecial(id) || piece.rfind("<id ", 0) == 0) continue;
      p.top.push_back({static_cast<int>(id), piece, p.probabilities[id]});
    }
    fill.predictions.push_back(std::move(p));
  }
  return fill;
}

NextSentence nextSentence(const PretrainedBert& bert, std::string_view a, std::string_view b) {
  if (!bert.model->hasNextSentenceHead())
    throw InputError(ErrorKind::NoNextSentenceHead, {.file = bert.folder.string()},
                     bert.folder.string() + ": this BERT checkpoint has no next-sentence head (cls.seq_relationship "
                     "and pooler), so it cannot tell whether a sentence follows another");
  const pretrained::Encoding e = bert.tokenizer->encodePair(a, b);
  requireTokens(e, bert.model->config().maxPositions);
  const pretrained::BertOutput out = bert.model->forward(
      e.ids, e.segments, {.attention = pretrained::AttentionCapture::none(), .maskedLmLogits = false, .hiddenStates = false});
  return {e.pieces, out.isNextProbability.value_or(0.0f)};
}

Generation generate(const PretrainedGpt2& gpt, std::string_view prompt, const GenerationSettings& settings) {
  // Borrowed, not owned: the writer lives only while this call reads the model (its key/value cache).
  const std::shared_ptr<const PretrainedGpt2> borrowed(std::shared_ptr<const PretrainedGpt2>(), &gpt);
  return generate(*textWriterOf(anyModelOf(borrowed)), prompt, settings);
}

PretrainedTokens tokenizeForModel(const fs::path& dir, std::string_view text) {
  const fs::path folder = pretrained::resolveModelFolder(dir);
  const ModelType type = pretrained::readModelType(folder);
  const std::unique_ptr<pretrained::Tokenizer> tokenizer = pretrained::loadTokenizer(folder);
  const pretrained::Encoding e = type == ModelType::Bert ? tokenizer->encode(text) : tokenizer->encodePrompt(text);
  return {tokenizer->type() == pretrained::TokenizerType::WordPiece ? "wordpiece" : "byte-level-bpe", e.pieces, e.ids};
}

}  // namespace al
