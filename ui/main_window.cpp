// Core headers first (through the model library): Qt's `emit` macro must not reach them.
#include "ui/session/model_library.h"

#include "ui/main_window.h"

#include <QActionGroup>
#include <QApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QSplitter>
#include <QScrollArea>
#include <QStackedWidget>
#include <QStatusBar>

#include "ui/pages/attention_page.h"
#include "ui/pages/chatbot_page.h"
#include "ui/pages/comparison_page.h"
#include "ui/export.h"
#include "ui/text/language.h"
#include "ui/session/norm_race.h"
#include "ui/pages/normalization_page.h"
#include "ui/pages/fill_page.h"
#include "ui/widgets/runs_list.h"
#include "ui/pages/stepper_page.h"
#include "ui/pages/train_page.h"
#include "ui/widgets/about_dialog.h"

namespace al::ui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), sidebar_(new QListWidget), pages_(new QStackedWidget), library_(new ModelLibrary(this)) {
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
  trainPage_->setLibrary(library_);  // models opened there go into the library
  addPage(QT_TR_NOOP("Train"), QT_TR_NOOP("Train a model and watch it learn"), trainPage_);
  connect(trainPage_, &TrainPage::statusMessage, this, [this](const QString& m) { statusBar()->showMessage(m); });
  auto* attentionPage = new AttentionPage;
  attentionPage->setLibrary(library_);
  auto* stepperPage = new StepperPage;
  addPage(QT_TR_NOOP("Attention"), QT_TR_NOOP("See what attends to what"), attentionPage);
  addPage(QT_TR_NOOP("Step through"), QT_TR_NOOP("Self-attention one operation at a time"), stepperPage);
  // The Attention page's current model is the stepper's trained layer.
  connect(attentionPage, &AttentionPage::statusMessage, this, [this](const QString& m) { statusBar()->showMessage(m); });
  connect(attentionPage, &AttentionPage::currentModelChanged, stepperPage, [attentionPage, stepperPage] {
    stepperPage->setTrainedModel(attentionPage->currentModelName(), attentionPage->currentModel());
  });
  auto* normalizationPage = new NormalizationPage;
  addPage(QT_TR_NOOP("Normalization"), QT_TR_NOOP("Layer normalization versus batch normalization"), normalizationPage);
  // The race's two finished runs join the session's models (an in-memory snapshot each, no file) and the Train
  // page's runs list, to overlay them with runs of one's own.
  NormRace* race = normalizationPage->race();
  connect(race, &NormRace::raceFinished, this, [this, race] {
    for (NormRace::Side side : NormRace::kSides) {
      const TrainingRun* run = race->finishedRun(side);
      if (!run) continue;
      SessionModel model = snapshotOfRun(*run, race->runName(side), tr("raced"));
      const int id = trainPage_->addModelRun(model, tr("raced"));
      trainPage_->runs()->setTestAccuracy(id, race->testAccuracy(side));
      library_->add(std::move(model));
    }
  });
  connect(race, &NormRace::statusMessage, this, [this](const QString& m) { statusBar()->showMessage(m); });
  auto* chatbotPage = new ChatbotPage;
  addPage(QT_TR_NOOP("Chatbot"), QT_TR_NOOP("The GRU chatbot with additive attention, and the encoder-decoder Transformer"),
          chatbotPage);
  connect(chatbotPage, &ChatbotPage::statusMessage, this, [this](const QString& m) { statusBar()->showMessage(m); });
  connect(chatbotPage, &ChatbotPage::currentModelChanged, stepperPage, [chatbotPage, stepperPage] {
    stepperPage->setChatbotModel(chatbotPage->currentModelName(), chatbotPage->currentModel());
    stepperPage->setTransformerModel(chatbotPage->currentModelName(), chatbotPage->currentTransformer());
  });
  auto* comparisonPage = new ComparisonPage;
  addPage(QT_TR_NOOP("Compare"), QT_TR_NOOP("Bahdanau vs Transformer on the same data and split"), comparisonPage);
  connect(comparisonPage, &ComparisonPage::statusMessage, this, [this](const QString& m) { statusBar()->showMessage(m); });
  // The pages follow the course: the encoder, normalization, the chatbot and the full Transformer, then BERT.
  auto* fillPage = new FillPage(library_);  // shows the library's masked-LM models
  addPage(QT_TR_NOOP("Fill in the blank"), QT_TR_NOOP("BERT's masked language model: guess hidden words from both sides"),
          fillPage);
  connect(fillPage, &FillPage::statusMessage, this, [this](const QString& m) { statusBar()->showMessage(m); });
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
    if (model->chatbot || model->transformer) {
      if (model->chatbot) chatbotPage->addModel(model->name, model->chatbot);
      else chatbotPage->addModel(model->name, model->transformer);
      statusBar()->showMessage(tr("“%1” is ready on the Chatbot page").arg(model->name));
    }
    if (model->maskedLm) statusBar()->showMessage(tr("“%1” is ready on the Fill-in-the-blank page").arg(model->name));
  });
  showPage(0);

  createMenus();
  retranslateUi();
  statusBar()->showMessage(tr("Ready"));
  resize(1280, 720);
}

int MainWindow::addPage(const char* title, const char* toolTip, QWidget* page) {
  auto* item = new QListWidgetItem(tr(title), sidebar_);
  item->setToolTip(tr(toolTip));
  pageTexts_.emplace_back(title, toolTip);
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
  fileMenu_ = menuBar()->addMenu(QString());
  openDataAction_ = fileMenu_->addAction(QString(), QKeySequence::Open, this, [this] {
    showPage(0);
    trainPage_->chooseDataFile();
  });
  openModelAction_ = fileMenu_->addAction(QString(), this, [this] { showPage(0); trainPage_->openModelDialog(); });
  saveModelAction_ = fileMenu_->addAction(QString(), QKeySequence::Save, this, [this] {
    showPage(0);
    trainPage_->saveModelDialog();
  });
  // A page with its own figure export (vector curves, say) offers an exportFigure() slot; any other page is
  // exported as it looks.
  exportAction_ = fileMenu_->addAction(QString(), QKeySequence(Qt::CTRL | Qt::Key_E), this, [this] {
    QWidget* page = this->page(pages_->currentIndex());
    if (page->metaObject()->indexOfMethod("exportFigure()") >= 0)
      QMetaObject::invokeMethod(page, "exportFigure");
    else
      askAndExportWidget(page, sidebar_->currentItem()->text().toLower());
  });
  fileMenu_->addSeparator();
  quitAction_ = fileMenu_->addAction(QString(), QKeySequence::Quit, qApp, &QApplication::quit);
  viewMenu_ = menuBar()->addMenu(QString());
  createLanguageMenu();
  trainingMenu_ = menuBar()->addMenu(QString());
  trainingMenu_->addActions({trainPage_->startAction(), trainPage_->pauseAction(), trainPage_->stopAction()});
  helpMenu_ = menuBar()->addMenu(QString());
  aboutAction_ = helpMenu_->addAction(QString(), this, [this] { AboutDialog(this).exec(); });
}

// View › Language: each language under its own name, the current one checked; a choice applies at once.
void MainWindow::createLanguageMenu() {
  languageMenu_ = viewMenu_->addMenu(QString());
  languages_ = new QActionGroup(this);
  for (const QString& code : availableLanguages()) {
    QAction* action = languageMenu_->addAction(nativeLanguageName(code));
    action->setCheckable(true);
    action->setChecked(code == currentLanguage());
    action->setData(code);
    languages_->addAction(action);
  }
  connect(languages_, &QActionGroup::triggered, this, [](QAction* action) { setLanguage(action->data().toString()); });
}

void MainWindow::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslateUi();
  QMainWindow::changeEvent(event);
}

void MainWindow::retranslateUi() {
  setWindowTitle(tr("AttentionLab"));
  for (int i = 0; i < sidebar_->count() && i < static_cast<int>(pageTexts_.size()); ++i) {
    sidebar_->item(i)->setText(tr(pageTexts_[i].first));
    sidebar_->item(i)->setToolTip(tr(pageTexts_[i].second));
  }
  fileMenu_->setTitle(tr("&File"));
  openDataAction_->setText(tr("Open &data…"));
  openModelAction_->setText(tr("Open &model…"));
  saveModelAction_->setText(tr("&Save model…"));
  exportAction_->setText(tr("&Export figure…"));
  quitAction_->setText(tr("&Quit"));
  viewMenu_->setTitle(tr("&View"));
  languageMenu_->setTitle(tr("&Language"));
  for (QAction* action : languages_->actions()) action->setChecked(action->data().toString() == currentLanguage());
  trainingMenu_->setTitle(tr("&Training"));
  helpMenu_->setTitle(tr("&Help"));
  aboutAction_->setText(tr("&About AttentionLab"));
}

}  // namespace al::ui
