#pragma once
// The memory of a set of captured shapes in GraphLens's runner, where every graph shares one pool and
// the largest is captured first: the largest single-shape pool, plus each other graph's pooled
// increment (measured when captured after the larger ones). What a smaller graph needs beyond that
// (its static output, blocks the larger graph's could not lend) is the increment; its intermediates
// reuse the larger graph's freed blocks, which is why a set costs far less than the sum of its pools.
// Without increments the model falls back to the sum of single pools, an upper bound, and says so.
#include "planning/CostTable.h"

#include <vector>

namespace graphlens::planning {

// The order in which a set is captured and the pool's base is chosen: larger single pool first (ties:
// larger image size, then larger batch). A strict order, so every set has exactly one base.
bool capturedBefore(const ShapeCost& a, const ShapeCost& b);

// Every shape must be graphable in `table`. Empty set: 0.
double pooledMiB(const CostTable& table, const std::vector<RequestShape>& set);

// The set in capture order.
std::vector<RequestShape> captureOrder(const CostTable& table, std::vector<RequestShape> set);

}  // namespace graphlens::planning
