#pragma once
// Which graphed row of the session a timeline pair shows: the trace names its sections
// "<family> batch <n> <format>" (core/bench/ProfiledPass.cpp), the rows carry the same three facts.
#include "results/Measurement.h"
#include "ui/timeline/StepTrace.h"

#include <vector>

namespace graphlens::ui {

// The timed graphed row of the pair's family, batch and memory format; of several (phases, scopes),
// one with explain_* figures first, inference step scope first. Null when the session has none.
const results::Measurement* graphedRowOfPair(const std::vector<results::Measurement>& rows, const StepPair& pair);

}  // namespace graphlens::ui
