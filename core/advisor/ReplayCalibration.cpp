#include "advisor/ReplayCalibration.h"

#include "results/Statistics.h"

#include <stdexcept>

namespace graphlens::advisor {

ReplayCalibration fitReplayCalibration(const std::vector<CalibrationPoint>& points) {
    if (points.size() < 2) throw std::invalid_argument("replay calibration needs graphs of at least two sizes");
    // Span per kernel is kernelUs + gap; fit span = a + b * kernels over the sizes (a: a replay's fixed
    // GPU-side cost, small) and take gap = b - the kernels' own duration.
    double sumK = 0, sumS = 0, sumKK = 0, sumKS = 0, sumKernelUs = 0;
    for (const auto& point : points) {
        sumK += point.kernels;
        sumS += point.replaySpanUs;
        sumKK += double(point.kernels) * point.kernels;
        sumKS += double(point.kernels) * point.replaySpanUs;
        sumKernelUs += point.kernelUs;
    }
    const double n = double(points.size());
    const double denominator = n * sumKK - sumK * sumK;
    if (denominator <= 0) throw std::invalid_argument("replay calibration needs graphs of at least two sizes");
    const double slope = (n * sumKS - sumK * sumS) / denominator;
    const double intercept = (sumS - slope * sumK) / n;
    ReplayCalibration calibration;
    calibration.points = points;
    calibration.gapUsPerKernel = std::max(0.0, slope - sumKernelUs / n);
    // The host's share of a replay: its wall time less what the GPU spent on it. The span's fixed part
    // (the intercept) belongs to the replay too, so it is counted here, not per kernel.
    std::vector<double> host;
    for (const auto& point : points) host.push_back(point.replayWallUs - point.replaySpanUs + intercept);
    calibration.hostUsPerReplay = std::max(0.0, results::median(host));
    return calibration;
}

nlohmann::json toJson(const ReplayCalibration& calibration) {
    nlohmann::json points = nlohmann::json::array();
    for (const auto& point : calibration.points) {
        points.push_back({{"kernels", point.kernels},
                          {"replay_wall_us", point.replayWallUs},
                          {"replay_span_us", point.replaySpanUs},
                          {"kernel_us", point.kernelUs}});
    }
    return {{"gap_us_per_kernel", calibration.gapUsPerKernel},
            {"host_us_per_replay", calibration.hostUsPerReplay},
            {"gpu_uuid", calibration.gpuUuid},
            {"driver_version", calibration.driverVersion},
            {"device", calibration.device},
            {"measured", calibration.measured},
            {"points", points}};
}

std::optional<ReplayCalibration> replayCalibrationFromJson(const nlohmann::json& object, std::string* why) {
    const auto fail = [&](const std::string& text) -> std::optional<ReplayCalibration> {
        if (why) *why = text;
        return std::nullopt;
    };
    if (!object.is_object()) return fail("replay calibration is not a JSON object");
    for (const char* key : {"gap_us_per_kernel", "host_us_per_replay"}) {
        if (!object.contains(key) || !object[key].is_number()) return fail(std::string("replay calibration has no number '") + key + "'");
    }
    ReplayCalibration calibration;
    calibration.gapUsPerKernel = object["gap_us_per_kernel"].get<double>();
    calibration.hostUsPerReplay = object["host_us_per_replay"].get<double>();
    if (!(calibration.gapUsPerKernel >= 0) || !(calibration.hostUsPerReplay >= 0)) {
        return fail("replay calibration has a negative or non-finite cost");
    }
    for (const char* key : {"gpu_uuid", "driver_version", "device", "measured"}) {
        if (object.contains(key) && !object[key].is_string()) return fail(std::string("replay calibration's '") + key + "' is not text");
    }
    calibration.gpuUuid = object.value("gpu_uuid", "");
    calibration.driverVersion = object.value("driver_version", "");
    calibration.device = object.value("device", "");
    calibration.measured = object.value("measured", "");
    if (object.contains("points") && object["points"].is_array()) {
        for (const auto& point : object["points"]) {
            if (!point.is_object()) return fail("replay calibration point is not an object");
            CalibrationPoint parsed;
            try {
                parsed.kernels = point.at("kernels").get<int>();
                parsed.replayWallUs = point.at("replay_wall_us").get<double>();
                parsed.replaySpanUs = point.at("replay_span_us").get<double>();
                parsed.kernelUs = point.at("kernel_us").get<double>();
            } catch (const nlohmann::json::exception&) {
                return fail("replay calibration point lacks kernels, replay_wall_us, replay_span_us or kernel_us");
            }
            calibration.points.push_back(parsed);
        }
    }
    return calibration;
}

}  // namespace graphlens::advisor
