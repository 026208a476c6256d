#pragma once
// GPU clocks sampled on a background thread while a timed pass runs: a throttled or power-capped GPU
// explains a slow row, and clocks read before or after the pass say nothing about it.
#include "platform/NvmlLibrary.h"

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace graphlens::platform {

struct ClockReading {
    unsigned smMhz = 0;
    unsigned memMhz = 0;
};

struct MhzSpread {
    unsigned min = 0;
    double median = 0;  // the mean of the two middle samples for an even count
    unsigned max = 0;
};

struct ClockSummary {
    std::size_t samples = 0;      // readings that succeeded
    std::size_t failedReads = 0;  // readings that returned nothing or threw
    std::optional<MhzSpread> sm;  // present when samples > 0
    std::optional<MhzSpread> mem;
};

ClockSummary summarizeClocks(const std::vector<ClockReading>& readings, std::size_t failedReads = 0);

class ClockSampler {
public:
    using ReadFunction = std::function<std::optional<ClockReading>()>;
    // 50 ms: enough samples for a median over a pass of a second or more, and a clock query every
    // 50 ms costs the timed thread nothing measurable.
    static constexpr std::chrono::milliseconds kDefaultInterval{50};

    explicit ClockSampler(ReadFunction read, std::chrono::milliseconds interval = kDefaultInterval);
    ~ClockSampler();  // stops
    ClockSampler(const ClockSampler&) = delete;
    ClockSampler& operator=(const ClockSampler&) = delete;

    // Starts a fresh series: one reading at once, then one per interval. No-op while running.
    void start();
    // Continues the current series (the readings so far are kept), e.g. for the next timed pass of a
    // sweep. No-op while running.
    void resume();
    // Wakes the thread (it does not wait out the interval), joins it and summarises the series so
    // far. Before any start: an empty summary. Safe from any thread, more than once.
    ClockSummary stop();
    bool running() const;

private:
    void launch(bool fresh);
    void sampleUntilStopped();

    ReadFunction read_;
    std::chrono::milliseconds interval_;
    mutable std::mutex lifecycle_;  // serialises start/stop; held while joining
    std::mutex mutex_;              // guards the fields below
    std::condition_variable wake_;
    bool stopRequested_ = false;
    std::vector<ClockReading> readings_;
    std::size_t failedReads_ = 0;
    std::thread thread_;
};

// A sampler reading `device`'s current SM and memory clocks through `nvml` (kept alive by the
// sampler). Nothing, with the reason in *why, when NVML is unavailable.
std::unique_ptr<ClockSampler> makeNvmlClockSampler(std::shared_ptr<const NvmlLibrary> nvml, NvmlLibrary::Device device,
                                                   std::chrono::milliseconds interval = ClockSampler::kDefaultInterval,
                                                   std::string* why = nullptr);
// The same for NVML's device 0, through the process's shared library.
std::unique_ptr<ClockSampler> makeNvmlClockSampler(std::string* why = nullptr);

}  // namespace graphlens::platform
