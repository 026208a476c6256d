#pragma once
// The one way the sweep, the profiled pass and verify build a graph runner for a family: whole
// network, or the family's seam split (a seam family is always run as its split, never captured whole).
#include "families/Family.h"
#include "graphs/GraphRunner.h"

#include <memory>

namespace graphlens::bench {

// Throws GraphDeclarationError when the mode asks for graphs the declaration refuses, and when a
// `seam` family provides no split for this network (in mode off the whole network runs eagerly).
std::unique_ptr<graphs::GraphRunner> makeFamilyGraphRunner(const families::Family& family,
                                                           torch::nn::AnyModule& network,
                                                           graphs::GraphRunnerOptions options);

}  // namespace graphlens::bench
