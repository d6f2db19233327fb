#pragma once
// Lesson files: a lesson is a short text in every language of the app, the instrument (page) it opens with that
// instrument's settings, a "try this", and a question with its answer. The built-in lessons are
// resources/lessons/*.lesson (embedded as :/lessons/); a teacher opens a file of their own from the menu.
//
// The format, plain UTF-8 text (the README documents it for teachers):
//
//   # a comment (outside text sections)
//   === lesson why-attention          a lesson starts: its id (letters, digits, '-')
//   page: step                        the instrument: train, attention, step, normalization, chatbot,
//                                     compare, fill or memory
//   sentence: The cat sat on the mat  the instrument's settings, "key: value" (ui/lessons/lesson_instruments.h)
//   --- title en                      a text section: title, text, try, question or answer, then a language
//   Why attention?                    (en or zh_CN); every line up to the next "---" or "===" line, as Markdown
//
// Every lesson needs a page and all five sections in both languages. A mistake gives a LessonFileError naming the
// file, the line and what was expected; nothing is half-read.
//
// A number the app measured is not typed into a lesson: the text cites it from the register of measured claims
// (docs/measurements.json, embedded as :/docs/measurements.json) as {{m:KEY}}, or {{m:KEY[i]}} for the i-th value
// of a list (from 0). The reader writes the value in, with the register's decimals, so that a new measurement
// changes every language at once; a key the register lacks is a mistake like any other.
#include <QMap>
#include <QString>
#include <QStringList>
#include <stdexcept>
#include <vector>

namespace al::ui {

// The texts of one lesson in one language.
struct LessonTexts {
  QString title, text, tryThis, question, answer;  // text, tryThis, question and answer are Markdown
};

struct Lesson {
  QString id;
  QString page;                        // the instrument
  QList<QPair<QString, QString>> settings;  // in the file's order: the order they are applied in
  QMap<QString, LessonTexts> texts;    // by language code (en, zh_CN)
  QString file;                        // where it was read from, and the line of its "=== lesson"
  int line = 0;

  QString setting(const QString& key) const;  // empty when not set
  // The texts in `language`, or in English when the file lacks that language.
  const LessonTexts& textsIn(const QString& language) const;
};

class LessonFileError : public std::runtime_error {
 public:
  LessonFileError(const QString& file, int line, const QString& message);
  QString file() const { return file_; }
  int line() const { return line_; }
  QString message() const { return message_; }  // what was expected
  QString fullText() const;                       // "file, line 12: expected …"

 private:
  QString file_;
  int line_;
  QString message_;
};

// The languages every lesson must have, and the sections of each.
QStringList lessonLanguages();
QStringList lessonSections();

// `text` with every citation {{m:KEY}} / {{m:KEY[i]}} replaced by the register's value ("88.8", "25,000"). A key
// (or index) the register lacks is returned in `unknown` (the first one) and left in the text as it was.
QString withMeasurements(const QString& text, QString* unknown = nullptr);

// Reads lessons from text; `file` names it in errors. Throws LessonFileError.
std::vector<Lesson> parseLessons(const QByteArray& bytes, const QString& file);
// Reads a file (a path or a ":/" resource). Throws LessonFileError (also when it cannot be read).
std::vector<Lesson> readLessonFile(const QString& path);
// The built-in course: every :/lessons/*.lesson, in file-name order.
std::vector<Lesson> builtinLessons();
// The built-in lessons' sentences for a model's kind of task (seq2seq questions, or classifier sentences and texts),
// each once: the Examples menu's offer for a model none of the built-in corpora suits (ui/widgets/model_bar.h).
QStringList lessonExampleSentences(bool seq2seq);

}  // namespace al::ui
