// Core headers first: Qt's `emit` macro must not reach them.
#include "core/error.h"
#include "core/pretrained/hf_folder.h"

#include "ui/widgets/cached_models_button.h"

#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QMenu>

#include "ui/download/imdb_archive.h"
#include "ui/text/kind_texts.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

namespace fs = std::filesystem;

namespace {

// The files of a model folder, a snapshot's symbolic links followed to their blobs.
qint64 bytesOf(const fs::path& folder) {
  qint64 bytes = 0;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(folder, ec)) {
    const auto size = fs::file_size(entry.path(), ec);  // follows links; a folder or a broken link counts nothing
    if (!ec) bytes += static_cast<qint64>(size);
  }
  return bytes;
}

QString pathText(const fs::path& path) { return QDir::toNativeSeparators(QString::fromStdString(path.string())); }

// The model to name on the command line for a type the page shows: one the app offers for download.
QString suggestedName(const QStringList& types) {
  const bool generates = types.contains(QString::fromLatin1(pretrained::modelTypeName(pretrained::ModelType::Gpt2)));
  return generates ? QStringLiteral("gpt2") : QStringLiteral("bert-base-chinese");  // names on the hub
}

}  // namespace

std::vector<FoundModel> cachedModels(const QString& cacheRoot, const QStringList& types) {
  std::vector<FoundModel> found;
  if (cacheRoot.isEmpty()) return found;
  for (const pretrained::CachedModel& m : pretrained::listCachedModels(cacheRoot.toStdString())) {
    const QString type = QString::fromLatin1(pretrained::modelTypeName(m.type));
    if (types.contains(type))
      found.push_back({QString::fromStdString(m.repository), type, pathText(m.folder), bytesOf(m.folder)});
  }
  return found;
}

std::vector<FoundModel> downloadedModels(const QString& downloadsFolder, const QStringList& types) {
  std::vector<FoundModel> found;
  // A download that failed has no config.json (it is written last), so it is not listed.
  for (const QFileInfo& dir : QDir(downloadsFolder).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
    const fs::path folder = dir.absoluteFilePath().toStdString();
    if (!fs::exists(folder / "config.json") || !fs::exists(folder / "model.safetensors")) continue;
    try {
      const QString type = QString::fromLatin1(pretrained::modelTypeName(pretrained::readModelType(folder)));
      if (types.contains(type))
        found.push_back({dir.fileName().replace(QStringLiteral("--"), QStringLiteral("/")), type, pathText(folder), bytesOf(folder)});
    } catch (const InputError&) {
      // another kind of folder, or a config.json that does not parse: not one to offer
    }
  }
  return found;
}

CachedModelsButton::CachedModelsButton(QWidget* parent) : QToolButton(parent) {
  setObjectName("cachedModelsButton");
  setPopupMode(QToolButton::InstantPopup);
  setMenu(new QMenu(this));
  // Read when the menu opens, not before: a model downloaded meanwhile is listed.
  connect(menu(), &QMenu::aboutToShow, this, &CachedModelsButton::refresh);
  setTranslatedTexts(this, [this] {
    setText(tr("Hugging Face cache"));
    setToolTip(tr("Open a pretrained BERT or GPT-2 model already on this computer: the Hugging Face cache and "
                  "the models AttentionLab downloaded"));
  });
  hide();
}

void CachedModelsButton::setModelTypes(const QStringList& types) {
  types_ = types;
  setVisible(!types.isEmpty());
}

QString CachedModelsButton::cacheRoot() { return pathText(pretrained::defaultCacheRoot()); }

QString CachedModelsButton::downloadsFolder() { return QDir(download::appDataFolder()).filePath(QStringLiteral("models")); }

void CachedModelsButton::refresh() {
  QMenu* list = menu();
  list->clear();
  const QString root = cacheRoot();
  list->addSection(tr("Hugging Face cache"));
  const std::vector<FoundModel> cached = cachedModels(root, types_);
  if (cached.empty()) addEmptyCacheNote(root);
  else addEntries(cached);
  const QString downloads = downloadsFolder();
  list->addSection(tr("Downloaded by AttentionLab"));
  const std::vector<FoundModel> downloaded = downloadedModels(downloads, types_);
  if (downloaded.empty()) list->addAction(tr("None yet in %1").arg(QDir::toNativeSeparators(downloads)))->setEnabled(false);
  else addEntries(downloaded);
}

void CachedModelsButton::addEntries(const std::vector<FoundModel>& models) {
  for (const FoundModel& m : models) {
    QAction* entry = menu()->addAction(tr("%1 (%2, %3)").arg(m.repository, kindTitle(m.type.toStdString()),
                                                             QLocale().formattedDataSize(m.bytes)));
    entry->setToolTip(m.folder);
    entry->setData(m.folder);
    connect(entry, &QAction::triggered, this, [this, folder = m.folder] { emit folderChosen(folder); });
  }
  menu()->setToolTipsVisible(true);
}

// Where it looked and how to fill it, as lines that cannot be clicked.
void CachedModelsButton::addEmptyCacheNote(const QString& root) {
  const QStringList lines =
      root.isEmpty()
          ? QStringList{tr("No Hugging Face cache folder: set HF_HUB_CACHE (or HF_HOME) to say where it is")}
          : QStringList{tr("No model this page shows in %1").arg(root),
                        tr("To get one: File › Download a pretrained model…, or on the command line"),
                        tr("attentionlab-cli download model %1 (listed below when done)").arg(suggestedName(types_)),
                        tr("Models fetched with Python’s transformers appear here")};
  for (const QString& line : lines) menu()->addAction(line)->setEnabled(false);
}

}  // namespace al::ui
