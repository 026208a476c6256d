#include "ui/models/RowPredictions.h"

#include "ui/UiLogging.h"

namespace graphlens::ui {

std::optional<advisor::ReplayCalibration> replayCalibrationIn(const nlohmann::json& environment) {
    if (!environment.is_object()) return std::nullopt;
    const auto nested = environment.find("environment");
    const auto& fingerprint = nested != environment.end() && nested->is_object() ? *nested : environment;
    const auto stored = fingerprint.find(advisor::kReplayCalibrationKey);
    if (stored == fingerprint.end()) return std::nullopt;
    std::string why;
    auto calibration = advisor::replayCalibrationFromJson(*stored, &why);
    // A hand-edited or foreign file: said in the log, the rows stay without predictions.
    if (!calibration) qCWarning(lcUiModel) << "replay calibration ignored:" << QString::fromStdString(why);
    return calibration;
}

bool hasPredictions(const std::vector<results::Measurement>& rows) {
    for (const auto& row : rows) {
        if (row.pass == "timed" && (row.predicted_graphed_ms || !row.advice.empty())) return true;
    }
    return false;
}

}  // namespace graphlens::ui
