#pragma once
// "Hugging Face cache ▾" beside Open model…: the pretrained BERT and GPT-2 models already on this machine, one
// click each to open. Two places are listed when the menu opens (a directory listing and a config.json per
// model: quick, so on the GUI thread; reading the model itself is the page's worker job):
//   the Hugging Face cache       $HF_HUB_CACHE, else $HF_HOME/hub, else ~/.cache/huggingface/hub
//                                (core/pretrained/hf_folder.h), where Python's transformers puts what it fetches
//   AttentionLab's downloads     the app's data folder's models/OWNER--NAME/ (File › Download a pretrained model…,
//                                attentionlab-cli download model NAME)
// Each entry says its repository, its type and its size on disk. An empty cache says where it looked and how to
// fill it. Only the model types the page shows are offered; a page that shows none hides the button.
#include <vector>

#include <QString>
#include <QStringList>
#include <QToolButton>

namespace al::ui {

// A pretrained model folder found on this machine.
struct FoundModel {
  QString repository;  // "OWNER/NAME" (or "NAME")
  QString type;        // "bert" or "gpt2"
  QString folder;      // the folder to open (a cache snapshot, or a download's folder)
  qint64 bytes = 0;    // the files' sizes (symbolic links of a snapshot followed)
};

// The cache's models of the given types (core/pretrained/hf_folder.h: listCachedModels), sorted by repository.
std::vector<FoundModel> cachedModels(const QString& cacheRoot, const QStringList& types);
// The models AttentionLab downloaded into downloadsFolder (one folder with config.json each), of the given types.
std::vector<FoundModel> downloadedModels(const QString& downloadsFolder, const QStringList& types);

class CachedModelsButton : public QToolButton {
  Q_OBJECT
 public:
  explicit CachedModelsButton(QWidget* parent = nullptr);  // object name "cachedModelsButton"

  // The model types the page shows ("bert", "gpt2"); none hides the button.
  void setModelTypes(const QStringList& types);
  QStringList modelTypes() const { return types_; }

  // Lists both places again into the menu (what opening the menu does).
  void refresh();
  // Where the lists were read from (the cache root: empty when no home folder names one).
  static QString cacheRoot();
  static QString downloadsFolder();

 signals:
  void folderChosen(const QString& folder);  // an entry was clicked: the page opens it

 private:
  void addEntries(const std::vector<FoundModel>& models);
  void addEmptyCacheNote(const QString& root);

  QStringList types_;
};

}  // namespace al::ui
