#pragma once
// How the whole app looks: a theme (Default, Dark, High contrast) and a scale factor for fonts and lines. One
// object, shared by every window; it remembers the choice (QSettings "appearance/theme", "appearance/scale").
//
// What a theme sets:
//   - the application palette (window, text, buttons, selection);
//   - the style sheet: resources/style/attentionlab.qss, then the theme's additions (attentionlab-dark.qss,
//     attentionlab-contrast.qss), with every `font-size: Npx` multiplied by the scale;
//   - the colour scales of heatmaps, the colour of a highlighted row, and the width of grid and outline lines.
// What the scale sets: the application font (the system's size times the scale), fonts a widget set for itself
// (a bold title, a page's larger text), the px font sizes of the style sheet, and every QCustomPlot's axes,
// tick labels, legend and line widths. A plot is styled when it is first shown and again at every change, so a
// plot made by any page follows without code of its own (a plot with property "fontRatio" gets its fonts that
// many times the window's font).
//
// View › Theme and View › Zoom in / Zoom out / Actual size (Ctrl +, Ctrl -, Ctrl 0) work in every window.
// A presentation uses beginTemporary()/endTemporary(): its theme and scale are not remembered, Ctrl 0 returns to its
// scale (not to 100 %), and leaving it brings back the user's own.
#include <QColor>
#include <QFont>
#include <QObject>
#include <QPalette>
#include <QString>

class QAction;
class QActionGroup;
class QCustomPlot;
class QMenu;
class QWidget;

namespace al::ui {

class Appearance : public QObject {
  Q_OBJECT
 public:
  enum class Theme { Default, Dark, HighContrast };
  // A colour scale through three colours, at 0, 0.5 and 1.
  struct ColourScale {
    QColor low, middle, high;
  };

  static constexpr double kMinimumScale = 0.5;
  static constexpr double kMaximumScale = 3.0;
  static constexpr double kZoomStep = 1.15;  // one Ctrl + or Ctrl -
  static constexpr double kPresentationScale = 1.6;

  // The one instance, made on first use (a child of the application). The first call reads the settings and
  // applies them: call it before the main window is built so that its widgets start at the remembered size.
  static Appearance* instance();

  Theme theme() const { return theme_; }
  double scale() const { return scale_; }
  void setTheme(Theme theme);
  void setScale(double scale);  // clamped to [kMinimumScale, kMaximumScale]
  void zoomIn() { setScale(scale_ * kZoomStep); }
  void zoomOut() { setScale(scale_ / kZoomStep); }
  void resetZoom() { setScale(actualSize_); }  // Ctrl 0: 100 %, or a presentation's own scale

  // A look for a while (a presentation): that theme and scale, changes from now on not remembered, Ctrl 0 back to
  // `scale`; endTemporary() restores the theme and scale that were in use at beginTemporary(). Nested calls are
  // ignored.
  void beginTemporary(Theme theme, double scale);
  void endTemporary();
  bool isTemporary() const { return temporary_; }  // a presentation's look is in use

  // For painting: heatmap scales, a selected row's outline colour, line widths (already scaled), the text colour.
  ColourScale weightsScale() const;  // 0 .. max
  ColourScale signedScale() const;   // -m .. 0 .. m
  QColor highlight() const;
  QColor mutedCell() const;      // padding and masked (−∞) cells: grey, light or dark with the theme
  QColor mutedCellText() const;  // ... and their text
  QColor token() const;          // a word of a token strip (a link's colour)
  QColor selectedToken() const;  // the background of a chosen word, the fill of a chosen node
  QColor note() const;           // quiet text: notes under a strip
  QColor text() const;
  QColor background() const;
  double gridLineWidth() const;   // axis and grid lines, cell borders
  double outlineWidth() const;    // a selected row's outline
  // The application font at the current scale (what QApplication::font() is).
  QFont font() const;
  // The style sheet in use: the qss files with this theme's additions and the scale applied to px sizes.
  QString styleSheet() const;
  // Styles one plot's axes, labels, legend and background for the current theme and scale; the app does this
  // for every plot by itself, so pages need not call it.
  void stylePlot(QCustomPlot* plot) const;

  // View menu entries: Theme › (three choices), Zoom in, Zoom out, Actual size. The actions are shared by every
  // window and are application-wide shortcuts; their texts follow the language (owner's language changes).
  void addMenuEntries(QMenu* view, QWidget* owner);
  QAction* themeAction(Theme theme) const;

  static QString themeKey(Theme theme);  // "default", "dark", "contrast": the settings' words
  static Theme themeFromKey(const QString& key);

 signals:
  void changed();  // theme or scale changed; everything has been re-applied

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  Appearance();
  void createActions();
  void apply(double previousScale);
  void remember() const;
  void scaleWidgetFonts(double previousScale) const;

  Theme theme_ = Theme::Default;
  double scale_ = 1.0;
  QFont baseFont_;        // the system's font, at scale 1
  QPalette basePalette_;  // the system's palette: the Default theme
  bool temporary_ = false;
  Theme savedTheme_ = Theme::Default;
  double savedScale_ = 1.0;
  double actualSize_ = 1.0;  // what Ctrl 0 returns to
  QAction* zoomIn_ = nullptr;
  QAction* zoomOut_ = nullptr;
  QAction* resetZoom_ = nullptr;
  QActionGroup* themes_ = nullptr;
};

}  // namespace al::ui
