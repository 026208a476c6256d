#pragma once
// SM and memory clocks of the CUDA device while a sweep's timed steps run (DESIGN §4 fingerprint): a
// throttled or power-capped GPU explains a slow row. NVML is read on a background thread, only
// between resume() and pause(), so warm-up, capture, parity and phase passes do not count; all timed
// passes of one sweep form one series. Without NVML or a CUDA device nothing is sampled and the
// summary says why.
#include <nlohmann/json.hpp>

#include <chrono>
#include <memory>
#include <string>

namespace graphlens::platform {
class ClockSampler;
}

namespace graphlens::bench {

class TimedPassClocks {
public:
    // Finds the current CUDA device in NVML; samples nothing until resume().
    TimedPassClocks();
    ~TimedPassClocks();
    TimedPassClocks(const TimedPassClocks&) = delete;
    TimedPassClocks& operator=(const TimedPassClocks&) = delete;

    void resume();  // right before a timed pass: one reading at once, then one per interval
    void pause();   // right after it, and on its error path (no-op when not sampling)

    // Pauses, then summarises every reading so far:
    //   {"samples": n, "interval_ms": 50, "sm_clock_mhz": {"min", "median", "max"},
    //    "mem_clock_mhz": {"min", "median", "max"}}, plus "failed_reads" when some failed;
    //   {"samples": 0, "unavailable": why} when no reading succeeded;
    //   {"unavailable": why} without NVML or a CUDA device.
    // Callable more than once; resume() afterwards continues the series.
    nlohmann::json summary();
    nlohmann::json stop() { return summary(); }  // the end of the last timed pass

private:
    std::unique_ptr<platform::ClockSampler> sampler_;
    std::string unavailable_;  // why sampler_ is null
    std::chrono::milliseconds interval_{50};
};

}  // namespace graphlens::bench
