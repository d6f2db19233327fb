#pragma once
// Replots QCustomPlots one per turn of the event loop. QCustomPlot's own queued replot posts an event, and Qt
// handles every posted event before the next timer: a page that draws several maps at once (the Attention page's
// heatmaps, each replotted twice as its labels settle) then froze the window for all of them in one go. Through
// paceReplot each plot replots on a timer turn of its own, a plot asked for twice only once, so a click or a
// timer of the window gets its turn between two maps.
class QCustomPlot;

namespace al::ui {

void paceReplot(QCustomPlot* plot);

}  // namespace al::ui
