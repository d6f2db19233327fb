// Core headers first (through the model library): Qt's `emit` macro must not reach them.
#include "ui/session/model_library.h"

#include "ui/main_window.h"

#include <QApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QSplitter>
#include <QScrollArea>
#include <QStackedWidget>
#include <QStatusBar>

#include "ui/attention_page.h"
#include "ui/chatbot_page.h"
#include "ui/export.h"
#include "ui/norm_race.h"
#include "ui/normalization_page.h"
#include "ui/pages/fill_page.h"
#include "ui/runs_list.h"
#include "ui/stepper_page.h"
#include "ui/train_page.h"
#include "ui/widgets/about_dialog.h"

namespace al::ui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), sidebar_(new QListWidget), pages_(new QStackedWidget), library_(new ModelLibrary(this)) {
  setWindowTitle(tr("AttentionLab"));
  sidebar_->setObjectName("sidebar");
  sidebar_->setFixedWidth(170);
  auto* splitter = new QSplitter;
  splitter->addWidget(sidebar_);
  splitter->addWidget(pages_);
  splitter->setStretchFactor(1, 1);
  splitter->setSizes({sidebar_->width(), 100000});  // the sidebar's fixed width, the pages the rest
  setCentralWidget(splitter);
  connect(sidebar_, &QListWidget::currentRowChanged, pages_, &QStackedWidget::setCurrentIndex);

  trainPage_ = new TrainPage;
  addPage(tr("Train"), tr("Train a model and watch it learn"), trainPage_);
  connect(trainPage_, &TrainPage::statusMessage, this, [this](const QString& m) { statusBar()->showMessage(m); });
  auto* attentionPage = new AttentionPage;
  auto* stepperPage = new StepperPage;
  addPage(tr("Attention"), tr("See what attends to what"), attentionPage);
  addPage(tr("Step through"), tr("Self-attention one operation at a time"), stepperPage);
  // The Attention page's current model is the stepper's trained layer.
  connect(attentionPage, &AttentionPage::statusMessage, this, [this](const QString& m) { statusBar()->showMessage(m); });
  connect(attentionPage, &AttentionPage::currentModelChanged, stepperPage, [attentionPage, stepperPage] {
    stepperPage->setTrainedModel(attentionPage->currentModelName(), attentionPage->currentModel());
  });
  auto* fillPage = new FillPage(library_);  // shows the library's masked-LM models
  addPage(tr("Fill in the blank"), tr("BERT's masked language model: guess hidden words from both sides"), fillPage);
  connect(fillPage, &FillPage::statusMessage, this, [this](const QString& m) { statusBar()->showMessage(m); });
  auto* normalizationPage = new NormalizationPage;
  addPage(tr("Normalization"), tr("Layer normalization versus batch normalization"), normalizationPage);
  // The race's two finished runs join the Train page's runs list, to overlay them with runs of one's own.
  NormRace* race = normalizationPage->race();
  connect(race, &NormRace::raceFinished, trainPage_, [this, race] {
    for (NormRace::Side side : NormRace::kSides) {
      const QString dir = race->savedRunDirectory(side);
      if (dir.isEmpty() || !trainPage_->openModel(dir)) continue;
      const int id = trainPage_->runs()->selectedRun();  // openModel selects the run it added
      trainPage_->runs()->setTestAccuracy(id, race->testAccuracy(side));
      trainPage_->runs()->setState(id, tr("raced"));
    }
  });
  connect(race, &NormRace::statusMessage, this, [this](const QString& m) { statusBar()->showMessage(m); });
  auto* chatbotPage = new ChatbotPage;
  addPage(tr("Chatbot"), tr("The GRU chatbot with additive attention"), chatbotPage);
  connect(chatbotPage, &ChatbotPage::statusMessage, this, [this](const QString& m) { statusBar()->showMessage(m); });
  connect(chatbotPage, &ChatbotPage::currentModelChanged, stepperPage, [chatbotPage, stepperPage] {
    stepperPage->setChatbotModel(chatbotPage->currentModelName(), chatbotPage->currentModel());
  });
  // Finished runs of this session go into the model library (a snapshot in memory, no file); the Attention and
  // Chatbot pages show the models of their task.
  connect(trainPage_, &TrainPage::runFinished, this, [this](int id) {
    const TrainingRun* run = trainPage_->trainingRun(id);
    if (!run || !trainPage_->runFailure(id).isEmpty()) return;  // a failed run has nothing worth showing
    library_->add(snapshotOfRun(*run, trainPage_->runs()->runName(id),
                                trainPage_->runStopped(id) ? tr("stopped") : tr("finished")));
  });
  connect(library_, &ModelLibrary::modelAdded, this, [this, attentionPage, chatbotPage](int id) {
    const SessionModel* model = library_->model(id);
    if (model->imdb) {
      attentionPage->addModel(model->name, model->imdb);
      statusBar()->showMessage(tr("“%1” is ready on the Attention page").arg(model->name));
    }
    if (model->chatbot) {
      chatbotPage->addModel(model->name, model->chatbot);
      statusBar()->showMessage(tr("“%1” is ready on the Chatbot page").arg(model->name));
    }
    if (model->maskedLm) statusBar()->showMessage(tr("“%1” is ready on the Fill-in-the-blank page").arg(model->name));
  });
  showPage(0);

  createMenus();
  statusBar()->showMessage(tr("Ready"));
  resize(1280, 720);
}

int MainWindow::addPage(const QString& title, const QString& toolTip, QWidget* page) {
  auto* item = new QListWidgetItem(title, sidebar_);
  item->setToolTip(toolTip);
  item->setSizeHint(QSize(160, 40));
  // Each page sits in a scroll area: the window then never needs to be wider or taller than the largest
  // page's minimum (a projector at 1280 x 720), and a cramped page scrolls instead of being cut off.
  auto* scroll = new QScrollArea;
  scroll->setWidget(page);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  return pages_->addWidget(scroll);
}

void MainWindow::showPage(int index) { sidebar_->setCurrentRow(index); }
int MainWindow::pageCount() const { return pages_->count(); }
QWidget* MainWindow::page(int index) const {
  auto* scroll = qobject_cast<QScrollArea*>(pages_->widget(index));
  return scroll ? scroll->widget() : nullptr;
}

void MainWindow::createMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  file->addAction(tr("Open &data…"), QKeySequence::Open, this, [this] { showPage(0); trainPage_->chooseDataFile(); });
  file->addAction(tr("Open &model…"), this, [this] { showPage(0); trainPage_->openModelDialog(); });
  file->addAction(tr("&Save model…"), QKeySequence::Save, this, [this] { showPage(0); trainPage_->saveModelDialog(); });
  // A page with its own figure export (vector curves, say) offers an exportFigure() slot; any other page is
  // exported as it looks.
  file->addAction(tr("&Export figure…"), QKeySequence(tr("Ctrl+E")), this, [this] {
    QWidget* page = this->page(pages_->currentIndex());
    if (page->metaObject()->indexOfMethod("exportFigure()") >= 0)
      QMetaObject::invokeMethod(page, "exportFigure");
    else
      askAndExportWidget(page, sidebar_->currentItem()->text().toLower());
  });
  file->addSeparator();
  file->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::quit);
  QMenu* training = menuBar()->addMenu(tr("&Training"));
  training->addActions({trainPage_->startAction(), trainPage_->pauseAction(), trainPage_->stopAction()});
  QMenu* help = menuBar()->addMenu(tr("&Help"));
  help->addAction(tr("&About AttentionLab"), this, [this] { AboutDialog(this).exec(); });
}

}  // namespace al::ui
