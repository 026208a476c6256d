#include "results/ProfilerOverhead.h"

#include "results/Statistics.h"

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

}  // namespace graphlens::results
