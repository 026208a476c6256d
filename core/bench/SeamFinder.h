#pragma once
// `verify --find-seam` (capture forensics): for a network that is a chain of submodule calls, find the
// largest part that captures and replays bit for bit (families/ChainSeamSearch.h), capture it through
// the one GraphRunner, run the rest eagerly, prove the joined output equal to eager on both probes, and
// measure what the split buys: the captured part's share of the eager network time (phase pass) and
// the split's speedup over eager (timed interleaved steps, the sweep's procedure).
#include "families/ChainSeamSearch.h"
#include "families/Family.h"
#include "graphs/CaptureBackend.h"
#include "graphs/GraphRunner.h"

#include <nlohmann/json.hpp>
#include <torch/types.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace graphlens::bench {

struct SeamFinderOptions {
    int warmupIterations = 3;                        // eager runs before each capture (as the sweep)
    std::shared_ptr<graphs::CaptureBackend> backend;  // default: CUDA
    bool measure = true;                              // time the split (share and speedup)
    int steps = 30;                                   // timed steps per arm and round
    int repeats = 3;                                  // rounds
};

struct SeamFinding {
    // found: a part was captured and the joined output is bit-exact; whole: every link together;
    // none: no link captures; not-a-chain: the network is not a chain (why says how); unprovable: its
    // eager output changes from call to call, so no split can be checked against it.
    std::string status;
    std::string why;
    std::vector<std::string> links;                  // the chain's link names
    std::optional<std::size_t> begin, end;           // the captured links [begin, end)
    std::string point;                               // "after model.3, before model.4"
    std::string firstBrokenLink;                     // the first link no prefix could take in
    std::string brokenWhy;
    bool joinedBitExact = false;                     // the split's parity check (both probes, stale guard)
    std::optional<double> capturedShare;             // of the eager network time, 0..1
    std::optional<double> eagerMs, splitMs, speedup; // medians of the timed steps
    std::vector<families::SegmentTrialLog> trials;

    std::string text() const;   // a few lines for `verify`
    nlohmann::json json() const;
};

// The runner that captures links [begin, end) of `chain` and runs the rest eagerly (segmentSeam).
std::unique_ptr<graphs::GraphRunner> segmentRunner(const families::Family& family, torch::nn::AnyModule& network,
                                                   const families::ModuleChain& chain, std::size_t begin,
                                                   std::size_t end, const SeamFinderOptions& options);

// One trial of a search: links [begin, end) captured and checked by the parity check on the probes
// (the chain's input); `maxAbsDiff`, when given, gets the check's difference.
families::SegmentTrial trySegment(const families::Family& family, torch::nn::AnyModule& network,
                                  const families::ModuleChain& chain, std::size_t begin, std::size_t end,
                                  const torch::Tensor& probeA, const torch::Tensor& probeB,
                                  const SeamFinderOptions& options, double* maxAbsDiff = nullptr);

// A search's trials as `--json` writes them: begin, end, capturable, why.
nlohmann::json seamTrialsJson(const std::vector<families::SegmentTrialLog>& trials);

// `network` on its device, in eval mode, at the probes' dtype and memory format.
SeamFinding findSeam(const families::Family& family, torch::nn::AnyModule& network, const torch::Tensor& probeA,
                     const torch::Tensor& probeB, const SeamFinderOptions& options = {});

}  // namespace graphlens::bench
