#pragma once
// The source used when tracing cannot work (built without CUPTI, library missing): it says why, and
// the caller keeps going with metrics absent. Its clock still runs so phase marks stay meaningful.
#include "profiler/ActivitySource.h"

#include <chrono>
#include <string>
#include <utility>

namespace graphlens::profiler {

class UnavailableActivitySource final : public ActivitySource {
public:
    explicit UnavailableActivitySource(std::string reason) : reason_(std::move(reason)) {}

    bool isAvailable() const override { return false; }
    std::string unavailableReason() const override { return reason_; }
    bool start() override { return false; }
    void stop() override {}
    ActivityBatch flush() override { return {}; }
    uint64_t timestampNs() const override {
        return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                         std::chrono::steady_clock::now().time_since_epoch())
                                         .count());
    }
    uint32_t currentThreadId() const override { return 0; }

private:
    std::string reason_;
};

}  // namespace graphlens::profiler
