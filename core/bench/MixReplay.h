#pragma once
// `replay-mix`: a request stream drawn from a mix, played through the one GraphRunner with a set of
// captured shapes, as a server would serve it: a request is copied into the front of the smallest
// captured batch of its image size that holds it (the rest of that batch is padding), the graph is
// replayed; a request larger than every captured batch runs eagerly at its own size. Each request
// is timed from the copy to the end of a device synchronize, so the latency is what the caller sees.
#include "bench/InferencePairs.h"
#include "planning/RequestMix.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace graphlens::bench {

struct MixReplayOptions {
    int requests = 2000;
    std::uint64_t seed = 1;        // the stream drawn from the mix
    int warmupPerShape = 5;        // untimed requests of every shape first (the caching allocator, cuDNN)
};

struct MixReplayResult {
    std::vector<planning::RequestShape> captured;  // in capture order; image sizes resolved
    std::vector<std::string> failedCaptures;       // shapes whose capture failed: their requests ran eagerly
    int requests = 0;
    double meanMs = 0, p50Ms = 0, p90Ms = 0, p99Ms = 0, maxMs = 0;
    double eagerRequestsPct = 0;
    double poolMiB = 0;        // the runner's pool: reserved memory its captures added
    double captureMs = 0;      // capturing the set
    std::map<planning::RequestShape, double> meanMsByShape;
};

// `mix` and `captured` with image sizes resolved (no 0). `captured` in capture order.
MixReplayResult replayMix(InferencePairs& pairs, const planning::RequestMix& mix,
                          const std::vector<planning::RequestShape>& captured, const MixReplayOptions& options);

}  // namespace graphlens::bench
