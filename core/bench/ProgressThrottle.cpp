#include "bench/ProgressThrottle.h"

#include <algorithm>

namespace graphlens::bench {
namespace {
constexpr auto kMinInterval = std::chrono::milliseconds(200);
}

ProgressThrottle::ProgressThrottle(SweepEvents& events, int totalUnits)
    : events_(events), total_(std::max(totalUnits, 1)),
      started_(std::chrono::steady_clock::now()), lastReport_(started_) {}

void ProgressThrottle::startStage(int unitsDoneBefore, const std::string& label) {
    done_ = std::clamp(unitsDoneBefore, 0, total_);
    report(label);
}

void ProgressThrottle::advance(const std::string& label, int units) {
    done_ = std::min(done_ + units, total_);
    if (std::chrono::steady_clock::now() - lastReport_ >= kMinInterval) report(label);
}

void ProgressThrottle::finish(const std::string& label) {
    done_ = total_;
    report(label);
}

void ProgressThrottle::report(const std::string& label) {
    const auto now = std::chrono::steady_clock::now();
    lastReport_ = now;
    const double elapsed = std::chrono::duration<double>(now - started_).count();
    const double eta = done_ > 0 ? elapsed * (total_ - done_) / done_ : -1.0;
    events_.progress(done_, total_, label, eta);
}

}  // namespace graphlens::bench
