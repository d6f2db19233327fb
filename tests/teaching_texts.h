#pragma once
// The app's teaching texts as the checks of claims and terms read them: paragraphs of the lessons
// (resources/lessons/*.lesson), of the manual (resources/manual/*.html) and the messages of the translation file
// (resources/translations/attentionlab_zh_CN.ts), each with where it stands, its language and, where known, the
// English it translates. The files are read from the source tree, as written, before the lesson reader fills in
// the register's citations.
#include <QDir>
#include <QFile>
#include <QMap>
#include <QRegularExpression>
#include <QString>
#include <QStringList>
#include <QXmlStreamReader>
#include <vector>

namespace al::test {

struct TextParagraph {
  QString where;     // "resources/lessons/06-encoder-imdb.lesson:30" or "attentionlab_zh_CN.ts, StepTexts: …"
  QString language;  // en or zh_CN
  QString text;
  QString english;   // a Chinese text's English: the lesson section's or the manual item's, the message's source
};

inline QString sourceFile(const QString& relative) {
  return QStringLiteral(ATTENTIONLAB_SOURCE_DIR) + QLatin1Char('/') + relative;
}

inline QString readSource(const QString& relative) {
  QFile file(sourceFile(relative));
  if (!file.open(QIODevice::ReadOnly)) return {};
  return QString::fromUtf8(file.readAll());
}

// The lessons' sections, cut into paragraphs at blank lines and list items; `sectionsOnly` gives one paragraph per
// section instead (the Chinese section paired with its English one).
inline std::vector<TextParagraph> lessonParagraphs(bool sectionsOnly = false) {
  std::vector<TextParagraph> paragraphs;
  const QStringList names = QDir(sourceFile(QStringLiteral("resources/lessons")))
                                .entryList({QStringLiteral("*.lesson")}, QDir::Files, QDir::Name);
  for (const QString& name : names) {
    const QString relative = QStringLiteral("resources/lessons/") + name;
    const QStringList lines = readSource(relative).split(QLatin1Char('\n'));
    QString section, language;
    QMap<QString, QString> englishSections;  // "title" → text, of the lesson being read
    std::vector<TextParagraph> chineseSections;
    auto start = [&](int line) {
      paragraphs.push_back({QStringLiteral("%1:%2").arg(relative).arg(line + 1), language, {}, {}});
    };
    for (int i = 0; i < lines.size(); ++i) {
      const QString& line = lines[i];
      if (line.startsWith(QLatin1String("==="))) {
        for (TextParagraph& zh : chineseSections) zh.english = englishSections.value(zh.english);
        paragraphs.insert(paragraphs.end(), chineseSections.begin(), chineseSections.end());
        chineseSections.clear();
        englishSections.clear();
        section.clear();
        continue;
      }
      if (line.startsWith(QLatin1String("---"))) {
        const QStringList words = line.mid(3).split(QLatin1Char(' '), Qt::SkipEmptyParts);
        section = words.value(0);
        language = words.value(1);
        if (sectionsOnly && language == QLatin1String("zh_CN"))
          chineseSections.push_back({QStringLiteral("%1:%2").arg(relative).arg(i + 1), language, {}, section});
        if (!sectionsOnly) start(i);
        continue;
      }
      if (section.isEmpty()) continue;  // settings and comments
      if (sectionsOnly) {
        if (language == QLatin1String("en")) englishSections[section] += line + QLatin1Char('\n');
        else chineseSections.back().text += line + QLatin1Char('\n');
        continue;
      }
      if (line.trimmed().isEmpty() || line.startsWith(QLatin1String("- "))) start(i);
      paragraphs.back().text += line + QLatin1Char('\n');
    }
    for (TextParagraph& zh : chineseSections) zh.english = englishSections.value(zh.english);
    paragraphs.insert(paragraphs.end(), chineseSections.begin(), chineseSections.end());
  }
  return paragraphs;
}

// The manual, one paragraph per list item, paragraph or table row, tags taken out; the Chinese items paired with
// the English ones by their order.
inline std::vector<TextParagraph> manualParagraphs() {
  static const QRegularExpression block(QStringLiteral("^\\s*<(li|p|tr|h[1-6])>"));
  static const QRegularExpression tag(QStringLiteral("<[^>]*>"));
  std::vector<TextParagraph> paragraphs;
  for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
    const QString relative = QStringLiteral("resources/manual/manual_%1.html").arg(language);
    const QStringList lines = readSource(relative).split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i) {
      if (i == 0 || block.match(lines[i]).hasMatch())
        paragraphs.push_back({QStringLiteral("%1:%2").arg(relative).arg(i + 1), language, {}, {}});
      paragraphs.back().text += QString(lines[i]).remove(tag) + QLatin1Char('\n');
    }
  }
  // The two manuals list the same items in the same order.
  std::vector<const TextParagraph*> english;
  for (const TextParagraph& p : paragraphs)
    if (p.language == QLatin1String("en")) english.push_back(&p);
  size_t item = 0;
  for (TextParagraph& p : paragraphs)
    if (p.language == QLatin1String("zh_CN")) p.english = item < english.size() ? english[item++]->text : QString();
  return paragraphs;
}

// The translation file's messages: for each, its English source (language en) and its Chinese translation (or
// each plural form), both with the English as `english`. Vanished and obsolete messages are left out. `contexts`
// empty: every context.
inline std::vector<TextParagraph> translationMessages(const QStringList& contexts = {}) {
  std::vector<TextParagraph> paragraphs;
  QXmlStreamReader xml(readSource(QStringLiteral("resources/translations/attentionlab_zh_CN.ts")));
  QString context, source;
  bool vanished = false;
  while (!xml.atEnd()) {
    xml.readNext();
    if (!xml.isStartElement()) continue;
    const auto name = xml.name();
    if (name == QLatin1String("name")) context = xml.readElementText();
    if (!contexts.isEmpty() && !contexts.contains(context)) continue;
    const QString where = QStringLiteral("attentionlab_zh_CN.ts, %1: “%2”").arg(context, source.left(60));
    if (name == QLatin1String("source")) {
      source = xml.readElementText();
      paragraphs.push_back({QStringLiteral("attentionlab_zh_CN.ts, %1: “%2”").arg(context, source.left(60)),
                            QStringLiteral("en"), source, source});
    } else if (name == QLatin1String("translation")) {
      const QString type = xml.attributes().value(QLatin1String("type")).toString();
      vanished = type == QLatin1String("vanished") || type == QLatin1String("obsolete");
      if (vanished) paragraphs.pop_back();  // its source too: the message is gone from the code
      else if (xml.attributes().isEmpty() || type == QLatin1String("unfinished")) {
        const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
        if (!text.isEmpty()) paragraphs.push_back({where, QStringLiteral("zh_CN"), text, source});
      }
    } else if (name == QLatin1String("numerusform") && !vanished) {
      paragraphs.push_back({where, QStringLiteral("zh_CN"), xml.readElementText(), source});
    }
  }
  return paragraphs;
}

}  // namespace al::test
