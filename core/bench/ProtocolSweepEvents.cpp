#include "bench/ProtocolSweepEvents.h"

namespace graphlens::bench {

void ProtocolSweepEvents::progress(int done, int total, const std::string& label, double etaSeconds) {
    send(results::progressEvent(done, total, label, etaSeconds));
}

void ProtocolSweepEvents::measurement(const results::Measurement& row) {
    send(results::measurementEvent(row));
}

void ProtocolSweepEvents::log(const std::string& text) { send(results::logEvent("info", text)); }

void ProtocolSweepEvents::warning(const std::string& text) { send(results::warningEvent(text)); }

void ProtocolSweepEvents::send(const results::WorkerEvent& event) {
    out_ << results::encodeWorkerEvent(event) << '\n' << std::flush;
}

}  // namespace graphlens::bench
