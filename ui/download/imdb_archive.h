#pragma once
// The IMDB archive (the Large Movie Review Dataset, Maas et al. 2011): where it comes from, its published
// checksum, and where AttentionLab keeps it (the app's data folder, shared by the app and the command line).
#include <QString>

#include "ui/download/downloader.h"

namespace al::download {

// The organization and application names of both programs: they decide the data and settings folders.
inline constexpr char kOrganizationName[] = "AttentionLab";
inline constexpr char kApplicationName[] = "AttentionLab";

inline constexpr char kImdbUrl[] = "https://ai.stanford.edu/~amaas/data/sentiment/aclImdb_v1.tar.gz";
inline constexpr char kImdbSha256[] = "c40f74a18d3b61f90feba1e17730e0d38e8b97c05fde7008942e91923d1658fe";
inline constexpr char kImdbFileName[] = "aclImdb_v1.tar.gz";

// QStandardPaths::AppDataLocation (for example ~/.local/share/AttentionLab/AttentionLab).
QString appDataFolder();
// The archive's place in a folder (default: the app's data folder).
QString imdbArchivePath(const QString& folder = appDataFolder());

// The app's request: the defaults above, unless the settings name a mirror ("download/imdbUrl", with its
// "download/imdbSha256"), for a classroom that keeps a copy on its own server.
DownloadRequest imdbRequestFromSettings();

}  // namespace al::download
