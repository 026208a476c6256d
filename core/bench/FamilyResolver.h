#pragma once
// The family a sweep plan names: a built-in one (`family`), or a TorchScript file (`model`) loaded
// and checked by UserModelLoader at the plan's precision and size.
#include "families/Family.h"
#include "results/SweepPlan.h"

namespace graphlens::bench {

// Throws UsageError for an unknown family or an unusable model file.
families::Family resolveFamily(const results::SweepPlan& plan);

// A family of the built-in registry; throws UsageError naming the known ones.
const families::Family& builtInFamily(const std::string& name);

}  // namespace graphlens::bench
