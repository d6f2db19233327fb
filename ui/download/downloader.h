#pragma once
// Downloads one file over HTTP(S) so that a failed, cut or cancelled download never leaves a file that looks
// complete: the bytes go to NAME.part, and only a part whose SHA-256 is the expected one is renamed to NAME.
//
//   start ─ NAME exists?  its SHA-256 right: done at once; wrong: fail (never overwrite someone's file)
//         ─ NAME.part holds N bytes: hash them, ask for the rest (Range: bytes=N-)
//   answer  206 from byte N: append │ 206 from another byte: start over once │ 200: the whole file, start over
//           416 (nothing after N): the part may be whole already, check it │ 4xx/5xx: fail, naming the status
//   cut     (closed early, stalled, fewer bytes than announced): ask again from where it stopped; give up after
//           kAttemptsWithoutProgress tries that bring no new byte (a server that cannot resume gets there)
//   end     SHA-256 right: flush to disk, rename NAME.part -> NAME │ wrong: delete NAME.part, fail
//
// Network and disk work run on the thread the Downloader lives in: the command line runs it on its main thread,
// the app on a worker thread (see ui/widgets/download_panel.h). Messages name the URL or file and say what to do.
#include <QByteArray>
#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QFile>
#include <QObject>
#include <QString>
#include <QUrl>

#include <deque>

class QNetworkAccessManager;
class QNetworkReply;

namespace al::download {

struct DownloadRequest {
  QUrl url;             // http or https
  QString destination;  // the final file; NAME.part beside it while downloading
  QByteArray sha256;    // the expected SHA-256, 64 hex digits
};

struct DownloadProgress {
  qint64 received = 0;        // bytes in NAME.part so far (a resumed part counts from its first byte)
  qint64 total = -1;          // bytes of the whole file; -1 while unknown
  double bytesPerSecond = 0;  // over the last few seconds
  double secondsLeft = -1;    // -1 while unknown
};

// "38.2 of 84.1 MB, 2.1 MB/s, 0:22 left" (translated).
QString describeProgress(const DownloadProgress& progress);
QString formatMegabytes(qint64 bytes);  // "84.1 MB"
QString partFileOf(const QString& destination);  // NAME.part

class Downloader : public QObject {
  Q_OBJECT
 public:
  explicit Downloader(QObject* parent = nullptr);
  ~Downloader() override;

  bool isRunning() const { return running_; }

  static constexpr int kAttemptsWithoutProgress = 3;

 public slots:
  void start(const al::download::DownloadRequest& request);
  // Stops at once; NAME.part keeps what came so far and the next start continues from there.
  void cancel();

 signals:
  void progress(const al::download::DownloadProgress& progress);
  void finished(const QString& path);   // the checked file, under its final name
  void failed(const QString& message);  // what went wrong, with which URL or file, and what to do
  void cancelled(const QString& message);

 private:
  void sendRequest();
  bool acceptResponse();  // checks the status and Content-Range of the answer; false: it was dealt with
  void readBody();
  void replyFinished();
  void transferCut(const QString& reason);
  void restartFromZero();
  void complete();
  void fail(const QString& message);
  void writeFailed();
  void dropReply();
  void closePart();  // closes NAME.part, removing it when it holds nothing
  void reportProgress(bool force);
  QString hostName() const;

  QNetworkAccessManager* network_;
  QNetworkReply* reply_ = nullptr;
  DownloadRequest request_;
  QFile part_;
  QCryptographicHash hash_{QCryptographicHash::Sha256};  // of the bytes in part_, in order
  qint64 received_ = 0;      // bytes in part_
  qint64 total_ = -1;        // bytes of the whole file, once an answer said so
  qint64 requestedFrom_ = 0;  // the Range start of the request in flight
  qint64 mostReceived_ = 0;  // the furthest any attempt got: an attempt that does not pass it made no progress
  int attemptsLeft_ = kAttemptsWithoutProgress;
  bool restartedOnce_ = false;
  bool responseAccepted_ = false;
  bool running_ = false;
  int session_ = 0;  // counts start()s, so that a retry timer of a cancelled download does nothing
  static constexpr int kStallTimeoutMs = 30000;  // a transfer stalled this long counts as cut (and is asked again)
  static constexpr int kRetryDelayMs = 1000;     // the pause before asking again after a cut

  // Speed: (milliseconds, bytes received) samples of the last few seconds.
  QElapsedTimer clock_;
  std::deque<std::pair<qint64, qint64>> samples_;
  qint64 lastReportMs_ = -1;
  bool reportPending_ = false;
};

}  // namespace al::download
