#pragma once
// Reading the project's own source text in a suite (tests/core/test_error_sites.cpp, test_kind_names.cpp): C++ read
// as text, not parsed.
#include <QString>

namespace al::test {

// The text with comments and the contents of string and character literals blanked out (line breaks kept), so
// that a "throw" in a comment or a message is not read as one and a ';' in a message ends nothing.
inline QString codeOnly(const QString& source) {
  QString code = source;
  enum { Code, LineComment, BlockComment, String, Char } state = Code;
  for (qsizetype i = 0; i < code.size(); ++i) {
    const QChar c = code[i], next = i + 1 < code.size() ? code[i + 1] : QChar();
    switch (state) {
      case Code:
        if (c == u'/' && next == u'/') state = LineComment, code[i] = u' ';
        else if (c == u'/' && next == u'*') state = BlockComment, code[i] = u' ';
        else if (c == u'"') state = String;
        else if (c == u'\'' && !(i > 0 && code[i - 1].isLetterOrNumber())) state = Char;  // not a digit separator
        break;
      case LineComment:
        if (c == u'\n') state = Code;
        else code[i] = u' ';
        break;
      case BlockComment:
        if (c == u'*' && next == u'/') state = Code, code[i] = code[i + 1] = u' ', ++i;
        else if (c != u'\n') code[i] = u' ';
        break;
      case String:
      case Char:
        if (c == u'\\') code[i] = code[i + 1] = u' ', ++i;
        else if (c == (state == String ? u'"' : u'\'')) state = Code;
        else if (c != u'\n') code[i] = u' ';
        break;
    }
  }
  return code;
}

}  // namespace al::test
