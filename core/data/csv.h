#pragma once
// A reader for CSV as RFC 4180 writes it, one record at a time:
//   - fields are separated by a comma, records by LF or CRLF;
//   - a field in double quotes may hold commas, line breaks, and "" for one double quote;
//   - a quote inside an unquoted field is kept as it is (many real files have them).
// Errors name the file and the line, so that a person can open the file there.
#include <string>
#include <string_view>
#include <vector>

namespace al {

struct CsvRecord {
  std::vector<std::string> fields;
  size_t line = 0;  // the line the record starts on, from 1 (a quoted field can span several lines)
};

class CsvReader {
 public:
  // content must outlive the reader; fileName is only used in messages.
  CsvReader(std::string_view content, std::string fileName, char separator = ',');

  // Reads the next record into record; false at the end of the content. Throws al::InputError for an
  // unterminated quote, for text between a closing quote and the next separator, or for a record of more than
  // limits::kMaxCsvFields fields.
  bool next(CsvRecord& record);

  size_t offset() const { return pos_; }  // bytes consumed so far (for progress)

 private:
  std::string readQuotedField(size_t startLine);
  std::string readPlainField();
  bool atFieldEnd() const;  // at a separator, a line end or the end of the content
  void skipRecordEnd();

  std::string_view content_;
  std::string fileName_;
  char separator_;
  size_t pos_ = 0;
  size_t line_ = 1;
};

}  // namespace al
