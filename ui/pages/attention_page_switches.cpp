// The Attention page's head switches: what a switched-off head gives (zeros, or its mean output over data) and the
// heads' means, computed on a worker thread before the reading that needs them.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include "core/teaching/head_importance.h"

#include "ui/pages/attention_page.h"
#include "ui/pages/head_importance_job.h"

#include <QComboBox>
#include <QFileInfo>
#include <QLabel>
#include <QSettings>
#include <QHBoxLayout>
#include <QVBoxLayout>

#include "ui/widgets/hidden_while_presenting.h"
#include "ui/widgets/attention_thumbnails.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

namespace {

const char* const kReplacementSetting = "attention/headReplacement";  // "zero" or "mean"
constexpr size_t kMeanReviews = 500;  // the means of 500 reviews differ from those of 25,000 in the third digit

// The reviews the means are taken over: the model's own data when it is at hand, else the built-in reviews.
std::string meansSource(const SessionModel& model) {
  const std::string data = dataSourceOf(model);
  if (data.starts_with("builtin") || (!data.empty() && QFileInfo::exists(QString::fromStdString(data)))) return data;
  return "builtin";
}

}  // namespace

QWidget* AttentionPage::createReplacementChoice() {
  auto* box = new QWidget;
  auto* column = new QVBoxLayout(box);  // under the thumbnails, as narrow as they are
  column->setContentsMargins(0, 0, 0, 0);
  auto* label = new QLabel;
  column->addWidget(label);
  replacementBox_ = new QComboBox;
  replacementBox_->setObjectName("headReplacement");
  replacementBox_->addItems({QString(), QString()});
  replacementBox_->setCurrentIndex(QSettings().value(kReplacementSetting).toString() == QLatin1String("mean") ? 1 : 0);
  column->addWidget(replacementBox_);
  box->setProperty(kHiddenWhilePresenting, true);
  meansJob_ = new HeadImportanceJob(this);
  connect(meansJob_, &HeadImportanceJob::finished, this, &AttentionPage::meansDone);
  // The thumbnails' menu offers the same choice.
  connect(thumbnails_, &AttentionThumbnails::replacementRequested, this, [this](bool means) {
    setHeadReplacement(means ? teaching::HeadReplacement::Mean : teaching::HeadReplacement::Zero);
  });
  connect(replacementBox_, &QComboBox::currentIndexChanged, this, [this] {
    showReplacementInMenu();
    QSettings().setValue(kReplacementSetting, usesMeans() ? "mean" : "zero");
    if (!headSwitches().empty()) showAttention();  // the heads that are off now give the other
  });
  setTranslatedTexts(this, [this, label] {
    label->setText(tr("Heads off give:"));
    replacementBox_->setItemText(0, tr("zeros"));
    replacementBox_->setItemText(1, tr("its mean output"));
    const QString tip = tr("What a head switched off (right-click its thumbnail) gives. Zeros also take away what a "
                           "head always adds, which the layers after it may rely on; its mean output over 500 reviews "
                           "of the model's data takes away only what it reads in this sentence.");
    label->setToolTip(tip);
    replacementBox_->setToolTip(tip);
  });
  showReplacementInMenu();
  return box;
}

void AttentionPage::showReplacementInMenu() {
  thumbnails_->setReplacement(replacementBox_->currentIndex() == 1, replacementBox_->isEnabled());
}

void AttentionPage::setHeadReplacement(teaching::HeadReplacement replacement) {
  replacementBox_->setCurrentIndex(replacement == teaching::HeadReplacement::Mean ? 1 : 0);
}

teaching::HeadReplacement AttentionPage::headReplacement() const {
  return replacementBox_->currentIndex() == 1 ? teaching::HeadReplacement::Mean : teaching::HeadReplacement::Zero;
}

bool AttentionPage::usesMeans() const {
  return headReplacement() == teaching::HeadReplacement::Mean && currentModel() != nullptr;
}

bool AttentionPage::switchesForReading(HeadSwitches& switches) {
  switches = headSwitches();
  if (switches.empty() || !usesMeans()) return true;
  const auto model = currentModel();
  if (meansModel_ == model && !headMeans_.empty()) {
    for (size_t l = 0; l < headMeans_.size(); ++l) switches.setMeans(l, headMeans_[l]);
    return true;
  }
  reader_->cancel();  // a reading in flight has the heads before: the one after the means replaces it
  if (meansModel_ != model || !meansJob_->busy()) {
    if (meansJob_->busy()) {  // of the model before: its end starts this one's (meansDone)
      meansJob_->cancel();
      return false;
    }
    meansModel_ = model;
    HeadImportanceJob::Request request;
    request.model = model;
    request.source = meansSource(*currentSessionModel());
    request.seed = dataSeedOf(*currentSessionModel());
    request.limit = kMeanReviews;
    request.task = HeadImportanceJob::Task::Means;
    meansJob_->start(std::move(request));
  }
  return false;
}

void AttentionPage::meansDone() {
  HeadImportanceJob::Outcome outcome = meansJob_->takeOutcome();
  if (meansModel_ != currentModel()) {  // computed for a model no longer shown
    if (reading_) showAttention();  // the reading that waits, with this model's means
    return;
  }
  if (!outcome.error.isEmpty()) {
    showError(tr("The heads' mean outputs could not be computed: %1. Switched-off heads give zeros.").arg(outcome.error));
    replacementBox_->setCurrentIndex(0);  // reads again with zeros
    return;
  }
  headMeans_ = std::move(outcome.means);
  showAttention();  // the reading that waited for them
}

}  // namespace al::ui
