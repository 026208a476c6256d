#include "results/RoundStatistics.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace graphlens::results {
namespace {

std::vector<std::vector<double>> nonEmpty(const std::vector<std::vector<double>>& rounds) {
    std::vector<std::vector<double>> kept;
    for (const auto& round : rounds) {
        if (!round.empty()) kept.push_back(round);
    }
    if (kept.empty()) throw std::invalid_argument("round statistics without a single timed step");
    return kept;
}

std::vector<double> pooled(const std::vector<std::vector<double>>& rounds) {
    std::vector<double> steps;
    for (const auto& round : rounds) steps.insert(steps.end(), round.begin(), round.end());
    return steps;
}

// 100 * part / whole; 0 instead of NaN/inf for a zero median (see the header).
double percentOf(double part, double whole) { return whole > 0 ? 100.0 * part / whole : 0.0; }

// "14", "10.4": one decimal at most, so a spread just above the threshold does not read "10% (> 10%)".
std::string formatPercent(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", value);
    std::string out(text);
    if (out.size() > 2 && out.compare(out.size() - 2, 2, ".0") == 0) out.resize(out.size() - 2);
    return out;
}

// Three significant digits for step times, whole milliseconds from 100 ms up (no exponent form).
std::string formatMs(double value) {
    char text[32];
    std::snprintf(text, sizeof text, value >= 100 ? "%.0f" : "%.3g", value);
    return text;
}

}  // namespace

std::vector<double> roundMedians(const std::vector<std::vector<double>>& rounds) {
    std::vector<double> medians;
    for (const auto& round : nonEmpty(rounds)) medians.push_back(median(round));
    return medians;
}

RoundSummary summariseRounds(const std::vector<std::vector<double>>& rounds, int resamples,
                             std::uint64_t seed) {
    const auto kept = nonEmpty(rounds);
    const auto steps = pooled(kept);
    const auto medians = roundMedians(kept);

    RoundSummary summary;
    summary.steps = static_cast<int>(steps.size());
    summary.rounds = static_cast<int>(kept.size());
    summary.median = median(medians);
    summary.min = minimum(steps);
    summary.p90 = quantile(steps, 0.9);
    summary.roundMedianMin = *std::min_element(medians.begin(), medians.end());
    summary.roundMedianMax = *std::max_element(medians.begin(), medians.end());
    summary.roundSpreadPct =
        percentOf(summary.roundMedianMax - summary.roundMedianMin, summary.median);
    for (std::size_t i = 0; i < kept.size(); ++i) {
        const double iqr = quantile(kept[i], 0.75) - quantile(kept[i], 0.25);
        summary.maxIqrPct = std::max(summary.maxIqrPct, percentOf(iqr, medians[i]));
    }
    // Resampling round medians is the plain median bootstrap applied to them; one round leaves only
    // its steps to resample.
    const auto interval = kept.size() > 1 ? bootstrapMedianInterval(medians, resamples, seed)
                                          : bootstrapMedianInterval(kept.front(), resamples, seed);
    summary.ciLow = interval.low;
    summary.ciHigh = interval.high;
    return summary;
}

Interval bootstrapRoundRatioInterval(const std::vector<std::vector<double>>& numeratorRounds,
                                     const std::vector<std::vector<double>>& denominatorRounds,
                                     int resamples, std::uint64_t seed) {
    const auto numerator = nonEmpty(numeratorRounds);
    const auto denominator = nonEmpty(denominatorRounds);
    if (numerator.size() > 1 && denominator.size() > 1) {
        return bootstrapRatioInterval(roundMedians(numerator), roundMedians(denominator), resamples,
                                      seed);
    }
    return bootstrapRatioInterval(pooled(numerator), pooled(denominator), resamples, seed);
}

bool unsteady(const RoundSummary& summary, double thresholdPct) {
    return summary.roundSpreadPct > thresholdPct || summary.maxIqrPct > thresholdPct;
}

std::string unsteadyWarning(const std::string& label, const RoundSummary& summary,
                            double thresholdPct) {
    if (!unsteady(summary, thresholdPct)) return {};
    if (summary.roundSpreadPct <= thresholdPct) {
        return label + ": steps within a round spread " + formatPercent(summary.maxIqrPct) +
               "% of their median (interquartile range, > " + formatPercent(thresholdPct) +
               "%): the machine was not steady (other GPU work, clocks or heat): treat this median "
               "with care, or rerun with more --steps on an idle GPU";
    }
    return label + ": round medians spread " + formatPercent(summary.roundSpreadPct) + "% (> " +
           formatPercent(thresholdPct) + "%) over " + std::to_string(summary.rounds) +
           " rounds (" + formatMs(summary.roundMedianMin) + " to " +
           formatMs(summary.roundMedianMax) +
           " ms); the machine was not steady (other GPU work, clocks or heat): treat this median "
           "with care, or rerun with more --repeats on an idle GPU";
}

}  // namespace graphlens::results
