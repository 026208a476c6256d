#include "ui/session/BaselineMatcher.h"

namespace graphlens::ui {
namespace {

bool comparable(const results::Measurement& row) { return row.status == "ok" && row.step_ms_median.has_value(); }

}  // namespace

BaselineMatcher::BaselineMatcher(std::vector<results::Measurement> baselineRows) : m_rows(std::move(baselineRows)) {
    for (size_t i = 0; i < m_rows.size(); ++i) {
        if (comparable(m_rows[i])) m_index[keyOf(m_rows[i])] = i;
    }
}

const results::Measurement* BaselineMatcher::match(const results::Measurement& current) const {
    if (!comparable(current)) return nullptr;
    const auto found = m_index.find(keyOf(current));
    return found == m_index.end() ? nullptr : &m_rows[found->second];
}

BaselineMatcher::Key BaselineMatcher::keyOf(const results::Measurement& row) {
    // Rows written before training rows carried a memory format have none: they are nchw.
    const std::string format = row.memory_format.empty() ? std::string("nchw") : row.memory_format;
    return Key{row.family, row.phase, row.scope, row.precision, format, row.batch, row.arm, row.pass};
}

}  // namespace graphlens::ui
