#include "advisor/ReplayCalibration.h"

#include <catch2/catch.hpp>

#include <stdexcept>

using namespace graphlens::advisor;
using Catch::Detail::Approx;

namespace {

// Points made from a known device: kernels of 3 us, 1.5 us between them, 0.5 us fixed span, 12 us host.
std::vector<CalibrationPoint> pointsOf(double kernelUs, double gapUs, double fixedUs, double hostUs) {
    std::vector<CalibrationPoint> points;
    for (int kernels : {1, 10, 100, 1000}) {
        CalibrationPoint point;
        point.kernels = kernels;
        point.kernelUs = kernelUs;
        point.replaySpanUs = fixedUs + kernels * (kernelUs + gapUs);
        point.replayWallUs = point.replaySpanUs - fixedUs + hostUs;
        points.push_back(point);
    }
    return points;
}

}  // namespace

TEST_CASE("The calibration fit recovers the gap per kernel and the host cost per replay", "[advisor]") {
    const auto fit = fitReplayCalibration(pointsOf(3.0, 1.5, 0.5, 12.0));
    CHECK(fit.gapUsPerKernel == Approx(1.5));
    // The span's fixed part is the replay's, so it is in the host cost: 12 - 0.5 + 0.5.
    CHECK(fit.hostUsPerReplay == Approx(12.0));
    CHECK(fit.points.size() == 4);
}

TEST_CASE("The calibration fit refuses a single graph size and never returns negative costs", "[advisor]") {
    auto points = pointsOf(3.0, 1.5, 0.5, 12.0);
    CHECK_THROWS_AS(fitReplayCalibration({points.front()}), std::invalid_argument);
    std::vector<CalibrationPoint> same{points.front(), points.front()};
    CHECK_THROWS_AS(fitReplayCalibration(same), std::invalid_argument);
    // Kernels that ran longer eagerly than in the replay: no negative gap.
    const auto fit = fitReplayCalibration(pointsOf(3.0, -1.0, 0.0, 12.0));
    CHECK(fit.gapUsPerKernel == 0);
}

TEST_CASE("A calibration survives JSON, and a malformed one says what is wrong", "[advisor]") {
    auto calibration = fitReplayCalibration(pointsOf(3.0, 1.5, 0.5, 12.0));
    calibration.gpuUuid = "GPU-1234";
    calibration.driverVersion = "580.159.04";
    calibration.device = "NVIDIA H200";
    calibration.measured = "2026-12-04T13:00:00Z";
    const auto back = replayCalibrationFromJson(nlohmann::json::parse(toJson(calibration).dump()));
    REQUIRE(back);
    CHECK(back->gapUsPerKernel == calibration.gapUsPerKernel);
    CHECK(back->hostUsPerReplay == calibration.hostUsPerReplay);
    CHECK(back->gpuUuid == "GPU-1234");
    CHECK(back->driverVersion == "580.159.04");
    CHECK(back->points.size() == 4);
    CHECK(back->points[3].kernels == 1000);

    std::string why;
    CHECK_FALSE(replayCalibrationFromJson(nlohmann::json::array(), &why));
    CHECK(why == "replay calibration is not a JSON object");
    CHECK_FALSE(replayCalibrationFromJson({{"gap_us_per_kernel", 1.0}}, &why));
    CHECK(why == "replay calibration has no number 'host_us_per_replay'");
    CHECK_FALSE(replayCalibrationFromJson({{"gap_us_per_kernel", -1.0}, {"host_us_per_replay", 1.0}}, &why));
    CHECK(why == "replay calibration has a negative or non-finite cost");
    CHECK_FALSE(replayCalibrationFromJson({{"gap_us_per_kernel", 1.0}, {"host_us_per_replay", 1.0}, {"points", {1}}}, &why));
    CHECK(why == "replay calibration point is not an object");
}
