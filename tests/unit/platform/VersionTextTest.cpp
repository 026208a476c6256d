// The text forms of versions and UUIDs the fingerprint records.
#include "platform/CudnnVersion.h"
#include "platform/GpuUuid.h"

#include <catch2/catch.hpp>

using namespace graphlens::platform;

TEST_CASE("cudnn version: both encodings", "[platform]") {
    CHECK(cudnnVersionText(91002) == "9.10.2");  // cuDNN 9: major*10000
    CHECK(cudnnVersionText(91900) == "9.19.0");  // what torch 2.11+cu130 loads on the H200
    CHECK(cudnnVersionText(90100) == "9.1.0");
    CHECK(cudnnVersionText(8907) == "8.9.7");    // cuDNN 8: major*1000
    CHECK(cudnnVersionText(7605) == "7.6.5");
}

TEST_CASE("gpu uuid: CUDA's bytes in NVML's text form", "[platform]") {
    const GpuUuidBytes bytes{0x8c, 0x1f, 0x02, 0xab, 0x00, 0x4d, 0xe1, 0x7f,
                             0x90, 0x0a, 0xff, 0x12, 0x34, 0x56, 0x78, 0x9a};
    CHECK(gpuUuidText(bytes) == "GPU-8c1f02ab-004d-e17f-900a-ff123456789a");
    CHECK(gpuUuidText(GpuUuidBytes{}) == "GPU-00000000-0000-0000-0000-000000000000");
    CHECK(gpuUuidText(bytes, "MIG-") == "MIG-8c1f02ab-004d-e17f-900a-ff123456789a");
}
