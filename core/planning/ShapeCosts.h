#pragma once
// What serving one shape costs, as measured by the sweep (and the pooled-capture pass): the eager
// step, the graphed step (the replay), the graph's own memory pool and its capture time. The plan is
// arithmetic over these; nothing in it is assumed.
#include "planning/RequestMix.h"
#include "planning/RequestShape.h"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace graphlens::results {
struct Measurement;
}

namespace graphlens::planning {

struct ShapeCost {
    RequestShape shape;
    double eagerMs = 0;                      // median eager step
    std::optional<double> graphedMs;         // median graphed step; none: not captured (refused, oom)
    std::optional<double> poolMiB;           // this shape's graph alone in a fresh pool
    // The reserved memory its capture added to a shared pool, by the pool's base (its first, largest
    // graph): the pooled-capture pass captures each base and then every shape after it in capture
    // order. A smaller base leaves fewer freed blocks to reuse, so the increment depends on it.
    std::map<RequestShape, double> pooledIncrementMiBByBase;
    // The same when the base is not recorded (captured after every larger-pool candidate).
    std::optional<double> pooledIncrementMiB;
    std::optional<double> captureMs;
    bool graphable() const { return graphedMs && poolMiB; }
    // The increment beside `base`: measured with that base, else the base-less one, else none.
    std::optional<double> incrementBeside(const RequestShape& base) const;
};

// The environment key under which the pooled-capture pass stores its increments in a session:
// [{"imgsz": 224, "batch": 8, "base_imgsz": 224, "base_batch": 32, "increment_mib": 3.0,
//   "capture_ms": 12.5, "family": "resnet18", "precision": "fp16"}, ...]
inline constexpr const char* kPooledCaptureKey = "pooled_capture";

// Which rows of a session feed a plan. Empty fields: the session must hold only one value there.
struct CostSelection {
    std::string family;
    std::string precision;
};

// Costs from a session's timed inference rows (eager and graphed arm of each batch and image size)
// and its pooled-capture increments. Throws std::invalid_argument naming what is missing or
// ambiguous (no inference rows, two families and none chosen, ...). `selected` gets what was used.
std::vector<ShapeCost> costsFromSession(const std::vector<results::Measurement>& rows,
                                        const nlohmann::json& environment, const CostSelection& selection,
                                        CostSelection* selected = nullptr);

// Puts a mix and its costs on one footing. Costs come at the image size they were measured at; a mix
// line without one ("8") means the family's default. When the costs hold one image size, it becomes
// the mix's default: costs and mix lines at that size are keyed 0, and messages print plain batches.
// When they hold several, every mix line must name its image size. Throws std::invalid_argument.
void alignImageSizes(RequestMix& mix, std::vector<ShapeCost>& costs);

}  // namespace graphlens::planning
