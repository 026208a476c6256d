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

}  // namespace graphlens::profiler
