#pragma once
// Where inside a broken link a replay first breaks: the seam search names the first link of the
// network's chain that no captured prefix can take in; this descends into that link's own submodules
// (ChainLink::children), feeding them the link's eager input on both probes, and repeats the prefix
// search there, level by level, until a module has no children that chain (a leaf, a module whose
// forward is not its children one after another, or one whose children all capture bit for bit on
// their own). Each trial is the parity check through the one GraphRunner, as in the seam search.
#include "bench/SeamFinder.h"
#include "families/Family.h"
#include "families/ModuleChain.h"

#include <torch/types.h>

#include <cstddef>
#include <optional>
#include <string>

namespace graphlens::bench {

struct BrokenModule {
    std::string path;                   // "model.22.cv2.0": the deepest module found
    std::optional<double> maxAbsDiff;   // its replayed output against eager (mismatches), when measured
    int levels = 0;                     // how many levels below the top-level link the search went
};

// `chain` is the network's chain (already checked to be its forward), `link` the index of its first
// broken link. The search never fails: where it cannot go deeper it keeps the path it has.
BrokenModule findBrokenModule(const families::Family& family, torch::nn::AnyModule& network,
                              const families::ModuleChain& chain, std::size_t link, const torch::Tensor& probeA,
                              const torch::Tensor& probeB, const SeamFinderOptions& options = {});

}  // namespace graphlens::bench
