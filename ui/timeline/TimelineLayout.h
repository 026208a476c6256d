#pragma once
// Where the step timeline's rows, lanes and bars go: the eager row above the graphed one, each with
// a header line, a phase lane, a CPU lane, a graph band when the step replays graphs, and a GPU lane
// per stream. Rows are laid out when the pair changes; bars are placed again for every zoom or pan.
#include "ui/timeline/StepTrace.h"
#include "ui/timeline/TimelineAxis.h"
#include "ui/timeline/TimelineItem.h"

#include <QPointF>
#include <QString>

#include <vector>

namespace graphlens::ui {

class TimelineLayout {
public:
    // Geometry, in pixels.
    static constexpr double kLabelWidth = 92;  // lane names on the left
    static constexpr double kRightMargin = 18;
    static constexpr double kTopMargin = 8;
    static constexpr double kHeader = 24;  // a row's title and idle sum
    static constexpr double kPhase = 14;
    static constexpr double kCpu = 24;
    static constexpr double kGraph = 10;
    static constexpr double kGpu = 24;
    static constexpr double kLaneGap = 3;
    static constexpr double kRowGap = 20;
    static constexpr double kAxis = 46;  // ticks, their labels and the axis title

    struct Row {
        double top = 0;  // the header line with the row's title and idle sum
        double phaseTop = 0;
        double cpuTop = 0;
        double graphTop = 0;  // < 0: the row has no graph band
        double gpuTop = 0;
        std::vector<qint64> streams;
        double bottom = 0;
        double streamTop(std::size_t lane) const { return gpuTop + double(lane) * (kGpu + kLaneGap); }
    };

    // Rows for the pair's two steps (eager, then graphed); none for nullptr. Drops the placed bars.
    void layOutRows(const StepPair* pair);
    // Every bar of both steps at the axis's scale (bars outside the visible window included).
    void placeItems(const StepPair& pair, const TimelineAxis& axis);
    void clear();

    const std::vector<Row>& rows() const { return m_rows; }
    const std::vector<TimelineItem>& items() const { return m_items; }
    // The height the rows and the axis below them need (two typical rows before any pair is set).
    double minimumHeight() const;
    // What the tooltip says at pos: a row header's summary, the bar under (or within 2 px of) the
    // cursor, else the idle gap there; empty where nothing is.
    QString toolTipAt(const StepPair& pair, const TimelineAxis& axis, const QPointF& pos) const;

private:
    std::vector<Row> m_rows;
    std::vector<TimelineItem> m_items;
};

}  // namespace graphlens::ui
