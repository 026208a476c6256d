#pragma once
// The advisor over the rows the window holds (DESIGN §3b: the window recomputes a prediction from a
// session alone). A live sweep's rows reach the window before the sweep predicts, and an autosave
// never holds predictions: with the device's replay calibration from the session's environment the
// window puts the same figures on them as the engine does (advisor/SessionPredictions.h).
#include "advisor/ReplayCalibration.h"
#include "results/Measurement.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <vector>

namespace graphlens::ui {

// The calibration under "replay_calibration" in a session's environment (or a worker's hello, which
// nests it under "environment"); absent when there is none or it does not parse.
std::optional<advisor::ReplayCalibration> replayCalibrationIn(const nlohmann::json& environment);

// Whether any timed row already carries the advisor's output (a prediction or its advice): a session
// the engine predicted is shown as it was saved.
bool hasPredictions(const std::vector<results::Measurement>& rows);

}  // namespace graphlens::ui
