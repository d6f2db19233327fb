#include "core/data/fortunes.h"

#include "core/data/utf8.h"
#include "core/error.h"
#include "core/io/limits.h"
#include "core/io/read_file.h"

namespace al {

namespace {

// Every 20th entry (the 20th, 40th, ...) is the test split: the same documents for any seed, spread over the
// files rather than taken from one end of them.
constexpr size_t kTestEvery = 20;

bool startsWith(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && isSpace(s.front())) s.remove_prefix(1);
  while (!s.empty() && isSpace(s.back())) s.remove_suffix(1);
  return s;
}

// A line as it reads: the zh files' colour codes (ESC [ 32 m) taken out, and the English files' overstriking
// ("____\b\b\b\bSOME" for underlined text) resolved, a backspace taking back the code point before it.
std::string readable(std::string_view line) {
  std::string out;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '\x1b' && i + 1 < line.size() && line[i + 1] == '[') {
      i += 2;
      while (i < line.size() && !((line[i] >= 'A' && line[i] <= 'Z') || (line[i] >= 'a' && line[i] <= 'z'))) ++i;
    } else if (c == '\b') {
      while (!out.empty() && (static_cast<unsigned char>(out.back()) & 0xC0) == 0x80) out.pop_back();
      if (!out.empty()) out.pop_back();
    } else {
      out += c;
    }
  }
  return out;
}

// Attribution lines are left out of both corpora, because they do not read as the text around them:
//   poems: the title ("《春晓》", "题目:《塞上》") and the poet ("作者：孟浩然", with years in song100) come before the
//          verse in two formats, and indented lines are a poem's part numbers ("其一"). Kept, they would be a
//          third of a short poem's tokens, most of them names seen once, and the fixed prompt a title; without
//          them a sample is verse from its first character.
//   quotes: the source line under a quotation ("\t\t-- Mark Twain") names one of ~900 people, most once; a small
//          model can only invent names there. Without it a sample is the saying itself.
bool attribution(std::string_view line, FortuneStyle style) {
  if (style == FortuneStyle::Poems) {
    if (!line.empty() && isSpace(line.front())) return true;
    const std::string_view t = trimmed(line);
    return startsWith(t, "《") || startsWith(t, "题目") || startsWith(t, "作者");
  }
  return !line.empty() && isSpace(line.front()) && startsWith(trimmed(line), "--");
}

// Adds a line to the entry: a poem's lines end with their punctuation and follow each other as printed; a
// quotation's are joined by one space, white space inside a line collapsed (the files indent and pad with tabs).
void append(std::string& entry, std::string_view line, FortuneStyle style) {
  if (style == FortuneStyle::Poems) {
    entry += line;
    return;
  }
  for (const char c : line) {
    if (isSpace(c)) {
      if (!entry.empty() && entry.back() != ' ') entry += ' ';
    } else {
      entry += c;
    }
  }
  if (!entry.empty() && entry.back() != ' ') entry += ' ';
}

void finish(std::string& entry, std::vector<std::string>& documents) {
  const std::string_view text = trimmed(entry);
  if (!text.empty()) documents.emplace_back(text);
  entry.clear();
}

}  // namespace

const std::vector<FortuneSource>& fortuneSources() {
  static const std::vector<FortuneSource> sources = {
      // "春风": spring wind, the start of many a line; "A friend is": many of the quotations are definitions.
      {"poems-zh", "fortunes-zh", {"tang300", "song100"}, FortuneStyle::Poems, "春风"},
      {"quotes", "fortunes", {"wisdom", "people", "humorists", "literature"}, FortuneStyle::Quotes, "A friend is"},
  };
  return sources;
}

const FortuneSource* fortuneSource(std::string_view name) {
  for (const FortuneSource& s : fortuneSources())
    if (s.name == name) return &s;
  return nullptr;
}

std::vector<std::string> fortuneDocuments(std::string_view text, FortuneStyle style) {
  std::vector<std::string> documents;
  std::string entry;
  size_t start = 0;
  while (start < text.size()) {
    const size_t end = std::min(text.find('\n', start), text.size());
    const std::string line = readable(text.substr(start, end - start));
    start = end + 1;
    if (trimmed(line) == "%") finish(entry, documents);
    else if (!attribution(line, style)) append(entry, trimmed(line), style);
  }
  finish(entry, documents);
  return documents;
}

TextCorpus loadFortuneCorpus(const FortuneSource& source, const std::filesystem::path& dir) {
  TextCorpus corpus;
  corpus.name = source.name;
  size_t index = 0;
  for (const std::string& name : source.files) {
    const std::filesystem::path file = dir / name;
    std::error_code ec;
    if (!std::filesystem::exists(file, ec))
      throw InputError(ErrorKind::DataPackageMissing, {.file = file.string(), .name = source.package},
                       source.name + " is read from Debian's " + source.package + " package, which is not installed (" +
                       file.string() + " is missing): install it with 'apt-get install " + source.package + "'");
    const std::string text = io::readWholeFile(file, "fortune file", limits::kMaxDataFileBytes);
    requireValidUtf8(text, file.string(), {.file = file.string()});
    for (std::string& d : fortuneDocuments(text, source.style))
      (++index % kTestEvery == 0 ? corpus.test : corpus.train).push_back(std::move(d));
  }
  if (corpus.train.empty())
    throw InputError(ErrorKind::DataEmpty, {.file = source.name}, source.name + ": its fortune files hold no text");
  return corpus;
}

}  // namespace al
