#pragma once
// Statistics of step times taken in rounds (DESIGN §4 "Spread"). The sweep times each arm in R rounds
// of alternating eager/graphed blocks, so a slow stretch of the machine (clocks, thermals, another
// process) lands in one round instead of biasing one arm. A round is therefore the unit of
// independent evidence: the headline median is the median of round medians and its interval is
// bootstrapped over rounds, not over steps (steps inside a round are correlated).
//
// Empty rounds (an arm that produced no step in a round) are ignored everywhere; when every round is
// empty, the functions throw std::invalid_argument, like the rest of the statistics layer.
#include "results/Statistics.h"

#include <cstdint>
#include <string>
#include <vector>

namespace graphlens::results {

struct RoundSummary {
    int steps = 0;              // steps over all non-empty rounds
    int rounds = 0;             // non-empty rounds behind the figures
    double median = 0;          // median of the round medians, ms
    double min = 0;             // fastest step of all rounds, ms
    double p90 = 0;             // 90th percentile over all steps of all rounds, ms
    double roundMedianMin = 0;  // fastest and slowest round median, ms
    double roundMedianMax = 0;
    double roundSpreadPct = 0;  // 100 * (roundMedianMax - roundMedianMin) / median; 0 with one round
    double maxIqrPct = 0;       // max over rounds of 100 * IQR / that round's median
    double ciLow = 0;           // percentile bootstrap 95% interval of `median` (see summariseRounds)
    double ciHigh = 0;
};

// Medians of the non-empty rounds, in round order.
std::vector<double> roundMedians(const std::vector<std::vector<double>>& rounds);

// The interval resamples round medians when there are two or more non-empty rounds; with a single
// round there is nothing to resample between rounds, so it falls back to the step bootstrap
// (bootstrapMedianInterval of that round's steps). Percentages are 0 when a median is 0 (no real
// step takes no time; this avoids NaN in the export).
RoundSummary summariseRounds(const std::vector<std::vector<double>>& rounds, int resamples = 2000,
                             std::uint64_t seed = 0x6a4c);

// Percentile bootstrap 95% interval of median(numerator round medians) / median(denominator round
// medians) (eager over graphed -> speedup), the two arms' round medians resampled independently.
// When either arm has a single non-empty round, falls back to bootstrapRatioInterval over all steps
// of each arm: one round median alone would claim a spread of zero for that arm.
Interval bootstrapRoundRatioInterval(const std::vector<std::vector<double>>& numeratorRounds,
                                     const std::vector<std::vector<double>>& denominatorRounds,
                                     int resamples = 2000, std::uint64_t seed = 0x6a4c);

// True when the round medians spread more than thresholdPct (strictly) around their median, or
// the steps of some round spread more than that (IQR / median): either way the figure is shaky.
bool unsteady(const RoundSummary& summary, double thresholdPct = 10);

// The warning for an unsteady row, e.g. "resnet18 batch 1 eager: round medians spread 14% (> 10%)
// over 3 rounds (1.2 to 1.37 ms); ..."; empty when the row is steady. `label` names the row.
std::string unsteadyWarning(const std::string& label, const RoundSummary& summary,
                            double thresholdPct = 10);

}  // namespace graphlens::results
