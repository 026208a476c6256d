// The calls the profiled pass records: every launch entry point, the memcpy/memset calls GPU copies are
// attributed to, the synchronize calls, and nothing libtorch calls by the dozen per step.
#include "FakeActivitySource.h"
#include "profiler/LaunchApis.h"
#include "profiler/RecordedApis.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <utility>

using namespace graphlens::profiler;
using namespace graphlens::profiler::testing;

namespace {
constexpr auto R = ApiDomain::Runtime;
constexpr auto D = ApiDomain::Driver;
}  // namespace

TEST_CASE("every launch entry point is recorded, as a kernel or a graph launch", "[profiler][recorded]") {
    REQUIRE(launchApis().size() == 25);
    for (const auto& launch : launchApis()) {
        INFO(launch.name);
        const auto expected = launch.kind == LaunchKind::Graph ? ApiRole::GraphLaunch : ApiRole::KernelLaunch;
        CHECK(recordedApiRole(launch.domain, launch.cbid) == expected);
        CHECK(recordedApiName(launch.domain, launch.cbid) == launch.name);
    }
    CHECK(recordedApiRole(R, kCudaGraphLaunch) == ApiRole::GraphLaunch);
    CHECK(recordedApiRole(D, kCuLaunchKernelEx) == ApiRole::KernelLaunch);
}

TEST_CASE("memcpy, memset and synchronize calls are recorded in both domains, with their stream twins",
          "[profiler][recorded]") {
    CHECK(recordedApiRole(R, kCudaMemcpyAsync) == ApiRole::Memcpy);
    CHECK(recordedApiRole(R, kCudaMemcpyAsyncPtsz) == ApiRole::Memcpy);
    CHECK(recordedApiRole(R, kCudaMemcpy) == ApiRole::Memcpy);
    CHECK(recordedApiRole(R, 215) == ApiRole::Memcpy);  // cudaMemcpy_ptds
    CHECK(recordedApiRole(R, kCudaMemsetAsync) == ApiRole::Memset);
    CHECK(recordedApiRole(R, 235) == ApiRole::Memset);  // cudaMemsetAsync_ptsz
    CHECK(recordedApiRole(R, 49) == ApiRole::Memset);   // cudaMemset
    CHECK(recordedApiRole(D, kCuMemcpyHtoDAsync) == ApiRole::Memcpy);
    CHECK(recordedApiRole(D, 421) == ApiRole::Memcpy);  // cuMemcpyHtoDAsync_v2_ptsz
    CHECK(recordedApiRole(D, kCuMemcpyDtoHAsync) == ApiRole::Memcpy);
    CHECK(recordedApiRole(D, 306) == ApiRole::Memcpy);  // cuMemcpyAsync
    CHECK(recordedApiRole(D, 216) == ApiRole::Memset);  // cuMemsetD8Async
    CHECK(recordedApiRole(D, kCuMemsetD32Async) == ApiRole::Memset);
    CHECK(recordedApiRole(R, kCudaStreamSynchronize) == ApiRole::Synchronize);
    CHECK(recordedApiRole(R, 239) == ApiRole::Synchronize);  // cudaStreamSynchronize_ptsz
    CHECK(recordedApiRole(R, kCudaDeviceSynchronize) == ApiRole::Synchronize);
    CHECK(recordedApiRole(R, 137) == ApiRole::Synchronize);  // cudaEventSynchronize
    CHECK(recordedApiRole(D, kCuStreamSynchronize) == ApiRole::Synchronize);
    CHECK(recordedApiRole(D, kCuCtxSynchronize) == ApiRole::Synchronize);
    CHECK(recordedApiRole(D, 121) == ApiRole::Synchronize);  // cuEventSynchronize
    CHECK(recordedApiName(R, kCudaMemcpyAsync) == "cudaMemcpyAsync_v3020");
    CHECK(recordedApiName(D, kCuMemcpyHtoDAsync) == "cuMemcpyHtoDAsync_v2");
}

TEST_CASE("the calls libtorch makes by the dozen per step are not recorded, ids are per domain",
          "[profiler][recorded]") {
    CHECK(recordedApiRole(R, kCudaGetDevice) == ApiRole::NotRecorded);
    CHECK(recordedApiRole(R, kCudaGetLastError) == ApiRole::NotRecorded);
    CHECK(recordedApiRole(R, kCudaEventRecord) == ApiRole::NotRecorded);
    CHECK(recordedApiRole(R, 317) == ApiRole::NotRecorded);  // cudaStreamIsCapturing
    CHECK(recordedApiName(R, kCudaGetDevice).empty());
    // 17 is cudaGetDevice in the runtime but cuCtxSynchronize in the driver.
    CHECK(recordedApiRole(D, 17) == ApiRole::Synchronize);
}

TEST_CASE("each call is listed once, with a role and a name", "[profiler][recorded]") {
    const auto all = recordedApis();
    std::set<std::pair<ApiDomain, uint32_t>> unique;
    for (const auto& api : all) {
        INFO(api.name);
        CHECK(unique.insert({api.domain, api.cbid}).second);
        CHECK(api.role != ApiRole::NotRecorded);
        CHECK_FALSE(api.name.empty());
    }
    // Small: a handful of entry points against the ~500 runtime / ~800 driver calls CUPTI knows.
    CHECK(all.size() < 150);
}

TEST_CASE("the ids to switch off are exactly the complement of the recorded ones", "[profiler][recorded]") {
    constexpr uint32_t kRuntimeIds = 523;  // CUPTI_RUNTIME_TRACE_CBID_SIZE, CUPTI 13.0
    constexpr uint32_t kDriverIds = 807;   // CUPTI_DRIVER_TRACE_CBID_SIZE
    const auto runtimeOff = unrecordedCallbackIds(R, kRuntimeIds);
    const auto driverOff = unrecordedCallbackIds(D, kDriverIds);
    std::size_t runtimeKept = 0, driverKept = 0;
    for (const auto& api : recordedApis()) (api.domain == R ? runtimeKept : driverKept) += 1;
    // Ids 1 .. SIZE-1: every one is either kept or switched off, never both (0 is CUPTI's INVALID).
    CHECK(runtimeOff.size() + runtimeKept == kRuntimeIds - 1);
    CHECK(driverOff.size() + driverKept == kDriverIds - 1);
    CHECK(std::is_sorted(runtimeOff.begin(), runtimeOff.end()));
    CHECK(runtimeOff.front() == 1);
    CHECK(runtimeOff.back() == kRuntimeIds - 1);
    const auto recorded = [](ApiDomain domain) {
        return [domain](uint32_t id) { return recordedApiRole(domain, id) != ApiRole::NotRecorded; };
    };
    CHECK(std::none_of(runtimeOff.begin(), runtimeOff.end(), recorded(R)));
    CHECK(std::none_of(driverOff.begin(), driverOff.end(), recorded(D)));
    const auto has = [](const std::vector<uint32_t>& ids, uint32_t id) {
        return std::find(ids.begin(), ids.end(), id) != ids.end();
    };
    CHECK(has(runtimeOff, kCudaGetDevice));
    CHECK(has(runtimeOff, kCudaGetLastError));
    CHECK_FALSE(has(runtimeOff, kCudaLaunchKernel));
    CHECK_FALSE(has(runtimeOff, kCudaMemcpyAsync));
    CHECK_FALSE(has(driverOff, kCuLaunchKernel));
    CHECK_FALSE(has(driverOff, kCuCtxSynchronize));  // 17 again: kept in the driver, off in the runtime
    CHECK(has(driverOff, kCudaMemcpyAsync));         // driver 41: cu64MemHostGetDevicePointer
    CHECK(unrecordedCallbackIds(R, 1).empty());
}
