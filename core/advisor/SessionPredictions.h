#pragma once
// Puts the advisor's prediction on a session's rows: every timed eager row that has the figures gets
// the predicted graphed step and its terms, the graphed row of the same configuration gets the same
// figures, and, where that graphed row was measured, prediction_error_pct. Rows without a prediction
// say why in `advice`. The window runs this on a session file's rows too (same code, same numbers).
#include "advisor/ReplayCalibration.h"
#include "results/Measurement.h"

#include <optional>
#include <vector>

namespace graphlens::advisor {

// Returns how many eager rows got a prediction. Without a calibration no row does, and each says so.
int addPredictions(std::vector<results::Measurement>& rows, const std::optional<ReplayCalibration>& calibration);

}  // namespace graphlens::advisor
