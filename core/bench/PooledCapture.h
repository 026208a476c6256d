#pragma once
// The capture planner's memory measurement. A set of graphs shares one pool in GraphLens's runner,
// largest single pool first (planning::captureOrder), and what a smaller graph adds depends on that
// first graph, the pool's base: its freed blocks are what the smaller one's intermediates reuse. So
// for every candidate as base, the base is captured into a fresh runner and then every shape after
// it in capture order, each capture's added reserved memory recorded. n candidates: n(n+1)/2
// captures (single captures took 6-42 ms on the H200 for resnet18 and yolo-t, 2026-12-04).
#include "bench/InferencePairs.h"
#include "planning/RequestShape.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace graphlens::bench {

struct PooledCaptureEntry {
    planning::RequestShape shape;  // image size resolved (never 0)
    planning::RequestShape base;   // the pool's first graph (== shape for the base itself)
    double incrementMiB = 0;
    double captureMs = 0;
};

struct PooledCaptureResult {
    std::vector<PooledCaptureEntry> entries;  // base by base, each in capture order
    std::vector<std::string> failures;        // "batch 64 beside 64: <why>" for a capture that failed
    double poolMiB(const planning::RequestShape& base) const;  // the whole pool of that base's chain
};

// `ordered`: the shapes in capture order, image sizes resolved. With `onlyFirstBase`, one chain (the
// first shape as the base). Frees every graph before returning.
PooledCaptureResult capturePooled(InferencePairs& pairs, const std::vector<planning::RequestShape>& ordered,
                                  bool onlyFirstBase = false);

// The session environment entry (planning::kPooledCaptureKey) for these increments.
nlohmann::json pooledCaptureJson(const PooledCaptureResult& result, const std::string& family, const std::string& precision);

}  // namespace graphlens::bench
