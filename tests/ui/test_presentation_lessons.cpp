// Every lesson presented to a class at 1280 x 720 (F11: fonts 1.6x, the lesson's text beside the instrument) shows
// its instrument's figures whole, at every step PageDown walks through:
//   - a plot of curves: each axis rect at least 200 x 120 px, its legend over no more than 5 % of it;
//   - a heatmap: every row and column in view, cells of at least 12 px;
//   - the bars of one row of weights: at least 150 px high (what a pinned row gets, test_heatmap_legibility);
//   - a grid of numbers (a Step-through matrix, a normalization table): every row and column shown, cells of at
//     least 12 px, nothing scrolled away;
//   - a drawn diagram: at least 200 x 120 px;
// all of it inside the window, not cut by a scroll area, and a step's title and explanation not cut off.
// The Attention page's tabs show whole beside its lesson, without scroll arrows, in English and in Chinese.
// The widgets' real geometry is measured, not only whether they are visible.
#include "core/tensor.h"
#include "ui/pages/attention_page.h"
#include "ui/pages/chatbot_page.h"
#include "ui/pages/fill_page.h"
#include "ui/pages/stepper_page.h"

#include <QtTest>

#include <QApplication>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QStackedWidget>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QTemporaryDir>
#include <qcustomplot.h>

#include "ui/lessons/lesson_course.h"
#include "ui/lessons/lesson_file.h"
#include "ui/lessons/lesson_instruments.h"
#include "ui/lessons/lesson_view.h"
#include "ui/lessons/presentation_mode.h"
#include "ui/main_window.h"
#include "ui/lessons/lessons_page.h"
#include "ui/pages/memory_page.h"
#include "ui/text/language.h"
#include "ui/teaching/step_view.h"
#include "ui/widgets/appearance.h"
#include "ui/widgets/curve_plot.h"
#include "ui/widgets/heatmap_view.h"
#include "ui/widgets/matrix_view.h"
#include "ui/widgets/segment_memory_diagram.h"
#include "ui/widgets/weight_bars.h"
#include "tests/page_scroll_area.h"

using namespace al;
using namespace al::ui;

namespace {

constexpr int kMinimumCell = 12;
constexpr QSize kMinimumAxisRect(200, 120);
constexpr double kLegendOverlap = 0.05;
constexpr int kMinimumBars = 150;

QRect inWindow(const QWidget* w) { return QRect(w->mapTo(w->window(), QPoint(0, 0)), w->size()); }

// The part of `w` the window shows: its rectangle cut by every ancestor's (a scroll area's viewport cuts what is
// scrolled away), in the window's coordinates.
QRect shownRect(const QWidget* w) {
  QRect r = inWindow(w);
  for (const QWidget* p = w->parentWidget(); p; p = p->parentWidget()) r &= inWindow(p);
  return r;
}

QString size(const QRect& r) { return QStringLiteral("%1x%2").arg(r.width()).arg(r.height()); }
QString size(const QSize& s) { return QStringLiteral("%1x%2").arg(s.width()).arg(s.height()); }

// The nearest scroll area between `w` and the page it is on (not the one around the page itself).
const QAbstractScrollArea* innerScrollArea(const QWidget* w) {
  for (const QWidget* p = w->parentWidget(); p && !qobject_cast<const QStackedWidget*>(p); p = p->parentWidget())
    if (const auto* area = qobject_cast<const QAbstractScrollArea*>(p))
      return qobject_cast<const QStackedWidget*>(area->parentWidget()) ? nullptr : area;  // not the page's own
  return nullptr;
}

// "" when `w` is shown whole, else what of it is cut. Inside a scroll area of its own (a column of Step-through
// grids) it must fit the area, whose scrolling then shows it whole, and the area must be shown whole.
QString cut(const QWidget* w, const QString& what) {
  if (const QAbstractScrollArea* area = innerScrollArea(w)) {
    const QSize room = area->viewport()->size();
    if (w->width() > room.width() || w->height() > room.height())
      return QStringLiteral("%1 (%2 px) does not fit its scroll area (%3 px)").arg(what, size(w->size()), size(room));
    return cut(area, what + "'s scroll area");
  }
  const QRect shown = shownRect(w);
  if (shown.size() == w->size()) return {};
  return QStringLiteral("%1 is cut: %2 of its %3 px shown").arg(what, size(shown), size(w->size()));
}

QStringList curveProblems(CurvePlot* curves) {
  QStringList problems;
  QCustomPlot* plot = curves->plot();
  if (const QString c = cut(plot, "the curves"); !c.isEmpty()) problems << c;
  const QRect legend = plot->legend && plot->legend->visible() ? plot->legend->outerRect() : QRect();
  const QStringList names{"loss", "accuracy"};
  const QList<QCPAxisRect*> rects = plot->axisRects();
  for (int i = 0; i < rects.size(); ++i) {
    const QRect r = rects[i]->rect();
    const QString name = names.value(i, QString::number(i));
    if (r.width() < kMinimumAxisRect.width() || r.height() < kMinimumAxisRect.height())
      problems << QStringLiteral("the %1 plot is %2 px (at least %3)").arg(name, size(r), size(kMinimumAxisRect));
    const QRect covered = legend & r;
    const double share = r.isEmpty() ? 0 : double(covered.width()) * covered.height() / (double(r.width()) * r.height());
    if (share > kLegendOverlap)
      problems << QStringLiteral("the legend covers %1 % of the %2 plot").arg(qRound(share * 100)).arg(name);
  }
  return problems;
}

QStringList heatmapProblems(HeatmapView* view) {
  QStringList problems;
  QCustomPlot* plot = view->plot();
  if (view->rows() == 0) return {};
  if (const QString c = cut(plot, "a heatmap \"" + view->title() + "\""); !c.isEmpty()) problems << c;
  for (QCPAxis* axis : {plot->xAxis, plot->yAxis}) {
    const int n = axis == plot->xAxis ? view->columns() : view->rows();
    const QString name = axis == plot->xAxis ? "columns" : "rows";
    if (axis->range().lower > -0.5 + 1e-6 || axis->range().upper < n - 0.5 - 1e-6)
      problems << QStringLiteral("a heatmap shows %1 %2..%3 of %4").arg(name).arg(axis->range().lower)
                      .arg(axis->range().upper).arg(n);
    const double cell = std::abs(axis->coordToPixel(1) - axis->coordToPixel(0));
    if (cell < kMinimumCell) problems << QStringLiteral("a heatmap's %1 are %2 px").arg(name).arg(cell, 0, 'f', 1);
  }
  return problems;
}

QStringList barProblems(WeightBars* bars) {
  if (bars->weights().size() == 0) return {};
  QStringList problems;
  if (const QString c = cut(bars, "the bars \"" + bars->title() + "\""); !c.isEmpty()) problems << c;
  if (bars->height() < kMinimumBars)
    problems << QStringLiteral("the bars \"%1\" are %2 px high (at least %3)").arg(bars->title()).arg(bars->height())
                    .arg(kMinimumBars);
  return problems;
}

QStringList matrixProblems(MatrixView* view) {
  if (view->rows() == 0) return {};
  QStringList problems;
  const QString name = "the grid \"" + view->title() + "\"";
  QTableView* table = view->table();
  if (const QString c = cut(table, name); !c.isEmpty()) problems << c;
  const QWidget* viewport = table->viewport();
  int shownColumns = 0, shownRows = 0, narrowest = 1 << 20, lowest = 1 << 20;
  for (int c = 0; c < view->columns(); ++c) {
    const int x = table->columnViewportPosition(c);
    shownColumns += x >= 0 && x + table->columnWidth(c) <= viewport->width();
    narrowest = std::min(narrowest, table->columnWidth(c));
  }
  for (int r = 0; r < view->rows(); ++r) {
    const int y = table->rowViewportPosition(r);
    shownRows += y >= 0 && y + table->rowHeight(r) <= viewport->height();
    lowest = std::min(lowest, table->rowHeight(r));
  }
  if (shownColumns < view->columns() || shownRows < view->rows())
    problems << QStringLiteral("%1 shows %2 of %3 columns and %4 of %5 rows")
                    .arg(name).arg(shownColumns).arg(view->columns()).arg(shownRows).arg(view->rows());
  if (narrowest < kMinimumCell || lowest < kMinimumCell)
    problems << QStringLiteral("%1 has cells of %2x%3 px").arg(name).arg(narrowest).arg(lowest);
  return problems;
}

// A wrapped label lower than its lines, or a one-line label narrower than its text, or one cut by the window.
QString labelProblem(QLabel* label) {
  if (!label->isVisible() || label->text().isEmpty()) return {};
  const bool short_ = label->wordWrap() ? label->heightForWidth(label->width()) > label->height()
                                        : label->sizeHint().width() > label->width();
  if (short_) return QStringLiteral("the text \"%1\" does not fit its label").arg(label->text().left(50));
  return cut(label, "the text \"" + label->text().left(50) + "\"");
}

// Everything a class looks at on `page`.
QStringList figureProblems(QWidget* page) {
  QStringList problems;
  if (QScrollArea* scroll = al::test::pageScrollArea(page); scroll) {
    if (scroll->horizontalScrollBar()->isVisible())
      problems << QStringLiteral("the page scrolls sideways (needs %1 px, has %2)")
                      .arg(page->minimumSizeHint().width()).arg(scroll->viewport()->width());
    // A page that scrolls down hides part of itself from the class, whatever its figures say.
    if (scroll->verticalScrollBar()->isVisible())
      problems << QStringLiteral("the page scrolls down (%1 px in a %2 px view)")
                      .arg(scroll->widget()->height()).arg(scroll->viewport()->height());
  }
  // A panel that never scrolls sideways (the Train page's settings) must be as narrow as its view, or its right
  // edge is cut off without a scroll bar to reach it.
  for (QScrollArea* area : page->findChildren<QScrollArea*>())
    if (area->isVisible() && area->widget() && area->horizontalScrollBarPolicy() == Qt::ScrollBarAlwaysOff &&
        area->widget()->width() > area->viewport()->width())
      problems << QStringLiteral("a panel is cut on the right (%1 px in a %2 px view)")
                      .arg(area->widget()->width()).arg(area->viewport()->width());
  for (CurvePlot* curves : page->findChildren<CurvePlot*>())
    if (curves->isVisible()) problems << curveProblems(curves);
  for (HeatmapView* view : page->findChildren<HeatmapView*>())
    if (view->isVisible()) problems << heatmapProblems(view);
  for (WeightBars* bars : page->findChildren<WeightBars*>())
    if (bars->isVisible()) problems << barProblems(bars);
  for (MatrixView* view : page->findChildren<MatrixView*>())
    if (view->isVisible()) problems << matrixProblems(view);
  for (SegmentMemoryDiagram* diagram : page->findChildren<SegmentMemoryDiagram*>()) {
    if (!diagram->isVisible()) continue;
    if (const QString c = cut(diagram, "the diagram"); !c.isEmpty()) problems << c;
    if (diagram->width() < kMinimumAxisRect.width() || diagram->height() < kMinimumAxisRect.height())
      problems << QStringLiteral("the diagram is %1 px").arg(size(diagram->size()));
  }
  if (auto* stepper = qobject_cast<StepperPage*>(page))
    for (const char* name : {"stepTitle", "formula", "explanation"})
      if (auto* label = stepper->stepView()->findChild<QLabel*>(name))
        if (const QString p = labelProblem(label); !p.isEmpty()) problems << p;
  return problems;
}

// Lets layouts, pending replots and the toy models' training settle. An Attention lesson that trains no toy (lesson
// 12 asks for a pretrained model) leaves the page without a model: nothing to wait for there.
void settle(QWidget* page) {
  if (auto* attention = qobject_cast<AttentionPage*>(page))
    QVERIFY(QTest::qWaitFor([&] {
      return !attention->isTrainingToyModel() && (attention->hasPrediction() || !attention->currentSessionModel()) &&
             !attention->isComputingAttention();
    }, 180000));
  if (auto* fill = qobject_cast<FillPage*>(page)) QVERIFY(QTest::qWaitFor([&] { return !fill->isTrainingToyModel(); }, 180000));
  if (auto* chatbot = qobject_cast<ChatbotPage*>(page))
    QVERIFY(QTest::qWaitFor([&] { return chatbot->hasReply(); }, 180000));
  if (auto* stepper = qobject_cast<StepperPage*>(page)) stepper->stepView()->finishAnimation();
  // Short waits, not bare turns of the event loop: on a busy machine a posted layout or a paced replot can come a
  // few turns late (a map once measured mid-layout, with columns of 11.9 px).
  for (int k = 0; k < 6; ++k) {
    QTest::qWait(20);
    for (QCustomPlot* plot : page->findChildren<QCustomPlot*>()) plot->replot(QCustomPlot::rpImmediateRefresh);
  }
}

int stepOf(QWidget* page) {
  if (auto* stepper = qobject_cast<StepperPage*>(page)) return stepper->currentStep();
  if (auto* memory = qobject_cast<MemoryPage*>(page)) return memory->diagram()->currentStep();
  return -1;
}

int stepCountOf(QWidget* page) {
  if (auto* stepper = qobject_cast<StepperPage*>(page)) return stepper->stepCount();
  if (auto* memory = qobject_cast<MemoryPage*>(page)) return memory->diagram()->stepCount();
  return 0;
}

}  // namespace

class TestPresentationLessons : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QVERIFY(settingsDir_.isValid());
    QCoreApplication::setOrganizationName("AttentionLabTest");
    QCoreApplication::setApplicationName("test_presentation_lessons");
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir_.path());
  }

  void everyLessonsFiguresAreWhole_data() {
    QTest::addColumn<int>("lesson");
    const std::vector<Lesson> lessons = builtinLessons();
    for (size_t i = 0; i < lessons.size(); ++i)
      QTest::addRow("lesson %d, %s", int(i + 1), qPrintable(lessons[i].id)) << int(i);
  }

  // The lesson opened and presented (F11), then PageDown through its instrument's steps.
  void everyLessonsFiguresAreWhole() {
    QFETCH(int, lesson);
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.course()->setCurrentIndex(lesson);
    window.openLesson();
    window.presentation()->setPresenting(true);
    QVERIFY(window.isFullScreen());
    QTRY_COMPARE(window.size(), QSize(1280, 720));
    QWidget* page = window.currentPage();
    QCOMPARE(page, instrumentPage(window, window.course()->current().page));
    settle(page);
    QStringList problems;
    // The instrument gets most of the width: the lesson's text is beside it, not in its place.
    const int textWidth = window.lessonPanel()->width();
    if (textWidth > window.width() * 32 / 100)
      problems << QStringLiteral("the lesson's text takes %1 of %2 px").arg(textWidth).arg(window.width());
    for (;;) {
      const int step = stepOf(page);
      const QString where = step >= 0 ? QStringLiteral("step %1: ").arg(step + 1) : QString();
      // What stays wrong once the layout has settled: on a loaded machine a measure can fall mid-layout, and a
      // real fault is still there a second later.
      QStringList found = figureProblems(page);
      for (int retry = 0; retry < 5 && !found.isEmpty(); ++retry) {
        QTest::qWait(200);
        settle(page);
        found = figureProblems(page);
      }
      for (const QString& p : found) problems << where + p;
      if (step < 0 || step + 1 >= stepCountOf(page)) break;
      window.presentation()->next();
      settle(page);
      QCOMPARE(stepOf(page), step + 1);
    }
    problems.removeDuplicates();
    for (const QString& p : problems) qWarning("%s", qPrintable(p));  // every one, not only the first
    QVERIFY2(problems.isEmpty(),
             qPrintable(QStringLiteral("%1 problem(s), first: %2").arg(problems.size()).arg(problems.value(0))));
    window.presentation()->setPresenting(false);
  }

  // F11 presents the page in view, whichever it is: it neither jumps to the current lesson's instrument nor puts a
  // lesson's text beside a page that was shown without one; Esc leaves the page as it was, with no lesson panel
  // squeezing it. A lesson opened beside its instrument is presented with its text.
  void presentingKeepsThePageInView() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.course()->setCurrentIndex(0);  // lesson 1, on the Step-through page
    auto press = [&](Qt::Key key) {
      QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : &window, key);
    };
    QStringList problems;
    for (int i = 0; i < window.pageCount(); ++i) {
      window.showPage(i);
      QWidget* page = window.page(i);
      const QString name = page->metaObject()->className();
      press(Qt::Key_F11);
      if (!window.presentation()->isPresenting()) problems << name + ": F11 does not present";
      if (window.currentPage() != page)
        problems << QStringLiteral("F11 on %1 shows %2").arg(name, window.currentPage()->metaObject()->className());
      if (window.lessonPanel()->isVisible()) problems << name + ": presented with a lesson's text beside it";
      press(Qt::Key_Escape);
      if (window.presentation()->isPresenting()) problems << name + ": Esc does not leave";
      if (window.currentPage() != page) problems << name + ": Esc leaves another page";
      if (window.lessonPanel()->isVisible()) problems << name + ": Esc leaves a lesson panel beside the page";
    }
    window.openLesson();
    QWidget* instrument = window.currentPage();
    press(Qt::Key_F11);
    if (window.currentPage() != instrument || !window.lessonPanel()->isVisible())
      problems << "an opened lesson is not presented beside its instrument";
    press(Qt::Key_Escape);
    if (window.currentPage() != instrument || !window.lessonPanel()->isVisible())
      problems << "Esc takes an opened lesson's text away";
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
  }

  // Ctrl 0 while presenting is the presentation's own size, not 100 %; leaving brings back the user's zoom.
  void actualSizeWhilePresentingIsThePresentations() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const double own = Appearance::instance()->scale();
    QTest::keyClick(&window, Qt::Key_F11);
    QTest::keyClick(&window, Qt::Key_Plus, Qt::ControlModifier);
    QVERIFY(Appearance::instance()->scale() > PresentationMode::fontScale());
    QTest::keyClick(&window, Qt::Key_0, Qt::ControlModifier);
    QCOMPARE(Appearance::instance()->scale(), PresentationMode::fontScale());
    QTest::keyClick(&window, Qt::Key_Escape);
    QCOMPARE(Appearance::instance()->scale(), own);
  }

  // Presented at 1280 x 720 beside an Attention lesson's text, in English and in Chinese, every tab of the Attention
  // page shows whole: no scroll arrows, no tab outside the bar or narrower than its name asks.
  void theAttentionPagesTabsShowWithoutScrolling_data() {
    QTest::addColumn<QString>("language");
    QTest::newRow("English") << QStringLiteral("en");
    QTest::newRow("Chinese") << QStringLiteral("zh_CN");
  }

  void theAttentionPagesTabsShowWithoutScrolling() {
    QFETCH(QString, language);
    QVERIFY(setLanguage(language, false));
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    for (int i = 0; i < window.course()->count(); ++i)
      if (window.course()->lessons()[size_t(i)].page == QLatin1String("attention")) {
        window.course()->setCurrentIndex(i);
        break;
      }
    window.openLesson();
    window.presentation()->setPresenting(true);
    QTRY_COMPARE(window.size(), QSize(1280, 720));
    auto* page = qobject_cast<AttentionPage*>(window.currentPage());
    QVERIFY(page);
    QVERIFY(window.lessonPanel()->isVisible());  // the lesson's text beside the page: the least room the tabs get
    QTabBar* bar = page->findChild<QTabWidget*>(QString(), Qt::FindDirectChildrenOnly)->tabBar();
    QTRY_VERIFY(bar->isVisible() && bar->count() == 7);
    QTest::qWait(50);  // the layout after the language's texts
    QStringList problems;
    for (const QToolButton* arrow : bar->findChildren<QToolButton*>())
      if (arrow->isVisible()) problems << QStringLiteral("the tab bar shows a scroll arrow");
    for (int i = 0; i < bar->count(); ++i) {
      const QRect tab = bar->tabRect(i);
      if (!bar->rect().contains(tab) || !shownRect(bar).contains(QRect(bar->mapTo(&window, tab.topLeft()), tab.size())))
        problems << QStringLiteral("tab “%1” is outside the bar (%2 px wide)").arg(bar->tabText(i)).arg(bar->width());
      // Its name and the style's padding around it (what a tab asks for): less, and the name is cut short.
      const int asks = bar->fontMetrics().horizontalAdvance(bar->tabText(i)) +
                       bar->style()->pixelMetric(QStyle::PM_TabBarTabHSpace, nullptr, bar);
      if (tab.width() < asks) problems << QStringLiteral("tab “%1” is %2 px of %3").arg(bar->tabText(i)).arg(tab.width()).arg(asks);
    }
    problems.removeDuplicates();
    window.presentation()->setPresenting(false);
    QVERIFY(setLanguage(QStringLiteral("en"), false));
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
  }

  // The lesson's text shows once: on the Lessons page the panel beside the instrument steps aside, and it comes
  // back with the instrument.
  void theLessonsTextShowsOnce() {
    MainWindow window;
    window.resize(1280, 720);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.course()->setCurrentIndex(1);
    window.openLesson();
    QWidget* instrument = window.currentPage();
    QVERIFY(window.lessonPanel()->isVisible());
    auto shownTexts = [&] {
      int shown = 0;
      for (LessonView* view : window.findChildren<LessonView*>()) shown += view->isVisible();
      return shown;
    };
    QCOMPARE(shownTexts(), 1);
    window.showPage(window.lessonsPage());
    QCOMPARE(shownTexts(), 1);
    QVERIFY(window.lessonsPage()->view()->isVisible());
    window.showPage(instrument);
    QVERIFY(window.lessonPanel()->isVisible());
    QCOMPARE(shownTexts(), 1);
    // A panel the user closed stays closed.
    window.lessonPanel()->close();
    window.showPage(window.lessonsPage());
    window.showPage(instrument);
    QVERIFY(window.lessonPanel()->isHidden());
  }

 private:
  QTemporaryDir settingsDir_;
};

// A 1280 x 720 screen: presentation mode goes full screen, and the offscreen platform's own screen is 800 x 600.
int main(int argc, char** argv) {
  QTemporaryDir dir;
  QFile config(dir.filePath("screen.json"));
  if (!config.open(QIODevice::WriteOnly)) return 1;
  config.write(R"({"screens": [{"name": "projector", "x": 0, "y": 0, "width": 1280, "height": 720,
                   "logicalDpi": 96, "logicalBpi": 96, "dpr": 1}]})");
  config.close();
  qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + config.fileName().toUtf8());
  QApplication app(argc, argv);
  TestPresentationLessons test;
  QTEST_SET_MAIN_SOURCE_PATH
  return QTest::qExec(&test, argc, argv);
}

#include "test_presentation_lessons.moc"
