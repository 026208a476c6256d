#pragma once
// The phase pass's observer (DESIGN §4): a stream synchronize at every phase boundary and the host
// clock between them, so each phase's time is its own work, finished. It runs in the timed process
// (no CUPTI) on extra steps; the timed steps themselves never synchronise inside the step.
#include "profiler/PhaseObserver.h"
#include "graphs/DeviceMemory.h"

#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace graphlens::bench {

class SynchronizedPhaseTimer : public profiler::PhaseObserver {
public:
    explicit SynchronizedPhaseTimer(const graphs::DeviceMemory& memory) : memory_(memory) {}

    void begin(const char* phase) override;
    void end(const char* phase) override;

    // Median milliseconds of every phase seen, by name; absent for a phase never seen.
    std::optional<double> medianMs(const std::string& phase) const;
    const std::map<std::string, std::vector<double>>& samples() const { return samplesMs_; }

private:
    const graphs::DeviceMemory& memory_;
    std::vector<std::chrono::steady_clock::time_point> open_;
    std::map<std::string, std::vector<double>> samplesMs_;
};

}  // namespace graphlens::bench
