#include "core/train/causal_lm_run.h"

#include <oneapi/tbb/task_arena.h>

#include <algorithm>

#include "core/data/long_range_corpus.h"
#include "core/error.h"
#include "core/parallel.h"

namespace al {

// ---------------------------------------------------------------------------------------------------------
// Presets

std::vector<std::string> causalLmPresetNames() { return {"tiny", "classroom", "large", kLongRangeSource}; }

CausalLmRunSettings causalLmPreset(const std::string& name) {
  CausalLmRunSettings s;
  s.preset = name;
  CausalLmConfig& m = s.model;
  TrainingSettings& t = s.training;
  m.vocabSize = 5000;  // a cap: characters of English are about 80, of the Chinese corpus about 600
  m.tokenizer = "chars";
  m.position = CausalPosition::Learned;
  t.optimizer.name = "adam";
  t.validationSplit = 0.1;
  if (name == "tiny") {  // seconds: tests and a first look
    m.sequenceLength = 32, m.embedDim = 32, m.numHeads = 2, m.keyDim = 16, m.denseDim = 64, m.numLayers = 1;
    m.dropout = 0;
    t.epochs = 2, t.batchSize = 32, t.optimizer.learningRate = 3e-3f;
  } else if (name == "classroom") {  // the built-in corpus in a few minutes on 2 cores
    // 8 epochs of the built-in English text: about 2 minutes on 2 cores, validation perplexity 1.4, samples that
    // read like the reviews ("The music felt truly confusing."); 4 epochs still misspell words.
    m.sequenceLength = 96, m.embedDim = 96, m.numHeads = 4, m.keyDim = 24, m.denseDim = 384, m.numLayers = 3;
    m.dropout = 0;
    t.epochs = 8, t.batchSize = 32, t.optimizer.learningRate = 2e-3f;
  } else if (name == "large") {  // a book-length text file, and an hour
    m.sequenceLength = 128, m.embedDim = 128, m.numHeads = 4, m.keyDim = 32, m.denseDim = 512, m.numLayers = 4;
    m.dropout = 0.1f;
    t.epochs = 10, t.batchSize = 32, t.optimizer.learningRate = 1e-3f;
  } else if (name == kLongRangeSource) {  // the long-range text's own (core/data/long_range_corpus.h), in minutes
    // Transformer-XL: 2 layers, enough to copy (a head of layer 1 marks each character's predecessor, one of
    // layer 2 finds the earlier "box " and reads what followed it); a memory of 4 segments reaches every first
    // mention. Seed 7 copies the digits from epoch 4 on and keeps its best validation epoch near 16.
    m.sequenceLength = 32, m.embedDim = 64, m.numHeads = 4, m.keyDim = 16, m.denseDim = 128, m.numLayers = 2;
    m.position = CausalPosition::Relative, m.memoryLength = 128;
    m.dropout = 0;
    t.epochs = 20, t.batchSize = 32, t.optimizer.learningRate = 3e-3f;
  } else {
    throw InputError(ErrorKind::OptionInvalid,
                     {.name = "preset", .expected = "tiny, classroom, large, long-range", .found = name},
                     "unknown causal-lm preset '" + name + "' (expected tiny, classroom, large or long-range)");
  }
  return s;
}

const std::vector<SettingField<CausalLmRunSettings>>& causalLmFields() {
  using S = CausalLmRunSettings;
  using G = ParameterGroup;
  static const std::vector<SettingField<S>> fields = [] {
    auto integer = [](const char* key, double lo, double hi, const char* help, int CausalLmConfig::*member) {
      return SettingField<S>{integerParameter(key, G::Model, lo, hi, help),
                             [member](const S& s) { return nlohmann::json(s.model.*member); },
                             [member](S& s, const nlohmann::json& v) { s.model.*member = v.get<int>(); }};
    };
    // Keys as the other Transformers' (the same labels on the Train page), the words of a decoder where they differ.
    auto lm = [](SettingField<S> field) {
      field.spec = withTextKey(field.spec, "lm." + field.spec.key);
      return field;
    };
    std::vector<SettingField<S>> f = {
        lm(integer("vocab_size", 2, 200000, "most tokens the vocabulary keeps (the most frequent of the text)",
                   &CausalLmConfig::vocabSize)),
        lm(integer("sequence_length", 1, 4096, "tokens one pass reads (the window)", &CausalLmConfig::sequenceLength)),
        integer("embed_dim", 1, 2048, "embedding width", &CausalLmConfig::embedDim),
        integer("num_heads", 1, 64, "attention heads", &CausalLmConfig::numHeads),
        integer("key_dim", 1, 2048, "key dimension of one head", &CausalLmConfig::keyDim),
        integer("dense_dim", 1, 8192, "feed-forward width", &CausalLmConfig::denseDim),
    };
    SettingField<S> layers = lm(integer("num_layers", 1, 24, "decoder layers", &CausalLmConfig::numLayers));
    layers.spec = withOption(layers.spec, "--layers");
    f.push_back(layers);
    f.push_back({withTextKey(choiceParameter("position", G::Model, {"learned", "sinusoidal", "relative"},
                                             "learned | sinusoidal | relative (Transformer-XL, needed by --memory)"),
                             "lm.position"),
                 [](const S& s) { return nlohmann::json(toString(s.model.position)); },
                 [](S& s, const nlohmann::json& v) {
                   const std::string p = v.get<std::string>();
                   s.model.position = p == "sinusoidal" ? CausalPosition::Sinusoidal
                                      : p == "relative" ? CausalPosition::Relative : CausalPosition::Learned;
                 }});
    SettingField<S> memory = lm(integer("memory_length", 0, 4096,
                                        "Transformer-XL memory: each layer also reads its inputs at the previous M "
                                        "positions (0: none; needs --position relative)",
                                        &CausalLmConfig::memoryLength));
    memory.spec = withOption(memory.spec, "--memory");
    f.push_back(memory);
    f.push_back({realParameter("dropout", G::Model, 0, 0.95, 2, "dropout rate (0 disables it)"),
                 [](const S& s) { return nlohmann::json(static_cast<double>(s.model.dropout)); },
                 [](S& s, const nlohmann::json& v) { s.model.dropout = v.get<float>(); }});
    f.push_back({withTextKey(choiceParameter("tokenizer", G::Model, {"chars", "keras", "ascii", "icu_words"},
                                             "chars | keras | ascii | icu_words (chars: every character a token)"),
                             "lm.tokenizer"),
                 [](const S& s) { return nlohmann::json(s.model.tokenizer); },
                 [](S& s, const nlohmann::json& v) { s.model.tokenizer = v.get<std::string>(); }});
    for (auto& t : trainingFields<S>()) f.push_back(t);
    return f;
  }();
  return fields;
}

TaskSchema causalLmSchema() {
  return makeTaskSchema(CausalLmModel::kTask, "lm", causalLmPresetNames(), std::string("tiny"), causalLmFields(),
                        &causalLmPreset, &CausalLmRun::prepare);
}

// ---------------------------------------------------------------------------------------------------------
// Text to windows

namespace {

// Every document's ids, each followed by [EOS], as one stream.
std::vector<int> streamOf(const std::vector<std::string>& documents, const CausalLmConfig& config,
                          const Vocabulary& vocabulary) {
  std::vector<int> stream;
  for (const std::string& d : documents) {
    for (const int id : causalLmIds(causalLmTokens(d, config.tokenizer), vocabulary)) stream.push_back(id);
    stream.push_back(kEndOfTextId);
  }
  return stream;
}

// Windows of S ids with a stride of S - 1: the last id of a window is the first of the next, so the transition
// between them is predicted too. The last window may be shorter (at least 2 ids: one prediction).
std::vector<std::vector<int>> windowsOf(const std::vector<int>& stream, size_t S) {
  std::vector<std::vector<int>> windows;
  for (size_t start = 0; start + 1 < stream.size(); start += S - 1) {
    const size_t end = std::min(stream.size(), start + S);
    windows.emplace_back(stream.begin() + static_cast<std::ptrdiff_t>(start),
                         stream.begin() + static_cast<std::ptrdiff_t>(end));
  }
  return windows;
}

// The first few tokens of the first document: its whole words within the first 12 characters ("The music"), the
// first 4 characters of a text without spaces (Chinese), or 3 words of a word tokenizer.
std::string promptOf(const std::vector<std::string>& documents, const std::string& tokenizer) {
  if (documents.empty()) return {};
  const std::vector<std::string> tokens = causalLmTokens(documents.front(), tokenizer);
  size_t n = std::min<size_t>(tokens.size(), tokenizer == "chars" ? 12 : 3);
  if (tokenizer == "chars") {
    const auto space = std::find(tokens.rbegin() + static_cast<std::ptrdiff_t>(tokens.size() - n), tokens.rend(), " ");
    n = space != tokens.rend() ? static_cast<size_t>(tokens.rend() - space) - 1 : std::min<size_t>(n, 4);
  }
  std::string prompt;
  for (size_t i = 0; i < n; ++i) prompt += (tokenizer == "chars" || i == 0 ? "" : " ") + tokens[i];
  return prompt;
}

// Transformer-XL's reading (the header): the stream cut into `streams` equal streams read segment after segment.
// Sample i = b·streams + s is segment b of stream s: its S inputs and the id after each (at most S + 1 ids), so
// that the trainer's batch b (streams samples in order) holds segment b of every stream. A stream shorter than
// `streams` ids is read as fewer streams; returns the number used.
size_t streamSegments(const std::vector<int>& stream, size_t S, size_t streams, std::vector<std::vector<int>>& out) {
  out.clear();
  if (stream.size() < 2) return 0;
  streams = std::min(streams, stream.size() - 1);
  const size_t length = (stream.size() - 1) / streams;  // inputs per stream; its targets run one id further
  for (size_t first = 0; first < length; first += S)
    for (size_t s = 0; s < streams; ++s) {
      const size_t start = s * length + first, end = s * length + std::min(length, first + S);  // inputs [start, end)
      out.emplace_back(stream.begin() + static_cast<std::ptrdiff_t>(start),
                       stream.begin() + static_cast<std::ptrdiff_t>(end + 1));
    }
  return streams;
}

}  // namespace

std::unique_ptr<CausalLmRun> CausalLmRun::prepare(const CausalLmRunSettings& settings, const ProgressFn& progress) {
  std::unique_ptr<CausalLmRun> run(new CausalLmRun);
  run->settings_ = settings;
  auto report = [&](const std::string& what, double fraction) {
    if (progress && !progress(what, fraction)) throw RunError(ErrorKind::Cancelled, {}, "cancelled");
  };
  if (settings.model.memoryLength > 0 && settings.model.position != CausalPosition::Relative)
    throw InputError(ErrorKind::OptionsConflict,
                     {.name = "--memory", .found = "--position " + toString(settings.model.position)},
                     "a memory (--memory " + std::to_string(settings.model.memoryLength) +
                     ") needs --position relative (Transformer-XL), not " + toString(settings.model.position));
  report(stage::kReadingData, 0.1);
  const TextCorpus corpus = loadTextCorpus(settings.data, settings.training.seed);
  if (!settings.initDir.empty()) {
    CausalLmModel init = loadCausalLm(settings.initDir);
    CausalLmConfig config = init.model->config();
    config.dropout = settings.model.dropout;  // --dropout may change; the architecture and vocabulary may not
    run->model_ = std::make_unique<CausalLanguageModel>(config);
    run->model_->parameters().data() = init.model->parameters().data();
    run->vocabulary_ = std::move(init.vocabulary);
  } else {
    report(stage::kBuildingVocabulary, 0.5);
    if (settings.model.vocabSize < 4)
      throw InputError(ErrorKind::OptionInvalid, {.name = "vocab_size", .expected = ">= 4"},
                       "a causal-lm needs a vocab_size of at least 4 (padding, [UNK], [EOS] and one token)");
    if (settings.model.sequenceLength < 2)
      throw InputError(ErrorKind::OptionInvalid, {.name = "sequence_length", .expected = ">= 2"},
                       "a causal-lm needs a sequence_length of at least 2: a token, and the next one to predict");
    std::vector<std::vector<std::string>> tokenized;
    tokenized.reserve(corpus.train.size());
    for (const std::string& d : corpus.train) tokenized.push_back(causalLmTokens(d, settings.model.tokenizer));
    run->vocabulary_ = Vocabulary::build(tokenized, static_cast<size_t>(settings.model.vocabSize), {kEndOfTextToken});
    CausalLmConfig config = settings.model;
    config.vocabSize = static_cast<int>(run->vocabulary_.size());  // the output layer scores only tokens that occur
    run->model_ = std::make_unique<CausalLanguageModel>(config);
    run->model_->initialize(settings.training.seed);
  }
  run->settings_.model = run->model_->config();
  report(stage::kEncodingReviews, 0.8);
  const CausalLmConfig& config = run->model_->config();
  const std::vector<int> stream = streamOf(corpus.train, config, run->vocabulary_);
  run->trainingTokens_ = stream.size();
  const auto S = static_cast<size_t>(config.sequenceLength);
  if (config.memoryLength > 0) {
    const auto streams = static_cast<size_t>(std::max(1, settings.training.batchSize));
    run->trainStreams_ = streamSegments(stream, S, streams, run->train_);
    streamSegments(streamOf(corpus.test, config, run->vocabulary_), S, 1, run->test_);
    run->settings_.training.shuffle = false;  // the order carries the memory
    // a batch holds one segment of every stream (fewer streams for a very short text)
    run->settings_.training.batchSize = static_cast<int>(std::max<size_t>(1, run->trainStreams_));
  } else {
    run->train_ = windowsOf(stream, S);
    run->test_ = windowsOf(streamOf(corpus.test, config, run->vocabulary_), S);
  }
  if (run->train_.empty())
    throw InputError(ErrorKind::DataEmpty, {.file = settings.data}, settings.data + ": too little text to learn from");
  run->samplePrompt_ = promptOf(corpus.train, config.tokenizer);
  report(stage::kReady, 1.0);
  return run;
}

nlohmann::json CausalLmRun::settings() const {
  nlohmann::json j = settingsJson(task(), settings_, causalLmFields());
  j["training_tokens"] = trainingTokens_;
  return j;
}

void CausalLmRun::save(const std::filesystem::path& dir) const {
  saveCausalLm(dir, *model_, vocabulary_, historyRecords(history_));
}

AnyModel CausalLmRun::snapshot() const {
  return anyModel(task(), copyCausalLm(*model_, vocabulary_, historyRecords(history_)));
}

std::string CausalLmRun::sample(const std::string& prompt, int tokens) const {
  const CausalLmModel view = copyCausalLm(*model_, vocabulary_, {});
  GenerationSettings g;
  g.maxNewTokens = tokens;
  g.sampling = {.temperature = 0.8f, .topK = 0, .topP = 1, .seed = 1};
  return generate(view, prompt, g).text;
}

BatchStats CausalLmRun::trainBatch(std::span<const size_t> samples, Gradients& grads, uint64_t seed) {
  // L = (1 / N) Σ losses over the N predicted positions of the batch; N is known from the windows' lengths.
  double predicted = 0;
  for (const size_t i : samples) predicted += static_cast<double>(train_[i].size() - 1);
  const float inverseCount = static_cast<float>(1.0 / predicted);
  // Fixed chunks of consecutive samples, each adding into its own buffer, summed in chunk order: reproducible.
  const size_t chunks = chunkCount(samples.size());
  if (chunkGrads_.size() < chunks) chunkGrads_.resize(chunks);
  for (size_t k = 0; k < chunks; ++k) {
    if (chunkGrads_[k].data().size() != model_->parameters().data().size()) chunkGrads_[k] = Gradients(model_->parameters());
    else chunkGrads_[k].setZero();
  }
  std::vector<BatchStats> stats(samples.size());
  const ParameterSet& params = model_->parameters();
  if (hasMemory() && streamMemory_.size() != trainStreams_) streamMemory_.assign(trainStreams_, {});
  forEachSampleInChunks(samples.size(), chunks, [&](size_t b, size_t k) {
    Rng rng = Rng::derive(seed, b);
    CausalLanguageModel::Cache cache;
    Matrix losses;  // N_b x 1
    if (hasMemory()) {
      // segment `segment` of stream `s`, after the memory of the stream's previous segment (none at an epoch's start)
      const std::vector<int>& window = train_[samples[b]];  // T + 1 ids: the inputs and the id after each
      const size_t s = samples[b] % trainStreams_, segment = samples[b] / trainStreams_;
      StreamMemory& carried = streamMemory_[s];  // this sample's own: a batch holds each stream once
      const bool follows = segment > 0 && carried.segment + 1 == segment;
      const CausalLanguageModel::Memory none;
      const std::span<const int> ids(window);
      losses = model_->segmentLoss(params, ids.first(ids.size() - 1), ids.subspan(1), Mode::Train, rng, cache,
                                   follows ? &carried.memory : &none);
      carried = {segment, model_->memoryAfter(cache)};
    } else {
      losses = model_->loss(params, train_[samples[b]], Mode::Train, rng, cache);
    }
    stats[b] = CausalLanguageModel::statsOf(cache, losses);
    model_->backwardLoss(params, cache, Matrix::Constant(losses.rows(), 1, inverseCount), chunkGrads_[k]);
  });
  for (size_t k = 0; k < chunks; ++k) grads.add(chunkGrads_[k]);
  BatchStats total;
  for (const BatchStats& s : stats) total += s;
  return total;
}

BatchStats CausalLmRun::lossOf(const std::vector<std::vector<int>>& windows, std::span<const size_t> samples) const {
  std::vector<BatchStats> stats(samples.size());
  std::vector<size_t> order(samples.size());
  for (size_t b = 0; b < order.size(); ++b) order[b] = b;
  forEachSampleAsThreadsFree(order, [&](size_t b) {
    Rng unused(0);
    CausalLanguageModel::Cache cache;
    const Matrix losses = model_->loss(model_->parameters(), windows[samples[b]], Mode::Eval, unused, cache);
    stats[b] = CausalLanguageModel::statsOf(cache, losses);
  });
  BatchStats total;
  for (const BatchStats& s : stats) total += s;  // in sample order: the same sum however the threads ran
  return total;
}

BatchStats CausalLmRun::streamLossOf(const std::vector<std::vector<int>>& windows, std::span<const size_t> samples,
                                     size_t streams) const {
  // each stream's segments in order, the memory carried from one to the next while they follow each other
  std::vector<std::vector<size_t>> ofStream(streams);
  for (const size_t i : samples) ofStream[i % streams].push_back(i);
  std::vector<BatchStats> stats(streams);
  std::vector<size_t> order(streams);
  for (size_t s = 0; s < streams; ++s) order[s] = s;
  forEachSampleAsThreadsFree(order, [&](size_t s) {
    std::sort(ofStream[s].begin(), ofStream[s].end());
    CausalLanguageModel::Memory memory;
    size_t previous = 0;
    for (const size_t i : ofStream[s]) {
      if (i / streams != previous + 1) memory = {};  // not the next segment of the stream: start again
      const std::span<const int> ids(windows[i]);
      Rng unused(0);
      CausalLanguageModel::Cache cache;
      const Matrix losses = model_->segmentLoss(model_->parameters(), ids.first(ids.size() - 1), ids.subspan(1),
                                                Mode::Eval, unused, cache, &memory);
      stats[s] += CausalLanguageModel::statsOf(cache, losses);
      memory = model_->memoryAfter(cache);
      previous = i / streams;
    }
  });
  BatchStats total;
  for (const BatchStats& s : stats) total += s;  // in stream order
  return total;
}

BatchStats CausalLmRun::evaluate(std::span<const size_t> samples) {
  return hasMemory() ? streamLossOf(train_, samples, trainStreams_) : lossOf(train_, samples);
}

BatchStats CausalLmRun::evaluateTest() {
  const std::vector<std::vector<int>>& windows = testSamples();
  std::vector<size_t> all(windows.size());
  for (size_t i = 0; i < all.size(); ++i) all[i] = i;
  tbb::task_arena arena(workerThreads(settings_.threads));
  BatchStats stats;
  arena.execute([&] { stats = hasMemory() ? streamLossOf(windows, all, test_.empty() ? trainStreams_ : 1)
                                          : lossOf(windows, all); });
  return stats;
}

size_t CausalLmRun::tokens(std::span<const size_t> samples) const {
  size_t n = 0;
  for (const size_t i : samples) n += train_[i].size();
  return n;
}

}  // namespace al
