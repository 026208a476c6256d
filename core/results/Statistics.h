#pragma once
// Robust summaries of step times. Inputs are unsorted samples; empty input is a caller error.
#include "platform/Quantile.h"

#include <cstdint>
#include <vector>

namespace graphlens::results {

double median(std::vector<double> samples);
double minimum(const std::vector<double>& samples);
// Linear interpolation between closest ranks (numpy's default), q in [0, 1]: the project's one
// implementation, platform::quantile.
using platform::quantile;

struct Interval {
    double low = 0;
    double high = 0;
};

// Percentile bootstrap 95% interval of median(samples), seeded so a report is reproducible.
Interval bootstrapMedianInterval(const std::vector<double>& samples, int resamples = 2000,
                                 std::uint64_t seed = 0x6a4c);

// Percentile bootstrap 95% interval of median(numerator) / median(denominator), the two samples
// resampled independently (e.g. eager and graphed step times -> speedup).
Interval bootstrapRatioInterval(const std::vector<double>& numerator,
                                const std::vector<double>& denominator, int resamples = 2000,
                                std::uint64_t seed = 0x6a4c);

}  // namespace graphlens::results
