#include "core/teaching/attention_rollout.h"

#include "ui/pages/attention_rollout_tab.h"

#include <QLabel>
#include <QTextDocument>
#include <QVBoxLayout>

#include <QEvent>
#include <QHash>

#include <algorithm>
#include <cmath>

#include "ui/widgets/heatmap_view.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

namespace {

// A long review's saliency line is hundreds of spans of rich text, and QLabel lays all of it out again for every
// height the window's layouts ask of it (a tab widget asks its hidden tabs too): tens of ms a time, several times
// after each reading. The heights are kept per width until the text changes.
class SentenceLabel : public QLabel {
 public:
  int heightForWidth(int width) const override {
    if (text() != heightsText_) {
      heights_.clear();
      heightsText_ = text();
    }
    auto known = heights_.constFind(width);
    if (known != heights_.constEnd()) return *known;
    return heights_[width] = QLabel::heightForWidth(width);
  }

 protected:
  void changeEvent(QEvent* event) override {
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange) heights_.clear();  // zoom
    QLabel::changeEvent(event);
  }

 private:
  mutable QString heightsText_;
  mutable QHash<int, int> heights_;  // width: height, for heightsText_
};

}  // namespace

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

void AttentionRolloutTab::setReading(const AttentionReading& reading) {
  reading_ = reading;
  // The reader computes the rollout on its worker thread; a reading that comes without it gets it here.
  const bool computed = reading.rollout.size() == reading.prediction.attention.size();
  rollout_ = computed ? reading.rollout : teaching::attentionRollout(reading.prediction.attention);
  QStringList labels;
  for (const std::string& t : reading.prediction.tokens) labels << QString::fromStdString(t);
  map_->setMatrix(rollout_.empty() ? Matrix() : rollout_.back(), labels, labels);
  setTexts();
}

QString AttentionRolloutTab::sentenceText() const {
  QTextDocument doc;
  doc.setHtml(sentence_->text());
  return doc.toPlainText();
}

void AttentionRolloutTab::setTexts() {
  intro_->setText(tr("<b>Attention rollout</b> follows the mixing through every layer: each layer's heads averaged, "
                     "the residual connection counted as half of the attention a token pays to itself, the layers "
                     "multiplied. Row <i>i</i>: how much of each word reaches word <i>i</i> after the last layer. "
                     "One map of one head says where that head looked, not what the output is made of."));
  const size_t layers = rollout_.size();
  map_->setTitle(layers ? tr("Rollout through %n layer(s)", nullptr, int(layers)) : QString());
  map_->setAxisTitles(tr("token (after the last layer)"), tr("input token (reaches it)"));
  const std::vector<double>& s = reading_.saliency;
  if (rollout_.empty() || s.size() != reading_.prediction.tokens.size()) {
    sentence_->setText(layers ? tr("Saliency (gradient × input) is computed for the app's IMDB classifier only.") : QString());
    return;
  }
  // Red: the token pushed towards the label the model gave; blue: away from it; the stronger, the deeper.
  const RowVector received = teaching::attentionReceived(rollout_.back());  // 1 x T
  double largest = 1e-12;
  for (double v : s) largest = std::max(largest, std::abs(v));
  QString html = tr("<b>Saliency</b> towards “%1” (red: pushed towards it, blue: away; the number: the attention "
                    "the word receives in the rollout, in %):")
                     .arg(reading_.prediction.probability >= 0.5f ? tr("positive") : tr("negative")) + "<br>";
  for (size_t j = 0; j < s.size(); ++j) {
    const int depth = int(std::round(200.0 * std::abs(s[j]) / largest));
    const QColor colour = s[j] >= 0 ? QColor(255, 255 - depth, 255 - depth) : QColor(255 - depth, 255 - depth, 255);
    html += QStringLiteral("<span style=\"background-color:%1\">&nbsp;%2&nbsp;</span><sub>%3</sub> ")
                .arg(colour.name(), QString::fromStdString(reading_.prediction.tokens[j]).toHtmlEscaped())
                .arg(100.0 * received(Index(j)), 0, 'f', 0);
  }
  sentence_->setText(html);
}

}  // namespace al::ui
