// Core headers first: Qt's `emit` macro must not reach them.
#include <algorithm>

#include "core/train/run.h"

#include "ui/session/model_library.h"

#include <QCoreApplication>
#include <QEvent>

namespace al::ui {

SessionModel sessionModel(const QString& name, AnyModel model, const QString& status) {
  SessionModel session;
  session.name = name;
  session.model = std::move(model);
  session.status = status;
  return session;
}

SessionModel snapshotOfRun(const TrainingRun& run, const QString& name, const QString& status) {
  SessionModel snapshot = sessionModel(name, run.snapshot(), status);
  snapshot.settings = run.settings();
  snapshot.history = historyOf(snapshot.model);
  return snapshot;
}

std::optional<uint64_t> trainingSeed(const SessionModel& model) {
  if (!model.settings.is_object() || !model.settings.contains("seed")) return std::nullopt;
  const nlohmann::json& seed = model.settings["seed"];
  if (!seed.is_number_integer() || seed.get<int64_t>() < 0) return std::nullopt;
  return seed.get<uint64_t>();
}

std::optional<ModelWords> modelWordsOf(const SessionModel& model) { return modelWordsOf(model.model); }

// The application object receives LanguageChange before it passes it on to the windows: the names are new before any
// page says them again.
ModelLibrary::ModelLibrary(QObject* parent) : QObject(parent) {
  if (QCoreApplication* app = QCoreApplication::instance()) app->installEventFilter(this);
}

bool ModelLibrary::eventFilter(QObject* watched, QEvent* event) {
  if (watched == QCoreApplication::instance() && event->type() == QEvent::LanguageChange) retranslateNames();
  return QObject::eventFilter(watched, event);
}

void ModelLibrary::retranslateNames() {
  for (SessionModel& m : models_) {
    if (!m.liveName) continue;
    QString name = m.liveName();
    if (name == m.name) continue;
    m.name = std::move(name);
    emit modelRenamed(m.id);
  }
}

int ModelLibrary::add(SessionModel model) {
  model.id = nextId_++;
  const auto arrival = std::find_if(arrivals_.begin(), arrivals_.end(),
                                    [&](const auto& a) { return a.first == model.directory; });
  if (!model.directory.isEmpty() && arrival != arrivals_.end()) {
    model.switchedOff = std::move(arrival->second);
    arrivals_.erase(arrival);
  }
  models_.push_back(std::move(model));
  emit modelAdded(models_.back().id);
  return models_.back().id;
}

void ModelLibrary::remove(int id) {
  if (!model(id)) return;
  emit modelRemoved(id);
  std::erase_if(models_, [id](const SessionModel& m) { return m.id == id; });
}

void ModelLibrary::noteShown(int id, const QStringList& texts) {
  if (model(id)) emit modelShown(id, texts);
}

void ModelLibrary::setSwitchedOff(int id, HeadSwitches switches) {
  for (SessionModel& m : models_)
    if (m.id == id) {
      m.switchedOff = std::move(switches);
      emit switchedOffChanged(id);
      return;
    }
}

void ModelLibrary::switchOffOnArrival(const QString& directory, HeadSwitches switches) {
  if (directory.isEmpty()) return;
  std::erase_if(arrivals_, [&](const auto& a) { return a.first == directory; });
  arrivals_.emplace_back(directory, std::move(switches));
}

const SessionModel* ModelLibrary::model(int id) const {
  for (const SessionModel& m : models_)
    if (m.id == id) return &m;
  return nullptr;
}

}  // namespace al::ui
