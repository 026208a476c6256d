#include "platform/ClockSampler.h"

#include "platform/Quantile.h"

#include <algorithm>
#include <utility>

namespace graphlens::platform {
namespace {

MhzSpread spread(const std::vector<unsigned>& values) {
    const auto [low, high] = std::minmax_element(values.begin(), values.end());
    return {*low, quantile(std::vector<double>(values.begin(), values.end()), 0.5), *high};
}

}  // namespace

ClockSummary summarizeClocks(const std::vector<ClockReading>& readings, std::size_t failedReads) {
    ClockSummary summary;
    summary.samples = readings.size();
    summary.failedReads = failedReads;
    if (readings.empty()) return summary;
    std::vector<unsigned> sm, mem;
    for (const auto& reading : readings) {
        sm.push_back(reading.smMhz);
        mem.push_back(reading.memMhz);
    }
    summary.sm = spread(sm);
    summary.mem = spread(mem);
    return summary;
}

ClockSampler::ClockSampler(ReadFunction read, std::chrono::milliseconds interval)
    : read_(std::move(read)), interval_(interval) {}

ClockSampler::~ClockSampler() { stop(); }

void ClockSampler::start() { launch(true); }

void ClockSampler::resume() { launch(false); }

void ClockSampler::launch(bool fresh) {
    std::lock_guard lifecycle(lifecycle_);
    if (thread_.joinable()) return;
    {
        std::lock_guard lock(mutex_);
        stopRequested_ = false;
        if (fresh) {
            readings_.clear();
            failedReads_ = 0;
        }
    }
    thread_ = std::thread([this] { sampleUntilStopped(); });
}

ClockSummary ClockSampler::stop() {
    std::lock_guard lifecycle(lifecycle_);
    if (thread_.joinable()) {
        {
            std::lock_guard lock(mutex_);
            stopRequested_ = true;
        }
        wake_.notify_all();
        thread_.join();
    }
    std::lock_guard lock(mutex_);
    return summarizeClocks(readings_, failedReads_);
}

bool ClockSampler::running() const {
    std::lock_guard lifecycle(lifecycle_);
    return thread_.joinable();
}

void ClockSampler::sampleUntilStopped() {
    std::unique_lock lock(mutex_);
    while (!stopRequested_) {
        // Read without the lock: a slow driver call must not keep stop() from signalling.
        lock.unlock();
        std::optional<ClockReading> reading;
        bool threw = false;
        try {
            reading = read_ ? read_() : std::nullopt;
        } catch (...) {
            threw = true;  // an exception escaping a thread would end the process
        }
        lock.lock();
        if (reading && !threw) {
            readings_.push_back(*reading);
        } else {
            ++failedReads_;
        }
        wake_.wait_for(lock, interval_, [this] { return stopRequested_; });
    }
}

std::unique_ptr<ClockSampler> makeNvmlClockSampler(std::shared_ptr<const NvmlLibrary> nvml, NvmlLibrary::Device device,
                                                   std::chrono::milliseconds interval, std::string* why) {
    if (!nvml || !nvml->available()) {
        if (why) *why = nvml ? nvml->unavailableReason() : "no NVML library";
        return nullptr;
    }
    auto read = [nvml, device]() -> std::optional<ClockReading> {
        const auto sm = nvml->clockMhz(device, NvmlLibrary::Clock::sm);
        const auto mem = nvml->clockMhz(device, NvmlLibrary::Clock::memory);
        if (!sm || !mem) return std::nullopt;
        return ClockReading{*sm, *mem};
    };
    return std::make_unique<ClockSampler>(std::move(read), interval);
}

std::unique_ptr<ClockSampler> makeNvmlClockSampler(std::string* why) {
    auto nvml = NvmlLibrary::shared();
    const auto device = nvml->deviceByIndex(0, why);
    if (!device) return nullptr;
    return makeNvmlClockSampler(std::move(nvml), *device, ClockSampler::kDefaultInterval, why);
}

}  // namespace graphlens::platform
