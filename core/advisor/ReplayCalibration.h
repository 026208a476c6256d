#pragma once
// What one graph replay costs on a device beyond its kernels, measured once per GPU and driver by the
// calibration micro-benchmark (core/bench/ReplayCalibrationRun.h) and stored in the session's
// environment under "replay_calibration", so a prediction can be recomputed from the session alone.
//
// A replay of k kernels whose own durations add up to G takes, from the host's call to the end of
// its synchronize:  hostUsPerReplay + G + k * gapUsPerKernel.
//   gapUsPerKernel   the GPU's idle time between two kernels of a replay (span of a replay minus the
//                    durations of its kernels, per kernel), from graphs of 1 to 1,000 kernels;
//   hostUsPerReplay  the rest of a replay's wall time: the graph launch call, the copy into the static
//                    input, the synchronize's return; from the same graphs, timed without CUPTI.
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace graphlens::advisor {

// One graph size of the benchmark, as measured.
struct CalibrationPoint {
    int kernels = 0;             // kernels in the graph
    double replayWallUs = 0;     // median host time of one replay plus synchronize, no CUPTI
    double replaySpanUs = 0;     // median GPU span of one replay (CUPTI graph-level record)
    double kernelUs = 0;         // median duration of the same kernel run eagerly (CUPTI)
};

struct ReplayCalibration {
    double gapUsPerKernel = 0;
    double hostUsPerReplay = 0;
    std::string gpuUuid;        // the device it was measured on
    std::string driverVersion;  // and its driver: a new driver is recalibrated
    std::string device;         // e.g. "NVIDIA H200", for people
    std::string measured;       // ISO-8601 UTC
    std::vector<CalibrationPoint> points;
};

// Least-squares fit of the points: span = kernels * (kernelUs + gap) gives the gap; wall - span gives
// the host cost (median over the points). Throws std::invalid_argument with fewer than two sizes.
ReplayCalibration fitReplayCalibration(const std::vector<CalibrationPoint>& points);

nlohmann::json toJson(const ReplayCalibration& calibration);
// Absent when the object is not a calibration (older sessions, a hand-edited file); `why` says what is wrong.
std::optional<ReplayCalibration> replayCalibrationFromJson(const nlohmann::json& object, std::string* why = nullptr);

// The session environment's key.
inline constexpr const char* kReplayCalibrationKey = "replay_calibration";

}  // namespace graphlens::advisor
