#include "ui/widgets/appearance.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QEvent>
#include <QFile>
#include <QMenu>
#include <QRegularExpression>
#include <QSettings>
#include <QWidget>
#include <algorithm>
#include <qcustomplot.h>

#include "ui/widgets/palette.h"
#include "ui/widgets/replot_pacer.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

namespace {

const char* const kThemeSetting = "appearance/theme";
const char* const kScaleSetting = "appearance/scale";
const char* const kPlotFontRatio = "fontRatio";  // a plot's fonts relative to the window's (dynamic property)

QString readFile(const QString& path) {
  QFile file(path);
  return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

// The two themes with colours of their own, role by role, side by side (the default theme is the platform's).
// High contrast is black on white, nothing in between that a projector washes out. An invalid colour leaves the
// role as the application's palette has it.
struct ThemeColours {
  QPalette::ColorRole role;
  QColor dark, highContrast;
};
const ThemeColours kThemeColours[] = {
    {QPalette::Window, QColor(43, 43, 43), Qt::white},
    {QPalette::WindowText, QColor(230, 230, 230), Qt::black},
    {QPalette::Base, QColor(30, 30, 30), Qt::white},
    {QPalette::AlternateBase, QColor(43, 43, 43), QColor(235, 235, 235)},
    {QPalette::ToolTipBase, QColor(58, 58, 58), Qt::white},
    {QPalette::ToolTipText, QColor(230, 230, 230), Qt::black},
    {QPalette::PlaceholderText, QColor(150, 150, 150), QColor(70, 70, 70)},
    {QPalette::Text, QColor(230, 230, 230), Qt::black},
    {QPalette::Button, QColor(58, 58, 58), QColor(240, 240, 240)},
    {QPalette::ButtonText, QColor(230, 230, 230), Qt::black},
    {QPalette::BrightText, QColor(255, 120, 120), QColor()},
    {QPalette::Light, QColor(80, 80, 80), Qt::white},
    {QPalette::Midlight, QColor(66, 66, 66), QColor(200, 200, 200)},
    {QPalette::Mid, QColor(50, 50, 50), QColor(90, 90, 90)},
    {QPalette::Dark, QColor(25, 25, 25), QColor(40, 40, 40)},
    {QPalette::Shadow, QColor(0, 0, 0), Qt::black},
    {QPalette::Highlight, QColor(61, 127, 214), QColor(0, 0, 160)},
    {QPalette::HighlightedText, Qt::white, Qt::white},
    {QPalette::Link, QColor(122, 180, 255), QColor(0, 0, 200)},
    {QPalette::LinkVisited, QColor(190, 150, 255), QColor(90, 0, 160)},
};
// Text on a disabled widget: grey in both themes.
const QColor kDisabledText[] = {QColor(128, 128, 128), QColor(100, 100, 100)};  // dark, high contrast

// The palette of the dark or the high-contrast theme.
QPalette themePalette(Appearance::Theme theme) {
  const bool highContrast = theme == Appearance::Theme::HighContrast;
  QPalette p;
  for (const ThemeColours& c : kThemeColours) {
    const QColor& colour = highContrast ? c.highContrast : c.dark;
    if (colour.isValid()) p.setColor(c.role, colour);
  }
  for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
    p.setColor(QPalette::Disabled, role, kDisabledText[highContrast ? 1 : 0]);
  return p;
}

// `font-size: 20px` -> `font-size: 32px` at scale 1.6 (points scale with the application font by themselves).
QString scalePixelSizes(QString sheet, double scale) {
  static const QRegularExpression size(QStringLiteral("font-size:\\s*(\\d+(?:\\.\\d+)?)px"));
  QString out;
  qsizetype last = 0;
  for (auto it = size.globalMatch(sheet); it.hasNext();) {
    const QRegularExpressionMatch m = it.next();
    out += sheet.mid(last, m.capturedStart() - last);
    out += QStringLiteral("font-size: %1px").arg(qRound(m.captured(1).toDouble() * scale));
    last = m.capturedEnd();
  }
  return out + sheet.mid(last);
}

void setPointSize(QFont& font, double size) {
  if (font.pointSizeF() > 0) font.setPointSizeF(size);
  else font.setPixelSize(qRound(size));
}
double sizeOf(const QFont& font) { return font.pointSizeF() > 0 ? font.pointSizeF() : font.pixelSize(); }

}  // namespace

Appearance* Appearance::instance() {
  static Appearance* the = nullptr;
  if (!the) {
    the = new Appearance;
    QObject::connect(the, &QObject::destroyed, [] { the = nullptr; });
  }
  return the;
}

Appearance::Appearance() : QObject(qApp), baseFont_(QApplication::font()), basePalette_(QApplication::palette()) {
  const QSettings settings;
  theme_ = themeFromKey(settings.value(kThemeSetting).toString());
  scale_ = std::clamp(settings.value(kScaleSetting, 1.0).toDouble(), kMinimumScale, kMaximumScale);
  createActions();
  qApp->installEventFilter(this);  // plots made later are styled when they are first polished
  apply(1.0);
}

QString Appearance::themeKey(Theme theme) {
  switch (theme) {
    case Theme::Dark: return QStringLiteral("dark");
    case Theme::HighContrast: return QStringLiteral("contrast");
    case Theme::Default: break;
  }
  return QStringLiteral("default");
}

Appearance::Theme Appearance::themeFromKey(const QString& key) {
  for (Theme theme : {Theme::Dark, Theme::HighContrast})
    if (key == themeKey(theme)) return theme;
  return Theme::Default;
}

void Appearance::setTheme(Theme theme) {
  if (theme == theme_) return;
  theme_ = theme;
  apply(scale_);
}

void Appearance::setScale(double scale) {
  scale = std::clamp(scale, kMinimumScale, kMaximumScale);
  if (std::abs(scale - scale_) < 1e-9) return;
  const double previous = scale_;
  scale_ = scale;
  apply(previous);
}

void Appearance::beginTemporary(Theme theme, double scale) {
  if (temporary_) return;
  temporary_ = true;
  savedTheme_ = theme_;
  savedScale_ = scale_;
  actualSize_ = std::clamp(scale, kMinimumScale, kMaximumScale);
  theme_ = theme;
  setScale(scale);
  if (std::abs(scale_ - savedScale_) < 1e-9) apply(scale_);  // the theme alone changed
}

void Appearance::endTemporary() {
  if (!temporary_) return;
  const double previous = scale_;
  theme_ = savedTheme_;
  scale_ = savedScale_;
  actualSize_ = 1.0;
  temporary_ = false;
  apply(previous);
}

void Appearance::remember() const {
  if (temporary_) return;
  QSettings settings;
  settings.setValue(kThemeSetting, themeKey(theme_));
  settings.setValue(kScaleSetting, scale_);
}

Appearance::ColourScale Appearance::weightsScale() const {
  switch (theme_) {
    case Theme::Dark: return {QColor(30, 30, 30), QColor(33, 145, 140), QColor(253, 231, 37)};
    case Theme::HighContrast: return {Qt::white, QColor(253, 141, 60), QColor(127, 0, 0)};
    case Theme::Default: break;
  }
  return {Qt::white, palette::kSequentialMiddle, palette::kSequentialHigh};
}

Appearance::ColourScale Appearance::signedScale() const {
  switch (theme_) {
    case Theme::Dark: return {QColor(67, 147, 195), QColor(30, 30, 30), QColor(214, 96, 77)};
    case Theme::HighContrast: return {QColor(0, 0, 180), Qt::white, QColor(180, 0, 0)};
    case Theme::Default: break;
  }
  return {palette::kDivergingLow, Qt::white, palette::kDivergingHigh};
}

QColor Appearance::highlight() const {
  switch (theme_) {
    case Theme::Dark: return QColor(255, 160, 60);
    case Theme::HighContrast: return QColor(0, 90, 255);
    case Theme::Default: break;
  }
  return palette::kHighlight;
}

QColor Appearance::mutedCell() const { return theme_ == Theme::Dark ? QColor(72, 72, 72) : palette::kMutedCell; }
QColor Appearance::mutedCellText() const {
  return theme_ == Theme::Dark ? QColor(170, 170, 170) : palette::kMutedCellText;
}

QColor Appearance::token() const {
  return theme_ == Theme::Dark ? QApplication::palette().color(QPalette::Link) : palette::kToken;
}
QColor Appearance::selectedToken() const { return theme_ == Theme::Dark ? QColor(140, 80, 25) : palette::kSelectedToken; }
QColor Appearance::note() const {
  return theme_ == Theme::Dark ? QApplication::palette().color(QPalette::PlaceholderText) : palette::kNote;
}

QColor Appearance::text() const { return QApplication::palette().color(QPalette::Text); }
QColor Appearance::background() const { return QApplication::palette().color(QPalette::Base); }
double Appearance::gridLineWidth() const { return (theme_ == Theme::HighContrast ? 2.0 : 1.0) * scale_; }
double Appearance::outlineWidth() const { return (theme_ == Theme::HighContrast ? 3.0 : 2.0) * scale_; }

QFont Appearance::font() const {
  QFont f = baseFont_;
  setPointSize(f, sizeOf(baseFont_) * scale_);
  return f;
}

QString Appearance::styleSheet() const {
  QString sheet = readFile(QStringLiteral(":/style/attentionlab.qss"));
  if (theme_ == Theme::Dark) sheet += readFile(QStringLiteral(":/style/attentionlab-dark.qss"));
  if (theme_ == Theme::HighContrast) sheet += readFile(QStringLiteral(":/style/attentionlab-contrast.qss"));
  return scalePixelSizes(sheet, scale_);
}

// Fonts a widget set for itself (a bold title, a page's 12-point text) do not follow the application font: they
// are set here to their size at scale 1 times the scale. The size at scale 1 is noted on the widget the first time
// (it was set at the scale then in use). This runs after the style sheet, whose re-polish puts back the fonts
// widgets had when first polished.
void Appearance::scaleWidgetFonts(double previousScale) const {
  static const char* const kBaseSize = "appearanceBaseFontSize";
  for (QWidget* widget : QApplication::allWidgets()) {
    if (!widget->testAttribute(Qt::WA_SetFont) || !(widget->font().resolveMask() & QFont::SizeResolved)) continue;
    QFont f = widget->font();
    if (!widget->property(kBaseSize).isValid()) widget->setProperty(kBaseSize, sizeOf(f) / previousScale);
    const double size = widget->property(kBaseSize).toDouble() * scale_;
    if (std::abs(sizeOf(f) - size) < 1e-6) continue;
    setPointSize(f, size);
    widget->setFont(f);
  }
}

void Appearance::apply(double previousScale) {
  QApplication::setPalette(theme_ == Theme::Default ? basePalette_ : themePalette(theme_));
  QApplication::setFont(font());
  qApp->setStyleSheet(styleSheet());
  scaleWidgetFonts(previousScale);
  for (QWidget* widget : QApplication::allWidgets())
    if (auto* plot = qobject_cast<QCustomPlot*>(widget)) stylePlot(plot);
  for (QAction* action : themes_->actions()) action->setChecked(themeFromKey(action->data().toString()) == theme_);
  remember();
  emit changed();
}

void Appearance::stylePlot(QCustomPlot* plot) const {
  const double ratio = plot->property(kPlotFontRatio).isValid() ? plot->property(kPlotFontRatio).toDouble() : 1.0;
  QFont font = this->font();  // the plot's own font follows only later (a posted event)
  setPointSize(font, sizeOf(font) * ratio);
  const QColor ink = text();
  const QColor grid = theme_ == Theme::Dark ? QColor(80, 80, 80) : theme_ == Theme::HighContrast ? QColor(120, 120, 120)
                                                                                                : QColor(200, 200, 200);
  const double width = gridLineWidth();
  plot->setBackground(background());
  auto styleAxis = [&](QCPAxis* axis) {
    axis->setTickLabelFont(font);
    axis->setLabelFont(font);
    axis->setTickLabelColor(ink);
    axis->setLabelColor(ink);
    for (auto set : {&QCPAxis::setBasePen, &QCPAxis::setTickPen, &QCPAxis::setSubTickPen}) (axis->*set)(QPen(ink, width));
    QPen gridPen = axis->grid()->pen();
    gridPen.setColor(grid);
    gridPen.setWidthF(width);
    axis->grid()->setPen(gridPen);
  };
  for (QCPAxisRect* rect : plot->axisRects())
    for (QCPAxis* axis : rect->axes()) styleAxis(axis);
  for (QCPLayoutElement* element : plot->plotLayout()->elements(true)) {
    if (auto* scale = qobject_cast<QCPColorScale*>(element)) styleAxis(scale->axis());
    if (auto* title = qobject_cast<QCPTextElement*>(element)) {
      title->setTextColor(ink);
      title->setFont(font);
    }
  }
  if (plot->legend) {
    plot->legend->setFont(font);
    plot->legend->setTextColor(ink);
    QColor fill = background();
    fill.setAlpha(220);
    plot->legend->setBrush(fill);
    plot->legend->setBorderPen(QPen(ink, width));
  }
  paceReplot(plot);  // a page shown for the first time polishes all its plots at once: one replot per turn
}

bool Appearance::eventFilter(QObject* watched, QEvent* event) {
  if (event->type() == QEvent::Polish)
    if (auto* plot = qobject_cast<QCustomPlot*>(watched)) stylePlot(plot);
  return false;
}

QAction* Appearance::themeAction(Theme theme) const {
  for (QAction* action : themes_->actions())
    if (action->data().toString() == themeKey(theme)) return action;
  return nullptr;
}

// The actions belong to the one Appearance: every window's View menu shows the same ones.
void Appearance::createActions() {
  themes_ = new QActionGroup(this);
  for (Theme theme : {Theme::Default, Theme::Dark, Theme::HighContrast}) {
    auto* action = new QAction(this);
    action->setCheckable(true);
    action->setChecked(theme == theme_);
    action->setData(themeKey(theme));
    themes_->addAction(action);
  }
  connect(themes_, &QActionGroup::triggered, this,
          [this](QAction* action) { setTheme(themeFromKey(action->data().toString())); });
  zoomIn_ = new QAction(this);
  // Ctrl + is Ctrl = on most keyboards (and Ctrl + on the keypad): both zoom in.
  zoomIn_->setShortcuts({QKeySequence::ZoomIn, QKeySequence(Qt::CTRL | Qt::Key_Equal)});
  connect(zoomIn_, &QAction::triggered, this, &Appearance::zoomIn);
  zoomOut_ = new QAction(this);
  zoomOut_->setShortcuts(QKeySequence::ZoomOut);
  connect(zoomOut_, &QAction::triggered, this, &Appearance::zoomOut);
  resetZoom_ = new QAction(this);
  resetZoom_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
  connect(resetZoom_, &QAction::triggered, this, &Appearance::resetZoom);
  // Application-wide: the keys work in every window, a maximised heatmap's too.
  for (QAction* action : {zoomIn_, zoomOut_, resetZoom_}) action->setShortcutContext(Qt::ApplicationShortcut);
}

void Appearance::addMenuEntries(QMenu* view, QWidget* owner) {
  QMenu* themeMenu = view->addMenu(QString());
  themeMenu->addActions(themes_->actions());
  view->addActions({zoomIn_, zoomOut_, resetZoom_});
  owner->addActions({zoomIn_, zoomOut_, resetZoom_});
  setTranslatedTexts(owner, [this, themeMenu] {
    themeMenu->setTitle(tr("&Theme"));
    themeAction(Theme::Default)->setText(tr("&Default"));
    themeAction(Theme::Dark)->setText(tr("D&ark"));
    themeAction(Theme::HighContrast)->setText(tr("&High contrast"));
    zoomIn_->setText(tr("Zoom &in"));
    zoomOut_->setText(tr("Zoom &out"));
    resetZoom_->setText(tr("&Actual size"));
  });
}

}  // namespace al::ui
