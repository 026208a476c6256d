#include "results/ProfilerOverhead.h"

#include "results/Statistics.h"

#include <cstdio>

namespace graphlens::results {

std::optional<ProfilerOverhead> profilerOverhead(const std::vector<double>& profiledMs,
                                                 const std::vector<double>& unprofiledMs) {
    if (profiledMs.empty() || unprofiledMs.empty()) return std::nullopt;
    const double unprofiled = median(unprofiledMs);
    if (!(unprofiled > 0)) return std::nullopt;
    const auto interval = bootstrapRatioInterval(profiledMs, unprofiledMs);
    return ProfilerOverhead{100.0 * (median(profiledMs) / unprofiled - 1.0), 100.0 * (interval.low - 1.0),
                            100.0 * (interval.high - 1.0)};
}

std::string describeOverhead(double pct, std::optional<double> lowPct, std::optional<double> highPct) {
    char text[160];
    if (!lowPct || !highPct) {
        std::snprintf(text, sizeof text, "%+.1f%% (against another process, no interval)", pct);
        return text;
    }
    std::snprintf(text, sizeof text, "%+.1f%% (95%% interval %+.1f%% to %+.1f%%%s)", pct, *lowPct, *highPct,
                  *lowPct <= 0 && *highPct >= 0 ? ", within the step's noise" : "");
    return text;
}

}  // namespace graphlens::results
