#pragma once
// Where a device's replay calibration is kept between runs: one small JSON file per GPU UUID and
// driver version in GraphLens's cache folder (a new driver, or another GPU, is measured afresh), and
// how a sweep gets one: from that file, or by running `graphlens-cli calibrate` once in a process of
// its own (its CUPTI tracing must not touch the sweep's process; about 2 s on the H200).
#include "advisor/ReplayCalibration.h"
#include "bench/SweepEvents.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <optional>
#include <string>

namespace graphlens::bench {

// The cache file for the GPU and driver the environment names; empty when it names neither.
std::filesystem::path replayCalibrationCachePath(const nlohmann::json& environment);

// The cached calibration for this environment's GPU and driver; absent when there is none or it does
// not parse (`why` says which).
std::optional<advisor::ReplayCalibration> cachedReplayCalibration(const nlohmann::json& environment, std::string* why);

void storeReplayCalibration(const nlohmann::json& environment, const advisor::ReplayCalibration& calibration);

// The cache, else a `graphlens-cli calibrate` child; absent (with a warning through events) when
// neither works. Called with the GPU idle: after the sweep's timed passes, before its profiled passes.
std::optional<advisor::ReplayCalibration> deviceReplayCalibration(const nlohmann::json& environment, SweepEvents& events);

}  // namespace graphlens::bench
