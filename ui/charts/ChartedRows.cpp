#include "ui/charts/ChartedRows.h"

#include <QCoreApplication>
#include <unordered_map>

namespace graphlens::ui {
namespace {

// SeriesKey::of as one string: a hash lookup per row, so 10,000 rows cost a few milliseconds.
std::string chartedKeyText(const results::Measurement& row, const SeriesGrouping& grouping) {
    std::string key = row.family;
    const std::string machine = grouping.machineOf(row);
    for (const auto* part : {&row.precision, &row.memory_format, &row.phase, &row.scope, &machine}) {
        key += '\x1f';
        key += *part;
    }
    return key;
}

}  // namespace

const std::vector<results::Measurement> ChartedRows::kNone;

ChartedRows::ChartedRows(const std::vector<results::Measurement>& all, const std::string& family, int maxSeries,
                         const SeriesGrouping& grouping)
    : m_all(&all) {
    std::unordered_map<std::string, int> order;  // key -> rank of first appearance in the family
    std::vector<int> rank(all.size(), -1);
    for (size_t i = 0; i < all.size(); ++i) {
        if (!family.empty() && all[i].family != family) continue;
        const auto [at, added] = order.try_emplace(chartedKeyText(all[i], grouping), int(order.size()));
        rank[i] = at->second;
    }
    m_total = int(order.size());
    m_shown = std::min(m_total, maxSeries);
    const bool everyRow = family.empty() && m_total <= maxSeries;
    if (everyRow) return;
    m_subset = true;
    for (size_t i = 0; i < all.size(); ++i) {
        if (rank[i] >= 0 && rank[i] < maxSeries) m_rows.push_back(all[i]);
    }
}

QString ChartedRows::note() const {
    if (m_shown >= m_total) return {};
    return QCoreApplication::translate("ChartedRows", "%1 of %2 series shown; choose a family in the filter bar below")
        .arg(m_shown)
        .arg(m_total);
}

}  // namespace graphlens::ui
