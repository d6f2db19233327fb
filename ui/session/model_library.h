#pragma once
// The models of a session, in one place: every finished or stopped run of the Train page, the normalization race's
// runs, the Fill page's toy models and every opened model directory (the Attention and Chatbot pages keep their own
// toy models to themselves), as a shared, read-only snapshot with its task, settings, history and status as data. The main window owns the
// library; pages observe it (modelAdded) and pick from it. A model never travels between pages through a
// temporary folder or a widget's text.
//
// Core headers come first: a core header must never see Qt's `emit` macro (it breaks oneTBB's headers).
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/inference/bigram_inference.h"
#include "core/inference/chatbot_inference.h"
#include "core/inference/imdb_transformer_inference.h"
#include "core/inference/masked_lm_inference.h"
#include "core/inference/model_words.h"
#include "core/inference/seq2seq_transformer_inference.h"
#include "core/io/history.h"
#include "core/io/training_record.h"
#include "core/train/run.h"

#include <QObject>
#include <QString>

namespace al::ui {

// One model of the session. At most one of the snapshots is set, the one of its task.
struct SessionModel {
  int id = 0;
  QString name;                  // "Run 3", "race 2 layer norm", "toy masked-LM", a directory's name
  std::string task;              // the contract's task name: "imdb-transformer", "imdb-bigram", "seq2seq-attention",
                                 // "seq2seq-transformer", "masked-lm"
  nlohmann::json settings;       // the one settings shape (core/train/hyperparameters.h)
  std::vector<io::EpochRecord> history;
  QString status;                // "finished", "stopped", "raced", "toy", "opened" (translated, but "toy")
  std::optional<io::TrainingRecord> record;  // its data, seed, kept epoch and test score, when known (training.json)
  std::shared_ptr<const ImdbTransformerModel> imdb;
  std::shared_ptr<const ChatbotModel> chatbot;                  // seq2seq-attention
  std::shared_ptr<const Seq2SeqTransformerModel> transformer;   // seq2seq-transformer
  std::shared_ptr<const BigramModel> bigram;
  std::shared_ptr<const MaskedLmModel> maskedLm;
};

// A snapshot of a run's model as it is now (after training: its best epoch). Copies the weights once; the run
// may go on or be dropped. Call it when the run is not training (its thread has finished).
SessionModel snapshotOfRun(const TrainingRun& run, const QString& name, const QString& status);

// The words the model reads (core/inference/model_words.h); nothing for a model without a snapshot.
std::optional<ModelWords> modelWordsOf(const SessionModel& model);

class ModelLibrary : public QObject {
  Q_OBJECT
 public:
  explicit ModelLibrary(QObject* parent = nullptr);

  // Adds the model (its id is assigned here) and tells the observers; returns the id.
  int add(SessionModel model);
  const std::vector<SessionModel>& models() const { return models_; }
  const SessionModel* model(int id) const;  // null for an unknown id

 signals:
  void modelAdded(int id);

 private:
  std::vector<SessionModel> models_;
  int nextId_ = 1;
};

}  // namespace al::ui
