// The entries of the catalogue (model_catalogue.h). One block per kind; nothing outside this file lists them.
#include "core/catalogue/model_catalogue.h"

#include <oneapi/tbb/task_arena.h>

#include <algorithm>

#include "core/data/long_range_corpus.h"
#include "core/data/referent_corpus.h"
#include "core/error.h"
#include "core/io/atomic_directory.h"
#include "core/data/text_corpus.h"
#include "core/io/json_fields.h"
#include "core/io/training_record.h"
#include "core/teaching/long_range_recall.h"
#include "core/train/bert_sentiment_run.h"
#include "core/train/bigram_run.h"
#include "core/train/causal_lm_run.h"
#include "core/train/chatbot_task.h"
#include "core/train/imdb_run.h"
#include "core/train/mlm_run.h"

namespace al {

namespace {

// The texts' own example: 它 refers to the schoolbag, and the word after 很 says so (heavy, not empty or noisy).
constexpr char kSeedSentence[] = "小明把书包忘在教室，它很沉。";
// A review whose verdict needs "not" read together with the word after it.
constexpr char kNotReview[] = "this movie was not good at all";
const std::vector<BuiltinCorpus> kReviewCorpora = {{"builtin", "reviews", kNotReview},
                                                   {"builtin:zh", "reviews-zh", kSeedSentence}};
// The masked-lm's: the same sentences with the decisive word hidden.
const std::vector<BuiltinCorpus> kMaskedReviewCorpora = {{"builtin", "reviews", "this movie was not [MASK] at all"},
                                                         {"builtin:zh", "reviews-zh", "小明把书包忘在教室，它很[MASK]。"}};
const std::vector<BuiltinCorpus> kDialogCorpora = {{"builtin", "dialogs", "what are you cooking?"},
                                                   {"builtin:translate", "translate", "where is the station?"},
                                                   {"builtin:zh", "dialogs-zh", kSeedSentence},
                                                   {"builtin:translate-zh", "translate-zh", kSeedSentence}};

std::string dataOrFirstCorpus(const std::string& data) { return data.empty() ? std::string("builtin") : data; }

// The model of kind M inside `model`, or InputError: saving a model as another kind is a programming slip that
// must not write a wrong directory.
template <class M>
const M& snapshotOf(const AnyModel& model, const std::filesystem::path& dir) {
  const std::shared_ptr<const M> snapshot = model.as<M>();
  if (!snapshot)
    throw InputError(ErrorKind::Internal, {},
                     dir.string() + ": the model (task " + model.task + ") has no weights of this kind to save");
  return *snapshot;
}

// Sizes every kind shares: its parameter count beside its config's fields.
template <class Config>
nlohmann::json sizes(const Config& config, Index parameters) {
  nlohmann::json j = toJson(config);
  j["parameters"] = parameters;
  return j;
}

// describe for a kind whose config has a toJson: its fields and its parameter count.
template <class M>
nlohmann::json describeConfig(const AnyModel& model) {
  const auto s = model.as<M>();
  return s ? sizes(s->model->config(), s->model->parameters().size()) : nlohmann::json::object();
}

// The run that evaluates a model directory: its model on `data` (empty: the kind's first corpus).
template <class Settings>
Settings evaluationSettings(const std::filesystem::path& dir, const std::string& data, int threads) {
  Settings s;
  s.data = dataOrFirstCorpus(data);
  s.initDir = dir.string();
  s.threads = threads;
  return s;
}

// evaluate for a kind measured on its data's own test split: it refuses a seed rather than ignore it.
using EvaluateOnTestSplit = std::function<Evaluation(const std::filesystem::path& dir, const std::string& data, int threads)>;
auto refusingSeed(std::string task, EvaluateOnTestSplit evaluate) {
  return [task = std::move(task), evaluate = std::move(evaluate)](const std::filesystem::path& dir, const std::string& data,
                                                                  int threads, std::optional<uint64_t> seed) {
    if (seed)
      throw InputError(ErrorKind::OptionsConflict, {.name = "--seed", .found = task},
                       "a seed picks the test documents of a language model's generated text; a model of task " +
                       task + " is measured on its data's test split as it is, without one");
    return evaluate(dir, data, threads);
  };
}

Evaluation evaluation(const BatchStats& stats, bool heldOut) {
  Evaluation e;
  e.loss = stats.loss();
  e.accuracy = stats.accuracy();
  e.samples = static_cast<size_t>(stats.total);
  e.heldOut = heldOut;
  return e;
}

ModelKind imdbTransformerKind() {
  ModelKind k;
  k.task = "imdb-transformer";
  k.textKey = "imdb";
  k.trainCommand = "imdb";
  k.abilities = {Ability::Classify, Ability::SelfAttention};
  k.data = DataKind::Reviews;
  k.corpora = kReviewCorpora;
  k.load = [task = k.task](const std::filesystem::path& dir) { return anyModel(task, loadImdbTransformer(dir)); };
  k.save = [](const AnyModel& m, const std::filesystem::path& dir) {
    const auto& s = snapshotOf<ImdbTransformerModel>(m, dir);
    saveImdbTransformer(dir, *s.model, s.vocabulary, s.history);
  };
  k.evaluate = refusingSeed(k.task, [](const std::filesystem::path& dir, const std::string& data, int threads) {
    ImdbRunSettings s = evaluationSettings<ImdbRunSettings>(dir, data, threads);
    s.model = loadImdbTransformer(dir).model->config();
    std::unique_ptr<ImdbRun> run = ImdbRun::prepare(s);
    return evaluation(run->evaluateTest(), run->testIsHeldOut());
  });
  k.describe = describeConfig<ImdbTransformerModel>;
  return k;
}

ModelKind bigramKind() {
  ModelKind k;
  k.task = "imdb-bigram";
  k.textKey = "bigram";
  k.trainCommand = "bigram";
  k.abilities = {Ability::Classify};
  k.data = DataKind::Reviews;
  k.corpora = kReviewCorpora;
  k.load = [task = k.task](const std::filesystem::path& dir) { return anyModel(task, loadBigram(dir)); };
  k.save = [](const AnyModel& m, const std::filesystem::path& dir) {
    const auto& s = snapshotOf<BigramModel>(m, dir);
    saveBigram(dir, *s.model, s.vocabulary, s.history);
  };
  k.evaluate = refusingSeed(k.task, [](const std::filesystem::path& dir, const std::string& data, int threads) {
    // counting and one dense layer: single-threaded, whatever `threads` says
    BigramRunSettings s = evaluationSettings<BigramRunSettings>(dir, data, threads);
    s.model = loadBigram(dir).model->config();
    std::unique_ptr<BigramRun> run = BigramRun::prepare(s);
    return evaluation(run->evaluateTest(), run->testIsHeldOut());
  });
  k.describe = describeConfig<BigramModel>;
  return k;
}

// Both chatbots evaluate the same way: the run of the directory's own architecture, every pair a test pair.
Evaluation evaluateChatbot(const std::filesystem::path& dir, const std::string& data, int threads) {
  ChatbotRunSettings s = evaluationSettings<ChatbotRunSettings>(dir, data, threads);
  s.training.validationSplit = 0;
  std::unique_ptr<ChatbotRun> run = ChatbotRun::prepare(s);
  Evaluation e = evaluation(run->evaluateTest(), run->testIsHeldOut());
  e.scoredTokens = e.samples;  // target tokens
  e.samples = run->testPairs();
  e.exactMatch = run->exactMatchTest();
  return e;
}

ModelKind gruChatbotKind() {
  ModelKind k;
  k.task = "seq2seq-attention";
  k.textKey = "chatbot-gru";
  k.trainCommand = "chatbot";
  k.abilities = {Ability::Ask};
  k.data = DataKind::Dialogs;
  k.corpora = kDialogCorpora;
  k.load = [task = k.task](const std::filesystem::path& dir) { return anyModel(task, loadChatbot(dir)); };
  k.save = [](const AnyModel& m, const std::filesystem::path& dir) {
    const auto& s = snapshotOf<ChatbotModel>(m, dir);
    saveChatbot(dir, *s.model, s.source, s.target, s.history);
  };
  k.evaluate = refusingSeed(k.task, evaluateChatbot);
  k.describe = describeConfig<ChatbotModel>;
  return k;
}

ModelKind transformerChatbotKind() {
  ModelKind k;
  k.task = "seq2seq-transformer";
  k.textKey = "chatbot-transformer";
  k.trainCommand = "chatbot";  // train chatbot --architecture transformer
  k.ownsTrainingForm = false;
  k.formValues = {{"architecture", "transformer"}};
  k.abilities = {Ability::Ask, Ability::SelfAttention};
  k.data = DataKind::Dialogs;
  k.corpora = kDialogCorpora;
  k.load = [task = k.task](const std::filesystem::path& dir) { return anyModel(task, loadSeq2seqTransformer(dir)); };
  k.save = [](const AnyModel& m, const std::filesystem::path& dir) {
    const auto& s = snapshotOf<Seq2SeqTransformerModel>(m, dir);
    saveSeq2seqTransformer(dir, *s.model, s.source, s.target, s.history);
  };
  k.evaluate = refusingSeed(k.task, evaluateChatbot);
  k.describe = [](const AnyModel& m) {
    const auto s = m.as<Seq2SeqTransformerModel>();
    if (!s) return nlohmann::json::object();
    nlohmann::json j = seq2seqTransformerConfigJson(s->model->config());
    j["parameters"] = s->model->parameters().size();
    return j;
  };
  return k;
}

ModelKind maskedLmKind() {
  ModelKind k;
  k.task = "masked-lm";
  k.textKey = "mlm";
  k.trainCommand = "mlm";
  k.abilities = {Ability::Fill, Ability::SelfAttention};
  k.data = DataKind::Reviews;  // their text; the labels are not used
  k.corpora = kMaskedReviewCorpora;
  k.load = [task = k.task](const std::filesystem::path& dir) { return anyModel(task, loadMaskedLm(dir)); };
  k.save = [](const AnyModel& m, const std::filesystem::path& dir) {
    const auto& s = snapshotOf<MaskedLmModel>(m, dir);
    saveMaskedLm(dir, *s.model, s.vocabulary, s.tokenizer, s.history);
  };
  k.evaluate = refusingSeed(k.task, [](const std::filesystem::path& dir, const std::string& data, int threads) {
    MlmRunSettings s = evaluationSettings<MlmRunSettings>(dir, data, threads);
    s.model.dropout = loadMaskedLm(dir).model->config().encoder.dropout;
    std::unique_ptr<MlmRun> run = MlmRun::prepare(s);
    Evaluation e = evaluation(run->evaluateTest(), run->testIsHeldOut());
    e.scoredTokens = e.samples;  // the hidden tokens it guessed
    return e;
  });
  k.describe = describeConfig<MaskedLmModel>;
  return k;
}

// The seed that draws a generated text's documents for evaluating the model in `dir`: the one asked for, else the
// one it was trained with (training.json), so that it is measured on its own corpus's test documents, never on
// another seed's (which may hold documents like the ones it trained on); else the training default. Empty for data
// read as it is, which refuses a seed.
std::optional<Evaluation::DataSeed> dataSeedFor(const std::filesystem::path& dir, const std::string& data,
                                                std::optional<uint64_t> asked) {
  if (!textCorpusDrawnFromSeed(data)) {
    if (asked)
      throw InputError(ErrorKind::OptionsConflict, {.name = "--seed", .found = data},
                       "a seed picks the documents of a generated text (builtin, builtin:zh, " +
                       std::string(kLongRangeSource) + "); " + data + " is read as it is, without one");
    return std::nullopt;
  }
  if (asked) return Evaluation::DataSeed{*asked, Evaluation::SeedFrom::Asked};
  const std::optional<io::TrainingRecord> record = io::readTrainingRecordIfPresent(dir);
  if (!record || !record->settings.contains("seed"))
    return Evaluation::DataSeed{TrainingSettings{}.seed, Evaluation::SeedFrom::Default};
  const nlohmann::json seed = record->settings["seed"];
  if (!seed.is_number_unsigned())
    throw InputError(ErrorKind::JsonOutOfRange,
                     {.file = (dir / "training.json").string(), .name = "seed", .expected = ">= 0"},
                     (dir / "training.json").string() + ": the settings' \"seed\" must be a whole number of 0 or more "
                     "(it says which test documents the model never trained on); or give the seed to evaluate with");
  return Evaluation::DataSeed{seed.get<uint64_t>(), Evaluation::SeedFrom::TrainingRecord};
}

ModelKind causalLmKind() {
  ModelKind k;
  k.task = CausalLmModel::kTask;
  k.textKey = "lm";
  k.trainCommand = "lm";
  k.abilities = {Ability::Generate, Ability::SelfAttention};
  k.data = DataKind::Text;
  // poems-zh and quotes: Debian's fortune packages (core/data/fortunes.h), installed by scripts/setup.
  // Probes: a prompt from each text (poems-zh and quotes: the one samples start from, textSamplePrompt).
  k.corpora = {{"builtin", "text", "this movie was not"},
               {"builtin:zh", "text-zh", kSeedSentence},
               {"quotes", "quotes", textSamplePrompt("quotes")},
               {"poems-zh", "poems-zh", textSamplePrompt("poems-zh")},
               {kLongRangeSource, "long-range", "tara left the key in box 4817. later tara came back for box"},
               {kReferentSource, "referent-zh", kSeedSentence}};
  k.load = [task = k.task](const std::filesystem::path& dir) { return anyModel(task, loadCausalLm(dir)); };
  k.save = [](const AnyModel& m, const std::filesystem::path& dir) {
    const auto& s = snapshotOf<CausalLmModel>(m, dir);
    saveCausalLm(dir, *s.model, s.vocabulary, s.history);
  };
  k.evaluate = [](const std::filesystem::path& dir, const std::string& data, int threads,
                   std::optional<uint64_t> seed) {
    CausalLmRunSettings s = evaluationSettings<CausalLmRunSettings>(dir, data, threads);
    const std::optional<Evaluation::DataSeed> dataSeed = dataSeedFor(dir, s.data, seed);
    if (dataSeed) s.training.seed = dataSeed->seed;
    s.model.dropout = loadCausalLm(dir).model->config().dropout;
    std::unique_ptr<CausalLmRun> run = CausalLmRun::prepare(s);
    Evaluation e = evaluation(run->evaluateTest(), run->testIsHeldOut());
    e.scoredTokens = e.samples;  // the next tokens it predicted
    e.dataSeed = dataSeed;
    if (s.data == kLongRangeSource) {  // does it remember what the text said more than a segment before?
      const CausalLmModel model = loadCausalLm(dir);
      const LongRangeCorpus corpus = builtinLongRangeCorpus(s.training.seed);
      tbb::task_arena arena(workerThreads(threads));
      teaching::LongRangeRecall recall;
      arena.execute([&] { recall = teaching::longRangeRecall(model, corpus.test); });
      auto scores = [](const teaching::RecallCount& c) { return Evaluation::Recall{c.accuracy(), c.tokens}; };
      e.longRange = Evaluation::LongRange{scores(recall.dependent()), scores(recall.nameFirst), scores(recall.digits),
                                          scores(recall.nameRest), scores(recall.repeated())};
    }
    return e;
  };
  k.describe = describeConfig<CausalLmModel>;
  return k;
}

// Pretrained kinds (core/inference/pretrained_inference.h) are read from Hugging Face folders, never written,
// trained or evaluated here: the folder is the publisher's, and the app has no data of the task they were trained on.
[[noreturn]] void refuseToSave(const AnyModel& m, const std::filesystem::path& dir) {
  throw InputError(ErrorKind::PretrainedNotSaved, {.file = dir.string()},
                   dir.string() + ": \"" + m.task + "\" is a pretrained model read from a Hugging Face folder; "
                   "AttentionLab reads such folders but never writes them (the folder it came from is the copy to keep)");
}
[[noreturn]] Evaluation refuseToEvaluate(const std::filesystem::path& dir, const std::string&, int,
                                         std::optional<uint64_t>) {
  throw InputError(ErrorKind::PretrainedNotEvaluated, {.file = dir.string()},
                   dir.string() + ": a pretrained model is not evaluated here: AttentionLab has no test data of the "
                   "task it was trained on; use inspect, fill, next-sentence or generate");
}

ModelKind bertKind() {
  ModelKind k;
  k.task = PretrainedBert::kTask;
  k.textKey = "bert";
  // trainCommand stays empty: not trained here, so no training form, no data, no corpora.
  // Fill is the kind's ability, but a checkpoint without its masked-LM head (BertModel) cannot: modelCan says so.
  k.abilities = {Ability::Fill, Ability::SelfAttention};
  k.modelCan = [](const AnyModel& m, Ability ability) {
    const auto s = m.as<PretrainedBert>();
    return s && (ability != Ability::Fill || s->model->hasMaskedLmHead());
  };
  k.load = [](const std::filesystem::path& dir) { return anyModel(PretrainedBert::kTask, loadPretrainedBert(dir)); };
  k.save = refuseToSave;
  k.evaluate = refuseToEvaluate;
  k.describe = [](const AnyModel& m) {
    const auto s = m.as<PretrainedBert>();
    if (!s) return nlohmann::json::object();
    const pretrained::BertConfig& c = s->model->config();
    return nlohmann::json{{"num_layers", c.numLayers}, {"embed_dim", c.hiddenSize}, {"num_heads", c.numHeads},
                          {"dense_dim", c.intermediateSize}, {"vocab_size", c.vocabSize},
                          {"sequence_length", c.maxPositions}, {"parameters", c.parameterCount()},
                          {"masked_lm_head", s->model->hasMaskedLmHead()},
                          {"next_sentence_head", s->model->hasNextSentenceHead()}};
  };
  return k;
}

// A sentiment head trained here on a frozen BERT (core/train/bert_sentiment_run.h): trained by `train imdb
// --init-encoder BERT_FOLDER`, so the imdb form trains it too; its directory names the BERT folder it reads.
ModelKind bertSentimentKind() {
  ModelKind k;
  k.task = BertSentimentModel::kTask;
  k.textKey = "bert-sentiment";
  k.trainCommand = "imdb";
  k.ownsTrainingForm = false;  // the imdb classifier's form, with a BERT as its "Start from"
  k.startsFrom = PretrainedBert::kTask;
  // Its attention is its BERT's (predict --json, inspect, the Attention page and Step through show it).
  k.abilities = {Ability::Classify, Ability::SelfAttention};
  k.data = DataKind::Reviews;
  k.corpora = kReviewCorpora;
  k.load = [](const std::filesystem::path& dir) { return anyModel(BertSentimentModel::kTask, loadBertSentiment(dir)); };
  k.save = [](const AnyModel& m, const std::filesystem::path& dir) {
    saveBertSentiment(dir, snapshotOf<BertSentimentModel>(m, dir));
  };
  k.evaluate = refusingSeed(k.task, [](const std::filesystem::path& dir, const std::string& data, int threads) {
    std::unique_ptr<BertSentimentRun> run = BertSentimentRun::prepare(evaluationSettings<ImdbRunSettings>(dir, data, threads));
    return evaluation(run->evaluateTest(), run->testIsHeldOut());
  });
  k.describe = [](const AnyModel& m) {
    const auto s = m.as<BertSentimentModel>();
    if (!s) return nlohmann::json::object();
    const pretrained::BertConfig& c = s->encoder.model->config();
    return nlohmann::json{{"encoder", s->encoder.name}, {"num_layers", c.numLayers}, {"embed_dim", c.hiddenSize},
                          {"num_heads", c.numHeads}, {"sequence_length", s->sequenceLength},
                          {"parameters", s->head->parameters().size()}};
  };
  return k;
}

ModelKind gpt2Kind() {
  ModelKind k;
  k.task = PretrainedGpt2::kTask;
  k.textKey = "gpt2";
  k.abilities = {Ability::Generate, Ability::SelfAttention};
  k.load = [](const std::filesystem::path& dir) { return anyModel(PretrainedGpt2::kTask, loadPretrainedGpt2(dir)); };
  k.save = refuseToSave;
  k.evaluate = refuseToEvaluate;
  k.describe = [](const AnyModel& m) {
    const auto s = m.as<PretrainedGpt2>();
    if (!s) return nlohmann::json::object();
    const pretrained::Gpt2Config& c = s->model->config();
    return nlohmann::json{{"num_layers", c.numLayers}, {"embed_dim", c.width}, {"num_heads", c.numHeads},
                          {"dense_dim", c.innerSize()}, {"vocab_size", c.vocabSize},
                          {"sequence_length", c.maxPositions}, {"parameters", c.parameterCount()}};
  };
  return k;
}

}  // namespace

bool ModelKind::can(Ability ability) const {
  return std::find(abilities.begin(), abilities.end(), ability) != abilities.end();
}

bool ModelKind::can(const AnyModel& model, Ability ability) const {
  return can(ability) && model.hasWeights() && (!modelCan || modelCan(model, ability));
}

const std::vector<ModelKind>& modelKinds() {
  static const std::vector<ModelKind> kinds = {imdbTransformerKind(), bigramKind(), gruChatbotKind(),
                                               transformerChatbotKind(), maskedLmKind(), causalLmKind(),
                                               bertKind(), gpt2Kind(), bertSentimentKind()};
  return kinds;
}

std::vector<std::string> defaultProbes(const ModelKind& kind, const std::string& data) {
  for (const BuiltinCorpus& corpus : kind.corpora)
    if (corpus.source == data) return {corpus.probe};
  if (kind.corpora.empty()) return {};
  return {kind.corpora.front().probe};
}

const ModelKind* findModelKind(const std::string& task) {
  for (const ModelKind& kind : modelKinds())
    if (kind.task == task) return &kind;
  return nullptr;
}

namespace {

// "a, b or c"
std::string listOf(const std::vector<std::string>& tasks) {
  std::string list;
  for (size_t i = 0; i < tasks.size(); ++i) list += (i == 0 ? "" : i + 1 == tasks.size() ? " or " : ", ") + tasks[i];
  return list;
}

}  // namespace

std::string knownTasks() {
  std::vector<std::string> tasks;
  for (const ModelKind& kind : modelKinds()) tasks.push_back(kind.task);
  return listOf(tasks);
}

std::string tasksThatCan(Ability ability) {
  std::vector<std::string> tasks;
  for (const ModelKind& kind : modelKinds())
    if (kind.can(ability)) tasks.push_back(kind.task);
  return listOf(tasks);
}

const ModelKind& modelKind(const std::string& task, const std::string& where) {
  if (const ModelKind* kind = findModelKind(task)) return *kind;
  throw InputError(ErrorKind::WrongTask, {.file = where, .found = task},
                   (where.empty() ? std::string() : where + ": ") + "a model of another task, \"" + task +
                   "\", which this version does not read; expected " + knownTasks());
}

std::vector<const ModelKind*> kindsTrainedBy(const std::string& command) {
  std::vector<const ModelKind*> kinds;
  for (const ModelKind& kind : modelKinds())
    if (kind.trainCommand == command) kinds.push_back(&kind);
  return kinds;
}

const ModelKind& modelKindOfDirectory(const std::filesystem::path& dir) {
  io::removeStrayTemporaries(dir);  // every open starts here: finish what a killed save left beside the model
  // A Hugging Face folder names its "model_type" where AttentionLab's directories name their "format" and "task".
  if (isHuggingFaceFolder(dir)) return modelKind(pretrainedTaskOf(dir), (dir / "config.json").string());
  const nlohmann::json config = io::readConfig(dir, "");
  return modelKind(config.value("task", std::string()), (dir / "config.json").string());
}

AnyModel loadModel(const std::filesystem::path& dir) { return modelKindOfDirectory(dir).load(dir); }

void saveModel(const AnyModel& model, const std::filesystem::path& dir) { modelKind(model.task).save(model, dir); }

}  // namespace al
