#pragma once
// What the profiler's window costs a step, measured where drift cancels: the same step timed in the
// same process just before its window opens (no window, same warm state, seconds apart) against the
// steps timed inside it. The timed pass's process is a minute away, and on a shared machine an eager
// step moves by 20-30% in a minute: a comparison with it shows the machine's drift as overhead.
#include <optional>
#include <string>
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

// The figure as a person reads it, never bare: "+14.0% (95% interval +5.2% to +22.9%)"; an interval
// across 0 adds ", within the step's noise"; without an interval (a session that compared with the
// timed pass's process) it says so.
std::string describeOverhead(double pct, std::optional<double> lowPct, std::optional<double> highPct);

}  // namespace graphlens::results
