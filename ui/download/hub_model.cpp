#include "ui/download/hub_model.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QRegularExpression>
#include <QSaveFile>
#include <QTimer>

#include <memory>

namespace al::download {

namespace {

// The translation context of the messages (they belong to no widget): the app shows them in its language.
class HubModel {
  Q_DECLARE_TR_FUNCTIONS(HubModel)
};

constexpr int kTransferTimeoutMs = 30000;
constexpr int kMaxRedirects = 5;
constexpr qint64 kMaxSmallFileBytes = 256ll << 20;  // a tokenizer.json is a few MB; weights are never "small"

// What the hub says of one file before it is downloaded.
struct FileInfo {
  int status = 0;        // HTTP status; 0: no answer (error says why)
  QString error;
  bool large = false;    // stored with LFS: X-Linked-Size and X-Linked-Etag
  qint64 size = -1;
  QByteArray sha256;     // 64 hex digits, when the hub states one
  QByteArray gitSha1;    // 40 hex digits: a small file's ETag
  QUrl url;
};

QNetworkRequest requestFor(const QUrl& url, bool followRedirects) {
  QNetworkRequest request(url);
  request.setTransferTimeout(kTransferTimeoutMs);
  request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                       followRedirects ? QNetworkRequest::NoLessSafeRedirectPolicy : QNetworkRequest::ManualRedirectPolicy);
  request.setRawHeader("Accept-Encoding", "identity");
  request.setHeader(QNetworkRequest::UserAgentHeader, QStringLiteral("AttentionLab"));
  return request;
}

void waitFor(QNetworkReply* reply) {
  if (reply->isFinished()) return;
  QEventLoop loop;
  QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
  loop.exec();
}

// "W/\"abc\"" -> "abc", lower case.
QByteArray etagValue(QByteArray etag) {
  etag = etag.trimmed();
  if (etag.startsWith("W/")) etag = etag.mid(2);
  if (etag.size() >= 2 && etag.startsWith('"') && etag.endsWith('"')) etag = etag.mid(1, etag.size() - 2);
  return etag.toLower();
}

bool isHex(const QByteArray& s, int digits) {
  static const QRegularExpression hex(QStringLiteral("^[0-9a-f]*$"));
  return s.size() == digits && hex.match(QString::fromLatin1(s)).hasMatch();
}

// A HEAD, following the hub's redirects to the file's metadata but not to a large file's storage (the redirect
// that carries X-Linked-Etag is the answer).
FileInfo headOf(QNetworkAccessManager& network, QUrl url) {
  FileInfo info;
  for (int hop = 0; hop <= kMaxRedirects; ++hop) {
    std::unique_ptr<QNetworkReply> reply(network.head(requestFor(url, false)));
    waitFor(reply.get());
    info = {};
    info.url = url;
    info.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (info.status == 0) {
      info.error = reply->errorString();
      return info;
    }
    const QByteArray linked = reply->rawHeader("X-Linked-Etag");
    if (info.status >= 300 && info.status < 400 && linked.isEmpty()) {
      url = url.resolved(QUrl::fromEncoded(reply->rawHeader("Location")));
      continue;
    }
    if (!linked.isEmpty()) {
      info.large = true;
      info.sha256 = etagValue(linked);
      bool ok = false;
      info.size = reply->rawHeader("X-Linked-Size").trimmed().toLongLong(&ok);
      if (!ok) info.size = -1;
    } else {
      const QByteArray etag = etagValue(reply->rawHeader("ETag"));
      if (isHex(etag, 64)) info.sha256 = etag;
      if (isHex(etag, 40)) info.gitSha1 = etag;
      const QVariant length = reply->header(QNetworkRequest::ContentLengthHeader);
      info.size = length.isValid() ? length.toLongLong() : -1;
    }
    return info;
  }
  info.status = 0;
  info.error = HubModel::tr("more than %1 redirects").arg(kMaxRedirects);
  return info;
}

QString describeAnswer(const FileInfo& info) {
  return info.status == 0 ? info.error : HubModel::tr("HTTP status %1").arg(info.status);
}

// A small file read whole and checked against what its HEAD stated.
QByteArray fetchSmall(QNetworkAccessManager& network, const FileInfo& info, const QString& name) {
  const QString url = info.url.toString();
  if (info.size > kMaxSmallFileBytes)
    throw HubError(HubModel::tr("%1 is %2 bytes, more than AttentionLab reads for %3").arg(url).arg(info.size).arg(name), true);
  std::unique_ptr<QNetworkReply> reply(network.get(requestFor(info.url, true)));
  waitFor(reply.get());
  const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
  if (status != 200)
    throw HubError(HubModel::tr("Cannot download %1: %2. Check the connection and try again.")
                       .arg(url, status == 0 ? reply->errorString() : HubModel::tr("HTTP status %1").arg(status)),
                   false);
  const QByteArray bytes = reply->readAll();
  if (info.size >= 0 && bytes.size() != info.size)
    throw HubError(HubModel::tr("%1 came with %2 bytes, the hub stated %3; try again.").arg(url).arg(bytes.size()).arg(info.size), false);
  if (!info.sha256.isEmpty() && QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex() != info.sha256)
    throw HubError(HubModel::tr("%1 does not have the SHA-256 the hub stated (%2); try again.").arg(url, QString::fromLatin1(info.sha256)), false);
  if (!info.gitSha1.isEmpty() && gitBlobSha1(bytes) != info.gitSha1)
    throw HubError(HubModel::tr("%1 does not have the checksum the hub stated (git SHA-1 %2); try again.")
                       .arg(url, QString::fromLatin1(info.gitSha1)), false);
  return bytes;
}

// Writes bytes under folder/name atomically (NAME is complete or absent).
void writeFile(const QString& folder, const QString& name, const QByteArray& bytes) {
  QSaveFile file(QDir(folder).filePath(name));
  if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
    throw HubError(HubModel::tr("Cannot write %1: %2. Choose a folder you can write to.").arg(file.fileName(), file.errorString()), false);
}

// A large file through the Downloader: resumed from NAME.part, renamed only with the stated SHA-256.
void fetchLarge(const FileInfo& info, const QString& destination,
                const std::function<void(const QString&, const DownloadProgress&)>& progress,
                const std::function<bool()>& cancelled) {
  if (!isHex(info.sha256, 64))
    throw HubError(HubModel::tr("The hub states no SHA-256 for %1 (X-Linked-Etag \"%2\"), so it cannot be checked.")
                       .arg(info.url.toString(), QString::fromLatin1(info.sha256)), false);
  Downloader downloader;
  QEventLoop loop;
  QString error;
  QObject::connect(&downloader, &Downloader::progress, &loop, [&](const DownloadProgress& p) {
    if (progress) progress(QFileInfo(destination).fileName(), p);
  });
  QObject::connect(&downloader, &Downloader::finished, &loop, [&] { loop.quit(); });
  QObject::connect(&downloader, &Downloader::failed, &loop, [&](const QString& m) { error = m; loop.quit(); });
  QObject::connect(&downloader, &Downloader::cancelled, &loop, [&](const QString& m) { error = m; loop.quit(); });
  QTimer watch;
  QObject::connect(&watch, &QTimer::timeout, &loop, [&] {
    if (cancelled && cancelled()) downloader.cancel();
  });
  watch.start(100);
  QTimer::singleShot(0, &loop, [&] { downloader.start({info.url, destination, info.sha256}); });
  loop.exec();
  if (!error.isEmpty()) throw HubError(error, false);
  if (info.size >= 0 && QFileInfo(destination).size() != info.size)
    throw HubError(HubModel::tr("%1 has %2 bytes, the hub stated %3.").arg(destination).arg(QFileInfo(destination).size()).arg(info.size), false);
}

}  // namespace

const QStringList& offeredModels() {
  static const QStringList models = {QStringLiteral("bert-base-uncased"), QStringLiteral("bert-base-chinese"),
                                     QStringLiteral("gpt2"), QStringLiteral("distilgpt2"),
                                     QStringLiteral("uer/gpt2-chinese-cluecorpussmall")};
  return models;
}

QString hubEndpoint() {
  QString endpoint = qEnvironmentVariable("HF_ENDPOINT", QString::fromLatin1(kHubEndpoint)).trimmed();
  while (endpoint.endsWith(u'/')) endpoint.chop(1);
  return endpoint.isEmpty() ? QString::fromLatin1(kHubEndpoint) : endpoint;
}

bool isRepositoryName(const QString& repository) {
  static const QRegularExpression name(QStringLiteral("^[A-Za-z0-9_-][A-Za-z0-9._-]*(/[A-Za-z0-9_-][A-Za-z0-9._-]*)?$"));
  return name.match(repository).hasMatch() && !repository.contains(QLatin1String(".."));
}

QString modelFolderName(const QString& repository) {
  QString folder = repository;
  return folder.replace(u'/', QLatin1String("--"));
}

QUrl hubFileUrl(const QString& endpoint, const QString& repository, const QString& revision, const QString& file) {
  return QUrl(endpoint + u'/' + repository + QLatin1String("/resolve/") +
              QString::fromLatin1(QUrl::toPercentEncoding(revision)) + u'/' + file);
}

QByteArray gitBlobSha1(const QByteArray& bytes) {
  QCryptographicHash hash(QCryptographicHash::Sha1);
  hash.addData("blob " + QByteArray::number(bytes.size()) + '\0');
  hash.addData(bytes);
  return hash.result().toHex();
}

QString downloadHubModel(const HubModelRequest& r, const std::function<void(const QString&, const DownloadProgress&)>& progress,
                         const std::function<bool()>& cancelled) {
  const QString endpoint = r.endpoint.isEmpty() ? hubEndpoint() : r.endpoint;
  if (!isRepositoryName(r.repository))
    throw HubError(HubModel::tr("\"%1\" is not a model name: give NAME or OWNER/NAME, for example %2")
                       .arg(r.repository, offeredModels().join(QLatin1String(", "))), true);
  if (r.revision.isEmpty() || r.revision.contains(QLatin1String("..")) || r.revision.contains(QRegularExpression(QStringLiteral("\\s"))))
    throw HubError(HubModel::tr("\"%1\" is not a revision: give a branch, a tag or a commit").arg(r.revision), true);
  if (!QDir().mkpath(r.folder))
    throw HubError(HubModel::tr("Cannot create the folder %1: choose a folder you can write to.").arg(r.folder), false);
  QNetworkAccessManager network;
  const auto url = [&](const QString& file) { return hubFileUrl(endpoint, r.repository, r.revision, file); };
  const auto head = [&](const QString& file) {
    FileInfo info = headOf(network, url(file));
    if (info.status == 0 || (info.status >= 400 && info.status != 404))
      throw HubError(HubModel::tr("Cannot download %1: %2. Check the connection (and $HF_ENDPOINT) and try again.")
                         .arg(url(file).toString(), describeAnswer(info)), false);
    return info;
  };

  // config.json first: the model's type decides before any weights are fetched.
  const FileInfo configInfo = head(QStringLiteral("config.json"));
  if (configInfo.status == 404)
    throw HubError(HubModel::tr("%1 was not found (HTTP 404): is %2 a model on the hub, at revision %3?")
                       .arg(url(QStringLiteral("config.json")).toString(), r.repository, r.revision), false);
  const QByteArray config = fetchSmall(network, configInfo, QStringLiteral("config.json"));
  const QString modelType = QJsonDocument::fromJson(config).object().value(QLatin1String("model_type")).toString();
  if (modelType != QLatin1String("bert") && modelType != QLatin1String("gpt2"))
    throw HubError(HubModel::tr("%1: model_type \"%2\" is not supported; AttentionLab reads \"bert\" and \"gpt2\"")
                       .arg(url(QStringLiteral("config.json")).toString(), modelType), true);

  const FileInfo weights = head(QStringLiteral("model.safetensors"));
  if (weights.status == 404) {
    const bool pickle = head(QStringLiteral("pytorch_model.bin")).status != 404;
    throw HubError(pickle ? HubModel::tr("%1 has its weights only as pytorch_model.bin (a pickle file, which AttentionLab "
                                           "never loads); convert it to safetensors, or choose a revision that has "
                                           "model.safetensors").arg(r.repository)
                          : HubModel::tr("%1 has no model.safetensors at revision %2 (sharded weights are not read)")
                                .arg(r.repository, r.revision),
                   true);
  }

  // The tokenizer: whichever of its files the model has.
  bool tokenizer = false;
  for (const QString& name : {QStringLiteral("tokenizer.json"), QStringLiteral("tokenizer_config.json"),
                             QStringLiteral("vocab.txt"), QStringLiteral("vocab.json"), QStringLiteral("merges.txt"),
                             QStringLiteral("special_tokens_map.json")}) {
    const FileInfo info = head(name);
    if (info.status == 404) continue;
    if (info.large) fetchLarge(info, QDir(r.folder).filePath(name), progress, cancelled);
    else writeFile(r.folder, name, fetchSmall(network, info, name));
    tokenizer = tokenizer || name == QLatin1String("tokenizer.json") || name == QLatin1String("vocab.txt") ||
                name == QLatin1String("vocab.json");
  }
  if (!tokenizer)
    throw HubError(HubModel::tr("%1 has no tokenizer AttentionLab reads (tokenizer.json, vocab.txt or vocab.json with "
                                  "merges.txt)").arg(r.repository), true);

  const QString weightsPath = QDir(r.folder).filePath(QStringLiteral("model.safetensors"));
  if (weights.large) fetchLarge(weights, weightsPath, progress, cancelled);
  else writeFile(r.folder, QStringLiteral("model.safetensors"), fetchSmall(network, weights, QStringLiteral("model.safetensors")));

  // Last: with config.json in place the folder is a model.
  writeFile(r.folder, QStringLiteral("config.json"), config);
  return r.folder;
}

}  // namespace al::download
