#pragma once
// Errors the core reports. The core never prints and never exits: it throws one of these, with a message a
// person can act on (which file, which line or entry, what was expected).
//
// Beside its English message (what the command line prints), an error carries a kind and the fields the
// message was made of, so that the app can say the same thing in the reader's language. A throw site names
// the kind and the fields it knows:
//   throw InputError(ErrorKind::NotUtf8, {.file = path, .line = n}, path + " line ...: invalid UTF-8 ...");
// An error thrown with a message alone is of kind Other: the app shows its English message after a lead
// sentence in the reader's language.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

namespace al {

enum class ErrorKind {
  Other,  // only the English message says what went wrong

  // Reading a file (file).
  FileMissing,      // no such file or folder
  NotAFile,         // a directory where a file was expected
  FileUnreadable,   // cannot be opened or read to its end
  FileTooLarge,     // found: its size, expected: the most AttentionLab reads (both as "12.0 MB")
  NotUtf8,          // file, line (of the file, or of the entry `name`)

  // JSON files (file; name: the key).
  JsonInvalid,      // not valid JSON, or nested too deep
  JsonNotObject,    // the file (or an entry `name`) is not the JSON object or array expected
  JsonMissingKey,   // name
  JsonWrongType,    // name
  JsonOutOfRange,   // name, found: the value, expected: the limit ("at least N" or "at most N" in English)

  // Model directories (file: the directory or the file in it).
  ModelDirMissing,  // the directory does not exist
  NotModelDir,      // not a directory, or no config.json
  WrongFormat,      // config.json's "format" is not AttentionLab's; found: the format
  NewerFormat,      // written by a newer AttentionLab; found: its version, expected: the version read
  WrongTask,        // found: the task the directory holds, expected: the task asked for (may be empty: unknown)
  VocabularyMismatch,  // a vocabulary file does not agree with config.json (its size, a marker token)
  ModelTooLarge,    // config.json declares a model larger than AttentionLab loads

  // safetensors files (file; name: the tensor).
  SafetensorsTruncated,  // the file ends before its header or its data do
  SafetensorsBadHeader,  // the header is not what a safetensors file holds
  TensorMissing,         // name, expected: the shape the model needs
  TensorWrongShape,      // name, found: its shape, expected: the shape the model needs
  TensorUnknown,         // name: a tensor the model does not have
  TensorNotFinite,       // name: a tensor holding NaN or an infinity; found: that value ("nan", "inf", "-inf")

  // Vocabulary files (file, line).
  VocabularyBadLine,

  // Data sets (file; line where there is one; name: an archive entry or a review file).
  DataMissing,        // no such file or folder
  DataUnknownKind,    // neither a folder, an archive, a CSV nor a TSV
  ImdbLayout,         // a folder or an archive without aclImdb's train/pos, train/neg, test/pos, test/neg
  ArchiveCorrupt,     // a .tar.gz that cannot be read
  DataTooLarge,       // more records, entries or bytes than AttentionLab reads
  DataEmpty,          // no records at all
  DialogLine,         // line: not question<TAB>answer
  CsvLine,            // line: the CSV record is malformed
  TsvLine,            // line: not label<TAB>text
  DataLabel,          // line or name; found: a label that is neither positive nor negative
  ReviewEmpty,        // name or file: a review with no text
  ReviewTooLong,      // name or file

  // Sentences typed in the app.
  EmptySentence,      // no words once punctuation is removed
  SentenceTooLong,    // found: its tokens, expected: the most the model reads
  NoMask,             // a fill-in-the-blank sentence without [MASK]
  NonFiniteValue,     // name: the layer whose output first held NaN or an infinity (finite weights that overflow)

  // Training.
  NoTrainingSamples,  // none left once the validation share is set aside
  NonFiniteLoss,      // found: the loss, line: the epoch; name: the first weights that are no longer finite, if any
  CannotWrite,        // file: what could not be written or renamed
  TargetNotModelDir,  // file: a directory to save into that holds something else than a model
  Cancelled,

  // Session files (file: the session).
  NotASession,        // valid JSON but not "format": "attentionlab-session"; found: the format it names
  SessionPathRefused, // name: a path the session names that is no model folder's (relative, a system folder, ...)
};

// What an error is about. Empty strings and absent numbers are unknown.
struct ErrorFields {
  // (Each with an initializer, so that a throw site names only the fields it knows: {.file = f, .line = n}.)
  std::string file = {};             // as the person gave it
  std::optional<int64_t> line = {};  // a line (from 1)
  std::string name = {};             // a tensor, a JSON key, an archive entry
  std::string expected = {};
  std::string found = {};
};

// What InputError and RunError share: the English message, the kind and the fields.
class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message) : std::runtime_error(message) {}
  Error(ErrorKind kind, ErrorFields fields, const std::string& message)
      : std::runtime_error(message), kind_(kind), fields_(std::move(fields)) {}
  ErrorKind kind() const { return kind_; }
  const ErrorFields& fields() const { return fields_; }

 private:
  ErrorKind kind_ = ErrorKind::Other;
  ErrorFields fields_;
};

// Something in the input (a data file, a model directory, a sentence) is wrong. The CLI maps it to exit 3.
class InputError : public Error {
 public:
  using Error::Error;
};

// Something went wrong while running (a non-finite loss, a failed write). The CLI maps it to exit 1.
class RunError : public Error {
 public:
  using Error::Error;
};

}  // namespace al
