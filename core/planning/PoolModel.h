#pragma once
// The memory of a set of captured shapes in GraphLens's runner, where every graph shares one pool and
// the largest is captured first: the base's own pool, plus each other graph's pooled increment
// beside that base (measured by capturing the base, then the shapes after it). What a smaller graph
// needs beyond the base (its static output, blocks the base's freed ones could not lend) is the
// increment; its intermediates reuse the base's freed blocks, which is why a set costs far less than
// the sum of its pools. Where an increment is missing the member's own pool is counted: an upper bound.
#include "planning/CostTable.h"

#include <vector>

namespace graphlens::planning {

// The order in which a set is captured and the pool's base is chosen: larger single pool first (ties:
// larger image size, then larger batch). A strict order, so every set has exactly one base.
bool capturedBefore(const ShapeCost& a, const ShapeCost& b);

// Every shape must be graphable in `table`. Empty set: 0. `upperBound`: some member had no increment
// beside the set's base, so its own pool was counted.
double pooledMiB(const CostTable& table, const std::vector<RequestShape>& set, bool* upperBound = nullptr);

// The set in capture order.
std::vector<RequestShape> captureOrder(const CostTable& table, std::vector<RequestShape> set);

}  // namespace graphlens::planning
