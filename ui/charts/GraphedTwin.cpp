#include "ui/charts/GraphedTwin.h"

#include "results/ProfiledMerge.h"

namespace graphlens::ui {

const results::Measurement* graphedTwinOf(const std::vector<results::Measurement>& rows,
                                          const results::Measurement& selected) {
    results::Measurement probe = selected;
    probe.arm = "graphed";
    for (const auto& row : rows) {
        if (row.pass != "profiled" && results::sameRowIdentity(row, probe)) return &row;
    }
    return nullptr;
}

}  // namespace graphlens::ui
