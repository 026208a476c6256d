#include "profiler/MergedIntervals.h"

#include <algorithm>

namespace graphlens::profiler {

std::vector<Interval> mergeIntervals(std::vector<Interval> intervals) {
    std::sort(intervals.begin(), intervals.end());
    std::vector<Interval> merged;
    for (const auto& interval : intervals) {
        if (interval.second <= interval.first) continue;
        if (!merged.empty() && interval.first <= merged.back().second) {
            merged.back().second = std::max(merged.back().second, interval.second);
        } else {
            merged.push_back(interval);
        }
    }
    return merged;
}

uint64_t totalLength(const std::vector<Interval>& merged) {
    uint64_t total = 0;
    for (const auto& interval : merged) total += interval.second - interval.first;
    return total;
}

uint64_t overlapLength(const std::vector<Interval>& a, const std::vector<Interval>& b) {
    uint64_t total = 0;
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        const uint64_t first = std::max(a[i].first, b[j].first);
        const uint64_t second = std::min(a[i].second, b[j].second);
        if (second > first) total += second - first;
        // Advance whichever ends first: it cannot meet anything later in the other set.
        (a[i].second < b[j].second ? i : j) += 1;
    }
    return total;
}

}  // namespace graphlens::profiler
