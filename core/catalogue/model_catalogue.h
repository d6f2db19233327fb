#pragma once
// The catalogue of model kinds: one entry per task of the model format (model-format.md), and the one place that
// knows the list. The CLI's dispatch, the app's Train page, its session library, its pages' model boxes and the
// lessons read it; none of them names a task. An entry says
//
//   task          the contract's task name, as config.json writes it: "imdb-transformer"
//   what it can be asked (abilities): classify a text, answer a question, fill in a [MASK], show self-attention
//   how it is trained: the hyper-parameter schema (core/train/hyperparameters.h) by its CLI command ("imdb"),
//                 the kind of data it reads and its built-in corpora
//   how to load, save and evaluate a model directory of the kind, and how to describe its size
//
// Adding a model kind (docs/model-kinds.md): its model and inference files, its run and schema entry, one entry in
// modelKinds() (model_catalogue.cpp), its words in the app (ui/text/kind_texts.cpp) and its pages' views.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/inference/any_model.h"

namespace al {

// What a loaded model of a kind can be asked (and so which pages and commands take it).
enum class Ability {
  Classify,       // a text in, positive or negative out (predict; the Attention page)
  Ask,            // a question in, an answer and its alignment out (ask; the Chatbot page)
  Fill,           // a text with [MASK]s in, the likely words out (fill; the Fill-in-the-blank page)
  SelfAttention,  // every layer's and head's map over the text (the Attention page's heatmaps, Step through)
  Generate,       // a prompt in, the text that follows out, one token at a time (generate; the Generate page)
};

// The data a kind trains on (the data pickers' kind of source).
enum class DataKind {
  Reviews,  // labelled reviews: builtin corpora, an aclImdb folder or archive, a CSV or TSV
  Dialogs,  // question<TAB>answer pairs
  Text,     // plain text, a document a line (a language model)
};

// A corpus the app carries, as --data takes it; its title is the app's words (ui/text/kind_texts.h) for its key.
struct BuiltinCorpus {
  std::string source;  // "builtin", "builtin:zh", "builtin:translate", ...
  std::string key;     // names its title and description: "reviews", "reviews-zh", "dialogs", "translate", ...
  // The sentence a training timeline watches by default (core/train/timeline_recorder.h): one whose attention and
  // prediction the corpus teaches, e.g. builtin:zh's 小明把书包忘在教室，它很沉。 (它 refers to the schoolbag).
  std::string probe;
};

// What evaluating a model directory on data measured.
struct Evaluation {
  double loss = 0;
  double accuracy = 0;
  size_t samples = 0;      // reviews, or question-answer pairs
  size_t scoredTokens = 0;  // the tokens the accuracy counts, for kinds that score tokens (0: it scores samples)
  std::optional<double> exactMatch;  // question-answer kinds: the share of answers exactly right
  // A language model on long-range (core/teaching/long_range_recall.h): the accuracy on each kind of token that
  // repeats a name or number from more than a segment before, on that many tokens.
  struct Recall {
    double accuracy = 0;
    size_t tokens = 0;
  };
  struct LongRange {
    Recall dependent;             // the name's first letter and the number's digits: they need the first mention
    Recall nameFirst, digits;     // the two apart
    Recall nameRest;              // the name's later letters: they follow from its first letter
    Recall repeated;              // every repeated character (the three kinds)
  };
  std::optional<LongRange> longRange;
  // A language model on a text generated from a seed (builtin, builtin:zh, long-range): the seed that drew the test
  // documents it was measured on, and why that one. Empty for data read as it is (a file, the fortunes).
  enum class SeedFrom {
    Asked,           // the caller's (eval --seed)
    TrainingRecord,  // the seed the model was trained with (training.json): its own corpus's test documents
    Default,         // the directory has no training.json: the training default
  };
  struct DataSeed {
    uint64_t seed = 0;
    SeedFrom from = SeedFrom::Default;
  };
  std::optional<DataSeed> dataSeed;
  bool heldOut = true;     // measured on a test split the model never trained on
};

struct ModelKind {
  std::string task;          // the contract's task name
  std::string textKey;       // names its title and description in the app (ui/text/kind_texts.cpp): "imdb"
  std::string trainCommand;  // the schema that trains it, by its CLI command ("imdb"); one schema may train two kinds;
                             // empty for a kind that is read but never trained here (pretrained bert, gpt2)
  bool ownsTrainingForm = true;  // false: another kind's form trains it too (a chatbot's architecture choice)
  nlohmann::json formValues = nlohmann::json::object();  // the values on that form that train this kind
  // The task of the pretrained kind the form must start from to train this kind ("bert": a head on a frozen BERT,
  // RunRequest::initEncoderBert or initEncoderDir); empty: the form trains it from scratch or from its own kinds.
  std::string startsFrom;
  std::vector<Ability> abilities;
  // For a kind whose loaded models differ in what they can answer (a BERT checkpoint with or without its masked-LM
  // head): whether this one can. Empty: every model of the kind can do all its abilities.
  std::function<bool(const AnyModel& model, Ability ability)> modelCan;
  DataKind data = DataKind::Reviews;
  std::vector<BuiltinCorpus> corpora;  // English first, then Chinese
  // Reads and checks a whole model directory of this kind. InputError naming the file and what is wrong.
  std::function<AnyModel(const std::filesystem::path& dir)> load;
  // Writes the model as a model directory, atomically. InputError for a model of another kind.
  std::function<void(const AnyModel& model, const std::filesystem::path& dir)> save;
  // The test split of `data` (empty: the first built-in corpus) through the model directory; slow. `seed` draws a
  // generated text's documents (empty: the seed the model was trained with); a kind or data that draws nothing
  // from a seed refuses one with an InputError.
  std::function<Evaluation(const std::filesystem::path& dir, const std::string& data, int threads,
                           std::optional<uint64_t> seed)>
      evaluate;
  // Its sizes, by the settings keys ("num_layers", "embed_dim", "vocab_size", ...), for lists and summaries.
  std::function<nlohmann::json(const AnyModel& model)> describe;

  bool can(Ability ability) const;
  // The kind can, and this model of it can (modelCan).
  bool can(const AnyModel& model, Ability ability) const;
  // Whether it is trained here (has a training form); pretrained kinds are only read.
  bool trainable() const { return !trainCommand.empty(); }
};

// Every kind, in the order the app lists them.
const std::vector<ModelKind>& modelKinds();
// By task name; null for a task no entry has.
const ModelKind* findModelKind(const std::string& task);
// By task name; InputError naming `where` (a config.json) and the tasks this version reads otherwise.
const ModelKind& modelKind(const std::string& task, const std::string& where = {});
// The kinds whose training form has this CLI command ("chatbot": both chatbots; the first one owns the form).
std::vector<const ModelKind*> kindsTrainedBy(const std::string& command);
// The task names this version reads, for messages: "imdb-transformer, imdb-bigram, ... or masked-lm".
std::string knownTasks();
// The task names of the kinds that can `ability`, in the same form: "imdb-transformer, masked-lm ... or bert-sentiment".
std::string tasksThatCan(Ability ability);

// The kind of a model directory: its config.json's task, or for a Hugging Face folder (config.json with
// "model_type" instead of AttentionLab's "format"; also a cache snapshot or repository) its model_type, "bert" or
// "gpt2". InputError naming the file; for another model_type the message names it and the two supported.
// Every open asks this first, so it also removes what a killed save left beside dir (io::removeStrayTemporaries).
const ModelKind& modelKindOfDirectory(const std::filesystem::path& dir);
// The sentences a training timeline of `kind` on `data` watches when none are given: the probe of that built-in
// corpus, or for other data (a file, aclImdb) the probe of the kind's first corpus. Empty for a kind not trained here.
std::vector<std::string> defaultProbes(const ModelKind& kind, const std::string& data);
// Loads a model directory of any kind.
AnyModel loadModel(const std::filesystem::path& dir);
// Writes any model as a model directory (its kind's save).
void saveModel(const AnyModel& model, const std::filesystem::path& dir);

}  // namespace al
