#pragma once
// Qt Charts gives a line series of a single point no hover shape (its path is empty; the marker
// is drawn but not hit), so a pointer on the only point of a single-batch session never gets the
// series' hovered() signal and its tooltip never shows. A transparent scatter series over such a
// line's points takes the pointer instead and calls the same handler. Left out of every legend.
#include <QPointF>
#include <functional>

class QAbstractAxis;
class QChart;
class QXYSeries;

namespace graphlens::ui {

using HoverHandler = std::function<void(const QPointF& at, bool entered)>;

// Connects `onHover` to `line`'s hovered(), and, when the line has one point only, to a hover
// target over it (added to `chart` on both axes). Returns the target, or null when none was needed.
QXYSeries* connectHover(QChart* chart, QAbstractAxis* xAxis, QAbstractAxis* yAxis, QXYSeries* line,
                        const HoverHandler& onHover);

}  // namespace graphlens::ui
