#include "results/Statistics.h"

#include <algorithm>
#include <random>
#include <stdexcept>

namespace graphlens::results {
namespace {

void requireSamples(const std::vector<double>& samples) {
    if (samples.empty()) throw std::invalid_argument("statistics of an empty sample");
}

std::vector<double> resample(const std::vector<double>& samples, std::mt19937_64& rng) {
    std::uniform_int_distribution<std::size_t> pick(0, samples.size() - 1);
    std::vector<double> drawn(samples.size());
    for (auto& value : drawn) value = samples[pick(rng)];
    return drawn;
}

Interval percentileInterval(std::vector<double> estimates) {
    return {quantile(estimates, 0.025), quantile(std::move(estimates), 0.975)};
}

}  // namespace

double median(std::vector<double> samples) { return quantile(std::move(samples), 0.5); }

double minimum(const std::vector<double>& samples) {
    requireSamples(samples);
    return *std::min_element(samples.begin(), samples.end());
}

Interval bootstrapMedianInterval(const std::vector<double>& samples, int resamples,
                                 std::uint64_t seed) {
    requireSamples(samples);
    std::mt19937_64 rng(seed);
    std::vector<double> estimates(static_cast<std::size_t>(resamples));
    for (auto& estimate : estimates) estimate = median(resample(samples, rng));
    return percentileInterval(std::move(estimates));
}

Interval bootstrapRatioInterval(const std::vector<double>& numerator,
                                const std::vector<double>& denominator, int resamples,
                                std::uint64_t seed) {
    requireSamples(numerator);
    requireSamples(denominator);
    std::mt19937_64 rng(seed);
    std::vector<double> estimates(static_cast<std::size_t>(resamples));
    for (auto& estimate : estimates) {
        estimate = median(resample(numerator, rng)) / median(resample(denominator, rng));
    }
    return percentileInterval(std::move(estimates));
}

}  // namespace graphlens::results
