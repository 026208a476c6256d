#pragma once
// Small numeric helpers for the metrics: interval unions (GPU busy time) and quantiles.
#include "platform/Quantile.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace graphlens::profiler {

using Interval = std::pair<uint64_t, uint64_t>;  // [first, second) in ns; second < first counts as empty

// Length of the union of the intervals: overlapping kernels on two streams count once.
uint64_t unionLength(std::vector<Interval> intervals);

// Linear interpolation between closest ranks (numpy's default): the project's one implementation.
using platform::quantile;

}  // namespace graphlens::profiler
