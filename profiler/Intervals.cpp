#include "profiler/Intervals.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace graphlens::profiler {

uint64_t unionLength(std::vector<Interval> intervals) {
    std::sort(intervals.begin(), intervals.end());
    uint64_t total = 0;
    bool open = false;
    Interval current{0, 0};
    for (const auto& interval : intervals) {
        if (interval.second <= interval.first) continue;
        if (open && interval.first <= current.second) {
            current.second = std::max(current.second, interval.second);
            continue;
        }
        if (open) total += current.second - current.first;
        current = interval;
        open = true;
    }
    if (open) total += current.second - current.first;
    return total;
}

double quantile(std::vector<double> values, double q) {
    if (values.empty()) throw std::invalid_argument("quantile of no values");
    std::sort(values.begin(), values.end());
    const double position = std::clamp(q, 0.0, 1.0) * static_cast<double>(values.size() - 1);
    const auto below = static_cast<std::size_t>(std::floor(position));
    const auto above = std::min(below + 1, values.size() - 1);
    const double weight = position - static_cast<double>(below);
    return values[below] + weight * (values[above] - values[below]);
}

}  // namespace graphlens::profiler
