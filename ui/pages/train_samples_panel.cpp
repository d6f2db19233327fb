#include "ui/pages/train_samples_panel.h"  // first: it brings the core headers before any Qt header

#include <cmath>

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "core/data/text_corpus.h"
#include "ui/widgets/appearance.h"
#include "ui/widgets/bare_layout.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

TrainSamplesPanel::TrainSamplesPanel(QWidget* parent)
    : QWidget(parent), title_(new QLabel), prompt_(new QLineEdit), sampleNow_(new QPushButton), view_(new QTextBrowser) {
  setObjectName("trainSamples");
  prompt_->setObjectName("samplePrompt");
  sampleNow_->setObjectName("sampleNow");
  view_->setObjectName("samples");
  view_->setOpenLinks(false);
  sampleNow_->setEnabled(false);

  auto* row = new QHBoxLayout;
  row->addWidget(title_);
  row->addWidget(prompt_, 1);
  row->addWidget(sampleNow_);
  auto* layout = bareLayout<QVBoxLayout>(this);
  layout->addLayout(row);
  layout->addWidget(view_, 1);

  connect(sampleNow_, &QPushButton::clicked, this, [this] { emit sampleRequested(prompt()); });
  connect(Appearance::instance(), &Appearance::changed, this, &TrainSamplesPanel::updateShown);
  setTranslatedTexts(this, [this] {
    title_->setText(tr("<b>Samples</b> after"));
    prompt_->setPlaceholderText(tr("the first words of the text"));
    prompt_->setToolTip(tr("What the model writes on from after every epoch. The same prompt and the same random "
                           "seed each time, so that the samples differ only by what the model has learned."));
    sampleNow_->setText(tr("Sample now"));
    sampleNow_->setToolTip(tr("Write a sample with the weights as they are now, right after the batch in flight"));
    render();
  });
}

void TrainSamplesPanel::showFor(TaskKind task, const QString& dataSource) {
  const ModelKind* kind = taskInfo(task).catalogueEntry;
  writes_ = kind && kind->can(Ability::Generate);
  updateShown();
  if (dataSource == source_) return;
  source_ = dataSource;
  setPrompt(QString::fromStdString(textSamplePrompt(dataSource.toStdString())));
}

void TrainSamplesPanel::updateShown() { setVisible(writes_ && !Appearance::instance()->isTemporary()); }

QString TrainSamplesPanel::prompt() const { return prompt_->text(); }
void TrainSamplesPanel::setPrompt(const QString& prompt) { prompt_->setText(prompt); }
void TrainSamplesPanel::setTraining(bool training) { sampleNow_->setEnabled(training); }

void TrainSamplesPanel::clear() {
  samples_.clear();
  render();
}

void TrainSamplesPanel::addSample(const TrainingController::Sample& sample) {
  samples_.push_back(sample);
  render();
}

TrainingController::Sample TrainSamplesPanel::sample(int row) const {
  if (row < 0 || row >= sampleCount()) return {};
  return samples_[samples_.size() - 1 - static_cast<size_t>(row)];
}

QString TrainSamplesPanel::sampleText(int row) const {
  const TrainingController::Sample s = sample(row);
  return s.failed ? s.text : s.prompt + s.text;
}

// Newest on top: the epoch (and its validation perplexity, exp of the loss), then the prompt in bold and what the
// model wrote after it, its line breaks (where it ended a document) kept.
void TrainSamplesPanel::render() {
  QString html;
  for (auto it = samples_.rbegin(); it != samples_.rend(); ++it) {
    const TrainingController::Sample& s = *it;
    QString head = s.asked ? tr("Epoch %1, asked for").arg(s.epoch) : tr("After epoch %1").arg(s.epoch);
    if (std::isfinite(s.valLoss))
      head += QStringLiteral(" · ") + tr("validation perplexity %1").arg(std::exp(s.valLoss), 0, 'f', 1);
    const QString body = s.failed ? QStringLiteral("<i>%1</i>").arg(s.text.toHtmlEscaped())
                                  : QStringLiteral("<b>%1</b>%2").arg(s.prompt.toHtmlEscaped(), s.text.toHtmlEscaped());
    html += QStringLiteral("<p><span style='color:gray'>%1</span><br>%2</p>")
                .arg(head.toHtmlEscaped(), QString(body).replace(QLatin1Char('\n'), QStringLiteral("<br>")));
  }
  if (samples_.empty())
    html = QStringLiteral("<p style='color:gray'>%1</p>")
               .arg(tr("While the model trains, what it writes appears here after every epoch.").toHtmlEscaped());
  view_->setHtml(html);
}

}  // namespace al::ui
