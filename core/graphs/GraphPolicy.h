#pragma once
// The runner's decisions, free of CUDA so they are unit-tested on the CPU: which mode, when a shape
// is captured (on: first sighting; auto: the autoThreshold-th), the max_graphs cap (one warning,
// then eager for new shapes, counted), and keys whose capture failed (eager until reset()).
#include "graphs/GraphKey.h"

#include <cstdint>
#include <map>
#include <string>

namespace graphlens::graphs {

enum class GraphMode { Off, On, Auto };

const char* toString(GraphMode mode);
// "off" | "on" | "auto"; throws std::invalid_argument naming the accepted values.
GraphMode parseGraphMode(const std::string& text);

enum class GraphAction { Eager, Capture };

struct GraphDecision {
    GraphAction action = GraphAction::Eager;
    std::string reason;        // why eager; empty for Capture
    bool fallback = false;     // eager although graphs were asked for (counted, reported in info())
    bool warnNow = false;      // first time max_graphs stopped a capture: warn once
};

class GraphPolicy {
public:
    GraphPolicy(GraphMode mode, int autoThreshold, int maxGraphs);

    // For a call whose key has no graph yet; records the sighting. graphsHeld: graphs alive now.
    GraphDecision decideWithoutGraph(const GraphKey& key, std::size_t graphsHeld);
    // Counts an eager run forced by something outside the policy (e.g. a CPU input).
    void countFallback(const std::string& reason);

    void recordFailure(const GraphKey& key, const std::string& message);
    const std::string* failureOf(const GraphKey& key) const;  // nullptr when none
    const std::map<GraphKey, std::string>& failures() const { return failures_; }

    void reset();  // release(): forget sightings and failures (counters are cumulative)

    GraphMode mode() const { return mode_; }
    int autoThreshold() const { return autoThreshold_; }
    int maxGraphs() const { return maxGraphs_; }
    int sightings(const GraphKey& key) const;
    std::int64_t eagerFallbacks() const { return eagerFallbacks_; }
    const std::string& lastFallbackReason() const { return lastFallbackReason_; }
    std::int64_t autoWarmupRuns() const { return autoWarmupRuns_; }

private:
    GraphDecision fallback(std::string reason);

    GraphMode mode_;
    int autoThreshold_;
    int maxGraphs_;
    std::map<GraphKey, int> sightings_;
    std::map<GraphKey, std::string> failures_;
    std::int64_t eagerFallbacks_ = 0;
    std::int64_t autoWarmupRuns_ = 0;
    std::string lastFallbackReason_;
    bool maxGraphsWarned_ = false;
};

}  // namespace graphlens::graphs
