#include "core/train/chatbot_task.h"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <map>
#include <thread>

#include "core/error.h"
#include "core/inference/seq2seq_transformer_inference.h"
#include "core/io/json_fields.h"
#include "core/text/seq2seq_text.h"

namespace al {

const std::vector<SettingField<ChatbotRunSettings>>& chatbotFields() {
  using S = ChatbotRunSettings;
  using G = ParameterGroup;
  static const std::vector<SettingField<S>> fields = [] {
    std::vector<SettingField<S>> f = {
        {withTextKey(integerParameter("embed_dim", G::Model, 1, 2048, "embedding width"), "chatbot.embed_dim"),
         [](const S& s) { return nlohmann::json(s.architecture == "transformer" ? s.transformer.embedDim : s.model.embedDim); },
         [](S& s, const nlohmann::json& v) { s.model.embedDim = s.transformer.embedDim = v.get<Index>(); }},
        {integerParameter("units", G::Model, 1, 4096, "GRU units"),
         [](const S& s) { return nlohmann::json(s.model.units); },
         [](S& s, const nlohmann::json& v) { s.model.units = v.get<Index>(); }},
        {integerParameter("attention_units", G::Model, 1, 4096, "additive attention units"),
         [](const S& s) { return nlohmann::json(s.model.attentionUnits); },
         [](S& s, const nlohmann::json& v) { s.model.attentionUnits = v.get<Index>(); }},
        {integerParameter("max_length", G::Model, 3, 512, "longest source and target sentence"),
         [](const S& s) { return nlohmann::json(s.maxLength); },
         [](S& s, const nlohmann::json& v) {
           s.maxLength = v.get<Index>();
           s.model.maxSourceLength = s.model.maxTargetLength = s.maxLength;
         }},
        tokenizerField<S>(),
        {choiceParameter("architecture", G::Model, {"gru", "transformer"},
                         "gru (Bahdanau attention) | transformer (encoder-decoder, task seq2seq-transformer)"),
         [](const S& s) { return nlohmann::json(s.architecture); },
         [](S& s, const nlohmann::json& v) { s.architecture = v.get<std::string>(); }},
        // The Transformer's sizes (the imdb model's keys: the same meaning, one option each).
        {integerParameter("num_heads", G::Model, 1, 64, "attention heads"),
         [](const S& s) { return nlohmann::json(s.transformer.numHeads); },
         [](S& s, const nlohmann::json& v) { s.transformer.numHeads = v.get<Index>(); }},
        {integerParameter("key_dim", G::Model, 1, 2048, "key dimension of one head"),
         [](const S& s) { return nlohmann::json(s.transformer.keyDim); },
         [](S& s, const nlohmann::json& v) { s.transformer.keyDim = v.get<Index>(); }},
        {integerParameter("dense_dim", G::Model, 1, 8192, "feed-forward width"),
         [](const S& s) { return nlohmann::json(s.transformer.denseDim); },
         [](S& s, const nlohmann::json& v) { s.transformer.denseDim = v.get<Index>(); }},
        {withOption(integerParameter("num_layers", G::Model, 1, 24, "encoder layers"), "--layers"),
         [](const S& s) { return nlohmann::json(s.transformer.numLayers); },
         [](S& s, const nlohmann::json& v) { s.transformer.numLayers = v.get<Index>(); }},
        {realParameter("dropout", G::Model, 0, 0.95, 2, "dropout rate (0 disables it)"),
         [](const S& s) { return nlohmann::json(static_cast<double>(s.dropout.value_or(s.transformer.dropout))); },
         [](S& s, const nlohmann::json& v) { s.dropout = v.get<float>(); }},
    };
    for (auto& t : trainingFields<S>()) f.push_back(t);
    return f;
  }();
  return fields;
}

// The architecture chooses the preset's sizes, so it is read from the request before the preset.
ChatbotRunSettings chatbotRequestSettings(const RunRequest& request) {
  const std::string architecture = request.values.value("architecture", std::string("gru"));
  const std::string preset = request.preset.empty() ? ChatbotRunSettings{}.preset : request.preset;
  return applyRequest(request, chatbotPreset(preset, architecture, request.data), chatbotFields());
}

TaskSchema chatbotSchema() {
  TaskSchema schema;
  schema.task = "seq2seq-attention";
  schema.command = "chatbot";
  schema.presets = chatbotPresetNames();
  schema.defaultPreset = ChatbotRunSettings{}.preset;
  schema.parameters = specsOf(chatbotFields());
  schema.presetValues = [](const std::string& name) { return valuesOf(chatbotPreset(name), chatbotFields()); };
  schema.presetValuesForData = [](const std::string& name, const std::string& data) {
    return valuesOf(chatbotPreset(name, "gru", data), chatbotFields());
  };
  schema.settings = [](const RunRequest& r) {
    const ChatbotRunSettings s = chatbotRequestSettings(r);
    return settingsJson(s.architecture == "transformer" ? "seq2seq-transformer" : "seq2seq-attention", s, chatbotFields());
  };
  schema.prepare = [](const RunRequest& r, const ProgressFn& progress) -> std::unique_ptr<TrainingRun> {
    return ChatbotRun::prepare(chatbotRequestSettings(r), progress);
  };
  return schema;
}

namespace {

BatchStats toStats(const Seq2SeqLoss& l) {
  BatchStats s;
  s.lossSum = l.lossSum;
  s.lossCount = static_cast<double>(l.tokens);
  s.correct = static_cast<double>(l.correct);
  s.total = static_cast<double>(l.tokens);
  return s;
}

}  // namespace

std::pair<Vocabulary, Vocabulary> buildChatbotVocabularies(const std::vector<DialogPair>& pairs, TokenizerKind tokenizer) {
  std::vector<std::vector<std::string>> questions, answers;
  for (const DialogPair& p : pairs) {
    questions.push_back(tokenizeSeq2seq(tokenizer, p.question));
    answers.push_back(tokenizeSeq2seq(tokenizer, p.answer));
  }
  return {Vocabulary::build(questions, 0), Vocabulary::build(answers, 0)};
}

EncodedDialogs encodeDialogs(const std::vector<DialogPair>& pairs, const Vocabulary& source, const Vocabulary& target,
                             TokenizerKind tokenizer, size_t maxLength) {
  EncodedDialogs out;
  for (const DialogPair& p : pairs) {
    bool cutQuestion = false, cutAnswer = false;
    Seq2SeqExample e{encodeSeq2seq(source, tokenizer, p.question, maxLength, &cutQuestion),
                     encodeSeq2seq(target, tokenizer, p.answer, maxLength, &cutAnswer)};
    if (cutQuestion || cutAnswer) {
      ++out.skipped;
      continue;
    }
    out.examples.push_back(std::move(e));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// The task

ChatbotTask::ChatbotTask(Seq2SeqModel& model, std::vector<Seq2SeqExample> examples, const TrainingSettings& s)
    : model_(model), examples_(std::move(examples)) {
  split_ = splitContiguous(examples_.size(), s.validationSplit);
  // The Trainer will hold out floor(m * fraction) of m samples: with m = the pairs left after dropping the
  // boundary pair, that is exactly the contiguous validation block.
  const size_t m = split_.train.size() + split_.validation.size();
  const Split trainer = splitSamples(m, split_.validation.empty() ? 0.0 : s.validationSplit, s.shuffle, s.seed);
  if (trainer.validation.size() != split_.validation.size())
    throw RunError(ErrorKind::Internal, {}, "the Trainer's validation split does not match the contiguous split");
  rows_.resize(m);
  for (size_t k = 0; k < trainer.train.size(); ++k) rows_[trainer.train[k]] = split_.train[k];
  for (size_t k = 0; k < trainer.validation.size(); ++k) rows_[trainer.validation[k]] = split_.validation[k];
}

BatchStats ChatbotTask::run(const Seq2SeqModel& model, const std::vector<const Seq2SeqExample*>& examples,
                            Gradients* grads, std::vector<Gradients>& chunkBuffers, uint64_t seed) {
  return toStats(model.batchLoss(examples, grads, seed, chunkBuffers));
}

BatchStats ChatbotTask::trainBatch(std::span<const size_t> samples, Gradients& grads, uint64_t seed) {
  std::vector<const Seq2SeqExample*> batch;
  for (size_t s : samples) batch.push_back(&examples_[rows_[s]]);
  const BatchStats stats = run(model_, batch, &grads, chunkGrads_, seed);
  // the loss is the mean over the batch's real target tokens
  if (stats.lossCount > 0) grads.scale(static_cast<float>(1.0 / stats.lossCount));
  return stats;
}

BatchStats ChatbotTask::evaluate(std::span<const size_t> samples) {
  std::vector<const Seq2SeqExample*> batch;
  for (size_t s : samples) batch.push_back(&examples_[rows_[s]]);
  // in slices, so that the caches of a whole validation part never sit in memory at once
  BatchStats stats;
  const size_t slice = 256;
  for (size_t first = 0; first < batch.size(); first += slice) {
    const std::vector<const Seq2SeqExample*> part(batch.begin() + static_cast<std::ptrdiff_t>(first),
                                                  batch.begin() + static_cast<std::ptrdiff_t>(std::min(batch.size(), first + slice)));
    stats += run(model_, part, nullptr, chunkGrads_);
  }
  return stats;
}

size_t ChatbotTask::tokens(std::span<const size_t> samples) const {
  size_t n = 0;
  for (size_t s : samples) n += examples_[rows_[s]].source.size() + examples_[rows_[s]].target.size();
  return n;
}

// ---------------------------------------------------------------------------------------------------------
// The run

std::unique_ptr<ChatbotRun> ChatbotRun::prepare(const ChatbotRunSettings& settings, const ProgressFn& progress) {
  std::unique_ptr<ChatbotRun> run(new ChatbotRun);
  run->settings_ = settings;
  auto report = [&](const std::string& what, double fraction) {
    if (progress && !progress(what, fraction)) throw RunError(ErrorKind::Cancelled, {}, "cancelled");
  };
  report(stage::kReadingData, 0.0);
  const DialogCorpus corpus = loadDialogSource(settings.data);

  size_t maxLength = static_cast<size_t>(settings.maxLength);
  if (!settings.initDir.empty()) {
    // the directory's task decides the architecture
    if (io::readConfig(settings.initDir, "")["task"] == "seq2seq-transformer") {
      Seq2SeqTransformerModel init = loadSeq2seqTransformer(settings.initDir);
      requireSameTokenizer(settings.tokenizer, parseTokenizer(init.model->config().tokenizer), settings.initDir);
      if (settings.dropout) init.model->setDropout(*settings.dropout);
      run->settings_.architecture = "transformer";
      run->settings_.transformer = init.model->config();
      run->model_ = std::move(init.model);
      run->source_ = std::move(init.source);
      run->target_ = std::move(init.target);
    } else {
      ChatbotModel init = loadChatbot(settings.initDir);
      requireSameTokenizer(settings.tokenizer, init.model->config().tokenizer, settings.initDir);
      run->settings_.architecture = "gru";
      run->settings_.model = init.model->config();
      run->model_ = std::move(init.model);
      run->source_ = std::move(init.source);
      run->target_ = std::move(init.target);
    }
    maxLength = static_cast<size_t>(std::min(run->model_->maxSourceLength(), run->model_->maxTargetLength()));
  }
  if (maxLength < 3)
    throw InputError(ErrorKind::OptionInvalid,
                     {.name = "--max-length", .expected = ">= 3", .found = std::to_string(maxLength)},
                     "--max-length must be at least 3 (<start>, a word, <end>)");

  const TokenizerKind tokenizer =
      !run->model_ ? settings.tokenizer.value_or(suggestDialogTokenizer(corpus.train))
      : run->settings_.architecture == "transformer" ? parseTokenizer(run->settings_.transformer.tokenizer)
                                                      : run->settings_.model.tokenizer;
  // Long pairs are skipped before the split, so that the split is over the pairs actually used.
  report(stage::kPreparingPairs, 0.3);
  std::vector<DialogPair> usable;
  for (const DialogPair& p : corpus.train)
    if (tokenizeSeq2seq(tokenizer, p.question).size() <= maxLength && tokenizeSeq2seq(tokenizer, p.answer).size() <= maxLength)
      usable.push_back(p);
  run->skipped_ = corpus.train.size() - usable.size();
  if (usable.empty())
    throw InputError(ErrorKind::DataEmpty, {.file = settings.data, .expected = std::to_string(maxLength)},
                     settings.data + ": no pair fits in " + std::to_string(maxLength) + " tokens (--max-length)");

  if (!run->model_) {
    // Vocabularies from the training block only: validation words the model never saw become [UNK].
    const ContiguousSplit split = splitContiguous(usable.size(), settings.training.validationSplit);
    std::vector<DialogPair> trainPart;
    for (size_t i : split.train) trainPart.push_back(usable[i]);
    std::tie(run->source_, run->target_) = buildChatbotVocabularies(trainPart, tokenizer);
    const Index sourceSize = static_cast<Index>(run->source_.size()), targetSize = static_cast<Index>(run->target_.size());
    if (settings.architecture == "transformer") {
      Seq2SeqTransformerConfig& config = run->settings_.transformer;
      config.tokenizer = tokenizerName(tokenizer);
      config.sourceVocabSize = sourceSize;
      config.targetVocabSize = targetSize;
      config.maxSourceLength = config.maxTargetLength = static_cast<Index>(maxLength);
      if (settings.dropout) config.dropout = *settings.dropout;
      auto model = std::make_unique<Seq2SeqTransformer>(config);
      model->initialize(settings.training.seed);
      run->model_ = std::move(model);
    } else if (settings.architecture == "gru") {
      Seq2SeqConfig& config = run->settings_.model;
      config.tokenizer = tokenizer;
      config.sourceVocabSize = sourceSize;
      config.targetVocabSize = targetSize;
      config.maxSourceLength = config.maxTargetLength = static_cast<Index>(maxLength);
      auto model = std::make_unique<Seq2SeqAttention>(config);
      model->initialize(settings.training.seed);
      run->model_ = std::move(model);
    } else {
      throw InputError(ErrorKind::OptionInvalid,
                       {.name = "architecture", .expected = "gru, transformer", .found = settings.architecture},
                       "unknown architecture '" + settings.architecture + "' (expected gru or transformer)");
    }
  }
  report(stage::kEncodingPairs, 0.6);
  run->train_ = encodeDialogs(usable, run->source_, run->target_, tokenizer, maxLength).examples;
  run->testIsHeldOut_ = corpus.hasTestSplit;
  run->test_ = encodeDialogs(corpus.hasTestSplit ? corpus.test : corpus.train, run->source_, run->target_, tokenizer,
                             maxLength).examples;
  run->task_ = std::make_unique<ChatbotTask>(*run->model_, run->train_, settings.training);
  report(stage::kReady, 1.0);
  return run;
}

int ChatbotRun::threads() const { return workerThreads(settings_.threads); }

nlohmann::json ChatbotRun::settings() const {
  ChatbotRunSettings actual = settings_;
  actual.threads = threads();
  actual.maxLength = std::min(model_->maxSourceLength(), model_->maxTargetLength());
  nlohmann::json j = settingsJson(task(), actual, chatbotFields());
  j["training_pairs"] = task_->split().train.size();
  j["validation_pairs"] = task_->split().validation.size();
  j["skipped_pairs"] = skipped_;
  return j;
}

TrainingResult ChatbotRun::train(TrainingEvents* events, const TrainingControl* control) {
  return trainInArena(*task_, settings_.training, settings_.threads, events, control, history_);
}

void ChatbotRun::save(const std::filesystem::path& dir) const {
  if (settings_.architecture == "transformer") saveSeq2seqTransformer(dir, transformerModel(), source_, target_, historyRecords(history_));
  else saveChatbot(dir, gruModel(), source_, target_, historyRecords(history_));
}

const Seq2SeqAttention& ChatbotRun::gruModel() const {
  const auto* gru = dynamic_cast<const Seq2SeqAttention*>(model_.get());
  if (!gru) throw RunError(ErrorKind::Internal, {}, "this chatbot run trains a Transformer, not the GRU model");
  return *gru;
}

const Seq2SeqTransformer& ChatbotRun::transformerModel() const {
  const auto* transformer = dynamic_cast<const Seq2SeqTransformer*>(model_.get());
  if (!transformer) throw RunError(ErrorKind::Internal, {}, "this chatbot run trains the GRU model, not a Transformer");
  return *transformer;
}

BatchStats ChatbotRun::evaluateTest() {
  std::vector<const Seq2SeqExample*> all;
  for (const Seq2SeqExample& e : test_) all.push_back(&e);
  std::vector<Gradients> unused;
  tbb::task_arena arena(threads());
  BatchStats stats;
  arena.execute([&] {
    for (size_t first = 0; first < all.size(); first += 256) {
      const std::vector<const Seq2SeqExample*> part(all.begin() + static_cast<std::ptrdiff_t>(first),
                                                    all.begin() + static_cast<std::ptrdiff_t>(std::min(all.size(), first + 256)));
      stats += ChatbotTask::run(*model_, part, nullptr, unused);
    }
  });
  return stats;
}

double ChatbotRun::exactMatchTest() {
  if (test_.empty()) return 0.0;
  const int start = target_.id(kStartToken), end = target_.id(kEndToken);
  // Groups of sentences decoded together (one product per answer step for the group, instead of one vector per
  // sentence), the groups spread over the threads. 3,725 test pairs of the book preset took about 50 s one by one.
  constexpr size_t kGroup = 64;
  const size_t groups = (test_.size() + kGroup - 1) / kGroup;
  std::vector<char> exact(test_.size(), 0);
  tbb::task_arena arena(threads());
  arena.execute([&] {
    tbb::parallel_for(size_t{0}, groups, [&](size_t g) {
      const size_t first = g * kGroup, last = std::min(test_.size(), first + kGroup);
      std::vector<const std::vector<int>*> sources;
      for (size_t i = first; i < last; ++i) sources.push_back(&test_[i].source);
      const std::vector<Seq2SeqAnswer> answers = model_->greedyDecodeMany(sources, start, end);
      for (size_t i = first; i < last; ++i) {
        const std::vector<int> expected(test_[i].target.begin() + 1, test_[i].target.end());  // without <start>
        exact[i] = answers[i - first].tokens == expected;
      }
    });
  });
  return static_cast<double>(std::count(exact.begin(), exact.end(), 1)) / static_cast<double>(test_.size());
}

}  // namespace al

namespace al {

AnyModel ChatbotRun::snapshot() const {
  if (dynamic_cast<const Seq2SeqTransformer*>(model_.get()))
    return anyModel(task(), copySeq2seqTransformer(transformerModel(), source_, target_, historyRecords(history_)));
  return anyModel(task(), copyChatbot(gruModel(), source_, target_, historyRecords(history_)));
}

}  // namespace al
