// Core headers first: Qt's `emit` macro must not reach them.
#include "core/train/bigram_run.h"
#include "core/train/chatbot_task.h"
#include "core/train/imdb_run.h"
#include "core/train/mlm_run.h"

#include "ui/session/model_library.h"

namespace al::ui {

SessionModel snapshotOfRun(const TrainingRun& run, const QString& name, const QString& status) {
  SessionModel snapshot;
  snapshot.name = name;
  snapshot.task = run.task();
  snapshot.settings = run.settings();
  snapshot.status = status;
  // One case per task: a new task adds its own line here.
  if (const auto* imdb = dynamic_cast<const ImdbRun*>(&run)) {
    snapshot.history = historyRecords(imdb->history());
    snapshot.imdb = std::make_shared<const ImdbTransformerModel>(
        copyImdbTransformer(imdb->model(), imdb->vocabulary(), snapshot.history));
  } else if (const auto* chatbot = dynamic_cast<const ChatbotRun*>(&run)) {
    snapshot.history = historyRecords(chatbot->history());
    if (chatbot->task() == "seq2seq-attention")
      snapshot.chatbot = std::make_shared<const ChatbotModel>(copyChatbot(
          chatbot->gruModel(), chatbot->sourceVocabulary(), chatbot->targetVocabulary(), snapshot.history));
    else
      snapshot.transformer = std::make_shared<const Seq2SeqTransformerModel>(copySeq2seqTransformer(
          chatbot->transformerModel(), chatbot->sourceVocabulary(), chatbot->targetVocabulary(), snapshot.history));
  } else if (const auto* bigram = dynamic_cast<const BigramRun*>(&run)) {
    snapshot.history = historyRecords(bigram->history());
    snapshot.bigram = std::make_shared<const BigramModel>(copyBigram(bigram->model(), bigram->vocabulary(), snapshot.history));
  } else if (const auto* mlm = dynamic_cast<const MlmRun*>(&run)) {
    snapshot.history = historyRecords(mlm->history());
    snapshot.maskedLm = std::make_shared<const MaskedLmModel>(
        copyMaskedLm(mlm->model(), mlm->vocabulary(), mlm->tokenizer(), snapshot.history));
  }
  return snapshot;
}

std::optional<ModelWords> modelWordsOf(const SessionModel& model) {
  if (model.imdb) return modelWords(model.imdb);
  if (model.bigram) return modelWords(model.bigram);
  if (model.maskedLm) return modelWords(model.maskedLm);
  if (model.chatbot) return modelWords(model.chatbot);
  if (model.transformer) return modelWords(model.transformer);
  return std::nullopt;
}

ModelLibrary::ModelLibrary(QObject* parent) : QObject(parent) {}

int ModelLibrary::add(SessionModel model) {
  model.id = nextId_++;
  models_.push_back(std::move(model));
  emit modelAdded(models_.back().id);
  return models_.back().id;
}

const SessionModel* ModelLibrary::model(int id) const {
  for (const SessionModel& m : models_)
    if (m.id == id) return &m;
  return nullptr;
}

}  // namespace al::ui
