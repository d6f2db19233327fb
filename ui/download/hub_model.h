#pragma once
// A pretrained model from the Hugging Face hub (contracts: pretrained models, "download model"): its files
// fetched into a folder the app and the command line read (core/pretrained/hf_folder.h).
//
//   $HF_ENDPOINT (default https://huggingface.co) /{repo}/resolve/{revision}/{file}
//   each file: a HEAD first (redirects not followed) says whether it exists, its size and its checksum:
//     large (LFS) files  X-Linked-Size and X-Linked-Etag (the SHA-256): downloaded with the Downloader (resumed,
//                        NAME.part renamed only when its SHA-256 is right)
//     small files        Content-Length and ETag (the git blob SHA-1, or a SHA-256): read whole, checked, written
//                        as NAME.part and renamed
//   config.json is read first (a model of another type stops there, before any weights) and renamed into place
//   last: a folder that a failure left behind has no config.json, so nothing takes it for a model.
//
// Synchronous (it runs its own event loop): the command line calls it on its main thread, the app on a worker.
#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <functional>
#include <stdexcept>

#include "ui/download/downloader.h"

namespace al::download {

inline constexpr char kHubEndpoint[] = "https://huggingface.co";

// The models the app offers (bert-base-uncased, bert-base-chinese, gpt2, distilgpt2, uer/gpt2-chinese-...).
const QStringList& offeredModels();
// $HF_ENDPOINT, else the hub, without a trailing slash.
QString hubEndpoint();
// True for NAME or OWNER/NAME of letters, digits, '.', '_' and '-' (no "..", no leading '.').
bool isRepositoryName(const QString& repository);
// OWNER/NAME -> OWNER--NAME (the hub cache's way of writing '/' in a folder name).
QString modelFolderName(const QString& repository);
QUrl hubFileUrl(const QString& endpoint, const QString& repository, const QString& revision, const QString& file);
// The git blob SHA-1 of bytes: what the hub's ETag of a small file is.
QByteArray gitBlobSha1(const QByteArray& bytes);

// A failed model download. badInput: the name or the model is wrong (exit 3), not the transfer (exit 1).
class HubError : public std::runtime_error {
 public:
  HubError(const QString& message, bool badInput) : std::runtime_error(message.toStdString()), badInput_(badInput) {}
  bool badInput() const { return badInput_; }

 private:
  bool badInput_;
};

struct HubModelRequest {
  QString endpoint;    // hubEndpoint() when empty
  QString repository;  // NAME or OWNER/NAME
  QString revision = QStringLiteral("main");
  QString folder;      // where the files go (created); the model's folder itself
};

// Fetches the model's files into request.folder and returns it. HubError on failure (the message names the URL or
// file and what to do). progress: the large file's progress; cancelled: polled, true stops the download (its
// NAME.part stays, to be resumed).
QString downloadHubModel(const HubModelRequest& request,
                         const std::function<void(const QString& file, const DownloadProgress&)>& progress = {},
                         const std::function<bool()>& cancelled = {});

}  // namespace al::download
