// The Generate page's figure: the next token's bars, the newest token's attention and the text so far, drawn from
// what the last forward pass left (ui/pages/generate_page.h).
//
// Core headers first (through the page's header): Qt's `emit` macro must not reach them.
#include "ui/pages/generate_page.h"

#include "core/pretrained/sampling.h"
#include "core/text/token_label.h"

#include <QLabel>
#include <QLineEdit>
#include <QTextBrowser>
#include <algorithm>
#include <numeric>

#include "ui/text/error_texts.h"
#include "ui/widgets/generate_controls.h"
#include "ui/widgets/logit_lens_view.h"
#include "ui/widgets/weight_bars.h"

namespace al::ui {

namespace {
constexpr int kCandidates = 10;  // bars of the next token
// The generated tokens alternate between two colours, so that each token's piece of the text shows.
constexpr const char* kTokenColours[] = {"#1f5fbf", "#c0501f"};
}  // namespace

QString GeneratePage::tokenText(int64_t id) const {
  const auto model = currentModel();
  if (!model) return {};
  // One token's own text; a piece holding part of a character shows as its vocabulary piece instead.
  const int64_t one[] = {id};
  QString text = QString::fromStdString(model->decode(one));
  if (text.contains(QChar(0xFFFD))) text = QString::fromStdString(model->piece(id));
  if (text.isEmpty() || text == QLatin1String("\n")) return QString::fromStdString(model->piece(id));  // [EOS]
  // A candidate keeps its spaces (" the" and "the" are two tokens); one of white space only (a character model's " ")
  // would be an empty label: it shows as signs, ␣ for a space.
  return text.trimmed().isEmpty() ? QString::fromStdString(tokenLabel(text.toStdString())) : text;
}

void GeneratePage::updateCandidates() {
  const auto model = currentModel();
  if (!model || !read_ || logits_.size() == 0) {
    chosen_ = -1;
    return;
  }
  std::vector<float> p;
  try {
    pretrained::Sampler sampler(controls_->sampling(static_cast<long>(ids_.size())));
    p = sampler.distribution(logits_);
    chosen_ = sampler.choose(p);
  } catch (const std::exception& e) {
    chosen_ = -1;
    return showNote(errorMessage(e));
  }
  // The best kCandidates, most probable first (lowest id first on a tie, as greedy chooses).
  std::vector<int64_t> order(p.size());
  std::iota(order.begin(), order.end(), 0);
  const size_t shown = std::min<size_t>(kCandidates, order.size());
  std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(shown), order.end(),
                    [&](int64_t a, int64_t b) {
                      return p[size_t(a)] > p[size_t(b)] || (p[size_t(a)] == p[size_t(b)] && a < b);
                    });
  RowVector bars(static_cast<Index>(shown));
  QStringList labels;
  for (size_t k = 0; k < shown; ++k) {
    const int64_t id = order[k];
    bars(static_cast<Index>(k)) = p[size_t(id)];
    labels << (id == chosen_ ? QStringLiteral("▶ ") + tokenText(id) : tokenText(id));
  }
  candidates_->setWeights(bars, labels,
                          tr("The next token: the %1 most probable (▶ the one Next token appends: “%2”, %3 %)")
                              .arg(shown)
                              .arg(tokenText(chosen_))
                              .arg(static_cast<double>(p[size_t(chosen_)]) * 100, 0, 'f', 1));
  updateText();
}

void GeneratePage::updateAttention() {
  const int layer = controls_->layer(), head = controls_->head();
  if (!read_ || layer >= static_cast<int>(rows_.size()) || rows_[size_t(layer)].empty()) {
    attention_->setWeights({}, {}, {});
    return;
  }
  const std::vector<RowVector>& heads = rows_[size_t(layer)];
  RowVector row;  // 1 x tokens so far
  if (head < 0) {
    row = RowVector::Zero(heads.front().size());
    for (const RowVector& h : heads) row += h;
    row /= static_cast<float>(heads.size());
  } else {
    row = heads[size_t(std::min<int>(head, static_cast<int>(heads.size()) - 1))];
  }
  QStringList labels;
  for (size_t t = 0; t < size_t(row.size()) && firstSeen_ + t < ids_.size(); ++t) labels << tokenText(ids_[firstSeen_ + t]);
  const QString which = head < 0 ? tr("layer %1, average of heads").arg(layer + 1)
                                 : tr("layer %1, head %2").arg(layer + 1).arg(head + 1);
  attention_->setWeights(row, labels,
                         tr("Where the newest token “%1” looked, itself and everything before it (%2)")
                             .arg(ids_.empty() ? QString() : tokenText(ids_.back()), which));
}

std::vector<int64_t> GeneratePage::generatedIds() const {
  return {ids_.begin() + std::min<ptrdiff_t>(promptLength_, static_cast<ptrdiff_t>(ids_.size())), ids_.end()};
}

void GeneratePage::updateText() {
  const SessionModel* session = currentSessionModel();  // the lens reads the text so far (computed when in view)
  lens_->setSource(session ? session->model : AnyModel{}, ids_.empty() ? promptEdit_->text() : generatedText(),
                   headSwitches());
  const auto model = currentModel();
  if (!model || ids_.empty()) {
    text_->clear();
    return;
  }
  // Decoded from the ids together, never piece by piece: a byte-level piece may hold part of a character. A
  // token's stretch of text is where the text of the ids up to it ends; a token that ends inside a character
  // shares the stretch of the token that completes it.
  const TextWriter& tokenizer = *model;
  const QString whole = QString::fromStdString(tokenizer.decode(ids_));
  std::vector<int64_t> prefix(ids_.begin(), ids_.begin() + promptLength_);
  qsizetype from = QString::fromStdString(tokenizer.decode(prefix)).size();
  from = whole.startsWith(QString::fromStdString(tokenizer.decode(prefix))) ? from : 0;
  QString html = QStringLiteral("<span>%1</span>").arg(whole.left(from).toHtmlEscaped());
  int colour = 0;
  for (size_t t = static_cast<size_t>(promptLength_); t < ids_.size(); ++t) {
    prefix.push_back(ids_[t]);
    const QString upTo = QString::fromStdString(tokenizer.decode(prefix));
    if (t + 1 < ids_.size() && (!whole.startsWith(upTo) || upTo.endsWith(QChar(0xFFFD)))) continue;
    html += QStringLiteral("<span style=\"color:%1\">%2</span>")
                .arg(QLatin1String(kTokenColours[colour++ % 2]), whole.mid(from, upTo.size() - from).toHtmlEscaped());
    from = upTo.size();
  }
  if (chosen_ >= 0 && !inFlight_)
    html += QStringLiteral("<span style=\"color:#888888\"> ▶ %1</span>").arg(tokenText(chosen_).toHtmlEscaped());
  text_->setHtml(QStringLiteral("<div style=\"white-space: pre-wrap\">%1</div>").arg(html));
}

QString GeneratePage::generatedText() const {
  const auto model = currentModel();
  return model && !ids_.empty() ? QString::fromStdString(model->decode(ids_)) : QString();
}

QString GeneratePage::messageText() const { return message_->text(); }

}  // namespace al::ui
