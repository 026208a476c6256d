#pragma once
// A family's claim about CUDA graphs; the conformance check (DESIGN §5) must back it.
#include <string>

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

}  // namespace graphlens::families
