// Core headers first (through the page's header): Qt's `emit` macro must not reach them.
#include "ui/pages/generate_page.h"

#include "core/inference/switched_reader.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtConcurrent>
#include <algorithm>
#include <numeric>

#include "ui/export.h"
#include "ui/text/error_texts.h"
#include "ui/text/kind_texts.h"
#include "ui/widgets/generate_controls.h"
#include "ui/widgets/logit_lens_view.h"
#include "ui/widgets/model_bar.h"
#include "ui/widgets/retranslate.h"
#include "ui/widgets/weight_bars.h"

namespace al::ui {

namespace {
constexpr int kCandidates = 10;  // bars of the next token
constexpr const char* kExample = "the cat sat on the";
// The generated tokens alternate between two colours, so that each token's piece of the text shows.
constexpr const char* kTokenColours[] = {"#1f5fbf", "#c0501f"};
}  // namespace

GeneratePage::GeneratePage(ModelLibrary* library, QWidget* parent)
    : ModelPage(library, parent) {
  auto* layout = new QVBoxLayout(this);
  // Its models are opened or trained on the Train page; the examples and the vocabulary viewer read the app's own
  // word vocabularies.
  for (QWidget* button : std::initializer_list<QWidget*>{modelBar()->toyButton(), modelBar()->examplesButton(),
                                                        modelBar()->vocabularyButton()})
    button->hide();
  setTranslatedTexts(modelBar(), [this] {
    modelBar()->setTexts(tr("no GPT yet"), tr("A GPT-2 folder from Hugging Face (config.json, model.safetensors, "
                                              "vocab.json and merges.txt), or a language model trained on the Train "
                                              "page"),
                         QString(), QString());
  });
  addSwitchedHeadsNote();  // a GPT-2's heads switched off on the Attention page are off here too
  layout->addWidget(modelArea());
  layout->addWidget(createPromptRow());
  message_ = new QLabel;
  message_->setObjectName("generateMessage");
  message_->setWordWrap(true);
  layout->addWidget(message_);
  controls_ = new GenerateControls;
  layout->addWidget(controls_);
  layout->addWidget(createFigure(), 1);
  connect(controls_, &GenerateControls::samplingChanged, this, &GeneratePage::updateCandidates);
  connect(controls_, &GenerateControls::attentionChanged, this, &GeneratePage::updateAttention);
  connect(&pass_, &QFutureWatcher<Pass>::finished, this, &GeneratePage::passFinished);
  onLanguageChange(this, [this] {
    updateCandidates();
    updateAttention();
    if (!currentModel()) showNote(noModelNote());
  });
  showNote(noModelNote());
  updateButtons();
  showLibraryModels();
}

GeneratePage::~GeneratePage() {
  remaining_ = 0;
  pass_.waitForFinished();
}

QWidget* GeneratePage::createPromptRow() {
  auto* row = new QWidget;
  auto* layout = new QHBoxLayout(row);
  layout->setContentsMargins(0, 0, 0, 0);
  promptEdit_ = new QLineEdit(QString::fromUtf8(kExample));
  promptEdit_->setObjectName("promptEdit");
  // A new prompt is a new sequence: the cache of the old one no longer belongs to it.
  connect(promptEdit_, &QLineEdit::textEdited, this, [this] {
    ++epoch_;
    read_ = false;
    remaining_ = 0;
  });
  connect(promptEdit_, &QLineEdit::returnPressed, this, &GeneratePage::reset);
  layout->addWidget(promptEdit_, 1);
  nextButton_ = new QPushButton;
  nextButton_->setObjectName("nextTokenButton");
  generateButton_ = new QPushButton;
  generateButton_->setObjectName("generateButton");
  stopButton_ = new QPushButton;
  stopButton_->setObjectName("stopButton");
  resetButton_ = new QPushButton;
  resetButton_->setObjectName("resetButton");
  connect(nextButton_, &QPushButton::clicked, this, &GeneratePage::nextToken);
  connect(generateButton_, &QPushButton::clicked, this, &GeneratePage::generate);
  connect(stopButton_, &QPushButton::clicked, this, &GeneratePage::stop);
  connect(resetButton_, &QPushButton::clicked, this, &GeneratePage::reset);
  for (QPushButton* button : {nextButton_, generateButton_, stopButton_, resetButton_}) layout->addWidget(button);
  setTranslatedTexts(row, [this] {
    promptEdit_->setPlaceholderText(tr("Type the beginning of a text for the model to continue"));
    nextButton_->setText(tr("Next token"));
    nextButton_->setToolTip(tr("Append the marked token and compute the one after it"));
    generateButton_->setText(tr("Generate"));
    generateButton_->setToolTip(tr("Append a run of tokens, one forward pass each"));
    stopButton_->setText(tr("Stop"));
    resetButton_->setText(tr("Reset"));
    resetButton_->setToolTip(tr("Forget the generated tokens and read the prompt again"));
  });
  return row;
}

QWidget* GeneratePage::createFigure() {
  figure_ = new QWidget;
  auto* layout = new QVBoxLayout(figure_);
  layout->setContentsMargins(0, 0, 0, 0);
  text_ = new QTextBrowser;
  text_->setObjectName("generatedText");
  text_->setMinimumHeight(60);
  text_->setMaximumHeight(90);
  layout->addWidget(text_);
  auto* splitter = new QSplitter(Qt::Horizontal);
  candidates_ = new WeightBars;
  auto* attentionSide = new QWidget;
  auto* attentionLayout = new QVBoxLayout(attentionSide);
  attentionLayout->setContentsMargins(0, 0, 0, 0);
  attentionLayout->addWidget(controls_->attentionChooser());
  attention_ = new WeightBars;
  attentionLayout->addWidget(attention_, 1);
  candidates_->setMinimumHeight(170);
  attention_->setMinimumHeight(150);
  splitter->addWidget(candidates_);
  splitter->addWidget(attentionSide);
  splitter->setStretchFactor(0, 2);
  splitter->setStretchFactor(1, 3);
  splitter->setSizes({2000, 3000});  // the candidates two fifths of the width, whatever the bars would like
  // The bars take the height left under the texts, never more (the page would scroll, the bars half in view).
  splitter->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Ignored);
  // The next token's bars, or every layer's guesses (the logit lens) at every position of the text so far.
  tabs_ = new QTabWidget;
  tabs_->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Ignored);
  tabs_->addTab(splitter, QString());
  tabs_->addTab(lens_ = new LogitLensView, QString());
  layout->addWidget(tabs_, 1);
  setTranslatedTexts(figure_, [this] {
    tabs_->setTabText(0, tr("Next token"));
    tabs_->setTabText(1, tr("Logit lens"));
    candidates_->setValueName(tr("probability"));
    text_->setToolTip(
        tr("The prompt, then each generated token in alternating colours (the grey one after ▶: what Next token appends)"));
  });
  return figure_;
}

// ---------------------------------------------------------------------------------------------------------
// Models

bool GeneratePage::shows(const SessionModel& model) const { return model.can(Ability::Generate); }

QString GeneratePage::refusal(const SessionModel& model) const {
  return tr("“%1” is a model of the kind “%2”; this page generates text with GPT-2 folders and language models (GPT).")
      .arg(model.name, kindTitle(model.model.task));
}

QString GeneratePage::openDialogTitle() const { return tr("Open a GPT-2 folder or a language model"); }

QString GeneratePage::noModelNote() const {
  return tr("Open a GPT-2 folder or a language model above (Open model…), or train a “Language model (GPT)” on the "
            "Train page, to let it write on from a prompt.");
}

QString GeneratePage::arrivalMessage(const QString& name) const {
  return tr("“%1” is ready on the Generate page").arg(name);
}

std::shared_ptr<const TextWriter> GeneratePage::currentModel() const {
  const SessionModel* model = currentSessionModel();
  return model ? textWriterOf(model->model) : nullptr;
}

void GeneratePage::modelChanged() {
  const auto model = currentModel();
  QString info;
  if (model) {
    info = tr("%1 tokens in the vocabulary, %2 positions, %3 layer(s) of %4 heads")
               .arg(model->vocabularySize())
               .arg(model->window())
               .arg(model->layers())
               .arg(model->heads());
    // a language model with Transformer-XL's memory reads that many earlier positions besides its segment
    info += model->memory() > 0 ? tr("; Transformer-XL memory of %1 positions").arg(model->memory())
                                : tr("; no Transformer-XL memory");
  }
  modelBar()->info()->setText(info);
  modelBar()->setModel(currentModelName(), nullptr);
  controls_->setShape(model ? model->layers() : 0, model ? model->heads() : 0);
  reset();
}

void GeneratePage::exportFigure() { askAndExportWidget(figure_, QStringLiteral("generate")); }

// ---------------------------------------------------------------------------------------------------------
// Generating

void GeneratePage::setPrompt(const QString& prompt) {
  promptEdit_->setText(prompt);
  reset();
}

QString GeneratePage::prompt() const { return promptEdit_->text(); }

void GeneratePage::reset() {
  ++epoch_;  // a pass in flight belongs to the sequence forgotten here
  read_ = false;
  remaining_ = 0;
  ids_.clear();
  promptLength_ = 0;
  logits_ = RowVector();
  rows_.clear();
  chosen_ = -1;
  if (currentModel()) start(0);
  else {
    updateCandidates();
    updateAttention();
    updateText();
    updateButtons();
  }
}

void GeneratePage::nextToken() { start(1); }
void GeneratePage::generate() { start(controls_->tokensPerRun()); }

void GeneratePage::stop() {
  remaining_ = 0;
  updateButtons();
}

bool GeneratePage::isBusy() const { return inFlight_ || remaining_ > 0; }

long GeneratePage::cacheLength() const {
  return inFlight_ ? -1 : reader_ ? static_cast<long>(reader_->length()) : 0;
}

void GeneratePage::start(int tokens) {
  const auto model = currentModel();
  if (!model || inFlight_) return;
  remaining_ = tokens;
  if (read_) return advance();
  // The prompt has not been read (or was edited since): read it from the start.
  const QString text = promptEdit_->text();
  if (text.trimmed().isEmpty()) {
    remaining_ = 0;
    ids_.clear();
    return showNote(tr("Type a prompt first: the model continues a text, it cannot start from nothing."));
  }
  std::vector<int64_t> ids;
  try {
    ids = model->encode(text.toStdString());
  } catch (const std::exception& e) {
    remaining_ = 0;
    return showNote(errorMessage(e));
  }
  const size_t positions = model->maxTokens();  // 0: the window slides, no limit
  if (positions > 0 && ids.size() > positions) {
    remaining_ = 0;
    return showNote(tr("The prompt is %1 tokens long; this model reads at most %2 (its positions). Shorten the prompt.")
                        .arg(ids.size())
                        .arg(positions));
  }
  ++epoch_;
  ids_ = ids;
  promptLength_ = static_cast<int>(ids.size());
  // A pass of the old sequence may still use the old reader. With heads off, a reader that reads the whole text
  // again each token: the key/value cache does not take switches.
  const HeadSwitches switches = headSwitches();
  reader_ = switches.empty() ? model->reader() : switchedReader(currentSessionModel()->model, switches);
  run(std::move(ids));
}

void GeneratePage::advance() {
  const auto model = currentModel();
  if (!model || !read_ || remaining_ <= 0 || chosen_ < 0) {
    remaining_ = 0;
    updateButtons();
    emit generationFinished();
    return;
  }
  const size_t positions = model->maxTokens();
  if (positions > 0 && ids_.size() >= positions) {
    remaining_ = 0;
    showNote(tr("The model has read %1 tokens, all its positions: it cannot look further. Reset, or shorten the "
                "prompt.")
                 .arg(positions));
    updateButtons();
    emit generationFinished();
    return;
  }
  --remaining_;
  ids_.push_back(chosen_);
  run({chosen_});
}

void GeneratePage::run(std::vector<int64_t> ids) {
  ++modelCalls_;
  inFlight_ = true;
  passEpoch_ = epoch_;
  message_->clear();
  pass_.setFuture(QtConcurrent::run([reader = reader_, ids = std::move(ids)] {
    Pass pass;
    try {
      pass.step = reader->read(ids);
    } catch (...) {
      pass.error = std::current_exception();
    }
    return pass;
  }));
  updateText();
  updateButtons();
}

void GeneratePage::passFinished() {
  inFlight_ = false;
  Pass pass = pass_.result();
  if (passEpoch_ != epoch_) {  // the sequence was forgotten meanwhile (Reset, a new model): read the prompt again
    remaining_ = 0;
    if (currentModel() && !read_) start(0);
    updateButtons();
    return;
  }
  if (pass.error) {
    remaining_ = 0;
    read_ = false;
    try {
      std::rethrow_exception(pass.error);
    } catch (const std::exception& e) {
      showNote(errorMessage(e));
    }
    updateButtons();
    emit generationFinished();
    return;
  }
  read_ = true;
  logits_ = std::move(pass.step.logits);
  rows_ = std::move(pass.step.attention);
  firstSeen_ = pass.step.firstSeen;
  updateCandidates();
  updateAttention();
  updateText();
  advance();
}

void GeneratePage::showNote(const QString& message) {
  message_->setText(message);
  message_->setStyleSheet(QStringLiteral("color: #b00020"));
  if (!read_) {
    candidates_->setWeights({}, {}, {});
    attention_->setWeights({}, {}, {});
  }
  updateText();
  updateButtons();
}

// ---------------------------------------------------------------------------------------------------------
// What the page shows

QString GeneratePage::tokenText(int64_t id) const {
  const auto model = currentModel();
  if (!model) return {};
  // One token's own text; a piece holding part of a character shows as its vocabulary piece instead.
  const int64_t one[] = {id};
  QString text = QString::fromStdString(model->decode(one));
  if (text.contains(QChar(0xFFFD))) text = QString::fromStdString(model->piece(id));
  if (text.isEmpty() || text == QLatin1String("\n")) return QString::fromStdString(model->piece(id));  // [EOS]
  // A token of spaces only (a character model's " ") would be an empty label: show each space as ␣.
  return text.trimmed().isEmpty() ? QString(text).replace(QLatin1Char(' '), QChar(0x2423)) : text;
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

void GeneratePage::updateButtons() {
  const bool model = currentModel() != nullptr, running = inFlight_, inRun = remaining_ > 0;
  for (QPushButton* button : {nextButton_, generateButton_, resetButton_})
    button->setEnabled(model && !running && !inRun);
  stopButton_->setEnabled(inRun);
}

}  // namespace al::ui
