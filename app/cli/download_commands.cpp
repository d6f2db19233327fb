// `attentionlab-cli download imdb [--to DIR] [--url URL] [--sha256 HEX]` (contract: cli.md): fetches the IMDB
// archive with a progress bar on stderr, resumes a partial download, checks its SHA-256 and prints its path.
// `download model NAME|OWNER/NAME [--to DIR] [--revision REV]` (contract: pretrained models): a BERT or GPT-2
// model's files from the Hugging Face hub (ui/download/hub_model.h) into DIR/OWNER--NAME; prints the folder.
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <iomanip>
#include <iostream>
#include <sstream>

#include <CLI/CLI.hpp>

#include "app/cli/cli_support.h"
#include "app/cli/commands.h"

#include <QCoreApplication>
#include <QDir>
#include <QTimer>

#include "ui/download/downloader.h"
#include "ui/download/hub_model.h"
#include "ui/download/imdb_archive.h"

namespace al::cli {

namespace {

std::atomic<bool> interrupted{false};
void onInterrupt(int) { interrupted = true; }

// A bar that redraws in place on a terminal; elsewhere (a log, a test) a line every tenth of the way.
class DownloadBar {
 public:
  DownloadBar() : terminal_(isatty(STDERR_FILENO) != 0) {}

  void draw(const download::DownloadProgress& p) {
    const double fraction = p.total > 0 ? std::min(1.0, static_cast<double>(p.received) / p.total) : 0.0;
    const std::string text = download::describeProgress(p).toStdString();
    if (!terminal_) {
      const int tenth = static_cast<int>(fraction * 10);
      if (tenth <= lastTenth_) return;
      lastTenth_ = tenth;
      std::cerr << " download " << tenth * 10 << "%  " << text << "\n";
      return;
    }
    constexpr int kWidth = 28;
    const int filled = static_cast<int>(fraction * kWidth);
    std::ostringstream bar;
    bar << "\r download [" << std::string(static_cast<size_t>(filled), '#')
        << std::string(static_cast<size_t>(kWidth - filled), '.') << "] " << std::fixed << std::setprecision(0)
        << fraction * 100 << "%  " << text << "      ";
    std::cerr << bar.str() << std::flush;
    drawn_ = true;
  }

  void end() {
    if (drawn_) std::cerr << "\n";
    drawn_ = false;
  }

 private:
  bool terminal_;
  bool drawn_ = false;
  int lastTenth_ = -1;
};

}  // namespace

CLI::App* addDownloadCommand(CLI::App& app, DownloadOptions& o) {
  CLI::App* command = app.add_subcommand("download", "Download a data set or a pretrained model into the app's data "
                                                     "folder (resumable, checked by SHA-256) and print its path");
  command->add_option("what", o.what, "imdb: the Large Movie Review Dataset archive (aclImdb_v1.tar.gz, 84 MB); model: a "
                                      "BERT or GPT-2 model from the Hugging Face hub ($HF_ENDPOINT)")
      ->required()
      ->check(CLI::IsMember({"imdb", "model"}));
  command->add_option("name", o.name, "model: NAME or OWNER/NAME (" +
                                          download::offeredModels().join(QLatin1String(", ")).toStdString() + ")");
  command->add_option("--revision", o.revision, "model: a branch, tag or commit of the model")->capture_default_str();
  command->add_option("--to", o.to, "folder to download into (default: the app's data folder, where the app looks)");
  command->add_option("--url", o.url, "where to download from (a mirror)")->default_str(download::kImdbUrl);
  command->add_option("--sha256", o.sha256, "the archive's expected SHA-256")
      ->default_str(download::kImdbSha256)
      ->check([](const std::string& hex) {
        const bool ok = hex.size() == 64 && hex.find_first_not_of("0123456789abcdefABCDEF") == std::string::npos;
        return ok ? std::string() : std::string("--sha256 must be 64 hexadecimal digits");
      });
  return command;
}

namespace {

// download model: the files into DIR/OWNER--NAME (DIR: --to, else the app's data folder's models/).
int downloadModel(const DownloadOptions& o) {
  download::HubModelRequest request;
  request.repository = QString::fromStdString(o.name);
  request.revision = QString::fromStdString(o.revision);
  const QString parent = o.to.empty() ? QDir(download::appDataFolder()).filePath(QStringLiteral("models"))
                                      : QDir(QString::fromStdString(o.to)).absolutePath();
  request.folder = QDir(parent).filePath(download::modelFolderName(request.repository));
  std::signal(SIGINT, onInterrupt);
  std::signal(SIGTERM, onInterrupt);
  std::signal(SIGXFSZ, SIG_IGN);
  std::cerr << "Downloading " << o.name << " (" << o.revision << ") from " << download::hubEndpoint().toStdString()
            << "\n      to " << request.folder.toStdString() << "\n";
  DownloadBar bar;
  try {
    const QString folder = download::downloadHubModel(
        request, [&](const QString&, const download::DownloadProgress& p) { bar.draw(p); }, [] { return interrupted.load(); });
    bar.end();
    std::cout << folder.toStdString() << std::endl;
    return kDone;
  } catch (const download::HubError& e) {
    bar.end();
    std::cerr << "attentionlab-cli: " << (e.badInput() ? "bad input: " : "failed: ") << e.what() << "\n";
    return e.badInput() ? kBadInput : kFailed;
  }
}

}  // namespace

int download(const DownloadOptions& o) {
  if ((o.what == "model") == o.name.empty()) {
    std::cerr << "attentionlab-cli download: " << (o.name.empty() ? "download model needs NAME or OWNER/NAME"
                                                                 : "download imdb takes no NAME") << "\n";
    return kBadCommandLine;
  }
  int argc = 1;
  char name[] = "attentionlab-cli";
  char* argv[] = {name, nullptr};
  QCoreApplication app(argc, argv);
  QCoreApplication::setOrganizationName(download::kOrganizationName);
  QCoreApplication::setApplicationName(download::kApplicationName);
  QCoreApplication::setApplicationVersion(ATTENTIONLAB_VERSION);
  if (o.what == "model") return downloadModel(o);

  download::DownloadRequest request;
  request.url = QUrl(QString::fromStdString(o.url.empty() ? download::kImdbUrl : o.url));
  request.sha256 = QByteArray::fromStdString(o.sha256.empty() ? download::kImdbSha256 : o.sha256);
  const QString folder = o.to.empty() ? download::appDataFolder() : QDir(QString::fromStdString(o.to)).absolutePath();
  request.destination = download::imdbArchivePath(folder);

  download::Downloader downloader;
  DownloadBar bar;
  int exitCode = kFailed;
  QObject::connect(&downloader, &download::Downloader::progress, [&](const download::DownloadProgress& p) { bar.draw(p); });
  QObject::connect(&downloader, &download::Downloader::finished, [&](const QString& path) {
    bar.end();
    std::cout << path.toStdString() << std::endl;
    exitCode = kDone;
    QCoreApplication::exit();
  });
  auto stop = [&](const QString& message) {
    bar.end();
    std::cerr << "attentionlab-cli: failed: " << message.toStdString() << "\n";
    QCoreApplication::exit();
  };
  QObject::connect(&downloader, &download::Downloader::failed, stop);
  QObject::connect(&downloader, &download::Downloader::cancelled, stop);

  // Ctrl+C cancels cleanly (the partial file stays, to be continued); a file-size limit becomes a write error
  // with a message instead of killing the program.
  std::signal(SIGINT, onInterrupt);
  std::signal(SIGTERM, onInterrupt);
  std::signal(SIGXFSZ, SIG_IGN);
  QTimer watch;
  QObject::connect(&watch, &QTimer::timeout, [&] {
    if (interrupted) downloader.cancel();
  });
  watch.start(100);

  std::cerr << "Downloading " << request.url.toString().toStdString() << "\n      to "
            << request.destination.toStdString() << "\n";
  QTimer::singleShot(0, &downloader, [&] { downloader.start(request); });
  QCoreApplication::exec();
  return exitCode;
}

}  // namespace al::cli
