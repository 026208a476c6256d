// Hand-made CUPTI records (the structs CUPTI 13 writes into activity buffers) decode to plain records.
// Built only with CUPTI headers (GRAPHLENS_HAVE_CUPTI).
#include "profiler/CuptiRecordDecoder.h"

#include <cupti_driver_cbid.h>
#include <cupti_runtime_cbid.h>

#include <catch2/catch.hpp>

#include <cstring>
#include <utility>

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

TEST_CASE("a MEMCPY record becomes a CopyRecord with both correlation ids, bytes and its kind",
          "[profiler][cupti]") {
    CUpti_ActivityMemcpy6 record;
    std::memset(&record, 0, sizeof record);
    record.kind = CUPTI_ACTIVITY_KIND_MEMCPY;
    record.copyKind = CUPTI_ACTIVITY_MEMCPY_KIND_HTOD;
    record.bytes = 602112;
    record.start = 3000;
    record.end = 4200;
    record.deviceId = 1;
    record.streamId = 7;
    record.correlationId = 91;
    record.runtimeCorrelationId = 90;
    record.graphId = 6;
    ActivityBatch batch;
    REQUIRE(decodeActivity(reinterpret_cast<const CUpti_Activity&>(record), batch));
    REQUIRE(batch.copies.size() == 1);
    const auto& c = batch.copies[0];
    CHECK(c.start == 3000);
    CHECK(c.end == 4200);
    CHECK(c.deviceId == 1);
    CHECK(c.streamId == 7);
    CHECK(c.correlationId == 91);
    CHECK(c.runtimeCorrelationId == 90);
    CHECK(c.graphId == 6);
    CHECK(c.bytes == 602112);
    CHECK(c.kind == CopyKind::HostToDevice);
    CHECK(batch.kernels.empty());

    const std::pair<uint8_t, CopyKind> kinds[] = {
        {CUPTI_ACTIVITY_MEMCPY_KIND_DTOH, CopyKind::DeviceToHost},
        {CUPTI_ACTIVITY_MEMCPY_KIND_DTOD, CopyKind::DeviceToDevice},
        {CUPTI_ACTIVITY_MEMCPY_KIND_HTOH, CopyKind::HostToHost},
        {CUPTI_ACTIVITY_MEMCPY_KIND_PTOP, CopyKind::PeerToPeer},
        {CUPTI_ACTIVITY_MEMCPY_KIND_DTOA, CopyKind::Array},
        {CUPTI_ACTIVITY_MEMCPY_KIND_ATOH, CopyKind::Array},
        {CUPTI_ACTIVITY_MEMCPY_KIND_UNKNOWN, CopyKind::Unknown},
    };
    for (const auto& [cuptiKind, expected] : kinds) {
        record.copyKind = cuptiKind;
        REQUIRE(decodeActivity(reinterpret_cast<const CUpti_Activity&>(record), batch));
        CHECK(batch.copies.back().kind == expected);
    }
}

TEST_CASE("a MEMSET record becomes a CopyRecord of kind Memset", "[profiler][cupti]") {
    CUpti_ActivityMemset4 record;
    std::memset(&record, 0, sizeof record);
    record.kind = CUPTI_ACTIVITY_KIND_MEMSET;
    record.value = 0;
    record.bytes = 1024;
    record.start = 500;
    record.end = 650;
    record.streamId = 9;
    record.correlationId = 44;
    record.graphId = 2;
    ActivityBatch batch;
    REQUIRE(decodeActivity(reinterpret_cast<const CUpti_Activity&>(record), batch));
    REQUIRE(batch.copies.size() == 1);
    const auto& c = batch.copies[0];
    CHECK(c.kind == CopyKind::Memset);
    CHECK(c.start == 500);
    CHECK(c.end == 650);
    CHECK(c.streamId == 9);
    CHECK(c.correlationId == 44);
    CHECK(c.runtimeCorrelationId == 0);
    CHECK(c.graphId == 2);
    CHECK(c.bytes == 1024);
}

TEST_CASE("other activity kinds are ignored", "[profiler][cupti]") {
    CUpti_ActivityAPI other;
    std::memset(&other, 0, sizeof other);
    other.kind = CUPTI_ACTIVITY_KIND_OVERHEAD;
    ActivityBatch batch;
    CHECK_FALSE(decodeActivity(reinterpret_cast<const CUpti_Activity&>(other), batch));
    CHECK(batch.kernels.empty());
    CHECK(batch.copies.empty());
    CHECK(batch.apis.empty());
}

TEST_CASE("a GRAPH_TRACE record becomes a GraphExecutionRecord with its launch's correlation id",
          "[profiler][cupti]") {
    CUpti_ActivityGraphTrace2 record;
    std::memset(&record, 0, sizeof record);
    record.kind = CUPTI_ACTIVITY_KIND_GRAPH_TRACE;
    record.correlationId = 91;
    record.start = 5000;
    record.end = 9000;
    record.deviceId = 2;
    record.graphId = 17;
    record.streamId = 7;
    ActivityBatch batch;
    REQUIRE(decodeActivity(reinterpret_cast<const CUpti_Activity&>(record), batch));
    REQUIRE(batch.graphExecutions.size() == 1);
    const auto& g = batch.graphExecutions[0];
    CHECK(g.start == 5000);
    CHECK(g.end == 9000);
    CHECK(g.deviceId == 2);
    CHECK(g.streamId == 7);
    CHECK(g.correlationId == 91);
    CHECK(g.graphId == 17);
    CHECK(batch.kernels.empty());
}
