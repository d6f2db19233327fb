#pragma once
// A small HTTP/1.1 server on 127.0.0.1 for the download tests, on a thread of its own (so that a test may block
// on a child process while it serves). It serves one file with byte ranges (Range: bytes=N-), and on request
// cuts answers in the middle, stalls them, ignores ranges or answers a range from the wrong byte; any other
// path is a 404. More files may be served beside it (addFile), each with headers of its own, and HEAD requests are
// answered with the headers alone (what the Hugging Face hub's metadata requests need). No test touches the internet.
#include <QByteArray>
#include <QCryptographicHash>
#include <QHostAddress>
#include <QMutex>
#include <QObject>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QString>
#include <QStringList>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>

#include <memory>

namespace al::test {

// Bytes that look like nothing in particular, the same in every run: the file to serve.
inline QByteArray someBytes(int size, quint32 seed) {
  QByteArray bytes(size, Qt::Uninitialized);
  QRandomGenerator random(seed);
  for (char& b : bytes) b = static_cast<char>(random.bounded(256));
  return bytes;
}

inline QByteArray sha256Hex(const QByteArray& bytes) {
  return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex();
}

struct ServedFile {
  QString path = QStringLiteral("/aclImdb_v1.tar.gz");
  QByteArray body;
  bool ranges = true;           // false: ignore Range and send the whole file (200)
  bool wrongRangeStart = false;  // answer a Range with 206 from byte 0
  int cutAnswers = 0;           // the next cutAnswers answers stop at byte cutAt of the file ...
  qint64 cutAt = 0;
  bool stallInsteadOfClose = false;  // ... and then wait silently instead of closing the connection
  QByteArray headers;  // more header lines for every answer about it, each ending in "\r\n"
};

class LocalHttpServer {
 public:
  explicit LocalHttpServer(const ServedFile& file) : file_(file) {
    thread_.start();
    context_ = new QObject;
    context_->moveToThread(&thread_);
    QMetaObject::invokeMethod(context_, [this] {
      auto* server = new QTcpServer(context_);
      server->listen(QHostAddress::LocalHost, 0);
      port_ = server->serverPort();
      QObject::connect(server, &QTcpServer::newConnection, context_, [this, server] {
        while (QTcpSocket* socket = server->nextPendingConnection()) serve(socket);
      });
    }, Qt::BlockingQueuedConnection);
  }

  ~LocalHttpServer() {
    QMetaObject::invokeMethod(context_, [this] { delete context_; }, Qt::BlockingQueuedConnection);
    thread_.quit();
    thread_.wait();
  }

  quint16 port() const { return port_; }
  QString url(const QString& path = QString()) const {
    return QStringLiteral("http://127.0.0.1:%1%2").arg(port_).arg(path.isEmpty() ? file_.path : path);
  }
  // One entry per request of the served file: its Range start, or -1 without a Range header.
  QList<qint64> rangeStarts() const {
    QMutexLocker lock(&mutex_);
    return rangeStarts_;
  }
  void setFile(const ServedFile& file) {
    QMutexLocker lock(&mutex_);
    file_ = file;
  }
  // Serves one more file at its own path (no cuts; ranges as it says); of two at one path, the later one.
  void addFile(const ServedFile& file) {
    QMutexLocker lock(&mutex_);
    others_.append(file);
  }
  // The paths asked for with HEAD, in order.
  QStringList heads() const {
    QMutexLocker lock(&mutex_);
    return heads_;
  }

  // A port on 127.0.0.1 where nothing listens (it was free a moment ago).
  static quint16 unusedPort() {
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    return probe.serverPort();
  }

 private:
  void serve(QTcpSocket* socket) {
    auto request = std::make_shared<QByteArray>();
    QObject::connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    QObject::connect(socket, &QTcpSocket::readyRead, socket, [this, socket, request] {
      request->append(socket->readAll());
      if (!request->contains("\r\n\r\n")) return;
      answer(socket, *request);
      request->clear();
    });
  }

  void answer(QTcpSocket* socket, const QByteArray& request) {
    const QList<QByteArray> words = request.left(request.indexOf("\r\n")).split(' ');
    const QString path = words.size() > 1 ? QString::fromLatin1(words[1]) : QString();
    static const QRegularExpression rangeHeader(QStringLiteral("\\r\\nRange:\\s*bytes=(\\d+)-"),
                                                QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch range = rangeHeader.match(QString::fromLatin1(request));
    const qint64 asked = range.hasMatch() ? range.captured(1).toLongLong() : -1;

    const bool head = !words.isEmpty() && words[0] == "HEAD";
    ServedFile file;
    bool cut = false;
    {
      QMutexLocker lock(&mutex_);
      file = file_;
      for (const ServedFile& other : others_)
        if (other.path == path) file = other;
      if (head) heads_.append(path);
      if (!head && path == file_.path) {
        rangeStarts_.append(asked);
        if (file_.cutAnswers > 0) {
          --file_.cutAnswers;
          cut = true;
        }
      }
    }
    if (path != file.path) return send(socket, "404 Not Found", {}, "not found\n", -1, false, head);
    if (head) return send(socket, "200 OK", file.headers, file.body, -1, false, true);
    const qint64 size = file.body.size();
    if (asked >= size && file.ranges)
      return send(socket, "416 Range Not Satisfiable", "Content-Range: bytes */" + QByteArray::number(size) + "\r\n",
                  {}, -1, false);
    qint64 from = 0;
    QByteArray status = "200 OK";
    QByteArray headers;
    if (asked >= 0 && file.ranges) {
      from = file.wrongRangeStart ? 0 : asked;
      status = "206 Partial Content";
      headers = "Content-Range: bytes " + QByteArray::number(from) + "-" + QByteArray::number(size - 1) + "/" +
                QByteArray::number(size) + "\r\n";
    }
    const qint64 cutAt = cut && file.cutAt > from ? file.cutAt - from : -1;
    send(socket, status, headers + file.headers, file.body.mid(from), cutAt, file.stallInsteadOfClose);
  }

  // Sends the answer, announcing the whole body; with cutAt >= 0 only its first cutAt bytes are sent; for a HEAD
  // request (headOnly) none.
  static void send(QTcpSocket* socket, const QByteArray& status, const QByteArray& headers, const QByteArray& body,
                   qint64 cutAt, bool stall, bool headOnly = false) {
    socket->write("HTTP/1.1 " + status + "\r\nContent-Type: application/octet-stream\r\nContent-Length: " +
                  QByteArray::number(body.size()) + "\r\n" + headers + "Connection: close\r\n\r\n");
    if (!headOnly) socket->write(cutAt >= 0 ? body.left(cutAt) : body);
    if (cutAt >= 0 && stall) return;  // leave the connection open and silent
    socket->disconnectFromHost();     // after the written bytes have gone out
  }

  ServedFile file_;
  QThread thread_;
  QObject* context_ = nullptr;
  quint16 port_ = 0;
  mutable QMutex mutex_;
  QList<qint64> rangeStarts_;
  QList<ServedFile> others_;
  QStringList heads_;
};

}  // namespace al::test
