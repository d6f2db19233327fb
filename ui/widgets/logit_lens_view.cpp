// Core headers first (through the view's header): Qt's `emit` macro must not reach them.
#include "ui/widgets/logit_lens_view.h"
#include "core/text/token_label.h"
#include "core/inference/model_prediction.h"

#include <algorithm>
#include <optional>
#include <stdexcept>

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent>

#include "ui/session/background_jobs.h"
#include "ui/text/error_texts.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

namespace {

// White at probability 0 to a dark blue at 1; the text turns white where the cell is dark.
QColor shade(float probability) {
  const float p = std::clamp(probability, 0.0f, 1.0f);
  const QColor light(255, 255, 255), dark(20, 70, 160);
  return QColor::fromRgbF(light.redF() + (dark.redF() - light.redF()) * p,
                          light.greenF() + (dark.greenF() - light.greenF()) * p,
                          light.blueF() + (dark.blueF() - light.blueF()) * p);
}

// A token's text as a cell shows it (core/text/token_label.h): GPT-2's word-initial space dropped, white space as
// signs.
QString shown(const std::string& text) { return QString::fromStdString(tokenLabel(text)); }

QString cellToolTip(const std::vector<teaching::LensGuess>& cell) {
  QStringList lines;
  for (const teaching::LensGuess& g : cell)
    lines << QStringLiteral("%1\t%2").arg(shown(g.text)).arg(static_cast<double>(g.probability), 0, 'f', 3);
  return lines.join(u'\n');
}

}  // namespace

LogitLensView::LogitLensView(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  intro_ = new QLabel;
  intro_->setWordWrap(true);
  layout->addWidget(intro_);
  note_ = new QLabel;
  note_->setWordWrap(true);
  note_->setStyleSheet(QStringLiteral("color: #b00020"));
  layout->addWidget(note_);
  table_ = new QTableWidget;
  table_->setObjectName("logitLensTable");
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setSelectionMode(QAbstractItemView::NoSelection);  // a selected cell would hide its shade
  table_->verticalHeader()->setDefaultSectionSize(2 * fontMetrics().height() + 8);  // two lines a cell
  layout->addWidget(table_, 1);
  setTranslatedTexts(this, [this] {
    showIntro();
    if (hasLens_) showLens();  // the row names
  });
  showNote(QString());
  connect(&watcher_, &QFutureWatcher<Outcome>::finished, this, &LogitLensView::computed);
}

LogitLensView::~LogitLensView() { watcher_.waitForFinished(); }

bool LogitLensView::canRead(const AnyModel& model) { return hasLogitLens(model); }

// What a cell holds depends on the model's kind: a causal model's state at a token predicts the token after it, a
// masked model's the token at that very position (a [MASK]'s: the hidden word).
void LogitLensView::showIntro() {
  if (!model_.hasWeights()) {
    intro_->setText(tr("What would the model say if it stopped here? Each row sends one layer's state through the "
                       "model's own output layer, darker the more probable (hover for the five best). The last row "
                       "is the model's own prediction."));
  } else if (readsCausally(model_)) {
    intro_->setText(tr("What would the model say if it stopped here? Each row sends one layer's state through the "
                       "model's own output layer: the cell under a token is the token it would write next, after "
                       "that one, darker the more probable (hover for the five best). The last row is the model's "
                       "own prediction of each next token."));
  } else {
    intro_->setText(tr("What would the model say if it stopped here? Each row sends one layer's state through the "
                       "model's own output layer: the cell under a token is the token it would guess at that very "
                       "position (under a [MASK], the hidden word), darker the more probable (hover for the five "
                       "best). The last row is the model's own guess."));
  }
}

void LogitLensView::setSource(const AnyModel& model, const QString& text, HeadSwitches switches) {
  model_ = model;
  showIntro();
  text_ = text;
  switches_ = std::move(switches);
  stale_ = true;
  if (isVisible()) compute();
}

void LogitLensView::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  compute();
}

void LogitLensView::compute() {
  if (!stale_ || watcher_.isRunning()) return;  // running: computed() reads the newer source after it
  stale_ = false;
  computing_ = false;
  if (!canRead(model_)) return showNote(tr("The logit lens reads masked-LM and language models (and a BERT with its "
                                           "masked-LM head)."));
  const std::string text = text_.trimmed().toStdString();
  if (text.empty()) return showNote(tr("Type a sentence to see what each layer would predict."));
  computing_ = true;
  watcher_.setFuture(QtConcurrent::run(backgroundJobs(), [model = model_, text, switches = switches_] {
    Outcome outcome;
    try {
      std::optional<teaching::LogitLens> lens = readLogitLens(model, text, kTop, &switches);
      if (!lens) throw std::logic_error("the logit lens was asked of a model without one");  // canRead said yes
      outcome.lens = std::move(*lens);
    } catch (...) {
      outcome.error = std::current_exception();
    }
    return outcome;
  }));
}

void LogitLensView::computed() {
  computing_ = false;
  if (stale_) {  // a newer source came meanwhile: this lens is of the old one
    if (isVisible()) compute();
    return;
  }
  Outcome outcome = watcher_.result();
  if (outcome.error) {
    try {
      std::rethrow_exception(outcome.error);
    } catch (const std::exception& e) {
      return showNote(errorMessage(e));
    }
  }
  lens_ = std::move(outcome.lens);
  hasLens_ = true;
  note_->clear();
  note_->hide();
  showLens();
  emit lensShown();
}

void LogitLensView::showLens() {
  const int rows = static_cast<int>(lens_.guesses.size()), columns = static_cast<int>(lens_.tokens.size());
  table_->clear();
  table_->setRowCount(rows);
  table_->setColumnCount(columns);
  QStringList columnNames, rowNames;
  for (const std::string& text : lens_.texts) columnNames << shown(text);
  for (int l = 0; l < rows; ++l)
    rowNames << (l == 0 ? tr("embeddings") : l == rows - 1 ? tr("layer %1 (output)").arg(l) : tr("layer %1").arg(l));
  table_->setHorizontalHeaderLabels(columnNames);
  table_->setVerticalHeaderLabels(rowNames);
  for (int l = 0; l < rows; ++l)
    for (int t = 0; t < columns; ++t) {
      const std::vector<teaching::LensGuess>& cell = lens_.guesses[static_cast<size_t>(l)][static_cast<size_t>(t)];
      const teaching::LensGuess& best = cell.front();
      // The best token and its probability, two lines; the shade says the same at a glance.
      auto* item = new QTableWidgetItem(QStringLiteral("%1\n%2").arg(shown(best.text)).arg(static_cast<double>(best.probability), 0, 'f', 2));
      item->setBackground(shade(best.probability));
      item->setForeground(best.probability > 0.55f ? Qt::white : Qt::black);
      item->setTextAlignment(Qt::AlignCenter);
      item->setToolTip(cellToolTip(cell));
      table_->setItem(l, t, item);
    }
  // Columns as wide as their cells; when they all fit, they share the width instead (a long text scrolls).
  QHeaderView* header = table_->horizontalHeader();
  header->setSectionResizeMode(QHeaderView::ResizeToContents);
  if (header->length() <= table_->viewport()->width()) header->setSectionResizeMode(QHeaderView::Stretch);
}

void LogitLensView::showNote(const QString& note) {
  hasLens_ = false;
  table_->clear();
  table_->setRowCount(0);
  table_->setColumnCount(0);
  note_->setText(note);
  note_->setVisible(!note.isEmpty());
}

QString LogitLensView::noteText() const { return note_->text(); }
QString LogitLensView::introText() const { return intro_->text(); }

}  // namespace al::ui
