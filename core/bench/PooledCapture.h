#pragma once
// The capture planner's memory measurement: every candidate shape captured into ONE runner's pool,
// largest single pool first (planning::captureOrder), each capture's added reserved memory recorded.
// What a smaller graph adds beside larger ones is what a shared pool really charges for it; the
// planner's pool model (planning/PoolModel.h) is built from these increments.
#include "bench/InferencePairs.h"
#include "planning/RequestShape.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace graphlens::bench {

struct PooledCaptureEntry {
    planning::RequestShape shape;  // imgsz resolved (never 0)
    double incrementMiB = 0;
    double captureMs = 0;
};

struct PooledCaptureResult {
    std::vector<PooledCaptureEntry> entries;  // in capture order
    std::vector<std::string> failures;        // "batch 64: <why>" for a capture that failed
    double poolMiB = 0;                       // the whole pool: the sum of the increments
};

// `ordered`: the shapes in capture order, image sizes resolved. Frees the graphs before returning.
PooledCaptureResult capturePooled(InferencePairs& pairs, const std::vector<planning::RequestShape>& ordered);

// The session environment entry (planning::kPooledCaptureKey) for these increments.
nlohmann::json pooledCaptureJson(const PooledCaptureResult& result, const std::string& family, const std::string& precision);

}  // namespace graphlens::bench
