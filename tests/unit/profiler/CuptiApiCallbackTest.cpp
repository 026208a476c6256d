// Hand-made CUpti_CallbackData (what CUPTI passes a runtime/driver API callback) through
// handleApiCallback: enter stores the time in correlationData, exit keeps the call with the callback's
// correlationId. Built only with CUPTI headers (GRAPHLENS_HAVE_CUPTI).
#include "profiler/CuptiRecordDecoder.h"

#include <cupti_driver_cbid.h>
#include <cupti_runtime_cbid.h>

#include <catch2/catch.hpp>

#include <cstring>

using namespace graphlens::profiler;

namespace {
CUpti_CallbackData callbackData(CUpti_ApiCallbackSite site, uint32_t correlationId, uint64_t* slot) {
    CUpti_CallbackData data;
    std::memset(&data, 0, sizeof data);
    data.callbackSite = site;
    data.correlationId = correlationId;
    data.correlationData = slot;
    data.functionName = "cudaLaunchKernel";
    return data;
}
}  // namespace

TEST_CASE("a runtime launch callback pair becomes an ApiRecord with CUPTI's correlation id",
          "[profiler][cupti][callbacks]") {
    ApiCallRecorder recorder;
    recorder.open(10);
    uint64_t slot = 0;  // CUPTI's per-call slot, the same pointer at enter and exit
    const auto enter = callbackData(CUPTI_API_ENTER, 77, &slot);
    CHECK_FALSE(handleApiCallback(recorder, CUPTI_CB_DOMAIN_RUNTIME_API,
                                  CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000, enter, 1000, 0));
    CHECK(slot == 1000);
    const auto exit = callbackData(CUPTI_API_EXIT, 77, &slot);
    CHECK(handleApiCallback(recorder, CUPTI_CB_DOMAIN_RUNTIME_API, CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000,
                            exit, 1600, 4242));
    recorder.close();
    ActivityBatch batch;
    recorder.drainInto(batch);
    REQUIRE(batch.apis.size() == 1);
    const auto& record = batch.apis[0];
    CHECK(record.domain == ApiDomain::Runtime);
    CHECK(record.cbid == CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000);
    CHECK(record.start == 1000);
    CHECK(record.end == 1600);
    CHECK(record.correlationId == 77);
    CHECK(record.threadId == 4242);
}

TEST_CASE("driver callbacks are recorded in the driver domain, other domains and ids are ignored",
          "[profiler][cupti][callbacks]") {
    ApiCallRecorder recorder;
    recorder.open(0);
    uint64_t slot = 0;
    CHECK_FALSE(handleApiCallback(recorder, CUPTI_CB_DOMAIN_DRIVER_API, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel,
                                  callbackData(CUPTI_API_ENTER, 5, &slot), 200, 0));
    CHECK(handleApiCallback(recorder, CUPTI_CB_DOMAIN_DRIVER_API, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel,
                            callbackData(CUPTI_API_EXIT, 5, &slot), 300, 1));

    uint64_t other = 0;  // cudaGetDevice: not recorded, slot untouched
    CHECK_FALSE(handleApiCallback(recorder, CUPTI_CB_DOMAIN_RUNTIME_API, CUPTI_RUNTIME_TRACE_CBID_cudaGetDevice_v3020,
                                  callbackData(CUPTI_API_ENTER, 6, &other), 400, 0));
    CHECK(other == 0);
    CHECK_FALSE(handleApiCallback(recorder, CUPTI_CB_DOMAIN_RUNTIME_API, CUPTI_RUNTIME_TRACE_CBID_cudaGetDevice_v3020,
                                  callbackData(CUPTI_API_EXIT, 6, &other), 500, 1));
    // A resource-domain callback with a launch's id must not be read as CUpti_CallbackData.
    uint64_t resource = 0;
    CHECK_FALSE(handleApiCallback(recorder, CUPTI_CB_DOMAIN_RESOURCE, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel,
                                  callbackData(CUPTI_API_ENTER, 7, &resource), 600, 0));
    CHECK(resource == 0);
    // An exit without a slot is dropped, not dereferenced.
    CHECK_FALSE(handleApiCallback(recorder, CUPTI_CB_DOMAIN_DRIVER_API, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel,
                                  callbackData(CUPTI_API_EXIT, 8, nullptr), 700, 1));
    recorder.close();
    ActivityBatch batch;
    recorder.drainInto(batch);
    REQUIRE(batch.apis.size() == 1);
    CHECK(batch.apis[0].domain == ApiDomain::Driver);
    CHECK(batch.apis[0].cbid == CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel);
    CHECK(batch.apis[0].start == 200);
    CHECK(batch.apis[0].end == 300);
    CHECK(batch.apis[0].correlationId == 5);
}
