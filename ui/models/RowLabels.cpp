#include "ui/models/RowLabels.h"

namespace graphlens::ui {

std::string curveScope(const results::Measurement& row) { return row.phase == "train" ? row.scope : std::string(); }

std::string phaseLabel(const std::string& phase, const std::string& scope) {
    // "step" means something else for inference (what the step contains), so a training scope is
    // spelled out rather than appended bare.
    if (phase == "train" && !scope.empty()) return phase + " (" + scope + " scope)";
    return phase;
}

}  // namespace graphlens::ui
