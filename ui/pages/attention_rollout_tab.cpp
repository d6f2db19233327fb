#include "core/teaching/attention_rollout.h"

#include "ui/pages/attention_rollout_tab.h"

#include <QLabel>
#include <QTextDocument>
#include <QVBoxLayout>

#include <QEvent>
#include <QHash>

#include <algorithm>
#include <cmath>
#include <utility>

#include "ui/widgets/heatmap_view.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

// A long review's saliency line is hundreds of spans of rich text, and QLabel lays all of it out again for every
// size the window's layouts ask of it (a tab widget asks its hidden tabs too): tens of ms a time, several times
// after each reading. So a hidden label keeps its text aside until it is shown, and the sizes are kept (heights
// per width) until the text or the font changes.
class AttentionRolloutTab::SentenceLabel : public QLabel {
 public:
  void setTextWhenShown(const QString& text) {
    if (isVisible()) {
      pending_ = QString();
      setText(text);
    } else {
      pending_ = text.isEmpty() ? QString() : text;
      setText(QString());
    }
  }
  QString wholeText() const { return pending_.isNull() ? text() : pending_; }

  int heightForWidth(int width) const override {
    forgetSizesOfOldText();
    auto known = heights_.constFind(width);
    if (known != heights_.constEnd()) return *known;
    return heights_[width] = QLabel::heightForWidth(width);
  }
  QSize sizeHint() const override {
    forgetSizesOfOldText();
    if (!sizeHint_.isValid()) sizeHint_ = QLabel::sizeHint();
    return sizeHint_;
  }
  QSize minimumSizeHint() const override {
    forgetSizesOfOldText();
    if (!minimumSizeHint_.isValid()) minimumSizeHint_ = QLabel::minimumSizeHint();
    return minimumSizeHint_;
  }

 protected:
  void showEvent(QShowEvent* event) override {
    if (!pending_.isNull()) setText(std::exchange(pending_, QString()));
    QLabel::showEvent(event);
  }
  void changeEvent(QEvent* event) override {
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange) forgetSizes();  // zoom
    QLabel::changeEvent(event);
  }

 private:
  void forgetSizesOfOldText() const {
    if (text() == sizesText_) return;
    forgetSizes();
    sizesText_ = text();
  }
  void forgetSizes() const {
    heights_.clear();
    sizeHint_ = minimumSizeHint_ = QSize();
  }

  QString pending_;  // null: none
  mutable QString sizesText_;
  mutable QHash<int, int> heights_;  // width: height, for sizesText_
  mutable QSize sizeHint_, minimumSizeHint_;
};

AttentionRolloutTab::AttentionRolloutTab(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  intro_ = new QLabel;
  intro_->setWordWrap(true);
  layout->addWidget(intro_);
  sentence_ = new SentenceLabel;
  sentence_->setObjectName("saliency");
  sentence_->setWordWrap(true);
  sentence_->setTextFormat(Qt::RichText);
  layout->addWidget(sentence_);
  map_ = new HeatmapView;
  map_->setMinimumSize(300, 190);
  layout->addWidget(map_, 1);
  setTranslatedTexts(this, [this] { setTexts(); });
}

void AttentionRolloutTab::setReading(SharedReading shared) {
  reading_ = shared ? std::move(shared) : noReading();
  const AttentionReading& reading = *reading_;
  // The reader computes the rollout on its worker thread; a reading that comes without it gets it here.
  const bool computed = reading.rollout.size() == reading.prediction.attention.size();
  ownRollout_ = computed ? std::vector<Matrix>() : teaching::attentionRollout(reading.prediction.attention);
  const std::vector<Matrix>& layers = rollout();
  QStringList labels;
  for (const std::string& t : reading.prediction.tokens) labels << QString::fromStdString(t);
  map_->setMatrix(layers.empty() ? Matrix() : layers.back(), labels, labels);
  setTexts();
}

QString AttentionRolloutTab::sentenceText() const {
  QTextDocument doc;
  doc.setHtml(sentence_->wholeText());
  return doc.toPlainText();
}

void AttentionRolloutTab::setTexts() {
  intro_->setText(tr("<b>Attention rollout</b> follows the mixing through every layer: each layer's heads averaged, "
                     "the residual connection counted as half of the attention a token pays to itself, the layers "
                     "multiplied. Row <i>i</i>: how much of each word reaches word <i>i</i> after the last layer. "
                     "One map of one head says where that head looked, not what the output is made of."));
  const size_t layers = rollout().size();
  map_->setTitle(layers ? tr("Rollout through %n layer(s)", nullptr, int(layers)) : QString());
  map_->setAxisTitles(tr("token (after the last layer)"), tr("input token (reaches it)"));
  const std::vector<double>& s = reading_->saliency;
  if (rollout().empty() || s.size() != reading_->prediction.tokens.size()) {
    sentence_->setTextWhenShown(layers ? tr("Saliency (gradient × input) is computed for the app's IMDB classifier only.") : QString());
    return;
  }
  // Red: the token pushed towards the label the model gave; blue: away from it; the stronger, the deeper.
  const RowVector received = teaching::attentionReceived(rollout().back());  // 1 x T
  double largest = 1e-12;
  for (double v : s) largest = std::max(largest, std::abs(v));
  QString html = tr("<b>Saliency</b> towards “%1” (red: pushed towards it, blue: away; the number: the attention "
                    "the word receives in the rollout, in %):")
                     .arg(reading_->prediction.probability >= 0.5f ? tr("positive") : tr("negative")) + "<br>";
  for (size_t j = 0; j < s.size(); ++j) {
    const int depth = int(std::round(200.0 * std::abs(s[j]) / largest));
    const QColor colour = s[j] >= 0 ? QColor(255, 255 - depth, 255 - depth) : QColor(255 - depth, 255 - depth, 255);
    html += QStringLiteral("<span style=\"background-color:%1\">&nbsp;%2&nbsp;</span><sub>%3</sub> ")
                .arg(colour.name(), QString::fromStdString(reading_->prediction.tokens[j]).toHtmlEscaped())
                .arg(100.0 * received(Index(j)), 0, 'f', 0);
  }
  sentence_->setTextWhenShown(html);
}

}  // namespace al::ui
