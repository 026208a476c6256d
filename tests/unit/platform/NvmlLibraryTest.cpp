// NVML opened from paths that cannot be NVML: the object says why, every query returns nothing with
// that reason, nothing crashes. On a machine with a driver the default open must also work.
#include "platform/ClockSampler.h"
#include "platform/NvmlLibrary.h"

#include <catch2/catch.hpp>

using namespace graphlens::platform;

TEST_CASE("nvml: a library path that does not exist gives a reason", "[platform]") {
    const NvmlLibrary nvml("/nonexistent/graphlens/libnvidia-ml.so.1");
    CHECK_FALSE(nvml.available());
    CHECK_THAT(nvml.unavailableReason(), Catch::Contains("cannot open /nonexistent/graphlens/libnvidia-ml.so.1"));

    std::string why;
    CHECK_FALSE(nvml.driverVersion(&why));
    CHECK(why == nvml.unavailableReason());
    why.clear();
    CHECK_FALSE(nvml.deviceByIndex(0, &why));
    CHECK(why == nvml.unavailableReason());
    const NvmlLibrary::Device none{};
    CHECK_FALSE(nvml.clockMhz(none, NvmlLibrary::Clock::sm));
    CHECK_FALSE(nvml.powerLimitWatts(none));
    CHECK_FALSE(nvml.migEnabled(none));
    CHECK_FALSE(nvml.deviceUuid(none));
    CHECK_FALSE(nvml.deviceName(none));
    CHECK_FALSE(nvml.deviceByUuid("GPU-00000000-0000-0000-0000-000000000000"));
}

#ifndef _WIN32
TEST_CASE("nvml: a real library that is not NVML gives a reason", "[platform]") {
    const NvmlLibrary nvml("libc.so.6");
    CHECK_FALSE(nvml.available());
    CHECK_THAT(nvml.unavailableReason(), Catch::Contains("is not NVML"));
}
#endif

TEST_CASE("nvml: a clock sampler over an unavailable library is refused with the reason", "[platform]") {
    auto nvml = std::make_shared<const NvmlLibrary>("/nonexistent/libnvidia-ml.so.1");
    std::string why;
    CHECK_FALSE(makeNvmlClockSampler(nvml, NvmlLibrary::Device{}, ClockSampler::kDefaultInterval, &why));
    CHECK(why == nvml->unavailableReason());
}

TEST_CASE("nvml: the default library is either usable or says why", "[platform]") {
    const auto nvml = NvmlLibrary::shared();
    REQUIRE(nvml);
    CHECK(nvml == NvmlLibrary::shared());
    if (!nvml->available()) {
        CHECK_FALSE(nvml->unavailableReason().empty());
        return;
    }
    // A machine with a driver: the system-wide answer must be there.
    std::string why;
    const auto driver = nvml->driverVersion(&why);
    INFO(why);
    REQUIRE(driver);
    CHECK_FALSE(driver->empty());
}
