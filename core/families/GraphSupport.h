#pragma once
// A family's claim about CUDA graphs; the conformance check (DESIGN §5) must back it.
#include <string>
#include <vector>

namespace graphlens::families {

enum class GraphSupportKind { Whole, Seam, None };

struct GraphSupport {
    GraphSupportKind kind = GraphSupportKind::None;
    std::string reason;  // why `none`, or where the seam is split

    bool capturable() const { return kind != GraphSupportKind::None; }
};

inline const char* toString(GraphSupportKind kind) {
    switch (kind) {
        case GraphSupportKind::Whole: return "whole";
        case GraphSupportKind::Seam: return "seam";
        case GraphSupportKind::None: return "none";
    }
    return "none";
}

// Graphed training (DESIGN §3): `step` captures forward, loss, backward and the optimizer in one
// graph and implies `network`, which graphs the network's forward and backward and leaves the loss,
// label assignment and optimizer eager; `none` says why neither. Backed by `verify --training`.
enum class TrainingGraphScope { None, Network, Step };

struct TrainingGraphSupport {
    TrainingGraphScope widest = TrainingGraphScope::None;
    std::string reason;  // why `none` (or why not `step`)
    // Non-empty: `network` scope is not declared although `step` is, and why (the check found
    // the graphed forward/backward pair further from eager than eager is from itself).
    std::string networkRefused = {};
    // Non-empty: `network` scope captures only part of the network, up to this seam (Family's
    // trainingSeam gives the split); the rest of the forward runs eagerly beside the loss.
    std::string seam = {};

    bool supports(TrainingGraphScope scope) const {
        if (scope == TrainingGraphScope::Network && !networkRefused.empty()) return false;
        return scope != TrainingGraphScope::None && static_cast<int>(scope) <= static_cast<int>(widest);
    }
};

inline const char* toString(TrainingGraphScope scope) {
    switch (scope) {
        case TrainingGraphScope::Network: return "network";
        case TrainingGraphScope::Step: return "step";
        case TrainingGraphScope::None: return "none";
    }
    return "none";
}

// Every scope the declaration supports, narrowest first: "network" (or "network (seam)" when it
// captures the network only up to its seam) and "step"; {"none"} when neither.
inline std::vector<std::string> declaredTrainingScopes(const TrainingGraphSupport& support) {
    std::vector<std::string> scopes;
    if (support.supports(TrainingGraphScope::Network)) scopes.push_back(support.seam.empty() ? "network" : "network (seam)");
    if (support.supports(TrainingGraphScope::Step)) scopes.push_back("step");
    if (scopes.empty()) scopes.push_back("none");
    return scopes;
}

}  // namespace graphlens::families
