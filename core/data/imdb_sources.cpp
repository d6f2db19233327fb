#include "core/data/imdb_sources.h"

#include <archive.h>
#include <archive_entry.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string_view>

#include "core/data/builtin_reviews.h"
#include "core/data/csv.h"
#include "core/data/utf8.h"
#include "core/error.h"
#include "core/io/limits.h"
#include "core/io/read_file.h"

namespace al {

namespace {

namespace fs = std::filesystem;

const char* const kKnownKinds =
    "expected \"builtin\", \"builtin:zh\", an aclImdb folder, an aclImdb .tar.gz archive, a .csv file with the header "
    "review,sentiment or a .tsv file of label<TAB>text lines";

// ---------------------------------------------------------------------------------------------------------
// Small helpers.

// Calls the caller's progress function, but not more often than every `step` units, and turns a "no" into
// the cancellation the caller asked for.
class ProgressReporter {
 public:
  ProgressReporter(const LoadProgress& callback, size_t total, size_t step)
      : callback_(callback), total_(total), step_(step) {}

  void update(size_t done) {
    if (!callback_ || (done < next_ && done < total_)) return;
    next_ = done + step_;
    if (!callback_(done, total_)) throw RunError(ErrorKind::Cancelled, {}, "cancelled");
  }
  void finish() {
    next_ = 0;
    update(total_);
  }

 private:
  const LoadProgress& callback_;
  size_t total_, step_;
  size_t next_ = 0;
};

std::string lowercase(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower;
}

std::string_view trimmed(std::string_view text) {
  const auto isSpace = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  while (!text.empty() && isSpace(text.front())) text.remove_prefix(1);
  while (!text.empty() && isSpace(text.back())) text.remove_suffix(1);
  return text;
}

bool endsWith(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

// A short quote of a line for messages.
std::string excerpt(std::string_view text) {
  text = text.substr(0, text.find('\n'));
  return text.size() <= 60 ? std::string(text) : std::string(text.substr(0, 57)) + "...";
}

std::string readDataFile(const fs::path& path, const char* what) {
  return io::readWholeFile(path, what, limits::kMaxDataFileBytes);
}

void dropByteOrderMark(std::string& content) {
  if (content.rfind("\xEF\xBB\xBF", 0) == 0) content.erase(0, 3);
}

std::string tooLongReview(uint64_t bytes, const std::string& where) {
  return where + ": the review is " + limits::describeBytes(bytes) + ", longer than the " +
         limits::describeBytes(limits::kMaxReviewBytes) + " AttentionLab reads as one review; is the file damaged?";
}

// Every review must be valid UTF-8, hold some text and be of a sane length; `where` names the file, line or entry
// in English, `at` the same as fields.
void checkReviewText(std::string_view text, const std::string& where, const ErrorFields& at) {
  if (text.size() > limits::kMaxReviewBytes) throw InputError(ErrorKind::ReviewTooLong, at, tooLongReview(text.size(), where));
  requireValidUtf8(text, where, at);
  if (trimmed(text).empty()) throw InputError(ErrorKind::ReviewEmpty, at, where + ": empty review text");
}

// ---------------------------------------------------------------------------------------------------------
// The aclImdb layout, shared by the folder and the archive.

struct ReviewFile {
  bool test = false;
  bool unlabeled = false;  // train/unsup
  std::string key;  // path inside the split, "neg/0_2.txt": the sort key
  LabeledText sample;
};

struct ReviewPath {
  bool test = false;
  bool positive = false;
  bool unlabeled = false;  // train/unsup
  std::string key;
};

// ".../train/pos/123_9.txt" -> train, positive, "pos/123_9.txt"; ".../train/unsup/5_0.txt" -> unlabeled when
// withUnlabeled; anything else (README, imdb.vocab, folders) -> nothing.
std::optional<ReviewPath> parseReviewPath(std::string_view path, bool withUnlabeled) {
  std::array<std::string_view, 3> last;  // split / label / file name
  size_t found = 0;
  size_t end = path.size();
  while (found < 3) {
    const size_t slash = end == 0 ? std::string_view::npos : path.rfind('/', end - 1);
    const size_t begin = slash == std::string_view::npos ? 0 : slash + 1;
    last[2 - found++] = path.substr(begin, end - begin);
    if (slash == std::string_view::npos) break;
    end = slash;
  }
  if (found < 3 || !endsWith(last[2], ".txt")) return std::nullopt;
  if (last[0] != "train" && last[0] != "test") return std::nullopt;
  if (withUnlabeled && last[0] == "train" && last[1] == "unsup")
    return ReviewPath{false, false, true, "unsup/" + std::string(last[2])};
  if (last[1] != "pos" && last[1] != "neg") return std::nullopt;
  return ReviewPath{last[0] == "test", last[1] == "pos", false, std::string(last[1]) + "/" + std::string(last[2])};
}

// At most limits::kMaxDataRecords reviews: each costs memory beyond its text.
void requireRoomForAnother(size_t reviews, const std::string& where) {
  if (reviews == limits::kMaxDataRecords)
    throw InputError(ErrorKind::DataTooLarge, {.file = where, .expected = std::to_string(limits::kMaxDataRecords)},
                     where + ": more than " + std::to_string(limits::kMaxDataRecords) +
                     " reviews, more than AttentionLab trains on; use a part of the data");
}

// Sorts the files into the two splits, in path order, and checks that each split can be learned from.
LabeledDataset assembleSplits(std::vector<ReviewFile> files, const std::string& name, const std::string& where) {
  std::sort(files.begin(), files.end(), [](const ReviewFile& a, const ReviewFile& b) {
    return a.test != b.test ? !a.test : a.key < b.key;
  });
  LabeledDataset data;
  data.name = name;
  for (ReviewFile& file : files)
    (file.unlabeled ? data.unlabeled : file.test ? data.test : data.train).push_back(std::move(file.sample));
  data.hasTestSplit = !data.test.empty();
  if (data.train.empty() && data.test.empty()) {
    throw InputError(ErrorKind::ImdbLayout, {.file = where},
                     where + ": no reviews at all (expected train/pos/*.txt, train/neg/*.txt, "
                             "test/pos/*.txt and test/neg/*.txt under aclImdb/)");
  }
  const auto requireBothLabels = [&](const std::vector<LabeledText>& split, const std::string& splitName) {
    const auto positives = std::count_if(split.begin(), split.end(), [](const auto& s) { return s.label == 1; });
    const auto missing = [&](const std::string& label, const std::string& folder) {
      return InputError(ErrorKind::ImdbLayout, {.file = where, .name = splitName + "/" + folder},
                        where + ": the " + splitName + " split has no " + label + " reviews (" + splitName + "/" +
                        folder + "/*.txt)");
    };
    if (positives == 0) throw missing("positive", "pos");
    if (positives == static_cast<long>(split.size())) throw missing("negative", "neg");
  };
  requireBothLabels(data.train, "train");
  if (data.hasTestSplit) requireBothLabels(data.test, "test");
  return data;
}

// ---------------------------------------------------------------------------------------------------------
// An aclImdb folder.

fs::path findAclImdbRoot(const fs::path& folder) {
  if (fs::is_directory(folder / "train")) return folder;
  if (fs::is_directory(folder / "aclImdb" / "train")) return folder / "aclImdb";
  throw InputError(ErrorKind::ImdbLayout, {.file = folder.string()},
                   folder.string() + ": not an aclImdb folder (expected train/pos, train/neg, test/pos and "
                                     "test/neg inside it, or a folder aclImdb/ that holds them)");
}

LabeledDataset loadFolder(const fs::path& folder, const LoadProgress& progress, bool withUnlabeled) {
  const fs::path root = findAclImdbRoot(folder);
  // List first (to know the total for progress), then read. The test split is optional; the two label
  // folders of a split that is there are not.
  struct Listed {
    fs::path path;
    bool test;
    bool positive;
    bool unlabeled;
  };
  std::vector<Listed> files;
  for (const bool test : {false, true}) {
    const fs::path splitDir = root / (test ? "test" : "train");
    if (test && !fs::exists(splitDir)) continue;
    for (const bool positive : {false, true}) {
      const fs::path dir = splitDir / (positive ? "pos" : "neg");
      if (!fs::is_directory(dir)) {
        throw InputError(ErrorKind::ImdbLayout, {.file = folder.string(), .name = dir.lexically_relative(root).generic_string()},
                         dir.string() + ": missing folder (an aclImdb folder has train/pos, train/neg, "
                                        "test/pos and test/neg)");
      }
      for (const auto& item : fs::directory_iterator(dir)) {
        if (!item.is_regular_file() || item.path().extension() != ".txt") continue;
        requireRoomForAnother(files.size(), folder.string());
        files.push_back({item.path(), test, positive, false});
      }
    }
  }
  if (withUnlabeled && fs::is_directory(root / "train" / "unsup"))
    for (const auto& item : fs::directory_iterator(root / "train" / "unsup"))
      if (item.is_regular_file() && item.path().extension() == ".txt") files.push_back({item.path(), false, false, true});
  ProgressReporter reporter(progress, files.size(), 500);
  reporter.update(0);
  std::vector<ReviewFile> reviews;
  reviews.reserve(files.size());
  for (size_t i = 0; i < files.size(); ++i) {
    const Listed& file = files[i];
    const std::string where = file.path.string();
    std::string text = io::readWholeFile(file.path, "review", limits::kMaxReviewBytes);
    checkReviewText(text, where, {.file = where});
    const std::string key = std::string(file.unlabeled ? "unsup/" : file.positive ? "pos/" : "neg/") + file.path.filename().string();
    reviews.push_back({file.test, file.unlabeled, key, {std::move(text), file.positive ? 1.0f : 0.0f, file.path.string()}});
    reporter.update(i + 1);
  }
  reporter.finish();
  return assembleSplits(std::move(reviews), "aclImdb", folder.string());
}

// ---------------------------------------------------------------------------------------------------------
// An aclImdb .tar.gz archive, read as a stream: entries are decompressed one after the other into memory.

struct ArchiveFree {
  void operator()(archive* a) const { archive_read_free(a); }
};

std::string archiveProblem(archive* a) {
  const char* message = archive_error_string(a);
  return message ? message : "unknown error";
}

// The entry's bytes, at most limits::kMaxReviewBytes of them: the size in the entry's header is the archive's
// word, and the data is only believed as far as it goes.
std::string readEntryData(archive* a, la_int64_t declaredSize, const std::string& where, const ErrorFields& at) {
  if (declaredSize > static_cast<la_int64_t>(limits::kMaxReviewBytes))
    throw InputError(ErrorKind::ReviewTooLong, at, tooLongReview(static_cast<uint64_t>(declaredSize), where));
  std::array<char, 1 << 16> buffer;
  // Room for what the header declares, up to one buffer: a damaged header must not make every entry cost 1 MB.
  std::string data;
  if (declaredSize > 0) data.reserve(std::min(static_cast<size_t>(declaredSize), buffer.size()));
  la_ssize_t got = 0;
  while ((got = archive_read_data(a, buffer.data(), buffer.size())) > 0) {
    data.append(buffer.data(), static_cast<size_t>(got));
    if (data.size() > limits::kMaxReviewBytes) throw InputError(ErrorKind::ReviewTooLong, at, tooLongReview(data.size(), where));
  }
  if (got < 0) throw InputError(ErrorKind::ArchiveCorrupt, at, where + ": corrupt or truncated archive (" + archiveProblem(a) + ")");
  return data;
}

// Entries that are skipped are decompressed too (a .tar.gz has no index), so their number and declared sizes
// are bounded as well: a small archive must not be able to keep the reader busy for hours.
void requireArchiveWithinLimits(uint64_t entries, uint64_t declaredBytes, const std::string& where,
                                const ErrorFields& at) {
  if (entries > limits::kMaxArchiveEntries)
    throw InputError(ErrorKind::DataTooLarge, at, where + ": more than " + std::to_string(limits::kMaxArchiveEntries) +
                     " entries, more than AttentionLab reads in a data archive; is it the aclImdb archive?");
  if (declaredBytes > limits::kMaxArchiveBytes)
    throw InputError(ErrorKind::DataTooLarge, at, where + ": its entries hold more than " + limits::describeBytes(limits::kMaxArchiveBytes) +
                     " once decompressed, more than AttentionLab reads in a data archive; is it the aclImdb archive?");
}

LabeledDataset loadArchive(const fs::path& file, const LoadProgress& progress, bool withUnlabeled) {
  const std::string name = file.string();
  std::unique_ptr<archive, ArchiveFree> reader(archive_read_new());
  archive* a = reader.get();
  archive_read_support_filter_gzip(a);
  archive_read_support_format_tar(a);
  // Read in blocks of 64 KB: as fast as larger ones for a .tar.gz, which is decompressed far slower than it is read.
  if (archive_read_open_filename(a, name.c_str(), 1 << 16) != ARCHIVE_OK)
    throw InputError(ErrorKind::ArchiveCorrupt, {.file = name}, name + ": not a readable .tar.gz archive: corrupt, truncated or of another kind (" +
                     archiveProblem(a) + ")");

  ProgressReporter reporter(progress, static_cast<size_t>(fs::file_size(file)), 1 << 20);
  reporter.update(0);
  std::vector<ReviewFile> reviews;
  std::string lastEntry;
  archive_entry* entry = nullptr;
  int status = ARCHIVE_OK;
  uint64_t entries = 0, declaredBytes = 0;
  while ((status = archive_read_next_header(a, &entry)) == ARCHIVE_OK || status == ARCHIVE_WARN) {
    lastEntry = archive_entry_pathname(entry) ? archive_entry_pathname(entry) : "";
    const la_int64_t size = archive_entry_size_is_set(entry) ? archive_entry_size(entry) : 0;
    declaredBytes += static_cast<uint64_t>(std::clamp<la_int64_t>(size, 0, la_int64_t{1} << 62));
    requireArchiveWithinLimits(++entries, declaredBytes, name + " at entry " + lastEntry, {.file = name, .name = lastEntry});
    const auto review = parseReviewPath(lastEntry, withUnlabeled);
    if (!review || archive_entry_filetype(entry) != AE_IFREG) continue;  // README, imdb.vocab, folders (unsup/ unless asked for)
    const std::string where = name + " entry " + lastEntry;
    const ErrorFields at{.file = name, .name = lastEntry};
    std::string text = readEntryData(a, size, where, at);
    checkReviewText(text, where, at);
    reviews.push_back({review->test, review->unlabeled, review->key,
                       {std::move(text), review->positive ? 1.0f : 0.0f, name + ":" + lastEntry}});
    reporter.update(static_cast<size_t>(archive_filter_bytes(a, -1)));
  }
  if (status != ARCHIVE_EOF) {
    throw InputError(ErrorKind::ArchiveCorrupt, {.file = name, .name = lastEntry},
                     name + (lastEntry.empty() ? "" : " after entry " + lastEntry) +
                     ": corrupt or truncated archive (" + archiveProblem(a) + ")");
  }
  reporter.finish();
  return assembleSplits(std::move(reviews), file.filename().string(), name);
}

// ---------------------------------------------------------------------------------------------------------
// CSV: review,sentiment.

float csvLabel(std::string_view field, const std::string& where, const ErrorFields& at) {
  const std::string word = lowercase(trimmed(field));
  if (word == "positive") return 1.0f;
  if (word == "negative") return 0.0f;
  ErrorFields withLabel = at;
  withLabel.found = excerpt(field);
  throw InputError(ErrorKind::DataLabel, std::move(withLabel),
                   where + ": unknown label \"" + excerpt(field) + "\" (expected positive or negative)");
}

LabeledDataset loadCsv(const fs::path& file, const LoadProgress& progress) {
  const std::string name = file.string();
  std::string content = readDataFile(file, "CSV file");
  dropByteOrderMark(content);
  requireValidUtf8(content, name);

  CsvReader reader(content, name);
  CsvRecord record;
  const auto missingHeader = [&](std::string_view found) {
    return InputError(ErrorKind::CsvLine, {.file = name, .line = 1},
                      name + " line 1: missing header: expected the first line to be review,sentiment, found \"" +
                      excerpt(found) + "\"");
  };
  if (!reader.next(record)) throw missingHeader("");
  std::optional<size_t> reviewColumn, sentimentColumn;
  for (size_t i = 0; i < record.fields.size(); ++i) {
    const std::string column = lowercase(trimmed(record.fields[i]));
    if (column == "review") reviewColumn = i;
    if (column == "sentiment") sentimentColumn = i;
  }
  if (!reviewColumn || !sentimentColumn) throw missingHeader(content);
  const size_t columns = record.fields.size();

  ProgressReporter reporter(progress, content.size(), 1 << 20);
  LabeledDataset data;
  data.name = file.filename().string();
  while (reader.next(record)) {
    const std::string where = name + " line " + std::to_string(record.line);
    const ErrorFields at{.file = name, .line = static_cast<int64_t>(record.line)};
    if (record.fields.size() == 1 && trimmed(record.fields[0]).empty()) continue;  // a blank line
    if (record.fields.size() != columns) {
      throw InputError(ErrorKind::CsvLine, at, where + ": expected " + std::to_string(columns) + " fields (review,sentiment), found " +
                       std::to_string(record.fields.size()) + " (a review with a comma must be in double quotes)");
    }
    const float label = csvLabel(record.fields[*sentimentColumn], where, at);
    checkReviewText(record.fields[*reviewColumn], where, at);
    requireRoomForAnother(data.train.size(), name);
    data.train.push_back({std::move(record.fields[*reviewColumn]), label, name + ":" + std::to_string(record.line)});
    reporter.update(reader.offset());
  }
  if (data.train.empty()) throw InputError(ErrorKind::DataEmpty, {.file = name}, name + ": no reviews at all (only a header)");
  reporter.finish();
  return data;
}

// ---------------------------------------------------------------------------------------------------------
// TSV: label<TAB>text.

std::optional<float> tsvLabel(std::string_view field) {
  const std::string word = lowercase(trimmed(field));
  if (word == "1" || word == "pos" || word == "positive") return 1.0f;
  if (word == "0" || word == "neg" || word == "negative") return 0.0f;
  return std::nullopt;
}

LabeledDataset loadTsv(const fs::path& file, const LoadProgress& progress) {
  const std::string name = file.string();
  std::string content = readDataFile(file, "TSV file");
  dropByteOrderMark(content);
  requireValidUtf8(content, name);

  ProgressReporter reporter(progress, content.size(), 1 << 20);
  LabeledDataset data;
  data.name = file.filename().string();
  size_t lineNumber = 0;
  bool firstLine = true;
  for (size_t begin = 0; begin < content.size();) {
    // Lines end at LF only (a review may hold other control characters); a CR before it is dropped.
    size_t end = content.find('\n', begin);
    if (end == std::string::npos) end = content.size();
    std::string_view line(content.data() + begin, end - begin);
    begin = end + 1;
    ++lineNumber;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (trimmed(line).empty()) continue;
    const std::string where = name + " line " + std::to_string(lineNumber);
    const ErrorFields at{.file = name, .line = static_cast<int64_t>(lineNumber)};
    const size_t tab = line.find('\t');
    if (tab == std::string_view::npos)
      throw InputError(ErrorKind::TsvLine, at, where + ": expected label<TAB>text, found no tab in \"" + excerpt(line) + "\"");
    const auto label = tsvLabel(line.substr(0, tab));
    const bool header = firstLine && lowercase(trimmed(line.substr(0, tab))) == "label";
    firstLine = false;
    if (header) continue;
    if (!label) {
      ErrorFields withLabel = at;
      withLabel.found = excerpt(line.substr(0, tab));
      throw InputError(ErrorKind::DataLabel, std::move(withLabel), where + ": unknown label \"" + excerpt(line.substr(0, tab)) +
                       "\" (expected 0, 1, neg or pos)");
    }
    const std::string_view text = line.substr(tab + 1);
    checkReviewText(text, where, at);
    requireRoomForAnother(data.train.size(), name);
    data.train.push_back({std::string(text), *label, name + ":" + std::to_string(lineNumber)});
    reporter.update(begin);
  }
  if (data.train.empty())
    throw InputError(ErrorKind::DataEmpty, {.file = name}, name + ": no reviews at all (the file holds no label<TAB>text line)");
  reporter.finish();
  return data;
}

// ---------------------------------------------------------------------------------------------------------
// What a source is.

enum class SourceKind { Folder, Archive, Csv, Tsv };

SourceKind kindOf(const fs::path& path) {
  if (fs::is_directory(path)) return SourceKind::Folder;
  const std::string file = lowercase(path.filename().string());
  if (endsWith(file, ".tar.gz") || endsWith(file, ".tgz")) return SourceKind::Archive;
  if (endsWith(file, ".csv")) return SourceKind::Csv;
  if (endsWith(file, ".tsv")) return SourceKind::Tsv;
  // No telling extension: look at the first bytes.
  std::ifstream in(path, std::ios::binary);
  std::string head(4096, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<size_t>(in.gcount()));
  if (head.rfind("\x1F\x8B", 0) == 0) return SourceKind::Archive;  // gzip magic number
  dropByteOrderMark(head);
  const std::string firstLine = lowercase(head.substr(0, head.find('\n')));
  if (firstLine.rfind("review,", 0) == 0 || firstLine.rfind("sentiment,", 0) == 0) return SourceKind::Csv;
  if (firstLine.find('\t') != std::string::npos) return SourceKind::Tsv;
  throw InputError(ErrorKind::DataUnknownKind, {.file = path.string()}, path.string() + ": not a known kind of data source (" + kKnownKinds + ")");
}

// Words as describe() counts them: runs between white space, where "<br />" and "<br>" count as white space.
size_t countWords(std::string_view text) {
  size_t words = 0;
  bool inWord = false;
  for (size_t i = 0; i < text.size();) {
    size_t gap = 0;
    if (std::isspace(static_cast<unsigned char>(text[i]))) gap = 1;
    else if (text.compare(i, 6, "<br />") == 0) gap = 6;
    else if (text.compare(i, 4, "<br>") == 0) gap = 4;
    if (gap > 0) {
      inWord = false;
      i += gap;
      continue;
    }
    if (!inWord) ++words;
    inWord = true;
    ++i;
  }
  return words;
}

}  // namespace

LabeledDataset loadImdbSource(const std::string& source, const LoadProgress& progress, uint64_t seed,
                              bool withUnlabeled) {
  if (source == "builtin") {
    ProgressReporter reporter(progress, 1, 1);
    reporter.update(0);
    LabeledDataset data = generateBuiltinReviews(seed);
    reporter.finish();
    return data;
  }
  if (source == "builtin:zh") return generateBuiltinReviewsZh(seed);
  const fs::path path(source);
  std::error_code error;
  if (source.empty() || !fs::exists(path, error)) {
    const std::string shown = source.empty() ? std::string("(empty name)") : source;
    throw InputError(ErrorKind::DataMissing, {.file = source}, shown + ": no such file or folder (" + kKnownKinds + ")");
  }
  try {
    switch (kindOf(path)) {
      case SourceKind::Folder: return loadFolder(path, progress, withUnlabeled);
      case SourceKind::Archive: return loadArchive(path, progress, withUnlabeled);
      case SourceKind::Csv: return loadCsv(path, progress);
      case SourceKind::Tsv: return loadTsv(path, progress);
    }
  } catch (const fs::filesystem_error& e) {  // a folder that cannot be listed, a file that vanished
    const std::string file = e.path1().empty() ? source : e.path1().string();
    throw InputError(ErrorKind::FileUnreadable, {.file = file}, file + ": " + e.code().message());
  }
  throw RunError(ErrorKind::Internal, {}, "unreachable: unknown source kind");
}

DataCard describe(const std::vector<LabeledText>& samples, const std::string& source) {
  DataCard card;
  card.samples = samples.size();
  if (source == "builtin") card.generated = MeasuredOnGeneratedData{0.988, 0.765, 0.747};
  if (source == "builtin:zh") card.generated = MeasuredOnGeneratedData{0.994, 0.764, 0.804};
  if (samples.empty()) return card;
  ScriptCounts scripts;
  for (const LabeledText& sample : samples) scripts.add(sample.text);
  card.cjkShare = scripts.cjkShare();
  card.mostlyCjk = scripts.mostlyCjk();
  card.suggestedTokenizer = suggestTokenizer(TextTask::Classifier, scripts);
  size_t words = 0;
  for (const LabeledText& sample : samples)
    words += card.mostlyCjk ? tokenize(TokenizerKind::IcuWords, TextTask::Classifier, sample.text).size()
                            : countWords(sample.text);
  card.meanWords = static_cast<double>(words) / static_cast<double>(samples.size());
  card.ratio = card.meanWords > 0 ? static_cast<double>(samples.size()) / card.meanWords : 0;
  // A rule of thumb about typical text: a corpus built so that word order decides (like the built-in ones)
  // can still favour the Transformer, which is why a generated corpus carries its measured results.
  card.advice = card.ratio < kSequenceModelRatio ? ModelAdvice::BagOfBigrams : ModelAdvice::SequenceModel;
  return card;
}

}  // namespace al
