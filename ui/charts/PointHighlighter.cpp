#include "ui/charts/PointHighlighter.h"

#include "ui/Theme.h"

#include <QBarSet>
#include <QGuiApplication>
#include <algorithm>

namespace graphlens::ui {
namespace {

// Half again the marker size (Qt draws a configured size larger than the same markerSize): the
// highlighted point reads at a glance among many curves without hiding its neighbours.
constexpr qreal kMarkerScale = 1.5;

}  // namespace

void PointHighlighter::clear() {
    m_series.clear();
    m_bars.clear();
}

void PointHighlighter::trackBatches(QXYSeries* series, RowMatcher belongs) {
    QPointer<QXYSeries> guarded(series);
    track(series, [guarded, belongs = std::move(belongs)](const results::Measurement& row) -> std::optional<int> {
        if (!guarded || !belongs(row)) return std::nullopt;
        for (int i = 0; i < guarded->count(); ++i) {
            if (guarded->at(i).x() == double(row.batch)) return i;
        }
        return std::nullopt;
    });
}

void PointHighlighter::track(QXYSeries* series, PointLocator locate) {
    if (!series) return;
    // A shade of the series' own colour (which curve it is stays readable), away from the chart's
    // background, which follows the application palette.
    series->setSelectedColor(selectedShade(series->color(), QGuiApplication::palette()));
    m_series.push_back({series, std::move(locate), series->markerSize(), {}});
}

void PointHighlighter::track(QBarSet* set, PointLocator locate) {
    if (!set) return;
    set->setSelectedColor(selectedShade(set->color(), QGuiApplication::palette()));
    m_bars.push_back({set, std::move(locate), {}});
}

void PointHighlighter::setRows(const std::vector<results::Measurement>& rows) {
    m_rows.assign(rows.begin(), rows.begin() + std::ptrdiff_t(std::min(rows.size(), kMaxRows)));
    apply();
}

QList<int> PointHighlighter::locateAll(const PointLocator& locate, int count) const {
    QList<int> indexes;
    for (const auto& row : m_rows) {
        const auto index = locate(row);
        if (index && *index >= 0 && *index < count && !indexes.contains(*index)) indexes << *index;
    }
    return indexes;
}

void PointHighlighter::apply() {
    for (auto& entry : m_series) {
        if (!entry.series) continue;
        const QList<int> indexes = locateAll(entry.locate, entry.series->count());
        if (indexes == entry.marked) continue;
        for (const int index : std::as_const(entry.marked)) {
            if (index < entry.series->count()) {
                entry.series->clearPointConfiguration(index, QXYSeries::PointConfiguration::Size);
            }
        }
        entry.series->deselectAllPoints();
        entry.series->selectPoints(indexes);
        for (const int index : indexes) {
            entry.series->setPointConfiguration(index, QXYSeries::PointConfiguration::Size,
                                                entry.markerSize * kMarkerScale);
        }
        entry.marked = indexes;
    }
    for (auto& entry : m_bars) {
        if (!entry.set) continue;
        const QList<int> indexes = locateAll(entry.locate, entry.set->count());
        if (indexes == entry.marked) continue;
        entry.set->deselectAllBars();
        entry.set->selectBars(indexes);
        entry.marked = indexes;
    }
}

}  // namespace graphlens::ui
