#include "ui/text/error_texts.h"

#include <QCoreApplication>

#include "core/error.h"

namespace al::ui {

namespace {

QString text(const std::string& s) { return QString::fromStdString(s); }

// "nan", "inf" and "-inf" as std::to_string writes them, said in words; other numbers as they are.
QString lossValue(const std::string& found);

class ErrorTexts {
  Q_DECLARE_TR_FUNCTIONS(ErrorTexts)

 public:
  // The words of the error, or an empty string when its kind has none here.
  static QString worded(ErrorKind kind, const ErrorFields& f) {
    QString s = files(kind, f);
    if (s.isEmpty()) s = models(kind, f);
    if (s.isEmpty()) s = pretrained(kind, f);
    if (s.isEmpty()) s = data(kind, f);
    if (s.isEmpty()) s = sentencesAndRuns(kind, f);
    if (s.isEmpty()) s = settingsAndSaving(kind, f);
    return s;
  }

  // A bug: no field helps the person, so the sentence says what to do and the English detail follows it.
  static QString internal() {
    return tr("AttentionLab stopped at a check of its own code: this is a bug in AttentionLab, not a mistake of "
              "yours. Please report it with the detail below.");
  }

  static QString other(bool input, const QString& english) {
    return input ? tr("The input is not right: %1").arg(english) : tr("Something went wrong: %1").arg(english);
  }

  // Whether the interface reads in another language than English. Asked of the translator (thread-safe: errors
  // are worded on the worker threads that catch them) rather than of the language setting.
  static bool inTranslation() {
    const char* source = "Something went wrong: %1";
    return tr(source) != QLatin1String(source);
  }

  static QString notANumber() { return tr("not a number"); }
  static QString infinite() { return tr("infinite"); }

 private:
  static QString files(ErrorKind kind, const ErrorFields& f) {
    const QString file = text(f.file);
    const QString line = f.line ? QString::number(*f.line) : QString();
    switch (kind) {
      case ErrorKind::FileMissing: return tr("%1 does not exist.").arg(file);
      case ErrorKind::NotAFile: return tr("%1 is a folder, not a file.").arg(file);
      case ErrorKind::FileUnreadable: return tr("%1 cannot be read.").arg(file);
      case ErrorKind::FileTooLarge:
        return tr("%1 is %2, more than the %3 AttentionLab reads. Is it the right file?")
            .arg(file, text(f.found), text(f.expected));
      case ErrorKind::NotUtf8:
        if (file.isEmpty()) return tr("The text is not valid UTF-8.");
        if (!f.name.empty())
          return tr("%1: line %2 of “%3” is not UTF-8 text. Save the file as UTF-8.").arg(file, line, text(f.name));
        return tr("%1: line %2 is not UTF-8 text. Save the file as UTF-8.").arg(file, line);
      case ErrorKind::JsonInvalid:
        if (f.line) return tr("%1 is not valid JSON (see line %2): the file is damaged.").arg(file, line);
        return tr("%1 is not valid JSON: the file is damaged.").arg(file);
      case ErrorKind::JsonNotObject:
        return tr("%1 does not hold the JSON object AttentionLab expects: the file is damaged.").arg(file);
      case ErrorKind::JsonMissingKey: return tr("%1 has no field “%2”.").arg(file, text(f.name));
      case ErrorKind::JsonWrongType:
        return tr("%1: the field “%2” holds a value of the wrong kind (“%3”).").arg(file, text(f.name), text(f.found));
      case ErrorKind::JsonOutOfRange:
        if (f.found.empty())
          return tr("%1: the field “%2” is out of range (expected %3).").arg(file, text(f.name), text(f.expected));
        return tr("%1: the field “%2” is %3, out of range (expected %4).")
            .arg(file, text(f.name), text(f.found), text(f.expected));
      default: return {};
    }
  }

  static QString models(ErrorKind kind, const ErrorFields& f) {
    const QString file = text(f.file);
    switch (kind) {
      case ErrorKind::ModelDirMissing: return tr("The model folder %1 does not exist.").arg(file);
      case ErrorKind::NotModelDir:
        return tr("%1 is not an AttentionLab model folder (a model folder holds config.json and its weights).")
            .arg(file);
      case ErrorKind::WrongFormat:
        return tr("%1 is not the configuration of an AttentionLab model (its format is “%2”).").arg(file, text(f.found));
      case ErrorKind::NewerFormat:
        return tr("%1 was written by a newer AttentionLab (format version %2; this version reads version %3). "
                  "Update AttentionLab to open it.")
            .arg(file, text(f.found), text(f.expected));
      case ErrorKind::WrongTask:
        if (f.expected.empty())
          return tr("%1 holds a model of the task “%2”, which this version cannot read.").arg(file, text(f.found));
        return tr("%1 holds a model of the task “%2”, not “%3”.").arg(file, text(f.found), text(f.expected));
      case ErrorKind::VocabularyMismatch:
        return tr("%1 does not match the model's config.json: the model was saved incompletely or its files were "
                  "mixed up.")
            .arg(file);
      case ErrorKind::ModelTooLarge:
        return tr("%1 declares a model larger than AttentionLab loads; check its sizes.").arg(file);
      case ErrorKind::SafetensorsTruncated:
        return tr("%1 is cut short: the file is truncated or damaged. Save or download the model again.").arg(file);
      case ErrorKind::SafetensorsBadHeader:
        if (!f.name.empty())
          return tr("%1 is damaged: its entry for the tensor “%2” is not valid.").arg(file, text(f.name));
        return tr("%1 is damaged: its header does not describe model weights.").arg(file);
      case ErrorKind::TensorMissing:
        if (f.name.empty())
          return tr("%1 lacks tensors the model needs: the weights belong to another model or were saved "
                    "incompletely.")
              .arg(file);
        if (f.expected.empty())
          return tr("%1 has no tensor “%2”: the weights belong to another model.").arg(file, text(f.name));
        return tr("%1 has no tensor “%2” (the model needs one of shape %3): the weights belong to another model.")
            .arg(file, text(f.name), text(f.expected));
      case ErrorKind::TensorWrongShape:
        if (f.found.empty())
          return tr("%1: the tensor “%2” does not hold the shape %3 the model needs.")
              .arg(file, text(f.name), text(f.expected));
        return tr("%1: the tensor “%2” has shape %3, but the model needs %4: the weights belong to another model.")
            .arg(file, text(f.name), text(f.found), text(f.expected));
      case ErrorKind::TensorUnknown:
        return tr("%1 holds the tensor “%2”, which is not part of this model.").arg(file, text(f.name));
      case ErrorKind::TensorNotFinite:
        return tr("%1: the tensor “%2” holds a value that is %3: the file is damaged or was saved from a run that "
                  "diverged.")
            .arg(file, text(f.name), lossValue(f.found));
      case ErrorKind::VocabularyBadLine:
        return tr("%1: line %2 is not what a vocabulary holds (line 1 empty, line 2 [UNK], then each token once, "
                  "in UTF-8 with LF line ends).")
            .arg(file, QString::number(f.line.value_or(1)));
      default: return {};
    }
  }

  // Hugging Face folders, their tokenizers, and what a pretrained model can do.
  static QString pretrained(ErrorKind kind, const ErrorFields& f) {
    const QString file = text(f.file);
    switch (kind) {
      case ErrorKind::UnsupportedModel:
        if (f.name.empty())
          return tr("%1 describes a model AttentionLab does not compute; it reads BERT and GPT-2 folders.").arg(file);
        return tr("%1 describes a model AttentionLab does not compute (“%2” is “%3”); it reads BERT and GPT-2 as "
                  "they were published.")
            .arg(file, text(f.name), text(f.found));
      case ErrorKind::UnsupportedTokenizer:
        if (f.found.empty())
          return tr("%1 holds a tokenizer AttentionLab does not read; it reads WordPiece (BERT) and GPT-2's "
                    "byte-level BPE.")
              .arg(file);
        return tr("%1 holds a tokenizer AttentionLab does not read (“%2”); it reads WordPiece (BERT) and GPT-2's "
                  "byte-level BPE.")
            .arg(file, text(f.found));
      case ErrorKind::TokenizerMissing:
        if (!f.name.empty()) return tr("%1 has no %2, which its tokenizer needs.").arg(file, text(f.name));
        return tr("%1 has no tokenizer: a model folder holds tokenizer.json, vocab.txt (BERT), or vocab.json with "
                  "merges.txt (GPT-2).")
            .arg(file);
      case ErrorKind::TokenizerFileInvalid:
        if (f.line)
          return tr("%1: line %2 is not what a tokenizer file holds: the file is damaged or of another kind.")
              .arg(file, QString::number(*f.line));
        if (!f.name.empty())
          return tr("%1: the piece “%2” is not right: the tokenizer's files are damaged or do not belong together.")
              .arg(file, text(f.name));
        return tr("%1 is not a tokenizer file AttentionLab can read: it is empty, too large or damaged.").arg(file);
      case ErrorKind::VocabularyLacksToken:
        return tr("%1: the vocabulary has no %2 piece, which the model needs.").arg(file, text(f.name));
      case ErrorKind::WeightsNotSafetensors:
        if (f.name.empty()) return tr("%1 has no model.safetensors with the model's weights.").arg(file);
        return tr("%1 holds its weights as %2, which AttentionLab does not read; convert them to one "
                  "model.safetensors file.")
            .arg(file, text(f.name));
      case ErrorKind::TensorDtype:
        return tr("%1: the tensor “%2” is stored as %3; AttentionLab reads weights stored as F32, F16 or BF16.")
            .arg(file, text(f.name), text(f.found));
      case ErrorKind::HfCacheEntry:
        return tr("%1 is a Hugging Face cache, not the folder of one model: choose the folder of one model in it "
                  "(snapshots/…).")
            .arg(file);
      case ErrorKind::NoMaskedLmHead:
        return tr("%1: this BERT has no masked-language-model head (cls.predictions), so it cannot fill in blanks or "
                  "be read through the logit lens.")
            .arg(file);
      case ErrorKind::NoNextSentenceHead:
        return tr("%1: this BERT has no next-sentence head, so it cannot tell whether a sentence follows another.")
            .arg(file);
      case ErrorKind::BaseModelUnreadable:
        return tr("%1: the BERT folder the sentiment head was trained on, %2, cannot be read; put the folder back "
                  "there, or train the head again.")
            .arg(file, text(f.name));
      case ErrorKind::BaseModelChanged:
        return tr("%1: the BERT folder %2 now holds another BERT than the one the sentiment head was trained on; "
                  "train the head again on this folder.")
            .arg(file, text(f.name));
      case ErrorKind::PretrainedNotSaved:
        return tr("%1: a Hugging Face model is read, never written; the folder it came from is the copy to keep.")
            .arg(file);
      case ErrorKind::PretrainedNotEvaluated:
        return tr("%1: a Hugging Face model is not evaluated here, as AttentionLab has no test data of the task it "
                  "was trained on; explore it on the other pages.")
            .arg(file);
      default: return {};
    }
  }

  static QString data(ErrorKind kind, const ErrorFields& f) {
    const QString file = text(f.file);
    const QString line = QString::number(f.line.value_or(0));
    // Where in the data: a line of the file, an entry of an archive, or the file itself.
    const QString at = f.line ? tr("%1, line %2").arg(file, line)
                       : !f.name.empty() ? tr("%1, entry “%2”").arg(file, text(f.name))
                                         : file;
    switch (kind) {
      case ErrorKind::DataMissing: return tr("No such file or folder: %1.").arg(file);
      case ErrorKind::DataUnknownKind:
        return tr("%1 is not data AttentionLab reads (an “aclImdb” folder or .tar.gz archive, a CSV or a TSV file).")
            .arg(file);
      case ErrorKind::ImdbLayout:
        if (!f.name.empty())
          return tr("%1 is not laid out as “aclImdb”: “%2” is missing or empty.").arg(file, text(f.name));
        return tr("%1 is not laid out as “aclImdb” (the folders “train/pos”, “train/neg”, “test/pos” and "
                  "“test/neg”).")
            .arg(file);
      case ErrorKind::ArchiveCorrupt:
        return tr("%1 is not a readable .tar.gz archive: it is damaged, truncated or of another kind.").arg(at);
      case ErrorKind::DataTooLarge:
        if (f.expected.empty()) return tr("%1 holds more than AttentionLab reads; use a part of it.").arg(file);
        return tr("%1 holds more than the %2 records AttentionLab reads; use a part of it.").arg(file, text(f.expected));
      case ErrorKind::DataEmpty: return tr("%1 holds no examples to train on.").arg(file);
      case ErrorKind::DialogLine:
        return tr("%1: line %2 is not one question, a Tab and its answer.").arg(file, line);
      case ErrorKind::CsvLine:
        return tr("%1: line %2 is not a CSV record of a review and its sentiment (a review with a comma must be in "
                  "double quotes).")
            .arg(file, line);
      case ErrorKind::TsvLine: return tr("%1: line %2 is not a label, a Tab and a text.").arg(file, line);
      case ErrorKind::DataLabel:
        return tr("%1: the label “%2” is neither positive nor negative.").arg(at, text(f.found));
      case ErrorKind::ReviewEmpty: return tr("%1: the review has no words.").arg(at);
      case ErrorKind::ReviewTooLong: return tr("%1: the review is too long; is the file damaged?").arg(at);
      case ErrorKind::DataPackageMissing:
        return tr("The corpus is read from the Debian package %1, which is not installed (%2 is missing); install it "
                  "with “apt-get install %1”.")
            .arg(text(f.name), file);
      default: return {};
    }
  }

  static QString sentencesAndRuns(ErrorKind kind, const ErrorFields& f) {
    switch (kind) {
      case ErrorKind::EmptySentence:
        return tr("The sentence has no words once punctuation is removed; type at least one word.");
      case ErrorKind::SentenceTooLong:
        return tr("The sentence has %1 tokens, more than the %2 the model reads.").arg(text(f.found), text(f.expected));
      case ErrorKind::NoMask:
        return tr("The sentence has no [MASK] to fill: write [MASK] where a word should be guessed.");
      case ErrorKind::ByteNotInVocabulary:
        return tr("The text holds the byte %1, for which the model's vocabulary (%2) has no piece; remove that "
                  "character.")
            .arg(text(f.found), text(f.file));
      case ErrorKind::TokenOutOfVocabulary:
        return tr("The token id %1 is outside the model's vocabulary of %2 entries: the vocabulary and the model do "
                  "not belong together.")
            .arg(text(f.found), text(f.expected));
      case ErrorKind::TokenizerMismatch:
        if (f.file.empty())
          return tr("The model reads text with the tokenizer “%1”, not “%2”.").arg(text(f.expected), text(f.found));
        return tr("%1: the model reads text with the tokenizer “%2”, not “%3”.")
            .arg(text(f.file), text(f.expected), text(f.found));
      case ErrorKind::NoMemory:
        return tr("This language model has no memory (memory_length 0) to read a text with; train one with a "
                  "memory.");
      case ErrorKind::NoLearnedPositions:
        return tr("This model has no learned position embedding (its positions are “%1”).").arg(text(f.found));
      case ErrorKind::NoSuchHead:
        return tr("The model has no head %1 (layer.head, counted from 0): it has %2 layers × heads.")
            .arg(text(f.found), text(f.expected));
      case ErrorKind::TooMuchMemory:
        return tr("This would take %1 of memory, more than the %2 AttentionLab sets aside; use a shorter text or "
                  "less data.")
            .arg(text(f.found), text(f.expected));
      case ErrorKind::NonFiniteValue:
        return tr("The model's numbers overflow in %1: its weights are so large that its attention and probabilities "
                  "are no longer numbers. This model cannot be used.")
            .arg(text(f.name));
      case ErrorKind::NoTrainingSamples:
        return tr("No training examples are left once the validation share is set aside; use more data or a "
                  "smaller validation share.");
      case ErrorKind::NonFiniteLoss:
        if (!f.name.empty())
          return tr("Training diverged: the loss became %1 in epoch %2, the weights of “%3” first out of bounds. Try a "
                    "smaller learning rate; the last saved model is unchanged.")
              .arg(lossValue(f.found), QString::number(f.line.value_or(0)), text(f.name));
        return tr("Training diverged: the loss became %1 in epoch %2. Try a smaller learning rate; the last saved "
                  "model is unchanged.")
            .arg(lossValue(f.found), QString::number(f.line.value_or(0)));
      case ErrorKind::CannotWrite:
        return tr("Cannot write %1: check that the disk has room and that you may write there.").arg(text(f.file));
      case ErrorKind::TargetNotModelDir:
        return tr("%1 exists and is not a model folder; AttentionLab does not replace it. Choose another name.")
            .arg(text(f.file));
      case ErrorKind::Cancelled: return tr("Cancelled.");
      case ErrorKind::NotASession:
        if (f.found.empty())
          return tr("%1 is not an AttentionLab session: it does not say “format”: “attentionlab-session”.")
              .arg(text(f.file));
        return tr("%1 is not an AttentionLab session (its format is “%2”).").arg(text(f.file), text(f.found));
      case ErrorKind::SessionPathRefused:
        return tr("%1 names “%2”, which is not a folder AttentionLab opens models from (a session names the full "
                  "path of a model folder); it was passed over.")
            .arg(text(f.file), text(f.name));
      default: return {};
    }
  }

  static QString settingsAndSaving(ErrorKind kind, const ErrorFields& f) {
    const QString name = text(f.name), found = text(f.found), expected = text(f.expected);
    switch (kind) {
      case ErrorKind::OptionInvalid:
        if (f.found.empty()) return tr("The setting “%1” must be %2.").arg(name, expected);
        if (f.expected.empty()) return tr("The setting “%1” cannot be %2.").arg(name, found);
        return tr("The setting “%1” cannot be %2 (expected %3).").arg(name, found, expected);
      case ErrorKind::OptionsConflict:
        return tr("The setting “%1” does not go with %2: leave it out or change the other.").arg(name, found);
      case ErrorKind::NoWeightsToSave:
        return tr("“%1” keeps its training history only: there are no weights to save in %2.").arg(name, text(f.file));
      case ErrorKind::UnknownFileFormat:
        return tr("%1: AttentionLab cannot write files of the type “%2”; choose %3.").arg(text(f.file), found, expected);
      case ErrorKind::Internal: return internal();
      default: return {};
    }
  }
};

QString lossValue(const std::string& found) {
  if (found.find("nan") != std::string::npos) return ErrorTexts::notANumber();
  if (found.find("inf") != std::string::npos) return ErrorTexts::infinite();
  return text(found);
}

}  // namespace

QString errorText(ErrorKind kind, const ErrorFields& fields) { return ErrorTexts::worded(kind, fields); }

QString errorMessage(const std::exception& error) {
  const QString english = QString::fromUtf8(error.what());
  if (!ErrorTexts::inTranslation()) return english;
  const auto* known = dynamic_cast<const Error*>(&error);
  // A bug: the sentence in the reader's language, then the English detail to report.
  if (known && known->kind() == ErrorKind::Internal) return ErrorTexts::internal() + QLatin1Char('\n') + english;
  if (known && known->kind() != ErrorKind::Other) {
    const QString worded = ErrorTexts::worded(known->kind(), known->fields());
    if (!worded.isEmpty()) return worded;
  }
  return ErrorTexts::other(dynamic_cast<const InputError*>(&error) != nullptr, english);
}

}  // namespace al::ui
