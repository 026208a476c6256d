#pragma once
// Which baseline row a row of the session shown compares with: the same family, phase, scope,
// precision, memory format, batch, arm and pass. Only baseline rows that are ok and have a median
// step time can be matched; a current row that is not ok matches nothing (a failed row has no
// time to compare). Plain C++ over the rows: the delta columns and the ratio chart share it.
// A baseline taken from the session shown itself (one GPU of a merged session) never matches a row
// with itself: the other machines' rows are compared with it, its own rows stay blank.
#include "results/Measurement.h"

#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace graphlens::ui {

class BaselineMatcher {
public:
    BaselineMatcher() = default;
    explicit BaselineMatcher(std::vector<results::Measurement> baselineRows, bool skipIdentical = false);

    // The baseline row matching `current`, or nullptr. A key repeated in the baseline keeps its
    // last row, as the charts keep the last row of a repeated batch.
    const results::Measurement* match(const results::Measurement& current) const;

    bool empty() const { return m_index.empty(); }
    const std::vector<results::Measurement>& rows() const { return m_rows; }

private:
    // family, phase, scope, precision, memory format, batch, arm, pass
    using Key = std::tuple<std::string, std::string, std::string, std::string, std::string, int, std::string,
                           std::string>;
    static Key keyOf(const results::Measurement& row);

    std::vector<results::Measurement> m_rows;
    std::map<Key, size_t> m_index;  // key -> position in m_rows
    bool m_skipIdentical = false;   // a row equal to its match is the baseline itself: no match
};

}  // namespace graphlens::ui
