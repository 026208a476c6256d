#pragma once
// Which rows the charts and the summary card draw: those of at most kMaxChartedSeries series keys
// (family, precision, memory format, phase, scope, and the machine when the charts draw a series per
// GPU, host or driver; ui/charts/ChartSeries), in order of first
// appearance, of the family chosen in the results table's filter bar (all families when none is).
// A session of 125 models would otherwise draw a legend of several hundred entries that nobody can
// read, and Qt Charts slows down with every series it holds: series are chosen, not all drawn.
#include "results/Measurement.h"
#include "ui/charts/SeriesGrouping.h"

#include <QString>
#include <string>
#include <vector>

namespace graphlens::ui {

constexpr int kMaxChartedSeries = 6;  // the curve palette's distinct colours, a legend that fits

class ChartedRows {
public:
    ChartedRows() = default;
    // `family` empty: any family. `all` must outlive this object when nothing is left out.
    ChartedRows(const std::vector<results::Measurement>& all, const std::string& family,
                int maxSeries = kMaxChartedSeries, const SeriesGrouping& grouping = SeriesGrouping::byFamily());

    const std::vector<results::Measurement>& rows() const { return m_subset ? m_rows : *m_all; }
    int shownSeries() const { return m_shown; }
    int totalSeries() const { return m_total; }  // of the chosen family (or of all)
    // "6 of 125 series shown; choose a family in the filter bar below" when some are left out, else empty.
    QString note() const;

private:
    static const std::vector<results::Measurement> kNone;
    const std::vector<results::Measurement>* m_all = &kNone;
    std::vector<results::Measurement> m_rows;  // the chosen rows, when not all are
    bool m_subset = false;
    int m_shown = 0;
    int m_total = 0;
};

}  // namespace graphlens::ui
