#include "ui/download/downloader.h"

#include <unistd.h>  // fsync

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRegularExpression>
#include <QTimer>

#include <cmath>
#include <filesystem>

namespace al::download {

namespace {

constexpr qint64 kChunkBytes = 1 << 20;       // reading a part file to hash it
constexpr qint64 kReportIntervalMs = 100;     // progress signals at most ten times a second
constexpr qint64 kSpeedWindowMs = 5000;       // the speed is the mean over this window

QString duration(double seconds) {
  const long s = std::lround(std::max(0.0, seconds));
  if (s >= 3600) return QStringLiteral("%1:%2:%3").arg(s / 3600).arg(s / 60 % 60, 2, 10, QLatin1Char('0')).arg(s % 60, 2, 10, QLatin1Char('0'));
  return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

// The SHA-256 of a whole file, or an empty array when it cannot be read.
QByteArray sha256Of(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return {};
  QCryptographicHash hash(QCryptographicHash::Sha256);
  if (!hash.addData(&file)) return {};
  return hash.result().toHex();
}

// "bytes 100-199/1000" -> first byte 100 and total 1000 (-1 for "*"); false when it is not that form.
bool parseContentRange(const QByteArray& header, qint64& first, qint64& total) {
  static const QRegularExpression form(QStringLiteral("^\\s*bytes\\s+(\\d+)-(\\d+)/(\\d+|\\*)\\s*$"));
  const QRegularExpressionMatch m = form.match(QString::fromLatin1(header));
  if (!m.hasMatch()) return false;
  first = m.captured(1).toLongLong();
  total = m.captured(3) == QLatin1String("*") ? -1 : m.captured(3).toLongLong();
  return true;
}

bool isConnectionFailure(QNetworkReply::NetworkError e) {
  switch (e) {
    case QNetworkReply::ConnectionRefusedError:
    case QNetworkReply::HostNotFoundError:
    case QNetworkReply::TimeoutError:
    case QNetworkReply::SslHandshakeFailedError:
    case QNetworkReply::TemporaryNetworkFailureError:
    case QNetworkReply::NetworkSessionFailedError:
    case QNetworkReply::ProxyConnectionRefusedError:
    case QNetworkReply::ProxyNotFoundError:
    case QNetworkReply::ProxyTimeoutError:
    case QNetworkReply::UnknownNetworkError:
      return true;
    default:
      return false;
  }
}

}  // namespace

QString formatMegabytes(qint64 bytes) {
  return QCoreApplication::translate("Downloader", "%1 MB").arg(static_cast<double>(bytes) / 1e6, 0, 'f', 1);
}

QString describeProgress(const DownloadProgress& p) {
  const double mb = static_cast<double>(p.received) / 1e6;
  QString text = p.total > 0 ? QCoreApplication::translate("Downloader", "%1 of %2")
                                   .arg(mb, 0, 'f', 1)
                                   .arg(formatMegabytes(p.total))
                             : formatMegabytes(p.received);
  if (p.bytesPerSecond > 0) text += QCoreApplication::translate("Downloader", ", %1/s").arg(formatMegabytes(static_cast<qint64>(p.bytesPerSecond)));
  if (p.secondsLeft >= 0) text += QCoreApplication::translate("Downloader", ", %1 left").arg(duration(p.secondsLeft));
  return text;
}

QString partFileOf(const QString& destination) { return destination + QStringLiteral(".part"); }

Downloader::Downloader(QObject* parent) : QObject(parent), network_(new QNetworkAccessManager(this)) {}

Downloader::~Downloader() { dropReply(); }

QString Downloader::hostName() const { return request_.url.host().isEmpty() ? request_.url.toString() : request_.url.host(); }

void Downloader::start(const DownloadRequest& request) {
  if (running_) return;
  request_ = request;
  request_.sha256 = request.sha256.trimmed().toLower();
  received_ = 0;
  total_ = -1;
  mostReceived_ = 0;
  attemptsLeft_ = kAttemptsWithoutProgress;
  restartedOnce_ = false;
  hash_.reset();
  samples_.clear();
  lastReportMs_ = -1;
  running_ = true;
  ++session_;

  const QString url = request_.url.toString();
  const QString scheme = request_.url.scheme();
  if (!request_.url.isValid() || (scheme != QLatin1String("http") && scheme != QLatin1String("https")))
    return fail(tr("Cannot download %1: only http:// and https:// addresses can be downloaded.").arg(url));
  if (request_.sha256.size() != 64)
    return fail(tr("Cannot download %1: the expected SHA-256 must be 64 hexadecimal digits.").arg(url));

  const QFileInfo destination(request_.destination);
  if (!QDir().mkpath(destination.absolutePath()))
    return fail(tr("Cannot create the folder %1: choose a folder you can write to.").arg(destination.absolutePath()));

  // A file under the final name was checked before it got that name; anything else is not ours to replace.
  if (destination.exists()) {
    const QByteArray existing = sha256Of(request_.destination);
    if (existing == request_.sha256) {
      running_ = false;
      emit finished(request_.destination);
      return;
    }
    return fail(tr("%1 already exists but is not the expected file (its SHA-256 is %2, expected %3). Move it "
                   "away or delete it, then download again.")
                    .arg(request_.destination, QString::fromLatin1(existing), QString::fromLatin1(request_.sha256)));
  }

  // Resume: what NAME.part holds is hashed first, and the rest is asked for.
  part_.setFileName(partFileOf(request_.destination));
  if (!part_.open(QIODevice::ReadWrite | QIODevice::Unbuffered))
    return fail(tr("Cannot write %1: %2. Choose a folder you can write to.").arg(part_.fileName(), part_.errorString()));
  while (!part_.atEnd()) {
    const QByteArray chunk = part_.read(kChunkBytes);
    if (chunk.isEmpty()) return fail(tr("Cannot read %1: %2. Delete it and download again.").arg(part_.fileName(), part_.errorString()));
    hash_.addData(chunk);
    received_ += chunk.size();
  }
  mostReceived_ = received_;
  clock_.start();
  sendRequest();
}

void Downloader::sendRequest() {
  QNetworkRequest request(request_.url);
  request.setTransferTimeout(kStallTimeoutMs);
  request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::NoLessSafeRedirectPolicy);
  // The bytes as they are on the server: no transparent decompression of a .gz, and byte ranges that mean bytes.
  request.setRawHeader("Accept-Encoding", "identity");
  request.setHeader(QNetworkRequest::UserAgentHeader, QStringLiteral("AttentionLab"));
  requestedFrom_ = received_;
  if (requestedFrom_ > 0) request.setRawHeader("Range", "bytes=" + QByteArray::number(requestedFrom_) + "-");
  responseAccepted_ = false;
  samples_.clear();
  reply_ = network_->get(request);
  connect(reply_, &QNetworkReply::readyRead, this, &Downloader::readBody);
  connect(reply_, &QNetworkReply::finished, this, &Downloader::replyFinished);
}

bool Downloader::acceptResponse() {
  const int status = reply_->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
  const QString url = request_.url.toString();
  if (status == 206) {
    qint64 first = -1, total = -1;
    if (!parseContentRange(reply_->rawHeader("Content-Range"), first, total) || first != requestedFrom_) {
      // Not the bytes that were asked for: start over from the first byte (once).
      if (restartedOnce_)
        fail(tr("The server of %1 keeps sending other bytes than those asked for (Content-Range \"%2\"), so the "
                "download cannot be resumed. Delete %3 and try again later.")
                 .arg(url, QString::fromLatin1(reply_->rawHeader("Content-Range")), part_.fileName()));
      else
        restartFromZero();
      return false;
    }
    total_ = total;
  } else if (status == 200) {
    // The whole file: a server that cannot send ranges answers this way, so what NAME.part held is replaced.
    if (received_ > 0 && (!part_.resize(0) || !part_.seek(0))) {
      writeFailed();
      return false;
    }
    received_ = 0;
    hash_.reset();
    const QVariant length = reply_->header(QNetworkRequest::ContentLengthHeader);
    total_ = length.isValid() ? length.toLongLong() : -1;
  } else if (status == 416 && requestedFrom_ > 0) {
    // Nothing after the part's last byte: either the part is the whole file already, or it is longer than it.
    dropReply();
    if (hash_.result().toHex() == request_.sha256) {
      total_ = received_;
      complete();
    } else if (restartedOnce_) {
      fail(tr("%1 does not match the file at %2. Delete it and try again.").arg(part_.fileName(), url));
    } else {
      restartFromZero();
    }
    return false;
  } else {
    const QString reason = reply_->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString();
    const QString advice =
        status == 404 || status == 410
            ? tr("The file is not at that address: check the address, or download the file in a web browser and "
                 "open it as data.")
            : tr("Try again later, or download the file in a web browser and open it as data.");
    fail(tr("The server answered %1 %2 for %3. %4").arg(QString::number(status), reason, url, advice));
    return false;
  }
  responseAccepted_ = true;
  return true;
}

void Downloader::readBody() {
  if (!reply_) return;
  if (!responseAccepted_ && !acceptResponse()) return;
  const QByteArray bytes = reply_->readAll();
  if (bytes.isEmpty()) return;
  if (part_.write(bytes) != bytes.size()) return writeFailed();
  hash_.addData(bytes);
  received_ += bytes.size();
  reportProgress(false);
}

void Downloader::replyFinished() {
  if (!reply_) return;
  const QNetworkReply::NetworkError error = reply_->error();
  const int status = reply_->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
  // An answer with a status but no body (or an error status) is judged here.
  if (!responseAccepted_ && status != 0 && !acceptResponse()) return;
  if (reply_->bytesAvailable() > 0) readBody();
  if (!reply_) return;  // readBody failed and cleaned up
  const QString errorText = reply_->errorString();
  dropReply();

  if (error == QNetworkReply::NoError && (total_ < 0 || received_ == total_)) return complete();
  if (error == QNetworkReply::NoError)
    return transferCut(tr("the server sent %1 of %2").arg(formatMegabytes(received_), formatMegabytes(total_)));
  if (status == 0 && received_ == 0 && mostReceived_ == 0 && isConnectionFailure(error))
    return fail(tr("Could not connect to %1 to download %2 (%3). Check the internet connection or the address, "
                   "or download the file in a web browser and open it as data.")
                    .arg(hostName(), request_.url.toString(), errorText));
  transferCut(errorText);
}

void Downloader::transferCut(const QString& reason) {
  // Progress is bytes beyond anything an earlier attempt reached; a server that restarts every time and is
  // cut at the same place makes none, and is given up after a few tries.
  if (received_ > mostReceived_) {
    mostReceived_ = received_;
    attemptsLeft_ = kAttemptsWithoutProgress;
  } else if (--attemptsLeft_ <= 0) {
    closePart();
    return fail(tr("The download of %1 was cut (%2) and could not be continued after %3 tries. %4 keeps the %5 "
                   "received so far: download again later to continue from there.")
                    .arg(request_.url.toString(), reason, QString::number(kAttemptsWithoutProgress), part_.fileName(),
                         formatMegabytes(mostReceived_)));
  }
  QTimer::singleShot(kRetryDelayMs, this, [this, session = session_] {
    if (running_ && session == session_ && !reply_) sendRequest();  // not cancelled (or started anew) meanwhile
  });
}

void Downloader::restartFromZero() {
  restartedOnce_ = true;
  dropReply();
  if (!part_.resize(0) || !part_.seek(0)) return writeFailed();
  received_ = 0;
  hash_.reset();
  sendRequest();
}

void Downloader::complete() {
  reportProgress(true);
  const QByteArray actual = hash_.result().toHex();
  if (actual != request_.sha256) {
    part_.close();
    part_.remove();
    return fail(tr("The file downloaded from %1 is damaged or not the expected one: its SHA-256 is %2, expected "
                   "%3. Nothing was kept; download again, or check the address.")
                    .arg(request_.url.toString(), QString::fromLatin1(actual), QString::fromLatin1(request_.sha256)));
  }
  // On disk first, then under its final name: a crash in between leaves a whole NAME.part, never a short NAME.
  if (::fsync(part_.handle()) != 0) return writeFailed();
  part_.close();
  std::error_code ec;
  std::filesystem::rename(QFile::encodeName(part_.fileName()).toStdString(),
                          QFile::encodeName(request_.destination).toStdString(), ec);
  if (ec)
    return fail(tr("Cannot rename %1 to %2: %3.").arg(part_.fileName(), request_.destination,
                                                       QString::fromStdString(ec.message())));
  running_ = false;
  emit finished(request_.destination);
}

void Downloader::writeFailed() {
  const QString why = part_.errorString();
  dropReply();
  closePart();
  fail(tr("Cannot write %1: %2. Is the disk full? Free some space (the whole file needs %3) and download again: "
          "it continues from where it stopped.")
           .arg(part_.fileName(), why, total_ > 0 ? formatMegabytes(total_) : tr("its full size")));
}

void Downloader::cancel() {
  if (!running_) return;
  dropReply();
  const qint64 kept = received_;
  closePart();
  running_ = false;
  emit cancelled(kept > 0 ? tr("Download cancelled. %1 keeps the %2 received so far; the next download continues "
                               "from there.")
                                .arg(part_.fileName(), formatMegabytes(kept))
                          : tr("Download cancelled."));
}

void Downloader::fail(const QString& message) {
  dropReply();
  closePart();
  running_ = false;
  emit failed(message);
}

void Downloader::dropReply() {
  if (!reply_) return;
  QNetworkReply* reply = reply_;
  reply_ = nullptr;
  reply->disconnect(this);
  // An answer with an error status (404) is failed already; aborting it again only makes Qt complain.
  if (reply->error() == QNetworkReply::NoError) reply->abort();
  reply->deleteLater();
}

void Downloader::closePart() {
  if (!part_.isOpen()) return;
  const bool empty = part_.size() == 0;
  part_.close();
  if (empty) part_.remove();  // an empty NAME.part is only clutter
}

void Downloader::reportProgress(bool force) {
  const qint64 now = clock_.elapsed();
  if (!force && lastReportMs_ >= 0 && now - lastReportMs_ < kReportIntervalMs) {
    // Too soon: report at the end of the interval, so that the last bytes before a pause are shown too.
    if (!reportPending_) {
      reportPending_ = true;
      QTimer::singleShot(kReportIntervalMs - (now - lastReportMs_), this, [this] {
        reportPending_ = false;
        if (running_) reportProgress(true);
      });
    }
    return;
  }
  lastReportMs_ = now;
  samples_.emplace_back(now, received_);
  while (samples_.size() > 2 && now - samples_.front().first > kSpeedWindowMs) samples_.pop_front();
  DownloadProgress p;
  p.received = received_;
  p.total = total_;
  const auto& [firstMs, firstBytes] = samples_.front();
  if (now > firstMs && received_ > firstBytes) p.bytesPerSecond = (received_ - firstBytes) * 1000.0 / (now - firstMs);
  if (p.bytesPerSecond > 0 && total_ > 0) p.secondsLeft = (total_ - received_) / p.bytesPerSecond;
  emit progress(p);
}

}  // namespace al::download
