// Hand-made CUPTI records (the structs CUPTI 13 writes into activity buffers) decode to plain records.
#include "profiler/CuptiRecordDecoder.h"

#include <cupti_driver_cbid.h>
#include <cupti_runtime_cbid.h>

#include <catch2/catch.hpp>

#include <cstring>

using namespace graphlens::profiler;

TEST_CASE("a CONCURRENT_KERNEL record becomes a KernelRecord with graph id and a copied name",
          "[profiler][cupti]") {
    CUpti_ActivityKernel10 record;
    std::memset(&record, 0, sizeof record);
    record.kind = CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL;
    record.start = 1000;
    record.end = 2500;
    record.deviceId = 1;
    record.streamId = 13;
    record.correlationId = 77;
    record.graphId = 4;
    char name[] = "volta_sgemm";
    record.name = name;
    ActivityBatch batch;
    REQUIRE(decodeActivity(reinterpret_cast<const CUpti_Activity&>(record), batch));
    name[0] = 'X';  // CUPTI owns the string: the record must hold its own copy
    REQUIRE(batch.kernels.size() == 1);
    const auto& k = batch.kernels[0];
    CHECK(k.start == 1000);
    CHECK(k.end == 2500);
    CHECK(k.deviceId == 1);
    CHECK(k.streamId == 13);
    CHECK(k.correlationId == 77);
    CHECK(k.graphId == 4);
    CHECK(k.name == "volta_sgemm");
}

TEST_CASE("RUNTIME and DRIVER records become ApiRecords in their domain, named by the namer",
          "[profiler][cupti]") {
    CUpti_ActivityAPI runtime;
    std::memset(&runtime, 0, sizeof runtime);
    runtime.kind = CUPTI_ACTIVITY_KIND_RUNTIME;
    runtime.cbid = CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000;
    runtime.start = 10;
    runtime.end = 20;
    runtime.correlationId = 5;
    runtime.threadId = 4242;
    CUpti_ActivityAPI driver = runtime;
    driver.kind = CUPTI_ACTIVITY_KIND_DRIVER;
    driver.cbid = CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel;

    ActivityBatch batch;
    const ApiNamer namer = [](ApiDomain domain, uint32_t cbid) {
        return (domain == ApiDomain::Runtime ? "rt" : "drv") + std::to_string(cbid);
    };
    REQUIRE(decodeActivity(reinterpret_cast<const CUpti_Activity&>(runtime), batch, namer));
    REQUIRE(decodeActivity(reinterpret_cast<const CUpti_Activity&>(driver), batch));
    REQUIRE(batch.apis.size() == 2);
    CHECK(batch.apis[0].domain == ApiDomain::Runtime);
    CHECK(batch.apis[0].cbid == 211);
    CHECK(batch.apis[0].start == 10);
    CHECK(batch.apis[0].end == 20);
    CHECK(batch.apis[0].correlationId == 5);
    CHECK(batch.apis[0].threadId == 4242);
    CHECK(batch.apis[0].name == "rt211");
    CHECK(batch.apis[1].domain == ApiDomain::Driver);
    CHECK(batch.apis[1].cbid == 307);
    CHECK(batch.apis[1].name.empty());
}

TEST_CASE("other activity kinds are ignored", "[profiler][cupti]") {
    CUpti_ActivityAPI other;
    std::memset(&other, 0, sizeof other);
    other.kind = CUPTI_ACTIVITY_KIND_MEMCPY;
    ActivityBatch batch;
    CHECK_FALSE(decodeActivity(reinterpret_cast<const CUpti_Activity&>(other), batch));
    CHECK(batch.kernels.empty());
    CHECK(batch.apis.empty());
}
