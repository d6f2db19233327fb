// Every page fits a projector: at 1280 x 720 (and, run again with QT_SCALE_FACTOR=1.5 and 2, at 1920 x 1080 and
// 2560 x 1440 pixels, the same 1280 x 720 device-independent size) no page scrolls, every button, field, plot and
// heatmap lies inside the window, and no label or button cuts its text off. The Attention page is checked with a trained model (its heatmaps drawn), the Chatbot page
// with a long one-line model description.
#include <QAbstractButton>
#include <QAbstractScrollArea>
#include <QComboBox>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>

#include "ui/main_window.h"
#include "ui/pages/attention_page.h"
#include "ui/widgets/heatmap_view.h"
#include "tests/app_fixture.h"
#include "tests/page_scroll_area.h"

using al::ui::MainWindow;

namespace {

// A widget a person must be able to see or press.
bool isKeyWidget(const QWidget* w) {
  return qobject_cast<const QAbstractButton*>(w) || qobject_cast<const QComboBox*>(w) ||
         qobject_cast<const QLineEdit*>(w) || qobject_cast<const QPlainTextEdit*>(w) ||
         qobject_cast<const QCustomPlot*>(w) || qobject_cast<const al::ui::HeatmapView*>(w);
}

// The nearest scroll area between w and the page (nullptr when w is laid out on the page itself).
const QAbstractScrollArea* innerScrollArea(const QWidget* w, const QWidget* page) {
  for (const QWidget* p = w->parentWidget(); p && p != page; p = p->parentWidget())
    if (const auto* area = qobject_cast<const QAbstractScrollArea*>(p); area && area->viewport() != w) return area;
  return nullptr;
}

// Text that does not fit its widget: a one-line label or a button narrower than its text, a wrapped label lower
// than its lines.
QString clippedText(const QWidget* w) {
  if (const auto* label = qobject_cast<const QLabel*>(w); label && !label->text().isEmpty()) {
    if (label->wordWrap() ? label->heightForWidth(label->width()) > label->height()
                          : label->sizeHint().width() > label->width())
      return QStringLiteral("the text \"%1\" is cut off (needs %2x%3, has %4x%5)")
          .arg(label->text().left(60))
          .arg(label->sizeHint().width()).arg(label->wordWrap() ? label->heightForWidth(label->width()) : label->sizeHint().height())
          .arg(label->width()).arg(label->height());
  }
  if (const auto* button = qobject_cast<const QAbstractButton*>(w); button && !button->text().isEmpty() &&
                                                                    button->sizeHint().width() > button->width())
    return QStringLiteral("the button \"%1\" is cut off (needs %2 px, has %3)")
        .arg(button->text()).arg(button->sizeHint().width()).arg(button->width());
  return {};
}

// What is cut off on the page shown in the window: a scroll bar of the page, key widgets outside the window.
QStringList cutOff(MainWindow& window, int index) {
  QStringList problems;
  QWidget* page = window.page(index);
  QScrollArea* scroll = al::test::pageScrollArea(page);
  if (!scroll) return {QStringLiteral("page %1 is not in a scroll area").arg(index)};
  if (scroll->horizontalScrollBar()->isVisible())
    problems << QStringLiteral("scrolls sideways (needs %1 px, has %2)").arg(page->minimumSizeHint().width()).arg(scroll->viewport()->width());
  if (scroll->verticalScrollBar()->isVisible())
    problems << QStringLiteral("scrolls down (needs %1 px, has %2)").arg(page->minimumSizeHint().height()).arg(scroll->viewport()->height());
  const QRect visible = scroll->viewport()->rect();
  for (QWidget* w : page->findChildren<QWidget*>()) {
    if (!w->isVisible()) continue;
    if (const QString clipped = clippedText(w); !clipped.isEmpty()) problems << clipped;
    if (!isKeyWidget(w)) continue;
    // Inside a scroll area of its own (a list of many heatmaps), the area itself must be in view.
    const QAbstractScrollArea* inner = innerScrollArea(w, page);
    // A heatmap in such an area must fit its height, or no scrolling ever shows it whole.
    if (inner && qobject_cast<const al::ui::HeatmapView*>(w) && w->height() > inner->viewport()->height())
      problems << QStringLiteral("a heatmap (%1 px high) is cut by its scroll area (%2 px)")
                      .arg(w->height()).arg(inner->viewport()->height());
    const QWidget* shown = inner ? static_cast<const QWidget*>(inner) : w;
    const QRect r(shown->mapTo(scroll->viewport(), QPoint(0, 0)), shown->size());
    if (!visible.contains(r))
      problems << QStringLiteral("%1 \"%2\" at (%3,%4) %5x%6 is outside %7x%8")
                      .arg(shown->metaObject()->className(), shown->objectName())
                      .arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height()).arg(visible.width()).arg(visible.height());
  }
  return problems;
}

}  // namespace

class TestWindowLayouts : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QVERIFY(app_.setUp("test_window_layouts"));
  }

  void everyPageFitsAProjector() {
    MainWindow window;
    window.resize(1280, 720);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // The Attention page with a model: its heatmaps and "Show attention" are what a class looks at.
    auto* attention = window.findChild<al::ui::AttentionPage*>();
    attention->trainToyModel(al::PositionKind::Learned);
    QVERIFY(QTest::qWaitFor([&] { return !attention->isTrainingToyModel() && attention->hasPrediction() &&
                                         !attention->isComputingAttention(); }, 180000));
    QVERIFY(attention->heatmapCount() > 0);
    // The Chatbot page with a long description of its model on one line.
    for (QLabel* info : window.findChildren<QLabel*>("modelInfo"))
      info->setText(QString("encoder-decoder Transformer: width D 256, 8 heads of K 32, feed-forward F 1024, 6 layer(s) "
                            "each side, 12345 question words known, 23456 answer words, trained on a long file name"));
    QCOMPARE(window.size(), QSize(1280, 720));
    // The variant's scaling is really in force (QT_SCALE_FACTOR 1.5 or 2: the same layout on more pixels).
    const double scaling = qEnvironmentVariableIsSet("QT_SCALE_FACTOR") ? qEnvironmentVariable("QT_SCALE_FACTOR").toDouble() : 1.0;
    QCOMPARE(window.devicePixelRatio(), scaling);
    QStringList problems;
    for (int i = 0; i < window.pageCount(); ++i) {
      window.showPage(i);
      const QString title = window.findChild<QListWidget*>("sidebar")->item(i)->text();
      // Every tab of the page's tab widgets (each on its own: the others keep their first tab).
      QStringList views = {title};
      std::vector<std::pair<QTabWidget*, int>> tabs = {{nullptr, 0}};
      for (QTabWidget* t : window.page(i)->findChildren<QTabWidget*>())
        for (int k = 1; k < t->count(); ++k)
          if (t->isTabEnabled(k)) {
            tabs.emplace_back(t, k);
            views << title + " › " + t->tabText(k);
          }
      for (size_t v = 0; v < tabs.size(); ++v) {
        if (tabs[v].first) tabs[v].first->setCurrentIndex(tabs[v].second);
        QCoreApplication::processEvents();
        QTest::qWait(50);
        for (const QString& p : cutOff(window, i))
          problems << views[static_cast<int>(v)] + ": " + p;
        if (tabs[v].first) tabs[v].first->setCurrentIndex(0);
      }
    }
    problems.removeDuplicates();
    for (const QString& p : problems) qWarning("%s", qPrintable(p));  // every one, not only the first
    QVERIFY2(problems.isEmpty(), qPrintable(QStringLiteral("%1 problem(s), first: %2").arg(problems.size()).arg(problems.value(0))));
    QCOMPARE(window.size(), QSize(1280, 720));  // no page made the window grow
  }

 private:
  al::test::AppFixture app_;
};

QTEST_MAIN(TestWindowLayouts)
#include "test_window_layouts.moc"
