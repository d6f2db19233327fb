#include "ui/lessons/lesson_file.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QRegularExpression>
#include <QStringDecoder>

#include "ui/lessons/lesson_instruments.h"

namespace al::ui {

namespace {

// lupdate files the texts of this free function under the namespace's name, "al::ui": the translation is looked up
// there (under any other context a Chinese user would read these messages in English).
QString tr(const char* text) { return QCoreApplication::translate("al::ui", text); }

// The register's entries ("measurements" of docs/measurements.json), read once.
const QJsonObject& measurements() {
  static const QJsonObject entries = [] {
    QFile file(QStringLiteral(":/docs/measurements.json"));
    if (!file.open(QIODevice::ReadOnly)) return QJsonObject();
    return QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("measurements")).toObject();
  }();
  return entries;
}

// The value cited as KEY or KEY[index] (index -1: none), written with the entry's decimals; empty when the register
// has no such value. English digit grouping ("25,000") in every language: the Chinese lessons write numbers so too.
QString measuredValue(const QString& key, int index) {
  const QJsonObject entry = measurements().value(key).toObject();
  const QJsonValue value = entry.value(QStringLiteral("value"));
  QJsonValue chosen;
  if (index < 0 && value.isDouble()) chosen = value;
  if (index >= 0 && value.isArray() && index < value.toArray().size()) chosen = value.toArray().at(index);
  if (!chosen.isDouble()) return {};
  return QLocale(QLocale::English).toString(chosen.toDouble(), 'f', entry.value(QStringLiteral("decimals")).toInt());
}

LessonTexts& textsOf(Lesson& lesson, const QString& language) { return lesson.texts[language]; }

QString* sectionText(LessonTexts& texts, const QString& section) {
  if (section == QLatin1String("title")) return &texts.title;
  if (section == QLatin1String("text")) return &texts.text;
  if (section == QLatin1String("try")) return &texts.tryThis;
  if (section == QLatin1String("question")) return &texts.question;
  if (section == QLatin1String("answer")) return &texts.answer;
  return nullptr;
}

// Reads one file line by line; each line knows its number, so every message can name it.
class Reader {
 public:
  explicit Reader(QString file) : file_(std::move(file)) {}

  std::vector<Lesson> read(const QByteArray& bytes) {
    const QList<QByteArray> lines = bytes.split('\n');
    for (int i = 0; i < lines.size(); ++i) {
      line_ = i + 1;
      readLine(decode(lines[i]));
    }
    finishSection();
    finishLesson();
    if (lessons_.empty()) fail(1, tr("expected at least one lesson (a line “=== lesson <id>”)"));
    return std::move(lessons_);
  }

 private:
  [[noreturn]] void fail(int line, const QString& message) const { throw LessonFileError(file_, line, message); }
  [[noreturn]] void fail(const QString& message) const { fail(line_, message); }

  QString decode(QByteArray bytes) const {
    if (bytes.endsWith('\r')) bytes.chop(1);
    QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    QString text = utf8.decode(bytes);
    if (utf8.hasError()) fail(tr("expected UTF-8 text"));
    if (line_ == 1 && text.startsWith(QChar(0xFEFF))) text.remove(0, 1);  // a byte-order mark
    return text;
  }

  void readLine(const QString& text) {
    if (text.startsWith(QLatin1String("==="))) return startLesson(text.mid(3).trimmed());
    if (text.startsWith(QLatin1String("---"))) return startSection(text.mid(3).trimmed());
    if (section_) {
      section_->append(text + QLatin1Char('\n'));
      return;
    }
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty() || trimmed.startsWith(QLatin1Char('#'))) return;
    if (!lesson_) fail(tr("expected “=== lesson <id>” before anything else"));
    readSetting(trimmed);
  }

  void startLesson(const QString& header) {
    finishSection();
    finishLesson();
    static const QRegularExpression form(QStringLiteral("^lesson\\s+([A-Za-z0-9-]+)$"));
    const QRegularExpressionMatch match = form.match(header);
    if (!match.hasMatch())
      fail(tr("expected “=== lesson <id>”, the id made of letters, digits and “-”"));
    const QString id = match.captured(1);
    for (const Lesson& other : lessons_)
      if (other.id == id) fail(tr("expected a new lesson id: “%1” is already the id of the lesson at line %2")
                                   .arg(id).arg(other.line));
    lesson_.emplace();
    lesson_->id = id;
    lesson_->file = file_;
    lesson_->line = line_;
  }

  void startSection(const QString& header) {
    finishSection();
    if (!lesson_) fail(tr("expected “=== lesson <id>” before the first section"));
    const QStringList words = header.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (words.size() != 2 || !lessonSections().contains(words[0]) || !lessonLanguages().contains(words[1]))
      fail(tr("expected “--- <section> <language>”, the section one of %1 and the language one of %2")
               .arg(lessonSections().join(QLatin1String(", ")), lessonLanguages().join(QLatin1String(", "))));
    QString* target = sectionText(textsOf(*lesson_, words[1]), words[0]);
    if (!target->isEmpty()) fail(tr("expected each section once: “%1” appears a second time").arg(header));
    section_ = target;
    sectionName_ = header;
    sectionLine_ = line_;
  }

  void readSetting(const QString& text) {
    const int colon = text.indexOf(QLatin1Char(':'));
    if (colon <= 0) fail(tr("expected “key: value” (a setting), “--- <section> <language>” or “=== lesson <id>”"));
    const QString key = text.left(colon).trimmed(), value = text.mid(colon + 1).trimmed();
    if (key == QLatin1String("page")) {
      if (!instrumentNames().contains(value))
        fail(tr("expected a page, one of %1; found “%2”").arg(instrumentNames().join(QLatin1String(", ")), value));
      if (!lesson_->page.isEmpty()) fail(tr("expected one page per lesson"));
      lesson_->page = value;
      return;
    }
    if (lesson_->page.isEmpty()) fail(tr("expected “page: …” before the page's settings"));
    const QString problem = checkSetting(lesson_->page, key, value, lesson_->settings);
    if (!problem.isEmpty()) fail(problem);
    lesson_->settings.append({key, value});
  }

  void finishSection() {
    if (!section_) return;
    QString unknown;
    *section_ = withMeasurements(section_->trimmed(), &unknown);
    if (!unknown.isEmpty())
      fail(sectionLine_, tr("expected a measurement of the register (docs/measurements.json) under “--- %1”; “%2” is "
                            "none").arg(sectionName_, unknown));
    if (section_->isEmpty()) fail(sectionLine_, tr("expected text under “--- %1”").arg(sectionName_));
    section_ = nullptr;
  }

  void finishLesson() {
    if (!lesson_) return;
    if (lesson_->page.isEmpty()) fail(lesson_->line, tr("expected a line “page: …” in lesson “%1”").arg(lesson_->id));
    for (const QString& language : lessonLanguages())
      for (const QString& section : lessonSections())
        if (sectionText(textsOf(*lesson_, language), section)->isEmpty())
          fail(lesson_->line, tr("expected a section “--- %1 %2” in lesson “%3”").arg(section, language, lesson_->id));
    lessons_.push_back(std::move(*lesson_));
    lesson_.reset();
  }

  QString file_;
  int line_ = 0;
  std::vector<Lesson> lessons_;
  std::optional<Lesson> lesson_;
  QString* section_ = nullptr;  // the text being read, inside lesson_
  QString sectionName_;
  int sectionLine_ = 0;
};

}  // namespace

QString Lesson::setting(const QString& key) const {
  for (const auto& [k, v] : settings)
    if (k == key) return v;
  return {};
}

const LessonTexts& Lesson::textsIn(const QString& language) const {
  const auto found = texts.find(language);
  return found != texts.end() ? *found : *texts.find(QStringLiteral("en"));
}

LessonFileError::LessonFileError(const QString& file, int line, const QString& message)
    : std::runtime_error(QStringLiteral("%1:%2: %3").arg(file).arg(line).arg(message).toStdString()),
      file_(file), line_(line), message_(message) {}

QString LessonFileError::fullText() const {
  return line_ > 0 ? tr("%1, line %2: %3").arg(file_).arg(line_).arg(message_) : tr("%1: %2").arg(file_, message_);
}

QStringList lessonLanguages() { return {QStringLiteral("en"), QStringLiteral("zh_CN")}; }
QStringList lessonSections() {
  return {QStringLiteral("title"), QStringLiteral("text"), QStringLiteral("try"), QStringLiteral("question"),
          QStringLiteral("answer")};
}

QString withMeasurements(const QString& text, QString* unknown) {
  static const QRegularExpression citation(QStringLiteral("\\{\\{m:([A-Za-z0-9_.-]+)(?:\\[(\\d+)\\])?\\}\\}"));
  QString result;
  qsizetype done = 0;
  for (const QRegularExpressionMatch& match : citation.globalMatch(text)) {
    const QString index = match.captured(2);
    const QString value = measuredValue(match.captured(1), index.isEmpty() ? -1 : index.toInt());
    if (value.isEmpty() && unknown && unknown->isEmpty()) *unknown = match.captured(0);
    result += text.mid(done, match.capturedStart() - done) + (value.isEmpty() ? match.captured(0) : value);
    done = match.capturedEnd();
  }
  return result + text.mid(done);
}

std::vector<Lesson> parseLessons(const QByteArray& bytes, const QString& file) { return Reader(file).read(bytes); }

std::vector<Lesson> readLessonFile(const QString& path) {
  const QString name = path.startsWith(QLatin1Char(':')) ? path : QDir::toNativeSeparators(path);
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) throw LessonFileError(name, 0, tr("cannot be read: %1").arg(file.errorString()));
  if (file.size() > 4 * 1024 * 1024) throw LessonFileError(name, 0, tr("expected a lesson file of at most 4 MB"));
  return parseLessons(file.readAll(), name);
}

std::vector<Lesson> builtinLessons() {
  std::vector<Lesson> lessons;
  const QDir folder(QStringLiteral(":/lessons"));
  for (const QString& name : folder.entryList({QStringLiteral("*.lesson")}, QDir::Files, QDir::Name))
    for (Lesson& lesson : readLessonFile(folder.filePath(name))) lessons.push_back(std::move(lesson));
  return lessons;
}

QStringList lessonExampleSentences(bool seq2seq) {
  QStringList sentences;
  try {
    for (const Lesson& lesson : builtinLessons())
      for (const QString& key : seq2seq ? QStringList{"question"} : QStringList{"sentence", "text"}) {
        const QString sentence = lesson.setting(key);
        if (!sentence.isEmpty() && !sentences.contains(sentence)) sentences << sentence;
      }
  } catch (const LessonFileError&) {
    // the built-in lessons are checked by their own tests; without them there is simply nothing to offer
  }
  return sentences;
}

}  // namespace al::ui
