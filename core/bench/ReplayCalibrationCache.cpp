#include "bench/ReplayCalibrationCache.h"

#include "bench/CliExecutable.h"
#include "platform/ChildProcess.h"
#include "platform/UserFolders.h"
#include "results/AtomicFile.h"
#include "results/TextFile.h"

#include <chrono>

namespace graphlens::bench {
namespace {

// A UUID or driver version as a file-name part: letters, digits, '-' and '.', anything else '_'.
std::string fileNamePart(const std::string& text) {
    std::string part;
    for (char c : text) {
        const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.';
        part += plain ? c : '_';
    }
    return part;
}

std::string textOf(const nlohmann::json& environment, const char* key) {
    return environment.contains(key) && environment[key].is_string() ? environment[key].get<std::string>() : "";
}

}  // namespace

std::filesystem::path replayCalibrationCachePath(const nlohmann::json& environment) {
    const auto uuid = textOf(environment, "gpu_uuid");
    const auto driver = textOf(environment, "driver_version");
    if (uuid.empty() || driver.empty()) return {};
    return platform::graphlensUserFolder(platform::UserFolder::Cache) / "replay-calibration" /
           (fileNamePart(uuid) + "_driver-" + fileNamePart(driver) + ".json");
}

std::optional<advisor::ReplayCalibration> cachedReplayCalibration(const nlohmann::json& environment, std::string* why) {
    const auto path = replayCalibrationCachePath(environment);
    if (path.empty()) {
        if (why) *why = "the environment names no GPU UUID or driver version";
        return std::nullopt;
    }
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {
        if (why) *why = "not measured yet on this GPU and driver";
        return std::nullopt;
    }
    try {
        auto calibration = advisor::replayCalibrationFromJson(nlohmann::json::parse(results::readTextFile(path)), why);
        // A file copied from another machine under this name is not this device's.
        if (calibration && (calibration->gpuUuid != textOf(environment, "gpu_uuid") ||
                            calibration->driverVersion != textOf(environment, "driver_version"))) {
            if (why) *why = path.string() + " was measured on another GPU or driver";
            return std::nullopt;
        }
        if (!calibration && why) *why = path.string() + ": " + *why;
        return calibration;
    } catch (const std::exception& error) {
        if (why) *why = path.string() + ": " + error.what();
        return std::nullopt;
    }
}

void storeReplayCalibration(const nlohmann::json& environment, const advisor::ReplayCalibration& calibration) {
    const auto path = replayCalibrationCachePath(environment);
    if (path.empty()) throw std::runtime_error("replay calibration not cached: the environment names no GPU UUID or driver version");
    std::filesystem::create_directories(path.parent_path());
    results::writeFileAtomically(path, advisor::toJson(calibration).dump(2) + "\n");
}

std::optional<advisor::ReplayCalibration> deviceReplayCalibration(const nlohmann::json& environment, SweepEvents& events) {
    std::string why;
    if (auto cached = cachedReplayCalibration(environment, &why)) return cached;
    const auto executable = graphlensCliPath();
    events.log("measuring this GPU's replay costs for the predictions (once per GPU and driver; " + why + ")");
    const auto child = platform::runChildProcess({executable, "calibrate", "--quiet"}, std::chrono::seconds(120),
                                                 [&](const std::string&) {});
    if (!child.failure.empty() || child.exitCode != 0) {
        events.warning("no predictions: the replay calibration failed (" +
                       (child.failure.empty() ? "exit code " + std::to_string(child.exitCode) : child.failure) + ")");
        return std::nullopt;
    }
    auto calibration = cachedReplayCalibration(environment, &why);
    if (!calibration) events.warning("no predictions: the replay calibration left no usable file (" + why + ")");
    return calibration;
}

}  // namespace graphlens::bench
