#pragma once
// What the profiler's window costs a step, measured where drift cancels: the same step timed in the
// same process just before its window opens (no window, same warm state, seconds apart) against the
// steps timed inside it. The timed pass's process is a minute away, and on a shared machine an eager
// step moves by 20-30% in a minute: a comparison with it shows the machine's drift as overhead.
#include <optional>
#include <vector>

namespace graphlens::results {

struct ProfilerOverhead {
    double pct = 0;      // 100 * (median profiled / median unprofiled - 1)
    double lowPct = 0;   // bootstrap 95% interval of that figure
    double highPct = 0;
};

// Absent when either sample is empty or the unprofiled median is not positive.
std::optional<ProfilerOverhead> profilerOverhead(const std::vector<double>& profiledMs,
                                                 const std::vector<double>& unprofiledMs);

}  // namespace graphlens::results
