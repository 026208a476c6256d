#pragma once
// SweepEvents for the GUI: each event becomes one worker-protocol line (results/WorkerProtocol.h),
// flushed at once so the GUI sees rows as they are measured.
#include "bench/SweepEvents.h"
#include "results/WorkerProtocol.h"

#include <ostream>

namespace graphlens::bench {

class ProtocolSweepEvents : public SweepEvents {
public:
    explicit ProtocolSweepEvents(std::ostream& out) : out_(out) {}
    void progress(int done, int total, const std::string& label, double etaSeconds) override;
    void measurement(const results::Measurement& row) override;
    void log(const std::string& text) override;
    void warning(const std::string& text) override;
    void send(const results::WorkerEvent& event);

private:
    std::ostream& out_;
};

}  // namespace graphlens::bench
