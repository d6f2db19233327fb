#pragma once
// Errors the core reports. The core never prints and never exits: it throws one of these, with a message a
// person can act on (which file, which line or entry, what was expected).
//
// Beside its English message (what the command line prints), an error carries a kind and the fields the
// message was made of, so that the app can say the same thing in the reader's language. A throw site names
// the kind and the fields it knows:
//   throw InputError(ErrorKind::NotUtf8, {.file = path, .line = n}, path + " line ...: invalid UTF-8 ...");
// Every throw in core/ names its kind (tests/core/test_error_sites.cpp checks the source text): the app words each
// kind in the reader's language (ui/text/error_texts.cpp), and tests/ui/test_error_texts.cpp walks every kind in
// both languages. A kind is one situation a person acts on, not one throw site: the fields carry what differs.
// An error thrown with a message alone is of kind Other (outside the core only): the app shows its English
// message after a lead sentence in the reader's language.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

namespace al {

enum class ErrorKind {
  Other,  // only the English message says what went wrong (never thrown by the core)
  Internal,  // a check of AttentionLab's own code failed: a bug to report, not something the person did

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
  JsonOutOfRange,   // name, found: the value, expected: the limit (">= N", "<= N")

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

  // Hugging Face folders and their tokenizers (file: the folder or the file in it).
  UnsupportedModel,      // a model AttentionLab does not compute; name: the config field, found: its value
  UnsupportedTokenizer,  // a tokenizer AttentionLab does not read; found: its type (may be empty)
  TokenizerMissing,      // no tokenizer files; name: the file that is missing (may be empty: all of them)
  TokenizerFileInvalid,  // a vocabulary or merges file that is damaged (empty, too large, a bad line); line, name
  VocabularyLacksToken,  // name: a special token the model needs ([UNK], [CLS], [MASK], ...)
  WeightsNotSafetensors, // no model.safetensors; name: what the folder holds instead (may be empty)
  TensorDtype,           // name: the tensor, found: its dtype (AttentionLab reads F32, F16, BF16)
  HfCacheEntry,          // a Hugging Face cache entry instead of one model's folder; found: how many models
  NoMaskedLmHead,        // a BERT without its masked-LM head (fill, logit lens)
  NoNextSentenceHead,    // a BERT without its next-sentence head
  BaseModelUnreadable,   // a sentiment head's BERT folder (name) cannot be read any more
  BaseModelChanged,      // a sentiment head's BERT folder (name) now holds another BERT
  PretrainedNotSaved,    // a Hugging Face model is read, never written
  PretrainedNotEvaluated,  // a Hugging Face model has no test data here

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
  DataPackageMissing, // name: the Debian package a built-in corpus is read from, file: its missing file

  // Sentences typed in the app, and what a model can read.
  EmptySentence,      // no words once punctuation is removed
  SentenceTooLong,    // found: its tokens, expected: the most the model reads
  NoMask,             // a fill-in-the-blank sentence without [MASK]
  ByteNotInVocabulary,  // found: the byte ("0xE5"), file: the vocabulary that has no piece for it
  TokenOutOfVocabulary, // found: the token id, expected: the vocabulary's size (a vocabulary of another model)
  TokenizerMismatch,  // file: the model; expected: the tokenizer the model reads with, found: the one asked for
  NoMemory,           // a language model without a memory (memory_length 0) asked to read with one
  NoLearnedPositions, // a model without a learned position embedding; found: its position kind
  NoSuchHead,         // found: the head or layer asked for, expected: the model's layers and heads
  TooMuchMemory,      // found: the memory it would take, expected: what AttentionLab sets aside (both "12.0 MB")

  // Settings (options of the command line, fields of the Train page's form, a model's settings).
  OptionInvalid,      // name: the setting, found: its value (may be empty), expected: what it may be (">= 1",
                      // "0 .. 1", "tiny, classroom, book": symbols and names, never English words)
  OptionsConflict,    // name: the setting, found: what it does not go with (another setting, a task, a data set)
  NonFiniteValue,     // name: the layer whose output first held NaN or an infinity (finite weights that overflow)

  // Training.
  NoTrainingSamples,  // none left once the validation share is set aside
  NonFiniteLoss,      // found: the loss, line: the epoch; name: the first weights that are no longer finite, if any
  CannotWrite,        // file: what could not be written or renamed
  TargetNotModelDir,  // file: a directory to save into that holds something else than a model
  NoWeightsToSave,    // file: where to save; name: the model, which keeps its history only
  UnknownFileFormat,  // file; found: its extension, expected: the extensions AttentionLab writes (".png, .svg")
  Cancelled,

  // Session files (file: the session).
  NotASession,        // valid JSON but not "format": "attentionlab-session"; found: the format it names
  SessionPathRefused, // name: a path the session names that is no model folder's (relative, a system folder, ...)
  Count,  // not a kind: how many there are (new kinds go above it; the tests walk every kind up to it)
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
