#pragma once
// Bytes gzip-compressed in memory (a raw gzip stream, as a .tar.gz wraps its tar), for tests and fuzz targets
// that build archives of their own. Links LibArchive.
#include <archive.h>
#include <archive_entry.h>

#include <string>
#include <string_view>

namespace al::testing {

inline std::string gzipBytes(std::string_view bytes) {
  std::string out(bytes.size() + 1024, '\0');
  size_t used = 0;
  archive* a = archive_write_new();
  archive_write_add_filter_gzip(a);
  archive_write_set_format_raw(a);
  archive_write_set_bytes_in_last_block(a, 1);
  archive_write_open_memory(a, out.data(), out.size(), &used);
  archive_entry* entry = archive_entry_new();
  archive_entry_set_filetype(entry, AE_IFREG);
  archive_write_header(a, entry);
  archive_write_data(a, bytes.data(), bytes.size());
  archive_entry_free(entry);
  archive_write_close(a);
  archive_write_free(a);
  out.resize(used);
  return out;
}

}  // namespace al::testing
