#include "core/data/csv.h"

#include "core/error.h"
#include "core/io/limits.h"

namespace al {

CsvReader::CsvReader(std::string_view content, std::string fileName, char separator)
    : content_(content), fileName_(std::move(fileName)), separator_(separator) {}

bool CsvReader::next(CsvRecord& record) {
  if (pos_ >= content_.size()) return false;
  record.fields.clear();
  record.line = line_;
  while (true) {
    if (pos_ < content_.size() && content_[pos_] == '"')
      record.fields.push_back(readQuotedField(record.line));
    else
      record.fields.push_back(readPlainField());
    if (pos_ >= content_.size() || content_[pos_] != separator_) break;
    if (record.fields.size() == limits::kMaxCsvFields)  // a line of a billion commas must not become a billion strings
      throw InputError(ErrorKind::CsvLine, {.file = fileName_, .line = static_cast<int64_t>(record.line)},
                       fileName_ + " line " + std::to_string(record.line) + ": more than " +
                       std::to_string(limits::kMaxCsvFields) + " fields in one record; is the separator right?");
    ++pos_;  // the separator: another field follows
  }
  skipRecordEnd();
  return true;
}

// A quoted field: everything up to the closing quote, with "" standing for one quote. Line breaks inside
// belong to the field, so the line counter keeps running.
std::string CsvReader::readQuotedField(size_t startLine) {
  std::string field;
  ++pos_;  // opening quote
  while (true) {
    const size_t quote = content_.find('"', pos_);
    if (quote == std::string_view::npos)
      throw InputError(ErrorKind::CsvLine, {.file = fileName_, .line = static_cast<int64_t>(startLine)},
                       fileName_ + " line " + std::to_string(startLine) +
                       ": unterminated quote: a field opened with \" here is never closed");
    const std::string_view piece = content_.substr(pos_, quote - pos_);
    for (char c : piece) line_ += c == '\n';
    field.append(piece);
    pos_ = quote + 1;
    if (pos_ < content_.size() && content_[pos_] == '"') {  // "" is an escaped quote
      field.push_back('"');
      ++pos_;
      continue;
    }
    break;
  }
  if (!atFieldEnd()) {
    throw InputError(ErrorKind::CsvLine, {.file = fileName_, .line = static_cast<int64_t>(line_)},
                     fileName_ + " line " + std::to_string(line_) + ": unexpected character '" +
                     std::string(1, content_[pos_]) +
                     "' after a closing quote (a quote inside a quoted field is written \"\")");
  }
  return field;
}

std::string CsvReader::readPlainField() {
  const size_t start = pos_;
  while (!atFieldEnd()) ++pos_;
  return std::string(content_.substr(start, pos_ - start));
}

// At a separator, a line end (LF or CRLF) or the end of the content: the current field is complete.
bool CsvReader::atFieldEnd() const {
  return pos_ >= content_.size() || content_[pos_] == separator_ || content_[pos_] == '\n' ||
         (content_[pos_] == '\r' && (pos_ + 1 == content_.size() || content_[pos_ + 1] == '\n'));
}

void CsvReader::skipRecordEnd() {
  if (pos_ < content_.size() && content_[pos_] == '\r') ++pos_;
  if (pos_ < content_.size() && content_[pos_] == '\n') {
    ++pos_;
    ++line_;
  }
}

}  // namespace al
