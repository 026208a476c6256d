#include "graphs/ParityCheck.h"

#include "graphs/GraphCaptureError.h"
#include "graphs/OutOfMemory.h"
#include "graphs/OutputTree.h"

#include <cmath>
#include <stdexcept>

namespace graphlens::graphs {

const char* toString(ParityResult result) {
    switch (result) {
        case ParityResult::BitExact: return "bit-exact";
        case ParityResult::Mismatch: return "mismatch";
        case ParityResult::CaptureError: return "capture error";
    }
    return "capture error";
}

namespace {

// The replays of the graph `entry` describes (keyed by the graph's own input: a seam with an eager
// head captures the head's output, not the probe).
std::int64_t replaysOf(const GraphRunner& runner, const GraphEntryInfo& entry) {
    for (const auto& g : runner.info().graphs) {
        if (g.shape == entry.shape && g.dtype == entry.dtype && g.device == entry.device) return g.replays;
    }
    return 0;
}

void merge(ParityReport& report, const TreeComparison& comparison, const std::string& what) {
    if (comparison.equal) return;
    if (report.result == ParityResult::BitExact) {
        report.result = ParityResult::Mismatch;
        report.message = what + ": " + comparison.firstMismatch;
    }
    if (std::isnan(comparison.maxAbsDiff) || comparison.maxAbsDiff > report.maxAbsDiff) {
        report.maxAbsDiff = comparison.maxAbsDiff;
    }
}

}  // namespace

ParityReport checkInferenceParity(GraphRunner& runner, const torch::Tensor& probeA, const torch::Tensor& probeB,
                                  int eagerWarmup) {
    if (GraphKey::of(probeA) != GraphKey::of(probeB)) {
        throw std::invalid_argument("parity probes must share shape, dtype and device: " +
                                    GraphKey::of(probeA).toString() + " vs " + GraphKey::of(probeB).toString());
    }
    torch::NoGradGuard noGrad;
    ParityReport report;
    for (int i = 0; i < eagerWarmup; ++i) (void)runner.runEager(probeA);
    const auto eagerA = cloneTensors(runner.runEager(probeA));
    const auto eagerB = cloneTensors(runner.runEager(probeB));
    report.probesDiffer = !compareBitwise(eagerA, eagerB).equal;

    try {
        const auto entry = runner.captureFor(probeA);
        report.captureMs = entry.captureMs;
        report.poolBytes = entry.poolBytes;
        const auto replaysBefore = replaysOf(runner, entry);
        const auto firstB = runner.run(probeB);
        const auto replayA = runner.run(probeA);
        const auto replayB = runner.run(probeB);
        report.replays = replaysOf(runner, entry) - replaysBefore;
        report.staleGuard = !compareBitwise(replayA, eagerB).equal;
        report.result = ParityResult::BitExact;
        merge(report, compareBitwise(replayA, eagerA), "probe A");
        merge(report, compareBitwise(firstB, eagerB), "probe B (first replay)");
        merge(report, compareBitwise(replayB, eagerB), "probe B");
        if (report.replays != 3 && report.result == ParityResult::BitExact) {
            report.result = ParityResult::Mismatch;
            report.message = "expected 3 replays of the probe graph, saw " + std::to_string(report.replays);
        }
    } catch (const std::exception& error) {  // GraphCaptureError, or a replay/rest that threw
        report.result = ParityResult::CaptureError;
        report.message = error.what();
        report.outOfMemory = isOutOfMemory(error);
    }
    return report;
}

}  // namespace graphlens::graphs
