#include "graphs/GraphPolicy.h"

#include <algorithm>
#include <stdexcept>

namespace graphlens::graphs {

const char* toString(GraphMode mode) {
    switch (mode) {
        case GraphMode::Off: return "off";
        case GraphMode::On: return "on";
        case GraphMode::Auto: return "auto";
    }
    return "off";
}

GraphMode parseGraphMode(const std::string& text) {
    if (text == "off") return GraphMode::Off;
    if (text == "on") return GraphMode::On;
    if (text == "auto") return GraphMode::Auto;
    throw std::invalid_argument("graph mode '" + text + "' is not one of off, on, auto");
}

GraphPolicy::GraphPolicy(GraphMode mode, int autoThreshold, int maxGraphs)
    : mode_(mode), autoThreshold_(autoThreshold), maxGraphs_(maxGraphs) {
    if (autoThreshold < 1) throw std::invalid_argument("auto_threshold must be at least 1");
    if (maxGraphs < 0) throw std::invalid_argument("max_graphs must not be negative");
}

GraphDecision GraphPolicy::fallback(std::string reason) {
    ++eagerFallbacks_;
    lastFallbackReason_ = reason;
    GraphDecision decision;
    decision.reason = std::move(reason);
    decision.fallback = true;
    return decision;
}

void GraphPolicy::countFallback(const std::string& reason) { (void)fallback(reason); }

GraphDecision GraphPolicy::decideWithoutGraph(const GraphKey& key, std::size_t graphsHeld) {
    if (mode_ == GraphMode::Off) return {GraphAction::Eager, "graph mode off", false, false};
    if (const auto* failure = failureOf(key)) {
        return fallback("capture of " + key.toString() + " failed earlier (not retried until release()): " +
                        *failure);
    }
    int& seen = sightings_[key];
    seen = std::min(seen + 1, autoThreshold_);  // saturate: only "reached the threshold" matters
    if (mode_ == GraphMode::Auto && seen < autoThreshold_) {
        ++autoWarmupRuns_;
        return {GraphAction::Eager,
                "auto: " + key.toString() + " seen " + std::to_string(seen) + " of " +
                    std::to_string(autoThreshold_) + " times",
                false, false};
    }
    if (graphsHeld >= static_cast<std::size_t>(maxGraphs_)) {
        auto decision = fallback("max_graphs (" + std::to_string(maxGraphs_) +
                                 ") reached: new shapes run eagerly (" + key.toString() + ")");
        decision.warnNow = !maxGraphsWarned_;
        maxGraphsWarned_ = true;
        return decision;
    }
    return {GraphAction::Capture, "", false, false};
}

void GraphPolicy::recordFailure(const GraphKey& key, const std::string& message) {
    failures_[key] = message;
}

const std::string* GraphPolicy::failureOf(const GraphKey& key) const {
    const auto it = failures_.find(key);
    return it == failures_.end() ? nullptr : &it->second;
}

int GraphPolicy::sightings(const GraphKey& key) const {
    const auto it = sightings_.find(key);
    return it == sightings_.end() ? 0 : it->second;
}

void GraphPolicy::reset() {
    sightings_.clear();
    failures_.clear();
    maxGraphsWarned_ = false;
}

}  // namespace graphlens::graphs
