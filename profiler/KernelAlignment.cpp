#include "profiler/KernelAlignment.h"

#include <algorithm>

namespace graphlens::profiler {
namespace {

std::string kernelsWord(std::size_t n) {
    return std::to_string(n) + (n == 1 ? " kernel" : " kernels");
}

// Names compared one by one: node-level replays recorded every kernel they ran.
std::string compareNames(const std::vector<std::string>& eager, const std::vector<std::string>& graph) {
    const std::size_t common = std::min(eager.size(), graph.size());
    for (std::size_t i = 0; i < common; ++i) {
        if (eager[i] != graph[i]) {
            return "kernel " + std::to_string(i + 1) + " differs: eager '" + eager[i] + "', graph '" +
                   graph[i] + "' (eager " + std::to_string(eager.size()) + ", graph " +
                   std::to_string(graph.size()) + ")";
        }
    }
    if (eager.size() == graph.size())
        return std::to_string(common) + " of " + kernelsWord(eager.size()) + " in the same order";
    const bool eagerLonger = eager.size() > graph.size();
    const auto& longer = eagerLonger ? eager : graph;
    return "counts differ: eager " + kernelsWord(eager.size()) + ", graph " + kernelsWord(graph.size()) +
           "; " + (eagerLonger ? "eager" : "graph") + " kernel " + std::to_string(common + 1) + " '" +
           longer[common] + "' has no counterpart";
}

}  // namespace

std::string describeKernelAlignment(const RegionTimeline& eager, const RegionTimeline& graphed) {
    const std::size_t eagerCount = eager.eagerKernels.size();
    std::string text;
    if (graphed.graphLevelReplays == 0 && graphed.nodeLevelReplays == 0) {
        text =
            "no graph replay in the graphed step's captured region (eager: " + kernelsWord(eagerCount) + ")";
    } else if (graphed.graphLevelReplays > 0 && graphed.replaysUncounted > 0) {
        text = "unknown: a replayed graph's kernel count was not noted at capture (eager: " +
               kernelsWord(eagerCount) + ")";
    } else if (graphed.graphLevelReplays > 0) {
        // Node-level kernels of a mixed window (should not happen) still count.
        const std::size_t graphCount =
            static_cast<std::size_t>(graphed.graphKernelNodes) + graphed.graphNodeKernels.size();
        text = graphCount == eagerCount
                   ? std::to_string(graphCount) + " of " + kernelsWord(eagerCount) +
                         " (count only: graph-level tracing records no kernel order)"
                   : "counts differ: eager " + kernelsWord(eagerCount) + ", graph " + kernelsWord(graphCount);
    } else {
        text = compareNames(eager.eagerKernels, graphed.graphNodeKernels);
    }
    if (!graphed.eagerKernels.empty()) {
        text += "; +" + std::to_string(graphed.eagerKernels.size()) + " eager " +
                (graphed.eagerKernels.size() == 1 ? "kernel" : "kernels") + " around the replay";
    }
    return text;
}

}  // namespace graphlens::profiler
