#include "ui/session/BaselineMatcher.h"

namespace graphlens::ui {
namespace {

bool comparable(const results::Measurement& row) { return row.status == "ok" && row.step_ms_median.has_value(); }

}  // namespace

BaselineMatcher::BaselineMatcher(std::vector<results::Measurement> baselineRows, bool skipIdentical)
    : m_rows(std::move(baselineRows)), m_skipIdentical(skipIdentical) {
    for (size_t i = 0; i < m_rows.size(); ++i) {
        if (comparable(m_rows[i])) m_index[keyOf(m_rows[i])] = i;
    }
}

const results::Measurement* BaselineMatcher::match(const results::Measurement& current) const {
    if (!comparable(current)) return nullptr;
    const auto found = m_index.find(keyOf(current));
    if (found == m_index.end()) return nullptr;
    const auto& base = m_rows[found->second];
    return m_skipIdentical && base == current ? nullptr : &base;
}

BaselineMatcher::Key BaselineMatcher::keyOf(const results::Measurement& row) {
    // Rows written before training rows carried a memory format have none: they are nchw.
    const std::string format = row.memory_format.empty() ? std::string("nchw") : row.memory_format;
    return Key{row.family, row.phase, row.scope, row.precision, format, row.batch, row.arm, row.pass};
}

}  // namespace graphlens::ui
