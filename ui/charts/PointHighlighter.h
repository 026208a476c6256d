#pragma once
// What a chart view uses to implement HighlightableChart: while it builds its series it says which
// rows each series (or bar set) shows, and this marks the points of the highlighted rows — a larger
// marker in a darker shade on a line or scatter series, the darker shade on a bar — selected in Qt's
// sense, so QXYSeries::selectedPoints() / QBarSet::selectedBars() tell which are highlighted.
#include "results/Measurement.h"

#include <QList>
#include <QPointer>
#include <QXYSeries>
#include <functional>
#include <optional>
#include <vector>

class QBarSet;

namespace graphlens::ui {

// Does this row belong to the series (its key and arm)?
using RowMatcher = std::function<bool(const results::Measurement&)>;
// Which point (or bar) of the series shows this row, if any.
using PointLocator = std::function<std::optional<int>(const results::Measurement&)>;

class PointHighlighter {
public:
    // Highlighting a whole 10,000-row selection would mark every point: only the first rows count.
    static constexpr size_t kMaxRows = 256;

    // Forget the series: call before a redraw removes them.
    void clear();
    // The point of a matching row is the one at x == its batch (the batch-axis charts).
    void trackBatches(QXYSeries* series, RowMatcher belongs);
    void track(QXYSeries* series, PointLocator locate);
    void track(QBarSet* set, PointLocator locate);

    // Marks the rows' points on every tracked series now and after each apply().
    void setRows(const std::vector<results::Measurement>& rows);
    const std::vector<results::Measurement>& rows() const { return m_rows; }
    // Call after a redraw has tracked its new series.
    void apply();

private:
    struct SeriesEntry {
        QPointer<QXYSeries> series;
        PointLocator locate;
        qreal markerSize = 0;
        QList<int> marked;
    };
    struct BarEntry {
        QPointer<QBarSet> set;
        PointLocator locate;
        QList<int> marked;
    };
    QList<int> locateAll(const PointLocator& locate, int count) const;

    std::vector<SeriesEntry> m_series;
    std::vector<BarEntry> m_bars;
    std::vector<results::Measurement> m_rows;
};

}  // namespace graphlens::ui
