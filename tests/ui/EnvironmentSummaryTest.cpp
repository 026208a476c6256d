// The status bar's one-line environment, from the keys the engine really sends (core/bench/Environment.cpp).
#include "ui/report/EnvironmentSummary.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <catch2/catch.hpp>

using graphlens::ui::environmentSummary;

namespace {
QJsonObject parse(const char* json) { return QJsonDocument::fromJson(QByteArray(json)).object(); }
}  // namespace

TEST_CASE("the environment line names GPU, driver CUDA, CUDA runtime, libtorch and OS from the engine's keys",
          "[ui][environment]") {
    const auto hello = parse(R"({"event": "hello", "version": "0.3.0", "environment": {
        "graphlens": "0.3.0", "libtorch": "2.11.0", "os": "Ubuntu 24.04", "cuda_available": true,
        "device": "NVIDIA H200", "driver_cuda": "13.0", "cuda_runtime": "13.0", "compute_capability": "9.0"}})");
    CHECK(environmentSummary(hello) == QStringLiteral("NVIDIA H200 · driver for CUDA 13.0 · CUDA 13.0 · "
                                                      "libtorch 2.11.0 · Ubuntu 24.04 · engine 0.3.0"));
    // An environment with the driver's own version says that instead.
    const auto withDriver = parse(R"({"device": "NVIDIA H200", "driver": "580.95", "driver_cuda": "13.0"})");
    CHECK(environmentSummary(withDriver) == QStringLiteral("NVIDIA H200 · driver 580.95"));
}

TEST_CASE("a CPU machine's line names no CUDA version", "[ui][environment]") {
    const auto hello = parse(R"({"event": "hello", "version": "0.3.0", "environment": {
        "libtorch": "2.11.0", "os": "Ubuntu 24.04", "cuda_available": false, "device": "cpu",
        "driver_cuda": "13.0", "cuda_runtime": "13.0"}})");
    const auto line = environmentSummary(hello);
    CHECK(line == QStringLiteral("cpu · no CUDA device · libtorch 2.11.0 · Ubuntu 24.04 · engine 0.3.0"));
    CHECK_FALSE(line.contains(QStringLiteral("CUDA 13.0")));
}
