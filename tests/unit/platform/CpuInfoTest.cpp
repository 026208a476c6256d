// CPU model and governor from fixture text and files written into a fresh temporary folder.
#include "platform/CpuInfo.h"
#include "support/ScratchFolder.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

using namespace graphlens::platform;
using TempDir = graphlens::testing::ScratchFolder;
namespace fs = std::filesystem;

namespace {

// Shortened from an x86-64 server: two logical CPUs, padded model name as older Intel parts print it.
constexpr const char* kX86Cpuinfo =
    "processor\t: 0\n"
    "vendor_id\t: GenuineIntel\n"
    "cpu family\t: 6\n"
    "model\t\t: 143\n"
    "model name\t: Intel(R) Xeon(R)   Platinum 8480+  \n"
    "stepping\t: 8\n"
    "flags\t\t: fpu vme de pse\n"
    "\n"
    "processor\t: 1\n"
    "model name\t: Intel(R) Xeon(R) Platinum 8480+\n";

// Shortened from an aarch64 machine: no "model name" line, only implementer and part codes.
constexpr const char* kAarch64Cpuinfo =
    "processor\t: 0\n"
    "BogoMIPS\t: 2000.00\n"
    "Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32\n"
    "CPU implementer\t: 0x41\n"
    "CPU architecture: 8\n"
    "CPU variant\t: 0x0\n"
    "CPU part\t: 0xd4f\n"
    "CPU revision\t: 0\n";


void writeText(const fs::path& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
}

}  // namespace

TEST_CASE("cpu model: the first model name line of an x86 cpuinfo, blanks tidied", "[platform]") {
    std::string why;
    const auto model = cpuModelFromProcCpuinfo(kX86Cpuinfo, &why);
    REQUIRE(model);
    CHECK(*model == "Intel(R) Xeon(R) Platinum 8480+");
    CHECK(why.empty());
}

TEST_CASE("cpu model: an aarch64 cpuinfo has none, and says why", "[platform]") {
    std::string why;
    CHECK_FALSE(cpuModelFromProcCpuinfo(kAarch64Cpuinfo, &why));
    CHECK_THAT(why, Catch::Contains("model name"));
    CHECK_FALSE(cpuModelFromProcCpuinfo("", &why));
    CHECK_FALSE(cpuModelFromProcCpuinfo("model name\t:   \n", &why));  // a key without a value
    CHECK_FALSE(cpuModelFromProcCpuinfo("model\t\t: 143\n"));         // "model" is not "model name"
}

TEST_CASE("cpu model: a cpuinfo file without a trailing newline, and a missing file", "[platform]") {
    TempDir dir;
    writeText(dir / "cpuinfo", "processor\t: 0\nmodel name\t: AMD EPYC 9654 96-Core Processor");
    CHECK(cpuModel(dir / "cpuinfo") == std::optional<std::string>("AMD EPYC 9654 96-Core Processor"));
    std::string why;
    CHECK_FALSE(cpuModel(dir / "absent", &why));
    CHECK_THAT(why, Catch::Contains("absent"));
}

TEST_CASE("cpu governor: read from a scaling_governor file", "[platform]") {
    TempDir dir;
    writeText(dir / "scaling_governor", "performance\n");
    std::string why;
    CHECK(cpuGovernor(dir / "scaling_governor", &why) == std::optional<std::string>("performance"));
    CHECK(why.empty());
}

TEST_CASE("cpu governor: a missing or empty file gives a reason", "[platform]") {
    TempDir dir;
    std::string why;
    CHECK_FALSE(cpuGovernor(dir / "no-cpufreq" / "scaling_governor", &why));
    CHECK_THAT(why, Catch::Contains("no-cpufreq") && Catch::Contains("cpufreq driver"));

    writeText(dir / "empty", "\n");
    CHECK_FALSE(cpuGovernor(dir / "empty", &why));
    CHECK_THAT(why, Catch::Contains("empty"));
}
