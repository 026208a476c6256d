#pragma once
// Parity before timing (DESIGN §3/§5): the parity check on the very network the sweep times, at the
// batch, dtype, size and memory format it times, through the same runner kind (whole or seam). A
// graphed arm that is not bit-exact is refused, not timed.
#include "families/Family.h"
#include "graphs/GraphRunner.h"

#include <string>

namespace graphlens::bench {

struct SweepParityResult {
    std::string parity;  // bit-exact | mismatch <max abs diff> | capture error | inconclusive | stale buffer
    bool passed = false;
    std::string reason;  // why the graphed arm is refused; empty when passed
    bool outOfMemory = false;       // the capture ran out of memory: the batch size, not the family, is at fault
    bool declarationError = false;  // the family's own declaration is wrong (no seam split): an error, not a refusal
};

// `network` is built, calibrated, on its device, in dtype and memory format. The probes are made
// here (makeParityProbes) in that dtype and format. The runner used is released before returning.
SweepParityResult checkSweepParity(const families::Family& family, torch::nn::AnyModule& network, int batch,
                                   int imgsz, torch::Dtype dtype, at::MemoryFormat format,
                                   graphs::GraphRunnerOptions options);

}  // namespace graphlens::bench
