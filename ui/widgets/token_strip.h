#pragma once
// The tokens as a model reads them, one link per token: a click on a token emits tokenClicked(index). An unknown
// token (the model reads it as [UNK]) is grey, italic and marked "?"; a highlighted token (the selected one, a
// blank) gets a coloured background. A line of notes follows (how many tokens, what was cut off).
#include <vector>

#include <QColor>
#include <QString>
#include <QTextBrowser>

namespace al::ui {

class TokenStrip : public QTextBrowser {
  Q_OBJECT
 public:
  struct Token {
    QString text;
    bool unknown = false;
    bool highlighted = false;
  };

  explicit TokenStrip(const QString& toolTip, QWidget* parent = nullptr);
  void setTokens(const std::vector<Token>& tokens, const QString& notes);

 signals:
  void tokenClicked(int index);

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  void fitHeight();
  void render();  // the tokens in the theme's colours
  std::vector<Token> tokens_;
  QString notes_;
};

}  // namespace al::ui
