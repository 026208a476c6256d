#include "CalibrateCommand.h"

#include "bench/Environment.h"
#include "bench/ReplayCalibrationCache.h"
#include "bench/ReplayCalibrationRun.h"

#include <cstdio>
#include <iostream>

namespace graphlens::cli {

CLI::App* addCalibrateCommand(CLI::App& app, CalibrateArgs& args) {
    auto* calibrate = app.add_subcommand(
        "calibrate", "measure this GPU's graph replay costs (gap between kernels, host cost per replay) for predictions");
    calibrate->add_flag("--json", args.json, "print the calibration as JSON");
    calibrate->add_flag("--quiet", args.quiet, "print nothing (the sweep's own run)");
    return calibrate;
}

int runCalibrate(const CalibrateArgs& args) {
    const auto environment = bench::collectEnvironment();
    auto calibration = bench::measureReplayCalibration();
    calibration.gpuUuid = environment.value("gpu_uuid", "");
    calibration.driverVersion = environment.value("driver_version", "");
    calibration.device = bench::deviceName(true);
    bench::storeReplayCalibration(environment, calibration);
    if (args.quiet) return 0;
    if (args.json) {
        std::cout << advisor::toJson(calibration).dump(2) << "\n";
        return 0;
    }
    char line[200];
    std::snprintf(line, sizeof line, "%s, driver %s: %.2f us between kernels of a replay, %.1f us host cost per replay\n",
                  calibration.device.c_str(), calibration.driverVersion.c_str(), calibration.gapUsPerKernel,
                  calibration.hostUsPerReplay);
    std::cout << line;
    for (const auto& point : calibration.points) {
        std::snprintf(line, sizeof line, "  %4d kernels: replay %.1f us on the host, %.1f us on the GPU; kernel %.2f us eagerly\n",
                      point.kernels, point.replayWallUs, point.replaySpanUs, point.kernelUs);
        std::cout << line;
    }
    std::cout << "cached in " << bench::replayCalibrationCachePath(environment).string() << "\n";
    return 0;
}

}  // namespace graphlens::cli
