// Every kind of error the core throws (core/error.h) has words in both languages of the interface
// (ui/text/error_texts.cpp): the walk goes over every kind up to ErrorKind::Count, with every field filled and then
// with each field left out in turn (the texts choose their sentence by the fields they have), and checks that
//   - the English and the Chinese text are not empty, and differ (the Chinese is translated);
//   - each names the fields it uses: no "%1" is left, and a field the English names the Chinese names too;
//   - the Chinese has no English words in it beyond names (BERT, GPT-2, file names) and the fields.
// It also checks what a person reads for a bug (kind Internal) and for the export of a figure to an unknown format.
#include <QRegularExpression>
#include <QSet>
#include <QWidget>
#include <QtTest>

#include "core/error.h"
#include "tests/app_fixture.h"
#include "ui/widgets/export.h"
#include "ui/text/error_texts.h"
#include "ui/text/language.h"

namespace {

using al::ErrorFields;
using al::ErrorKind;

// Field values a text cannot hold by chance: a reader finds each one in the text if the text names its field.
const QString kFile = QStringLiteral("⟦file⟧"), kName = QStringLiteral("⟦name⟧"), kFound = QStringLiteral("⟦found⟧"),
              kExpected = QStringLiteral("⟦expected⟧"), kLine = QStringLiteral("4242");

ErrorFields allFields() {
  return {.file = kFile.toStdString(), .line = 4242, .name = kName.toStdString(),
          .expected = kExpected.toStdString(), .found = kFound.toStdString()};
}

// Every field filled, then each one left out in turn.
std::vector<std::pair<QString, ErrorFields>> fieldSets() {
  std::vector<std::pair<QString, ErrorFields>> sets{{QStringLiteral("all fields"), allFields()}};
  ErrorFields f = allFields();
  f.file.clear();
  sets.emplace_back(QStringLiteral("no file"), f);
  f = allFields();
  f.line.reset();
  sets.emplace_back(QStringLiteral("no line"), f);
  f = allFields();
  f.name.clear();
  sets.emplace_back(QStringLiteral("no name"), f);
  f = allFields();
  f.found.clear();
  sets.emplace_back(QStringLiteral("no found"), f);
  f = allFields();
  f.expected.clear();
  sets.emplace_back(QStringLiteral("no expected"), f);
  return sets;
}

// Which of the field values the text shows.
QSet<QString> fieldsNamed(const QString& text) {
  QSet<QString> named;
  for (const QString& value : {kFile, kName, kFound, kExpected, kLine})
    if (text.contains(value)) named.insert(value);
  return named;
}

// The words of a Chinese text a reader would take for English: runs of 3 or more ASCII letters, once the fields,
// file names and the names that stay as they are in Chinese (of models, formats, tools, settings as the files
// write them) are taken out.
QStringList englishWords(QString text) {
  static const QSet<QString> names{"attentionlab", "bert", "gpt", "wordpiece", "bpe", "hugging", "face", "debian",
                                   "apt", "get", "install", "utf", "json", "csv", "tsv", "mask", "unk", "cls",
                                   "predictions", "safetensors", "snapshots", "memory_length", "layer", "head",
                                   "logit", "aclimdb", "train", "pos", "neg", "test", "tab", "nan", "inf"};
  for (const QString& value : {kFile, kName, kFound, kExpected, kLine}) text.remove(value);
  text.remove(QRegularExpression(QStringLiteral("\\S*\\.(txt|json|safetensors|gz|png|svg|pdf|bmp)\\b")));
  text.remove(QRegularExpression(QStringLiteral("“[ -~]*”")));  // a name or a value quoted as it is written
  QStringList found;
  QRegularExpressionMatchIterator words = QRegularExpression(QStringLiteral("[A-Za-z_]{3,}")).globalMatch(text);
  while (words.hasNext()) {
    const QString word = words.next().captured();
    if (!names.contains(word.toLower())) found << word;
  }
  return found;
}

QString kindName(int kind) { return QStringLiteral("kind %1").arg(kind); }

}  // namespace

class TestErrorTexts : public QObject {
  Q_OBJECT

  al::test::AppFixture app_;

 private slots:
  void initTestCase() { QVERIFY(app_.setUp("test_error_texts")); }
  void cleanup() { QVERIFY(al::ui::setLanguage("en", false)); }

  void everyKindReadsInBothLanguages() {
    const int count = static_cast<int>(ErrorKind::Count);
    QVERIFY(count > 60);  // the kinds of core/error.h, not a walk over nothing
    // Every text in English first, then in Chinese: one switch of the language each.
    struct Text {
      QString where, english, chinese;
    };
    std::vector<Text> texts;
    const auto wordAll = [&](bool chinese) {
      size_t i = 0;
      for (int k = 0; k < count; ++k) {
        const auto kind = static_cast<ErrorKind>(k);
        if (kind == ErrorKind::Other) continue;  // a message alone: never thrown by the core
        for (const auto& [set, fields] : fieldSets()) {
          if (!chinese) texts.push_back({kindName(k) + QStringLiteral(", ") + set + QStringLiteral(": "), {}, {}});
          (chinese ? texts[i].chinese : texts[i].english) = al::ui::errorText(kind, fields);
          ++i;
        }
      }
    };
    QVERIFY(al::ui::setLanguage("en", false));
    wordAll(false);
    QVERIFY(al::ui::setLanguage("zh_CN", false));
    wordAll(true);
    QCOMPARE(texts.size(), size_t(count - 1) * fieldSets().size());
    const QRegularExpression placeholder(QStringLiteral("%\\d"));
    for (const Text& t : texts) {
      QVERIFY2(!t.english.isEmpty(), qPrintable(t.where + QStringLiteral("no English text")));
      QVERIFY2(!t.chinese.isEmpty(), qPrintable(t.where + QStringLiteral("no Chinese text")));
      QVERIFY2(t.chinese != t.english, qPrintable(t.where + QStringLiteral("not translated: ") + t.english));
      QVERIFY2(!t.english.contains(placeholder), qPrintable(t.where + t.english));
      QVERIFY2(!t.chinese.contains(placeholder), qPrintable(t.where + t.chinese));
      QVERIFY2(fieldsNamed(t.english) == fieldsNamed(t.chinese),
               qPrintable(t.where + QStringLiteral("the two languages name other fields:\n") + t.english +
                          QStringLiteral("\n") + t.chinese));
      const QStringList words = englishWords(t.chinese);
      QVERIFY2(words.isEmpty(), qPrintable(t.where + words.join(QLatin1Char(' ')) + QStringLiteral(" in ") + t.chinese));
    }
  }

  // A file's name fills the text where the kind names a file: the walk above would pass for texts that name no
  // field at all, so a few kinds whose point is a field are checked for it.
  void theFieldsThatSayWhatIsWrongAreShown() {
    QVERIFY(al::ui::setLanguage("zh_CN", false));
    const ErrorFields f = allFields();
    for (ErrorKind kind : {ErrorKind::FileMissing, ErrorKind::TensorDtype, ErrorKind::TokenizerFileInvalid,
                           ErrorKind::VocabularyLacksToken, ErrorKind::BaseModelUnreadable})
      QVERIFY2(al::ui::errorText(kind, f).contains(kFile), qPrintable(al::ui::errorText(kind, f)));
    QVERIFY(al::ui::errorText(ErrorKind::OptionInvalid, f).contains(kName));
    QVERIFY(al::ui::errorText(ErrorKind::OptionInvalid, f).contains(kFound));
    QVERIFY(al::ui::errorText(ErrorKind::OptionInvalid, f).contains(kExpected));
    QVERIFY(al::ui::errorText(ErrorKind::ByteNotInVocabulary, f).contains(kFound));
    QVERIFY(al::ui::errorText(ErrorKind::SentenceTooLong, f).contains(kExpected));
  }

  // The example of the issue: GPT-2's tokenizer refusing a byte reads in Chinese, with the byte.
  void aByteTheVocabularyLacksReadsInChinese() {
    QVERIFY(al::ui::setLanguage("zh_CN", false));
    const al::InputError error(ErrorKind::ByteNotInVocabulary, {.file = "vocab.json", .found = "0xE5"},
                               "the text holds byte 0xE5 (byte 3), which the vocabulary (vocab.json) has no piece for");
    const QString shown = al::ui::errorMessage(error);
    QVERIFY2(shown.contains(QStringLiteral("0xE5")) && shown.contains(QStringLiteral("字节")), qPrintable(shown));
    QVERIFY2(englishWords(shown).isEmpty(), qPrintable(shown));
    QVERIFY(al::ui::setLanguage("en", false));
    QCOMPARE(al::ui::errorMessage(error), QString::fromUtf8(error.what()));  // English: the command line's words
  }

  // A bug: the sentence in the reader's language first, the English detail after it for the report.
  void aBugSaysSoAndKeepsItsDetail() {
    QVERIFY(al::ui::setLanguage("zh_CN", false));
    const al::RunError bug(ErrorKind::Internal, {}, "unreachable: unknown tokenizer");
    const QStringList lines = al::ui::errorMessage(bug).split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), 2);
    QVERIFY2(englishWords(lines[0]).isEmpty(), qPrintable(lines[0]));
    QCOMPARE(lines[1], QStringLiteral("unreachable: unknown tokenizer"));
  }

  // A figure saved under a name the app cannot write: the refusal, in Chinese, names the file and the formats.
  void anUnknownPictureFormatReadsInChinese() {
    QVERIFY(al::ui::setLanguage("zh_CN", false));
    QWidget widget;
    widget.resize(50, 50);
    try {
      al::ui::exportWidget(&widget, QStringLiteral("figure.bmp"));
      QFAIL("a .bmp was written");
    } catch (const al::Error& e) {
      QCOMPARE(e.kind(), ErrorKind::UnknownFileFormat);
      const QString shown = al::ui::errorMessage(e);
      QVERIFY2(shown.contains(QStringLiteral("figure.bmp")) && shown.contains(QStringLiteral(".png")), qPrintable(shown));
      QVERIFY2(englishWords(shown).isEmpty(), qPrintable(shown));
    }
  }
};

QTEST_MAIN(TestErrorTexts)
#include "test_error_texts.moc"
