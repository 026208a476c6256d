#include "advisor/SessionPredictions.h"

#include "advisor/GraphedStepPrediction.h"

#include <map>
#include <string>
#include <tuple>

namespace graphlens::advisor {
namespace {

using results::Measurement;

// A configuration: the row's identity without its arm.
auto configurationOf(const Measurement& m) {
    return std::make_tuple(m.session_id, m.family, m.task, m.phase, m.batch, m.imgsz, m.precision, m.memory_format,
                           m.scope, m.jit, m.pass);
}

void clearPrediction(Measurement& row) {
    row.predicted_graphed_ms.reset();
    row.predicted_speedup.reset();
    row.prediction_error_pct.reset();
    row.predicted_region_eager_ms.reset();
    row.predicted_region_gpu_ms.reset();
    row.predicted_replay_gaps_ms.reset();
    row.predicted_replay_host_ms.reset();
    row.predicted_eager_rest_ms.reset();
    row.advice.clear();
}

void copyPrediction(const GraphedStepPrediction& prediction, Measurement& row) {
    row.predicted_graphed_ms = prediction.graphedMs;
    row.predicted_speedup = prediction.speedup;
    row.predicted_region_eager_ms = prediction.region.eagerWallMs;
    row.predicted_region_gpu_ms = prediction.region.gpuMs;
    row.predicted_replay_gaps_ms = prediction.replayGapsMs;
    row.predicted_replay_host_ms = prediction.replayHostMs;
    row.predicted_eager_rest_ms = prediction.eagerRestMs;
    row.advice = prediction.advice;
}

}  // namespace

int addPredictions(std::vector<Measurement>& rows, const std::optional<ReplayCalibration>& calibration) {
    std::map<decltype(configurationOf(rows.front())), Measurement*> graphed;
    for (auto& row : rows) {
        if (row.pass != "timed") continue;
        clearPrediction(row);
        if (row.arm == "graphed") graphed[configurationOf(row)] = &row;
    }
    int predicted = 0;
    for (auto& row : rows) {
        if (row.pass != "timed" || row.arm != "eager" || row.status != "ok") continue;
        const auto match = graphed.find(configurationOf(row));
        Measurement* twin = match == graphed.end() ? nullptr : match->second;
        std::string why;
        std::optional<GraphedStepPrediction> prediction;
        if (twin && twin->status == "refused") {
            // Not capturable as declared or checked: a prediction would promise what cannot be had.
            row.advice = "no prediction: graphs refused (" + twin->message + ")";
            twin->advice = row.advice;
            continue;
        }
        if (!calibration) {
            why = "the device's replay calibration is missing";
        } else {
            prediction = predictGraphedStep(row, *calibration, &why);
        }
        if (!prediction) {
            row.advice = "no prediction: " + why;
            if (twin && twin->status == "ok") twin->advice = row.advice;
            continue;
        }
        ++predicted;
        copyPrediction(*prediction, row);
        if (!twin) continue;
        copyPrediction(*prediction, *twin);
        if (twin->status == "ok" && twin->step_ms_median && *twin->step_ms_median > 0) {
            twin->prediction_error_pct = 100.0 * (prediction->graphedMs - *twin->step_ms_median) / *twin->step_ms_median;
        }
    }
    return predicted;
}

}  // namespace graphlens::advisor
