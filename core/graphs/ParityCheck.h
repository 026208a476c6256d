#pragma once
// DESIGN §5 inference parity, reusable for any runner (whole or seam): two probes from different
// distributions must give different eager outputs (else the check proves nothing); capture; replay
// both; every output must equal eager bit for bit; a replay must not hand back the previous
// replay's output (stale-buffer guard).
#include "graphs/GraphRunner.h"

#include <cstdint>
#include <string>

namespace graphlens::graphs {

enum class ParityResult { BitExact, Mismatch, CaptureError };
const char* toString(ParityResult result);  // "bit-exact", "mismatch", "capture error"

struct ParityReport {
    ParityResult result = ParityResult::CaptureError;
    double maxAbsDiff = 0;        // over all replayed outputs vs eager; 0 when bit-exact
    std::string message;          // mismatch: where; capture error: the runner's message
    bool probesDiffer = false;    // eager(probeA) != eager(probeB)
    bool staleGuard = false;      // replay(A) after replay(B) is not B's eager output
    double captureMs = 0;
    std::int64_t poolBytes = 0;
    std::int64_t replays = 0;     // replays of the probe shape's graph during the check (3 expected)
    bool outOfMemory = false;     // capture error: it was out of memory (told where it was caught)

    bool passed() const { return result == ParityResult::BitExact && probesDiffer && staleGuard; }
};

// `runner` must be in mode on or auto and hold no graph for the probes' key yet (release() it
// otherwise); probeA and probeB must have the same shape, dtype and device. Sequence: eager A,
// eager B, capture(A), replay B, replay A (stale guard), replay B. The runner keeps its graph.
// eagerWarmup eager runs of probe A come first: a module whose executor optimises itself on its
// first calls of a shape (TorchScript's profiling executor and fuser) is compared in the plan that
// the capture records, not in its profiling run.
ParityReport checkInferenceParity(GraphRunner& runner, const torch::Tensor& probeA, const torch::Tensor& probeB,
                                  int eagerWarmup = 0);

}  // namespace graphlens::graphs
