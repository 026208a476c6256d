#include "bench/TimedPassClocks.h"

#include "bench/Environment.h"
#include "platform/ClockSampler.h"
#include "platform/NvmlLibrary.h"

#include <torch/cuda.h>

#include <cstdlib>
#include <optional>

namespace graphlens::bench {
namespace {

nlohmann::json spreadJson(const platform::MhzSpread& spread) {
    return {{"min", spread.min}, {"median", spread.median}, {"max", spread.max}};
}

}  // namespace

namespace {
// GRAPHLENS_CLOCK_INTERVAL_MS sets the sampling interval; 0 turns sampling off (for a machine where
// a user suspects the sampler itself). Anything else that does not parse keeps the default.
std::optional<std::chrono::milliseconds> intervalFromEnvironment(std::string* off) {
    const char* text = std::getenv("GRAPHLENS_CLOCK_INTERVAL_MS");
    if (!text || !*text) return platform::ClockSampler::kDefaultInterval;
    char* end = nullptr;
    const long value = std::strtol(text, &end, 10);
    if (*end != '\0' || value < 0) return platform::ClockSampler::kDefaultInterval;
    if (value == 0) {
        *off = "sampling turned off (GRAPHLENS_CLOCK_INTERVAL_MS=0)";
        return std::nullopt;
    }
    return std::chrono::milliseconds(value);
}
}  // namespace

TimedPassClocks::TimedPassClocks() {
    const auto interval = intervalFromEnvironment(&unavailable_);
    if (!interval) return;
    interval_ = *interval;
    if (!torch::cuda::is_available()) {
        unavailable_ = "no CUDA device: GPU clocks are not sampled";
        return;
    }
    auto nvml = platform::NvmlLibrary::shared();
    if (!nvml->available()) {
        unavailable_ = nvml->unavailableReason();
        return;
    }
    const auto device = nvmlDeviceOfCurrentCudaDevice(*nvml, &unavailable_);
    if (!device) return;
    sampler_ = platform::makeNvmlClockSampler(std::move(nvml), *device, interval_, &unavailable_);
}

TimedPassClocks::~TimedPassClocks() = default;

void TimedPassClocks::resume() {
    if (sampler_) sampler_->resume();
}

void TimedPassClocks::pause() {
    if (sampler_) sampler_->stop();
}

nlohmann::json TimedPassClocks::summary() {
    if (!sampler_) return {{"unavailable", unavailable_}};
    const auto clocks = sampler_->stop();
    nlohmann::json out{{"samples", clocks.samples}};
    if (clocks.failedReads > 0) out["failed_reads"] = clocks.failedReads;
    if (clocks.samples == 0) {
        out["unavailable"] = clocks.failedReads > 0 ? "NVML returned no clock reading during the timed pass"
                                                    : "no timed pass ran";
        return out;
    }
    out["interval_ms"] = interval_.count();
    out["sm_clock_mhz"] = spreadJson(*clocks.sm);
    out["mem_clock_mhz"] = spreadJson(*clocks.mem);
    return out;
}

}  // namespace graphlens::bench
