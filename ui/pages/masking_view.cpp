// Core headers first: Qt's `emit` macro must not reach them.
#include "core/data/builtin_reviews.h"
#include "core/random.h"

#include "ui/pages/masking_view.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QTextBrowser>
#include <QTextDocument>
#include <QVBoxLayout>

#include "ui/widgets/retranslate.h"

namespace al::ui {

namespace {

constexpr uint64_t kCorpusSeed = 1;        // the built-in corpus of the tiny preset's first seed
constexpr size_t kCorpusReviews = 4000;    // its training split
constexpr uint64_t kSampleKey = 0x5a3d1e;  // which review and which masking a sample number gives
constexpr size_t kShareTokens = 100000;    // "over 100,000 tokens"

QString actionName(MaskAction action) {
  switch (action) {
    case MaskAction::Mask: return MaskingView::tr("replaced by [MASK] (80 %)");
    case MaskAction::Random: return MaskingView::tr("replaced by a random word (10 %)");
    case MaskAction::Keep: return MaskingView::tr("left unchanged (10 %)");
  }
  return {};
}

QString actionColour(MaskAction action) {
  switch (action) {
    case MaskAction::Mask: return QStringLiteral("#9ec5fe");
    case MaskAction::Random: return QStringLiteral("#ffd08a");
    case MaskAction::Keep: return QStringLiteral("#b7e4b9");
  }
  return {};
}

}  // namespace

MaskingView::MaskingView(QWidget* parent) : QWidget(parent) {
  for (const LabeledText& review : generateBuiltinReviews(kCorpusSeed, kCorpusReviews, 0).train)
    corpus_.push_back(review.text);

  auto* layout = new QVBoxLayout(this);
  auto* top = new QHBoxLayout;
  intro_ = new QLabel;
  intro_->setWordWrap(true);
  top->addWidget(intro_, 1);
  newSample_ = new QPushButton;
  newSample_->setObjectName("newSampleButton");
  newSample_->setEnabled(false);
  connect(newSample_, &QPushButton::clicked, this, &MaskingView::drawSample);
  top->addWidget(newSample_);
  layout->addLayout(top);

  strips_ = new QTextBrowser;
  strips_->setObjectName("maskingStrips");
  strips_->setFrameShape(QFrame::NoFrame);
  strips_->setMaximumHeight(120);
  layout->addWidget(strips_);

  table_ = new QTableWidget(0, 4);
  table_->setObjectName("maskingTable");
  table_->horizontalHeader()->setStretchLastSection(true);
  table_->verticalHeader()->hide();
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  layout->addWidget(table_, 1);

  shares_ = new QLabel;
  shares_->setObjectName("maskingShares");
  shares_->setWordWrap(true);
  layout->addWidget(shares_);
  setModel(nullptr);
  // In the interface's language, now and at each change: the sample shown stays, its words are worded again.
  setTranslatedTexts(this, [this] {
    newSample_->setText(tr("New sample"));
    newSample_->setToolTip(tr("Another training review, masked again with the training code's own function"));
    table_->setHorizontalHeaderLabels({tr("Position"), tr("Word"), tr("The model sees"), tr("Why")});
    showIntro();
    if (!model_) return;
    showMasking();
    showShares();
  });
}

void MaskingView::showIntro() {
  if (!model_) {
    intro_->setText(tr("Pick or train a masked-LM model above to see how its training hides words."));
    return;
  }
  intro_->setText(tr("A review of the built-in training corpus, read by this model's tokenizer. Training hides "
                      "%1 % of its tokens and asks the model for the original word at exactly those positions "
                      "(coloured): most become [MASK], some a random word, some stay as they were, so that the model "
                      "cannot learn that only [MASK] positions matter.")
                       .arg(static_cast<double>(model_->model->config().maskRate) * 100, 0, 'g', 3));
}

void MaskingView::setModel(std::shared_ptr<const MaskedLmModel> model) {
  model_ = std::move(model);
  newSample_->setEnabled(model_ != nullptr);
  showIntro();
  if (!model_) {
    ids_.clear();
    masking_ = {};
    strips_->clear();
    table_->setRowCount(0);
    shares_->clear();
    return;
  }
  sample_ = 0;
  drawSample();
  measured_ = measureShares(kShareTokens);
  showShares();
}

std::vector<int> MaskingView::reviewIds(size_t review) const {
  std::vector<std::string> tokens = maskedLmTokens(corpus_[review % corpus_.size()], model_->tokenizer);
  const auto length = static_cast<size_t>(model_->model->config().encoder.sequenceLength);
  if (tokens.size() > length) tokens.resize(length);
  return maskedLmIds(tokens, model_->vocabulary);
}

void MaskingView::drawSample() {
  if (!model_) return;
  ++sample_;
  Rng pick = Rng::derive(kSampleKey, sample_);
  ids_ = reviewIds(static_cast<size_t>(pick.next()));
  maskingSeed_ = pick.next();
  Rng rng(maskingSeed_);
  // The training code's own rule (MlmRun::trainBatch calls the same function).
  masking_ = maskTokens(ids_, model_->model->config().maskRate, static_cast<int>(model_->vocabulary.size()), rng);
  showMasking();
}

void MaskingView::showMasking() {
  std::vector<const MaskedPosition*> at(ids_.size(), nullptr);
  for (const MaskedPosition& m : masking_.chosen) at[static_cast<size_t>(m.position)] = &m;
  auto word = [this](int id) { return QString::fromStdString(model_->vocabulary.token(id)).toHtmlEscaped(); };
  QString original, seen;
  for (size_t t = 0; t < ids_.size(); ++t) {
    const MaskedPosition* m = at[t];
    const QString style = m ? QStringLiteral(" style=\"background:%1\"").arg(actionColour(m->action)) : QString();
    original += QStringLiteral("<span%1>%2</span> ").arg(style, word(ids_[t]));
    seen += QStringLiteral("<span%1>%2</span> ").arg(style, word(masking_.input[t]));
  }
  strips_->setHtml(QStringLiteral("<p><b>%1</b> %2</p><p><b>%3</b> %4</p>")
                       .arg(tr("Training text:"), original, tr("The model sees:"), seen));

  table_->setRowCount(static_cast<int>(masking_.chosen.size()));
  for (size_t r = 0; r < masking_.chosen.size(); ++r) {
    const MaskedPosition& m = masking_.chosen[r];
    const QString cells[] = {QString::number(m.position), QString::fromStdString(model_->vocabulary.token(m.original)),
                             QString::fromStdString(model_->vocabulary.token(m.shown)), actionName(m.action)};
    for (int c = 0; c < 4; ++c) {
      auto* item = new QTableWidgetItem(cells[c]);
      item->setBackground(QColor(actionColour(m.action)));
      table_->setItem(static_cast<int>(r), c, item);
    }
  }
  table_->resizeColumnsToContents();
}

QString MaskingView::sentenceText() const { return strips_->toPlainText(); }

MaskingView::Shares MaskingView::measureShares(size_t tokens) const {
  Shares s;
  if (!model_) return s;
  const int vocabularySize = static_cast<int>(model_->vocabulary.size());
  for (size_t review = 0; s.tokens < tokens; ++review) {
    const std::vector<int> ids = reviewIds(review);
    if (ids.empty()) continue;
    Rng rng = Rng::derive(kSampleKey, ~uint64_t{0}, review);
    const MaskedSequence masked = maskTokens(ids, model_->model->config().maskRate, vocabularySize, rng);
    s.tokens += ids.size();
    s.chosen += masked.chosen.size();
    for (const MaskedPosition& m : masked.chosen) {
      s.masked += m.action == MaskAction::Mask;
      s.random += m.action == MaskAction::Random;
      s.kept += m.action == MaskAction::Keep;
    }
  }
  return s;
}

void MaskingView::showShares() {
  const Shares& s = measured_;
  if (s.tokens == 0 || s.chosen == 0) return shares_->clear();
  auto percent = [](size_t part, size_t whole) { return QString::number(100.0 * double(part) / double(whole), 'f', 1); };
  shares_->setText(tr("The same function over %1 tokens of the corpus: %2 % chosen; of those %3 % became [MASK], "
                      "%4 % a random word, %5 % stayed unchanged.")
                       .arg(s.tokens)
                       .arg(percent(s.chosen, s.tokens), percent(s.masked, s.chosen), percent(s.random, s.chosen),
                            percent(s.kept, s.chosen)));
}

}  // namespace al::ui
