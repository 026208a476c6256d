#include "bench/SynchronizedPhaseTimer.h"

#include "results/Statistics.h"

namespace graphlens::bench {

void SynchronizedPhaseTimer::begin(const char*) {
    memory_.synchronize();  // what came before this phase is not its work
    open_.push_back(std::chrono::steady_clock::now());
}

void SynchronizedPhaseTimer::end(const char* phase) {
    memory_.synchronize();  // the phase's GPU work, finished
    const auto now = std::chrono::steady_clock::now();
    if (open_.empty()) return;
    samplesMs_[phase].push_back(std::chrono::duration<double, std::milli>(now - open_.back()).count());
    open_.pop_back();
}

std::optional<double> SynchronizedPhaseTimer::medianMs(const std::string& phase) const {
    const auto it = samplesMs_.find(phase);
    if (it == samplesMs_.end() || it->second.empty()) return std::nullopt;
    return results::median(it->second);
}

}  // namespace graphlens::bench
