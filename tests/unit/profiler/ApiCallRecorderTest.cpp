// The callback API's recorder: enter/exit pairs of the calls of RecordedApis.h become ApiRecords, only
// inside an open window; everything else (unlisted ids, calls outside the window) is dropped.
#include "FakeActivitySource.h"
#include "profiler/ApiCallRecorder.h"
#include "profiler/RecordedApis.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <thread>
#include <vector>

using namespace graphlens::profiler;
using namespace graphlens::profiler::testing;

namespace {
constexpr auto R = ApiDomain::Runtime;
constexpr auto D = ApiDomain::Driver;

// One call as CUPTI drives it: enter writes the slot, exit reads it back.
bool call(ApiCallRecorder& recorder, ApiDomain domain, uint32_t cbid, uint64_t start, uint64_t end,
          uint32_t correlation, uint32_t thread = 7) {
    uint64_t slot = 0;
    recorder.enter(domain, cbid, &slot, start);
    return recorder.exit(domain, cbid, correlation, slot, end, thread);
}
}  // namespace

TEST_CASE("the recorder records exactly the ids of RecordedApis.h, in both domains", "[profiler][callbacks]") {
    const ApiCallRecorder recorder;
    for (const auto& api : recordedApis()) {
        INFO(api.name);
        CHECK(recorder.isRecorded(api.domain, api.cbid));
    }
    CHECK_FALSE(recorder.isRecorded(R, kCudaGetDevice));
    CHECK_FALSE(recorder.isRecorded(R, kCudaGetLastError));
    CHECK_FALSE(recorder.isRecorded(R, 0));
    CHECK_FALSE(recorder.isRecorded(R, 100000));  // beyond the table
    CHECK(recorder.isRecorded(D, kCuCtxSynchronize));  // id 17 in the driver domain, cudaGetDevice in the runtime one

    // The ids to enable are the table's, per domain, ascending, each once.
    std::size_t total = 0;
    for (const auto domain : {R, D}) {
        const auto ids = recorder.callbackIds(domain);
        CHECK(std::is_sorted(ids.begin(), ids.end()));
        CHECK(std::adjacent_find(ids.begin(), ids.end()) == ids.end());
        for (const auto id : ids) CHECK(recordedApiRole(domain, id) != ApiRole::NotRecorded);
        total += ids.size();
    }
    CHECK(total == recordedApis().size());
    const auto runtime = recorder.callbackIds(R);
    CHECK(std::find(runtime.begin(), runtime.end(), kCudaLaunchKernel) != runtime.end());
    CHECK(std::find(runtime.begin(), runtime.end(), kCudaGetDevice) == runtime.end());
    const auto driver = recorder.callbackIds(D);
    CHECK(std::find(driver.begin(), driver.end(), kCuLaunchKernel) != driver.end());
}

TEST_CASE("enter and exit of a recorded call become one ApiRecord", "[profiler][callbacks]") {
    ApiCallRecorder recorder;
    recorder.open(100);
    uint64_t slot = 0;
    recorder.enter(R, kCudaLaunchKernel, &slot, 1000);
    CHECK(slot == 1000);  // the enter time travels in CUPTI's per-call slot, no stack
    CHECK(recorder.exit(R, kCudaLaunchKernel, 42, slot, 1800, 1234));
    CHECK(call(recorder, D, kCuLaunchKernel, 1100, 1700, 43, 99));
    recorder.close();

    ActivityBatch batch;
    batch.apis.push_back(api(R, kCudaMemcpyAsync, 1, 2, 5));  // already there: appended to, not replaced
    recorder.drainInto(batch);
    REQUIRE(batch.apis.size() == 3);
    const auto& launch = batch.apis[1];
    CHECK(launch.domain == R);
    CHECK(launch.cbid == kCudaLaunchKernel);
    CHECK(launch.start == 1000);
    CHECK(launch.end == 1800);
    CHECK(launch.correlationId == 42);
    CHECK(launch.threadId == 1234);
    CHECK(launch.name == recordedApiName(R, kCudaLaunchKernel));
    CHECK(launch.name == "cudaLaunchKernel");
    const auto& driverLaunch = batch.apis[2];
    CHECK(driverLaunch.domain == D);
    CHECK(driverLaunch.cbid == kCuLaunchKernel);
    CHECK(driverLaunch.correlationId == 43);
    CHECK(driverLaunch.threadId == 99);

    // Drained means forgotten.
    CHECK(recorder.size() == 0);
    ActivityBatch again;
    recorder.drainInto(again);
    CHECK(again.apis.empty());
}

TEST_CASE("calls not in RecordedApis.h are never recorded and their slot is left alone", "[profiler][callbacks]") {
    ApiCallRecorder recorder;
    recorder.open(0);
    uint64_t slot = 555;
    recorder.enter(R, kCudaGetDevice, &slot, 1000);
    CHECK(slot == 555);
    CHECK_FALSE(recorder.exit(R, kCudaGetDevice, 1, 555, 2000, 1));
    CHECK_FALSE(call(recorder, R, kCudaGetLastError, 10, 20, 2));
    CHECK_FALSE(call(recorder, D, 12345, 10, 20, 3));
    CHECK(call(recorder, R, kCudaStreamSynchronize, 10, 20, 4));
    recorder.close();
    ActivityBatch batch;
    recorder.drainInto(batch);
    REQUIRE(batch.apis.size() == 1);
    CHECK(batch.apis[0].cbid == kCudaStreamSynchronize);
}

TEST_CASE("only calls inside the window are kept, windows follow each other", "[profiler][callbacks]") {
    ApiCallRecorder recorder;
    CHECK_FALSE(call(recorder, R, kCudaLaunchKernel, 10, 20, 1));  // before any window
    CHECK(recorder.size() == 0);

    recorder.open(1000);
    // Entered before the window opened (its slot holds an old time, or whatever CUPTI left there).
    CHECK_FALSE(recorder.exit(R, kCudaLaunchKernel, 2, 900, 1100, 1));
    CHECK_FALSE(recorder.exit(R, kCudaLaunchKernel, 3, 0, 1100, 1));
    // A slot holding a time after its own exit is not a time this recorder wrote.
    CHECK_FALSE(recorder.exit(R, kCudaLaunchKernel, 4, 5000, 1100, 1));
    CHECK(call(recorder, R, kCudaLaunchKernel, 1200, 1300, 5));
    // Entered in the window, exits after it closed: dropped (stop() drains once callbacks are off).
    uint64_t late = 0;
    recorder.enter(R, kCudaLaunchKernel, &late, 1400);
    recorder.close();
    CHECK_FALSE(recorder.exit(R, kCudaLaunchKernel, 6, late, 1500, 1));
    // While closed, enter leaves the slot untouched.
    uint64_t closedSlot = 0;
    recorder.enter(R, kCudaLaunchKernel, &closedSlot, 1600);
    CHECK(closedSlot == 0);

    ActivityBatch first;
    recorder.drainInto(first);
    REQUIRE(first.apis.size() == 1);
    CHECK(first.apis[0].correlationId == 5);

    // The next window starts empty, even if the previous one was never drained.
    recorder.open(2000);
    CHECK(call(recorder, R, kCudaLaunchKernel, 2100, 2200, 7));
    recorder.open(3000);
    CHECK_FALSE(recorder.exit(R, kCudaLaunchKernel, 8, 2500, 3100, 1));  // entered in the old window
    CHECK(call(recorder, D, kCuLaunchKernelEx, 3200, 3300, 9));
    recorder.close();
    ActivityBatch second;
    recorder.drainInto(second);
    REQUIRE(second.apis.size() == 1);
    CHECK(second.apis[0].correlationId == 9);
    CHECK(second.apis[0].domain == D);
}

TEST_CASE("the namer names each distinct call once at drain", "[profiler][callbacks]") {
    ApiCallRecorder recorder;
    recorder.open(0);
    for (uint32_t i = 0; i < 5; ++i) CHECK(call(recorder, R, kCudaLaunchKernel, 10 + i, 20 + i, i));
    CHECK(call(recorder, R, kCudaGraphLaunch, 30, 40, 9));
    recorder.close();
    int asked = 0;
    ActivityBatch batch;
    recorder.drainInto(batch, [&](ApiDomain domain, uint32_t cbid) {
        ++asked;
        return std::string(domain == R ? "rt:" : "drv:") + std::to_string(cbid);
    });
    CHECK(asked == 2);
    REQUIRE(batch.apis.size() == 6);
    CHECK(batch.apis[0].name == "rt:" + std::to_string(kCudaLaunchKernel));
    CHECK(batch.apis[5].name == "rt:" + std::to_string(kCudaGraphLaunch));
}

TEST_CASE("calls from several threads are all kept, with their own enter times", "[profiler][callbacks]") {
    ApiCallRecorder recorder;
    recorder.open(1, /*reserveCalls=*/4);  // growth past the reservation must not lose calls
    constexpr uint32_t kThreads = 4;
    constexpr uint32_t kCalls = 2000;
    std::vector<std::thread> threads;
    for (uint32_t t = 0; t < kThreads; ++t) {
        threads.emplace_back([&recorder, t] {
            for (uint32_t i = 0; i < kCalls; ++i) {
                const uint64_t start = 10 + uint64_t{i} * 10;
                call(recorder, t % 2 ? D : R, t % 2 ? kCuLaunchKernel : kCudaLaunchKernel, start, start + 5,
                     t * kCalls + i + 1, t + 100);
            }
        });
    }
    for (auto& thread : threads) thread.join();
    recorder.close();
    ActivityBatch batch;
    recorder.drainInto(batch);
    REQUIRE(batch.apis.size() == kThreads * kCalls);
    std::vector<uint32_t> ids;
    for (const auto& record : batch.apis) {
        CHECK(record.end == record.start + 5);
        CHECK(record.threadId == (record.correlationId - 1) / kCalls + 100);
        ids.push_back(record.correlationId);
    }
    std::sort(ids.begin(), ids.end());
    CHECK(std::adjacent_find(ids.begin(), ids.end()) == ids.end());
    CHECK(ids.front() == 1);
    CHECK(ids.back() == kThreads * kCalls);
}
