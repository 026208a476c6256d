#pragma once
// Whether the graphed step's replay runs the eager step's kernels, in the same order (the
// `kernel_alignment` column). Under graph-level tracing a replay makes one record and no kernel
// records, so only the count can be compared (the graph's kernel nodes, noted at capture); where
// replays were traced per node (arming graph-level tracing failed) the kernel names are compared in
// order and the first mismatch is named.
#include "profiler/RegionTimeline.h"

#include <string>

namespace graphlens::profiler {

// One line: "62 of 62 kernels in the same order" (names compared), "62 of 62 kernels (count only:
// graph-level tracing records no kernel order)", or the first mismatch; eager kernels the graphed
// region runs around its replay (an RNG offset update, a gradient hand-off) are mentioned after it.
std::string describeKernelAlignment(const RegionTimeline& eager, const RegionTimeline& graphed);

}  // namespace graphlens::profiler
