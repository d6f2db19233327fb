// Core headers first (through the model library): Qt's `emit` macro must not reach them.
#include "ui/session/model_library.h"

#include "ui/main_window.h"
#include "ui/session/model_files.h"

#include <QActionGroup>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QTimer>
#include <QSettings>
#include <QApplication>
#include <QCloseEvent>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QScrollArea>
#include <QStackedWidget>
#include <QStatusBar>
#include <QVBoxLayout>

#include "ui/pages/attention_page.h"
#include "ui/pages/chatbot_page.h"
#include "ui/pages/comparison_page.h"
#include "ui/widgets/export.h"
#include "ui/text/language.h"
#include "ui/pages/norm_race.h"
#include "ui/pages/normalization_page.h"
#include "ui/pages/fill_page.h"
#include "ui/pages/generate_page.h"
#include "ui/widgets/model_download_dialog.h"
#include "ui/widgets/runs_list.h"
#include "ui/pages/stepper_page.h"
#include "ui/pages/train_page.h"
#include "ui/widgets/about_dialog.h"
#include "ui/lessons/lesson_course.h"
#include "ui/lessons/lesson_view.h"
#include "ui/lessons/presentation_mode.h"
#include "ui/lessons/preparation_dialog.h"
#include "ui/session_menu.h"
#include "ui/lessons/lessons_page.h"
#include "ui/pages/memory_page.h"
#include "ui/widgets/appearance.h"
#include "ui/widgets/wheel_guard.h"
#include "ui/widgets/model_bar.h"
#include "ui/widgets/vocabulary_dialog.h"
#include "ui/widgets/manual_window.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

namespace {

// A page's holder in its scroll area. QScrollArea gives a page whose layout trades height for width (a wrapped
// label) its preferred height at the viewport's width, so a page that fits at its minimum height scrolled instead
// (the Chatbot page of lesson 8, presented: 781 px in a 692 px viewport). The holder asks for the least height at
// that width: the page fits the window when it can, and scrolls only when it cannot.
class PageHolder : public QWidget {
 public:
  explicit PageHolder(QWidget* page) : page_(page) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(page);
  }
  QWidget* page() const { return page_; }
  int heightForWidth(int width) const override { return layout()->totalMinimumHeightForWidth(width); }

 private:
  QWidget* page_;
};

}  // namespace

MainWindow::MainWindow(QWidget* parent)
    : LessonWindow(parent), sidebar_(new QListWidget), pages_(new QStackedWidget), library_(new ModelLibrary(this)) {
  installWheelGuard(*qApp);  // the wheel scrolls the forms; it changes only the field the user chose
  sidebar_->setObjectName("sidebar");
  sidebar_->setFixedWidth(170);
  auto* splitter = new QSplitter;
  splitter->addWidget(sidebar_);
  splitter->addWidget(pages_);
  splitter->setStretchFactor(1, 1);
  splitter->setSizes({sidebar_->width(), 100000});  // the sidebar's fixed width, the pages the rest
  setCentralWidget(splitter);
  connect(sidebar_, &QListWidget::currentRowChanged, pages_, &QStackedWidget::setCurrentIndex);

  ModelBar::setLessonSentences(&lessonExampleSentences);  // the Examples menus' offer, from the lessons
  createLessons();
  trainPage_ = new TrainPage;
  trainPage_->setLibrary(library_);  // its finished runs and the models opened there go into the library
  addPage(QT_TR_NOOP("Train"), QT_TR_NOOP("Train a model and watch it learn"), trainPage_);
  // The model pages observe the session's library: it owns the models, and a page shows those it can.
  auto* attentionPage = new AttentionPage(library_);
  auto* stepperPage = new StepperPage(library_);  // walks the models the other pages show
  addPage(QT_TR_NOOP("Attention"), QT_TR_NOOP("See what attends to what"), attentionPage);
  addPage(QT_TR_NOOP("Step through"), QT_TR_NOOP("Self-attention one operation at a time"), stepperPage);
  auto* normalizationPage = new NormalizationPage;
  addPage(QT_TR_NOOP("Normalization"), QT_TR_NOOP("Layer normalization versus batch normalization"), normalizationPage);
  NormRace* race = normalizationPage->race();
  trainPage_->listRunsOf(race);  // its finished runs join the runs list and the library
  showStatusMessagesOf(race);
  auto* chatbotPage = new ChatbotPage(library_);
  addPage(QT_TR_NOOP("Chatbot"), QT_TR_NOOP("The GRU chatbot with additive attention, and the encoder-decoder Transformer"),
          chatbotPage);
  auto* comparisonPage = new ComparisonPage(library_);  // its two models join the library
  addPage(QT_TR_NOOP("Compare"), QT_TR_NOOP("Bahdanau vs Transformer on the same data and split"), comparisonPage);
  // The pages follow the course: the encoder, normalization, the chatbot and the full Transformer, then BERT.
  auto* fillPage = new FillPage(library_);  // shows the library's masked-LM models
  addPage(QT_TR_NOOP("Fill in the blank"), QT_TR_NOOP("BERT's masked language model: guess hidden words from both sides"),
          fillPage);
  auto* generatePage = new GeneratePage(library_);  // shows the library's models that generate
  addPage(QT_TR_NOOP("Generate"), QT_TR_NOOP("A GPT writes on from a prompt, one token at a time"), generatePage);
  auto* memoryPage = new MemoryPage(library_);  // its Trained model tab shows the library's language models
  addPage(QT_TR_NOOP("Memory"), QT_TR_NOOP("Transformer-XL: segments and the cached memory they attend to"),
          memoryPage);
  // A new user starts with the lessons; afterwards the app opens on the Train page.
  QSettings settings;
  showPage(settings.value("lessons/welcomed").toBool() ? static_cast<QWidget*>(trainPage_) : lessonsPage_);
  settings.setValue("lessons/welcomed", true);

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
  scroll->setWidget(new PageHolder(page));
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  showStatusMessagesOf(page);
  return pages_->addWidget(scroll);
}

// A page (or a part of one, such as the normalization race) that has something to say says it in the status bar.
void MainWindow::showStatusMessagesOf(QObject* speaker) {
  if (speaker->metaObject()->indexOfSignal("statusMessage(QString)") >= 0)
    connect(speaker, SIGNAL(statusMessage(QString)), statusBar(), SLOT(showMessage(QString)));
}

void MainWindow::showPage(int index) { sidebar_->setCurrentRow(index); }
void MainWindow::showPage(QWidget* page) {
  for (int i = 0; i < pageCount(); ++i)
    if (this->page(i) == page) showPage(i);
}
QWidget* MainWindow::currentPage() const { return page(pages_->currentIndex()); }
int MainWindow::pageCount() const { return pages_->count(); }
QWidget* MainWindow::page(int index) const {
  auto* scroll = qobject_cast<QScrollArea*>(pages_->widget(index));
  auto* holder = scroll ? dynamic_cast<PageHolder*>(scroll->widget()) : nullptr;
  return holder ? holder->page() : nullptr;
}

// Each menu's texts are set beside it and again when the language changes (setTranslatedTexts).
void MainWindow::createMenus() {
  QMenu* fileMenu = menuBar()->addMenu(QString());
  QAction* openData = fileMenu->addAction(QString(), QKeySequence::Open, this, [this] {
    showPage(trainPage_);
    trainPage_->chooseDataFile();
  });
  QAction* openModel = fileMenu->addAction(QString(), this, [this] { showPage(trainPage_); trainPage_->openModelDialog(); });
  // The session stays on its page: the run saved is the Train page's chosen run (or its last one).
  QAction* saveModel = fileMenu->addAction(QString(), QKeySequence::Save, this, [this] {
    if (!trainPage_->hasRunToSave()) {
      statusBar()->showMessage(TrainPage::tr("There is no run to save yet: train one first."));
      return;
    }
    trainPage_->saveModelDialog();
  });
  saveModel->setObjectName("saveModelAction");
  // A page with its own figure export (vector curves, say) offers an exportFigure() slot; any other page is
  // exported as it looks.
  QAction* exportFigure = fileMenu->addAction(QString(), QKeySequence(Qt::CTRL | Qt::Key_E), this, [this] {
    QWidget* page = this->page(pages_->currentIndex());
    if (page->metaObject()->indexOfMethod("exportFigure()") >= 0)
      QMetaObject::invokeMethod(page, "exportFigure");
    else
      askAndExportWidget(page, sidebar_->currentItem()->text().toLower());
  });
  // A downloaded model opens on the page in view when it shows models, else on the page of its kind.
  QAction* downloadModel = fileMenu->addAction(QString(), this, [this] {
    auto* dialog = new ModelDownloadDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &ModelDownloadDialog::downloaded, this, [this](const QString& folder) {
      ModelPage* page = qobject_cast<ModelPage*>(currentPage());
      if (!page && ModelDownloadDialog::isGpt2Folder(folder)) page = findChild<GeneratePage*>();
      if (!page) page = findChild<FillPage*>();
      showPage(page);
      page->openModelDirectory(folder);
    });
    dialog->show();
  });
  fileMenu->addSeparator();
  QAction* quit = fileMenu->addAction(QString(), QKeySequence::Quit, this, &QWidget::close);  // asks first
  quit->setObjectName("quit");
  addSessionMenu(*this, fileMenu, exportFigure);  // Save / Open session, Recent sessions (ui/session_menu.h)
  setTranslatedTexts(this, [=, this] {
    fileMenu->setTitle(tr("&File"));
    openData->setText(tr("Open &data…"));
    openModel->setText(tr("Open &model…"));
    saveModel->setText(tr("&Save model…"));
    exportFigure->setText(tr("&Export figure…"));
    downloadModel->setText(tr("Download a &pretrained model…"));
    quit->setText(tr("&Quit"));
  });
  QMenu* viewMenu = menuBar()->addMenu(QString());
  setTranslatedTexts(this, [=, this] { viewMenu->setTitle(tr("&View")); });
  createLanguageMenu(viewMenu);
  QAction* vocabulary = viewMenu->addAction(QString(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V), this,
                                            &MainWindow::showVocabulary);
  vocabulary->setObjectName("vocabularyAction");
  setTranslatedTexts(this, [=, this] {
    vocabulary->setText(tr("&Vocabulary…"));
    vocabulary->setToolTip(tr("The words the current model knows, with their ids and frequencies"));
  });
  viewMenu->addSeparator();
  Appearance::instance()->addMenuEntries(viewMenu, this);  // Theme, Zoom in / out, Actual size
  createLessonMenus(fileMenu, exportFigure, viewMenu);
  QMenu* trainingMenu = menuBar()->addMenu(QString());
  trainingMenu->addActions({trainPage_->startAction(), trainPage_->pauseAction(), trainPage_->stopAction()});
  QMenu* helpMenu = menuBar()->addMenu(QString());
  QAction* manualAction = helpMenu->addAction(QString(), QKeySequence(Qt::Key_F1), this, [this] {
    if (!manual_) manual_ = new ManualWindow(this);
    manual_->show();
    manual_->raise();
    manual_->activateWindow();
  });
  QAction* about = helpMenu->addAction(QString(), this, [this] { AboutDialog(this).exec(); });
  setTranslatedTexts(this, [=, this] {
    trainingMenu->setTitle(tr("&Training"));
    helpMenu->setTitle(tr("&Help"));
    manualAction->setText(tr("&Manual"));
    about->setText(tr("&About AttentionLab"));
  });
}

// View › Language: each language under its own name, the current one checked; a choice applies at once.
void MainWindow::createLanguageMenu(QMenu* viewMenu) {
  QMenu* languageMenu = viewMenu->addMenu(QString());
  languages_ = new QActionGroup(this);
  for (const QString& code : availableLanguages()) {
    QAction* action = languageMenu->addAction(nativeLanguageName(code));
    action->setCheckable(true);
    action->setChecked(code == currentLanguage());
    action->setData(code);
    languages_->addAction(action);
  }
  connect(languages_, &QActionGroup::triggered, this, [](QAction* action) { setLanguage(action->data().toString()); });
  setTranslatedTexts(this, [this, languageMenu] {
    languageMenu->setTitle(tr("&Language"));
    for (QAction* action : languages_->actions()) action->setChecked(action->data().toString() == currentLanguage());
  });
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (mayClose())
    event->accept();
  else
    event->ignore();
}

// Models trained on a page of their own (the toy models of the Attention, Chatbot and Fill pages) that were never
// written to a directory: quitting loses them too. (The Train page's runs are its own question, above.)
std::vector<const SessionModel*> MainWindow::unsavedPageModels() const {
  std::vector<const SessionModel*> models;
  for (const SessionModel& model : library_->models())
    if (model.status == QLatin1String("toy") && model.directory.isEmpty() && !savedOnQuit_.contains(model.id))
      models.push_back(&model);
  return models;
}

bool MainWindow::mayClose() {
  const bool training = trainPage_->isTraining();
  const QStringList unsaved = trainPage_->unsavedRunNames();
  QStringList pageModels;
  for (const SessionModel* model : unsavedPageModels()) pageModels << model->name;
  if (!training && unsaved.isEmpty() && pageModels.isEmpty()) return true;
  QStringList lost;
  if (training) lost << tr("A run is still training: quitting stops it, and its model is lost.");
  if (!unsaved.isEmpty())
    lost << tr("These runs were never saved: %1. Their models and curves are lost when AttentionLab quits.")
                .arg(unsaved.join(QStringLiteral(", ")));
  if (!pageModels.isEmpty())
    lost << tr("These models, trained on their pages, were never saved: %1. They are lost when AttentionLab quits.")
                .arg(pageModels.join(QStringLiteral(", ")));
  QMessageBox box(QMessageBox::Warning, tr("Quit AttentionLab?"), lost.join(QStringLiteral("\n\n")),
                  QMessageBox::NoButton, this);
  QPushButton* save = unsaved.isEmpty() && pageModels.isEmpty()
                          ? nullptr
                          : box.addButton(pageModels.isEmpty() ? tr("Save these runs…") : tr("Save these models…"),
                                          QMessageBox::AcceptRole);
  QPushButton* quit = box.addButton(tr("Quit without saving"), QMessageBox::DestructiveRole);
  box.setDefaultButton(box.addButton(QMessageBox::Cancel));
  box.exec();
  if (box.clickedButton() == quit) {
    trainPage_->stop();
    return true;
  }
  if (save && box.clickedButton() == save) saveUnsavedRunsAndClose();
  return false;
}

// The runs and models the question listed, each into its own folder under one the user chooses: the runs from the
// Train page, the page models on a file worker of the window. Once every one is written the window closes; one
// that could not be saved keeps it open (the Train page's banner, or a message, says why).
void MainWindow::saveUnsavedRunsAndClose() {
  const QList<int> ids = trainPage_->unsavedRunIds();
  std::vector<SessionModel> pageModels;
  for (const SessionModel* model : unsavedPageModels()) pageModels.push_back(*model);
  QStringList names;
  for (int id : ids) names << trainPage_->runs()->runName(id);
  for (const SessionModel& model : pageModels) names << model.name;
  if (!ids.isEmpty()) showPage(trainPage_);
  const QString folder = QFileDialog::getExistingDirectory(
      this, tr("Choose a folder for the unsaved runs: %1").arg(names.join(QStringLiteral(", "))), QDir::homePath());
  if (folder.isEmpty()) return;
  // A name of its own under the folder: the model's name, lower case, spaces as dashes, numbered when taken.
  QStringList taken;
  auto directoryFor = [&](const QString& name) {
    const QString base = QDir(folder).filePath(name.simplified().replace(' ', '-').replace(',', QString()).toLower());
    QString dir = base;
    for (int n = 2; QFileInfo::exists(dir) || taken.contains(dir); ++n) dir = base + QStringLiteral("-%1").arg(n);
    taken << dir;
    return dir;
  };
  for (int id : ids) trainPage_->saveModel(id, directoryFor(trainPage_->runs()->runName(id)));
  auto pending = std::make_shared<int>(static_cast<int>(pageModels.size()));
  auto failed = std::make_shared<bool>(false);
  if (!pageModels.empty() && !pageFiles_) pageFiles_ = new ModelFileJob(this);
  for (SessionModel& model : pageModels) {
    const QString dir = directoryFor(model.name);
    const int id = model.id;
    auto copy = std::make_shared<SessionModel>(std::move(model));
    pageFiles_->save(
        dir, [copy, dir] { saveSessionModel(*copy, dir); },
        [this, pending, id] {
          savedOnQuit_.insert(id);
          --*pending;
        },
        [this, pending, failed](const QString& message) {
          *failed = true;
          --*pending;
          QMessageBox::warning(this, tr("Quit AttentionLab?"), message);
        });
  }
  auto* waiting = new QTimer(this);
  waiting->setInterval(100);
  connect(waiting, &QTimer::timeout, this, [this, waiting, pending, failed] {
    if (trainPage_->filesBusy() || *pending > 0) return;
    waiting->deleteLater();
    if (trainPage_->unsavedRunIds().isEmpty() && !*failed) close();
  });
  waiting->start();
}

void MainWindow::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslateUi();
  QMainWindow::changeEvent(event);
}

// The kind is asked only to choose the page; the page reads the directory itself (on a worker thread) and words
// any error, so a directory that is no model goes to the first page, whose banner says what is wrong with it.
QWidget* MainWindow::openModelOnItsPage(const QString& dir) {
  const ModelKind* kind = nullptr;
  try {
    kind = &modelKindOfDirectory(dir.toStdString());
  } catch (const std::exception&) {
  }
  const std::pair<Ability, ModelPage*> pagesByAbility[] = {
      {Ability::SelfAttention, findChild<AttentionPage*>()},
      {Ability::Ask, findChild<ChatbotPage*>()},
      {Ability::Fill, findChild<FillPage*>()},
      {Ability::Generate, findChild<GeneratePage*>()},
  };
  for (const auto& [ability, page] : pagesByAbility) {
    if (kind && !kind->can(ability)) continue;
    page->openModelDirectory(dir);
    return page;
  }
  trainPage_->openModel(dir);  // no page shows it: its curves
  return trainPage_;
}

// The vocabulary of the current page's model, or else of the session's newest model that has one.
void MainWindow::showVocabulary() {
  auto* bar = currentPage() ? currentPage()->findChild<ModelBar*>() : nullptr;
  if (bar && bar->vocabularyButton()->isEnabled()) return bar->showVocabulary();
  const std::vector<SessionModel>& models = library_->models();
  for (auto model = models.rbegin(); model != models.rend(); ++model)
    if (const std::optional<ModelWords> words = modelWordsOf(*model)) {
      VocabularyDialog::open(this, model->name, &*words);
      return;
    }
  VocabularyDialog::open(this, {}, nullptr);
}

void MainWindow::retranslateUi() {
  setWindowTitle(tr("AttentionLab"));
  for (int i = 0; i < sidebar_->count() && i < static_cast<int>(pageTexts_.size()); ++i) {
    sidebar_->item(i)->setText(tr(pageTexts_[i].first));
    sidebar_->item(i)->setToolTip(tr(pageTexts_[i].second));
  }
  lessonPanel_->setWindowTitle(tr("Lesson"));
}

// ---------------------------------------------------------------------------------------------------------------
// Lessons and presentation mode

void MainWindow::createLessons() {
  course_ = new LessonCourse(this);
  lessonsPage_ = new LessonsPage(course_);
  addPage(QT_TR_NOOP("Lessons"), QT_TR_NOOP("Start here: the course, one idea and one instrument at a time"),
          lessonsPage_);
  // The lesson's text beside its instrument, with Previous and Next.
  lessonPanel_ = new QDockWidget(this);
  lessonPanel_->setObjectName("lessonPanel");
  auto* view = new LessonView(course_);
  view->setNavigationVisible(true);
  view->openButton()->hide();
  lessonPanel_->setWidget(view);
  lessonPanel_->setMinimumWidth(320);
  addDockWidget(Qt::RightDockWidgetArea, lessonPanel_);
  lessonPanel_->hide();
  // The lesson's text shows once: the Lessons page has it, so there the panel steps aside, and it comes back
  // beside the instrument when another page is shown.
  connect(pages_, &QStackedWidget::currentChanged, this, [this] {
    const bool onLessons = currentPage() == lessonsPage_;
    if (onLessons && !lessonPanel_->isHidden()) {
      lessonPanel_->hide();
      lessonPanelSteppedAside_ = true;
    } else if (!onLessons && lessonPanelSteppedAside_) {
      lessonPanel_->show();
      lessonPanelSteppedAside_ = false;
    }
  });
  presentation_ = new PresentationMode(this, course_, lessonPanel_);
  connect(lessonsPage_, &LessonsPage::openRequested, this, &MainWindow::openLesson);
  connect(lessonsPage_, &LessonsPage::prepareRequested, this, [this] { prepareLessons(*this); });
  connect(view, &LessonView::previousRequested, this, [this] {
    course_->setCurrentIndex(course_->currentIndex() - 1);
    openLesson();
  });
  connect(view, &LessonView::nextRequested, this, [this] {
    course_->setCurrentIndex(course_->currentIndex() + 1);
    openLesson();
  });
}

void MainWindow::openLesson() { presentation_->openCurrentLesson(); }

// File › Open lesson file, before Export figure; View › Present (F11).
void MainWindow::createLessonMenus(QMenu* fileMenu, QAction* beforeAction, QMenu* viewMenu) {
  auto* openLessonFile = new QAction(this);
  connect(openLessonFile, &QAction::triggered, this, [this] {
    showPage(lessonsPage_);
    lessonsPage_->openLessonFileDialog();
  });
  fileMenu->insertAction(beforeAction, openLessonFile);
  auto* prepare = new QAction(this);  // trains the lessons' models before the class (ui/lessons/preparation_dialog.h)
  prepare->setObjectName("prepareLessonsAction");
  connect(prepare, &QAction::triggered, this, [this] { prepareLessons(*this); });
  fileMenu->insertAction(beforeAction, prepare);
  presentAction_ = viewMenu->addAction(QString());
  presentAction_->setShortcut(QKeySequence(Qt::Key_F11));
  presentAction_->setCheckable(true);
  connect(presentAction_, &QAction::toggled, presentation_, &PresentationMode::setPresenting);
  connect(presentation_, &PresentationMode::presentingChanged, presentAction_, &QAction::setChecked);
  setTranslatedTexts(this, [this, openLessonFile, prepare] {
    openLessonFile->setText(tr("Open &lesson file…"));
    prepare->setText(tr("&Prepare lessons…"));
    prepare->setToolTip(tr("Train every model the lessons use before the class, in the background"));
    presentAction_->setText(tr("&Present"));
    presentAction_->setToolTip(tr("The page in view full screen, large fonts and high contrast, an opened lesson "
                                  "beside its instrument; PageDown / PageUp step, Esc leaves"));
  });
}

}  // namespace al::ui
