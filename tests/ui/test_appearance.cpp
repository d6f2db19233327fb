// The app's look (ui/widgets/appearance.h): zoom changes the fonts of widgets, of the style sheet and of plots,
// and the width of lines; a theme changes the palette and the heatmaps' colour scale; the choice is remembered,
// except during a presentation; Ctrl + works in the main window.
#include "ui/main_window.h"  // first: it brings core headers, which must not see Qt's `emit`

#include <QApplication>
#include <QLabel>
#include <QListWidget>
#include <QTabWidget>
#include <QMenuBar>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>

#include "ui/widgets/appearance.h"
#include "ui/widgets/weight_scale.h"
#include "ui/widgets/heatmap_view.h"
#include "tests/app_fixture.h"

using al::ui::Appearance;

class TestAppearance : public QObject {
  Q_OBJECT

  al::test::AppFixture app_;
  double baseSize_ = 0;

  static Appearance* look() { return Appearance::instance(); }

 private slots:
  void initTestCase() {
    QVERIFY(app_.setUp("test_appearance"));
    baseSize_ = QApplication::font().pointSizeF();
    QVERIFY(baseSize_ > 0);
    QCOMPARE(look()->scale(), 1.0);  // nothing remembered yet
    QCOMPARE(look()->theme(), Appearance::Theme::Default);
  }

  void cleanup() {
    look()->endTemporary();
    look()->setTheme(Appearance::Theme::Default);
    look()->resetZoom();
  }

  void zoomScalesTheApplicationFontAndWidgetsOwnFonts() {
    QLabel plain(QStringLiteral("plain"));
    QLabel large(QStringLiteral("large"));
    QFont big = large.font();
    big.setPointSizeF(20);  // a widget's own size, as the Normalization page sets
    large.setFont(big);
    plain.show();
    large.show();
    look()->zoomIn();
    QCOMPARE(look()->scale(), Appearance::kZoomStep);
    QCOMPARE(QApplication::font().pointSizeF(), baseSize_ * Appearance::kZoomStep);
    QTRY_COMPARE(plain.font().pointSizeF(), baseSize_ * Appearance::kZoomStep);
    QCOMPARE(large.font().pointSizeF(), 20 * Appearance::kZoomStep);
    look()->zoomOut();
    QCOMPARE(look()->scale(), 1.0);
    QTRY_COMPARE(plain.font().pointSizeF(), baseSize_);
    QCOMPARE(large.font().pointSizeF(), 20.0);
  }

  void zoomScalesTheStyleSheetsPixelSizes() {
    QVERIFY(look()->styleSheet().contains(QStringLiteral("#stepTitle { font-size: 20px;")));
    look()->setScale(2.0);
    QVERIFY(qApp->styleSheet().contains(QStringLiteral("#stepTitle { font-size: 40px;")));
    QVERIFY(qApp->styleSheet().contains(QStringLiteral("#formula { font-family: 'DejaVu Sans Mono', monospace; font-size: 32px;")));
  }

  void scaleIsClamped() {
    look()->setScale(100);
    QCOMPARE(look()->scale(), Appearance::kMaximumScale);
    look()->setScale(0.01);
    QCOMPARE(look()->scale(), Appearance::kMinimumScale);
  }

  void plotsFollowTheZoomAndTheTheme() {
    QCustomPlot plot;
    plot.show();  // styled when first polished
    QCOMPARE(plot.xAxis->tickLabelFont().pointSizeF(), baseSize_);
    QCOMPARE(plot.xAxis->basePen().widthF(), 1.0);
    look()->setScale(1.6);
    QCOMPARE(plot.xAxis->tickLabelFont().pointSizeF(), baseSize_ * 1.6);
    QCOMPARE(plot.yAxis->labelFont().pointSizeF(), baseSize_ * 1.6);
    QCOMPARE(plot.xAxis->basePen().widthF(), 1.6);
    look()->setTheme(Appearance::Theme::HighContrast);
    QCOMPARE(plot.xAxis->basePen().widthF(), 2 * 1.6);  // thicker lines on a projector
    look()->setTheme(Appearance::Theme::Dark);
    QCOMPARE(plot.toPixmap(40, 40).toImage().pixelColor(1, 1), QApplication::palette().color(QPalette::Base));
    QCOMPARE(plot.xAxis->tickLabelColor(), QApplication::palette().color(QPalette::Text));
    QVERIFY(plot.xAxis->tickLabelColor().lightness() > 180);  // light text on the dark theme
  }

  void themeChangesPaletteAndHeatmapScale() {
    // The sequential scale (0 to the maximum); the relative scale uses the theme's diverging colours.
    al::ui::WeightScaleSetting::instance().setScale(al::ui::WeightScale::ZeroToMax);
    al::ui::HeatmapView heatmap;
    al::Matrix weights(2, 2);
    weights << 0.f, 1.f, 0.5f, 0.5f;
    heatmap.setMatrix(weights);
    heatmap.highlightRow(0);
    auto* map = qobject_cast<QCPColorMap*>(heatmap.plot()->plottable(0));
    QVERIFY(map);
    const QRgb defaultTop = map->gradient().color(1, QCPRange(0, 1));
    QCOMPARE(QColor(defaultTop), look()->weightsScale().high);
    look()->setTheme(Appearance::Theme::Dark);
    QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 80);
    const QRgb darkBottom = map->gradient().color(0, QCPRange(0, 1));
    QCOMPARE(QColor(darkBottom), look()->weightsScale().low);
    QVERIFY(QColor(darkBottom).lightness() < 50);  // 0 is dark on the dark theme
    QVERIFY(map->gradient().color(1, QCPRange(0, 1)) != defaultTop);
    look()->setTheme(Appearance::Theme::HighContrast);
    look()->setScale(2);
    auto* outline = qobject_cast<QCPItemRect*>(heatmap.plot()->item(0));
    QVERIFY(outline);
    QCOMPARE(outline->pen().widthF(), 3.0 * 2);
    QCOMPARE(outline->pen().color(), look()->highlight());
  }

  void choiceIsRememberedButNotAPresentations() {
    look()->setTheme(Appearance::Theme::Dark);
    look()->setScale(1.3);
    QCOMPARE(QSettings().value("appearance/theme").toString(), QStringLiteral("dark"));
    QCOMPARE(QSettings().value("appearance/scale").toDouble(), 1.3);
    look()->beginTemporary(Appearance::Theme::HighContrast, Appearance::kPresentationScale);
    QCOMPARE(look()->theme(), Appearance::Theme::HighContrast);
    look()->zoomIn();
    look()->resetZoom();  // Ctrl 0: the presentation's scale
    QCOMPARE(look()->scale(), Appearance::kPresentationScale);
    QCOMPARE(QSettings().value("appearance/theme").toString(), QStringLiteral("dark"));
    QCOMPARE(QSettings().value("appearance/scale").toDouble(), 1.3);
    look()->endTemporary();
    QCOMPARE(look()->theme(), Appearance::Theme::Dark);
    QCOMPARE(look()->scale(), 1.3);
    QCOMPARE(QApplication::font().pointSizeF(), baseSize_ * 1.3);
  }

  void viewMenuAndKeysOfTheMainWindow() {
    al::ui::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QAction* dark = look()->themeAction(Appearance::Theme::Dark);
    QVERIFY(dark);
    QCOMPARE(dark->text(), QStringLiteral("D&ark"));
    QVERIFY(window.menuBar()->actions().size() > 1);
    dark->trigger();
    QCOMPARE(look()->theme(), Appearance::Theme::Dark);
    QVERIFY(dark->isChecked());
    QTest::keyClick(&window, Qt::Key_Plus, Qt::ControlModifier);
    QCOMPARE(look()->scale(), Appearance::kZoomStep);
    QTest::keyClick(&window, Qt::Key_Equal, Qt::ControlModifier);
    QCOMPARE(look()->scale(), Appearance::kZoomStep * Appearance::kZoomStep);
    QTest::keyClick(&window, Qt::Key_Minus, Qt::ControlModifier);
    QCOMPARE(look()->scale(), Appearance::kZoomStep);
    QTest::keyClick(&window, Qt::Key_0, Qt::ControlModifier);
    QCOMPARE(look()->scale(), 1.0);
  }

  // Under Dark, every page of the main window (each tab of it) is dark: no block of 12 x 12 pixels is light, as a
  // table cell, a token or a panel left white by a hard-coded colour would be. Text is light, but thin.
  void darkThemeLeavesNoLightPatch() {
    look()->setTheme(Appearance::Theme::Dark);
    al::ui::MainWindow window;
    window.resize(1280, 720);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    constexpr int kBlock = 12;
    QStringList light;
    for (int i = 0; i < window.pageCount(); ++i) {
      window.showPage(i);
      QWidget* page = window.page(i);
      const QString title = window.findChild<QListWidget*>("sidebar")->item(i)->text();
      std::vector<std::pair<QTabWidget*, int>> views = {{nullptr, 0}};
      for (QTabWidget* t : page->findChildren<QTabWidget*>())
        for (int k = 1; k < t->count(); ++k) views.emplace_back(t, k);
      for (const auto& [tabs, index] : views) {
        if (tabs) tabs->setCurrentIndex(index);
        QTest::qWait(50);
        const QImage image = page->grab().toImage().convertToFormat(QImage::Format_RGB32);
        const qreal ratio = image.devicePixelRatio();
        for (int y = 0; y + kBlock <= image.height(); y += kBlock / 2)
          for (int x = 0; x + kBlock <= image.width(); x += kBlock / 2) {
            int darkest = 255;
            for (int dy = 0; dy < kBlock && darkest > 200; ++dy)
              for (int dx = 0; dx < kBlock; ++dx) darkest = std::min(darkest, image.pixelColor(x + dx, y + dy).lightness());
            if (darkest <= 200) continue;
            const QPoint at(qRound(x / ratio), qRound(y / ratio));
            const QWidget* w = page->childAt(at);
            light << QStringLiteral("%1%2: %3 \"%4\" light at (%5,%6)")
                         .arg(title, tabs ? QStringLiteral(" › ") + tabs->tabText(index) : QString())
                         .arg(w ? w->metaObject()->className() : "page", w ? w->objectName() : QString())
                         .arg(at.x()).arg(at.y());
            x += 200;  // one report per patch and row is enough
          }
        if (tabs) tabs->setCurrentIndex(0);
      }
    }
    light.removeDuplicates();
    for (const QString& l : light.mid(0, 40)) qWarning("%s", qPrintable(l));
    QVERIFY2(light.isEmpty(), qPrintable(QStringLiteral("%1 light patch(es), first: %2").arg(light.size()).arg(light.value(0))));
  }
};

QTEST_MAIN(TestAppearance)
#include "test_appearance.moc"
