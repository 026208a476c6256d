#include "bench/TimedPassClocks.h"

#include "bench/Environment.h"
#include "platform/ClockSampler.h"
#include "platform/NvmlLibrary.h"

#include <torch/cuda.h>

namespace graphlens::bench {
namespace {

nlohmann::json spreadJson(const platform::MhzSpread& spread) {
    return {{"min", spread.min}, {"median", spread.median}, {"max", spread.max}};
}

}  // namespace

TimedPassClocks::TimedPassClocks() {
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
    sampler_ = platform::makeNvmlClockSampler(std::move(nvml), *device, platform::ClockSampler::kDefaultInterval,
                                              &unavailable_);
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
    out["interval_ms"] = platform::ClockSampler::kDefaultInterval.count();
    out["sm_clock_mhz"] = spreadJson(*clocks.sm);
    out["mem_clock_mhz"] = spreadJson(*clocks.mem);
    return out;
}

}  // namespace graphlens::bench
