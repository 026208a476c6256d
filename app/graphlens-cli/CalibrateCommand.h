#pragma once
// `calibrate`: measure this GPU's replay costs (the advisor's calibration) and cache them per GPU and
// driver. A sweep runs it on its own the first time; by hand it re-measures (after a clock change).
#include <CLI/CLI.hpp>

namespace graphlens::cli {

struct CalibrateArgs {
    bool json = false;
    bool quiet = false;
};

CLI::App* addCalibrateCommand(CLI::App& app, CalibrateArgs& args);

// Exit 0 with the calibration cached, 1 when it cannot be measured (no CUDA device, no CUPTI).
int runCalibrate(const CalibrateArgs& args);

}  // namespace graphlens::cli
