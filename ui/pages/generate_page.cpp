// Core headers first (through the page's header): Qt's `emit` macro must not reach them.
#include "ui/pages/generate_page.h"

#include "core/inference/switched_reader.h"
#include "ui/pages/timeline_moments.h"  // core headers first: before any Qt header

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

#include "ui/widgets/export.h"
#include "ui/session/background_jobs.h"
#include "ui/text/error_texts.h"
#include "ui/text/kind_texts.h"
#include "ui/widgets/generate_controls.h"
#include "ui/widgets/logit_lens_view.h"
#include "ui/widgets/model_bar.h"
#include "ui/widgets/retranslate.h"
#include "ui/widgets/timeline_bar.h"
#include "ui/widgets/weight_bars.h"

namespace al::ui {

namespace {
constexpr const char* kExample = "the cat sat on the";
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
  // The bar's line says what a moment predicted after the watched prompt; the figure stays the kept model's.
  moments_ = new TimelineMoments(this, {[this] { return prompt(); }, [this](const QString& t) { setPrompt(t); }, {}}, true);
  timeline_ = moments_->bar();
  layout->addWidget(timeline_);
  connect(controls_, &GenerateControls::samplingChanged, this, &GeneratePage::updateCandidates);
  connect(controls_, &GenerateControls::attentionChanged, this, &GeneratePage::updateAttention);
  connect(&pass_, &QFutureWatcher<Pass>::finished, this, &GeneratePage::passFinished);
  onLanguageChange(this, [this] {
    modelBar()->info()->setText(modelInfoText());
    updateCandidates();
    updateAttention();
    if (!currentModel()) showNote(noModelNote());
  });
  showNote(noModelNote());
  updateButtons();
  offerPretrainedModels({PretrainedGpt2::kTask});
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

QString GeneratePage::modelInfoText() const {
  const auto model = currentModel();
  if (!model) return {};
  QString info = tr("%1 tokens in the vocabulary, %2 positions, %3 layer(s) of %4 heads")
                     .arg(model->vocabularySize())
                     .arg(model->window())
                     .arg(model->layers())
                     .arg(model->heads());
  // a language model with Transformer-XL's memory reads that many earlier positions besides its segment; a
  // language model of this app may have one, a GPT-2 never does (nothing to say of it)
  const SessionModel* session = currentSessionModel();
  if (model->memory() > 0) info += tr("; Transformer-XL memory of %1 positions").arg(model->memory());
  else if (session && session->as<CausalLmModel>()) info += tr("; no Transformer-XL memory");
  return info;
}

void GeneratePage::modelChanged() {
  const auto model = currentModel();
  modelBar()->info()->setText(modelInfoText());
  modelBar()->setModel(currentModelName(), nullptr);
  controls_->setShape(model ? model->layers() : 0, model ? model->heads() : 0);
  moments_->follow(currentSessionModel());
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

void GeneratePage::reset() { restart(0); }

// Heads switched on or off change the model: the text it wrote belongs to the heads before. The prompt is read again
// and as many tokens written as the page held (a run going on counted to its end), so that the class sees what the
// model now writes from the same prompt.
void GeneratePage::headSwitchesChanged() {
  const auto written = static_cast<int>(ids_.size()) - promptLength_;
  restart(std::max(0, written) + remaining_);
}

void GeneratePage::restart(int tokens) {
  ++epoch_;  // a pass in flight belongs to the sequence forgotten here
  read_ = false;
  remaining_ = tokens;  // kept for the prompt's reading when a pass of the old sequence is still in flight
  ids_.clear();
  promptLength_ = 0;
  logits_ = RowVector();
  rows_.clear();
  chosen_ = -1;
  if (currentModel()) start(tokens);
  else {
    remaining_ = 0;
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
  if (text.trimmed().isEmpty())
    return refusePrompt(tr("Type a prompt first: the model continues a text, it cannot start from nothing."));
  std::vector<int64_t> ids;
  try {
    ids = model->encode(text.toStdString());
  } catch (const std::exception& e) {
    return refusePrompt(errorMessage(e));
  }
  const size_t positions = model->maxTokens();  // 0: the window slides, no limit
  if (positions > 0 && ids.size() > positions)
    return refusePrompt(tr("The prompt is %1 tokens long; this model reads at most %2 (its positions). Shorten the "
                           "prompt.")
                            .arg(ids.size())
                            .arg(positions));
  ++epoch_;
  ids_ = ids;
  promptLength_ = static_cast<int>(ids.size());
  // A pass of the old sequence may still use the old reader. With heads off, a reader that reads the whole text
  // again each token: the key/value cache does not take switches.
  const HeadSwitches switches = headSwitches();
  reader_ = switches.empty() ? model->reader() : switchedReader(currentSessionModel()->model, switches);
  run(std::move(ids));
}

// The text of the previous prompt does not continue the refused one: the page shows only why.
void GeneratePage::refusePrompt(const QString& why) {
  remaining_ = 0;
  ids_.clear();
  promptLength_ = 0;
  showNote(why);
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
  pass_.setFuture(QtConcurrent::run(backgroundJobs(), [reader = reader_, ids = std::move(ids)] {
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
    const int tokens = remaining_;  // what restart asked for (none after Reset or an edited prompt)
    remaining_ = 0;
    if (currentModel() && !read_) start(tokens);
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

void GeneratePage::updateButtons() {
  const bool model = currentModel() != nullptr, running = inFlight_, inRun = remaining_ > 0;
  for (QPushButton* button : {nextButton_, generateButton_, resetButton_})
    button->setEnabled(model && !running && !inRun);
  stopButton_->setEnabled(inRun);
}

}  // namespace al::ui
