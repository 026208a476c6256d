#include "profiler/FailedCallLog.h"

#include <catch2/catch.hpp>

#include <thread>

using graphlens::profiler::ApiDomain;
using graphlens::profiler::FailedCallLog;

namespace {
constexpr int kCaptureUnsupported = 900;  // cudaErrorStreamCaptureUnsupported
constexpr int kCaptureInvalidated = 901;
}  // namespace

TEST_CASE("FailedCallLog names the outer runtime call, not the driver call that failed inside it first",
          "[profiler][forensics]") {
    FailedCallLog log([] { return std::string("aten::item > aten::_local_scalar_dense"); });
    const auto warmup = log.enter();
    log.exit(ApiDomain::Runtime, "cudaLaunchKernel_v7000", 0, 11, warmup);
    const auto begin = log.enter();
    log.exit(ApiDomain::Runtime, "cudaStreamBeginCapture_v10000", 0, 11, begin);
    const auto runtime = log.enter();  // cudaStreamSynchronize enters, then its driver call
    const auto driver = log.enter();
    log.exit(ApiDomain::Driver, "cuStreamSynchronize", kCaptureUnsupported, 11, driver);
    log.exit(ApiDomain::Runtime, "cudaStreamSynchronize_v3020", kCaptureUnsupported, 11, runtime);
    const auto end = log.enter();
    log.exit(ApiDomain::Runtime, "cudaStreamEndCapture_v10000", kCaptureInvalidated, 11, end);

    const auto first = log.firstFailureInCapture();
    REQUIRE(first);
    CHECK(first->name == "cudaStreamSynchronize");
    CHECK(first->domain == ApiDomain::Runtime);
    CHECK(first->returnCode == kCaptureUnsupported);
    CHECK(first->threadId == 11u);
    CHECK(first->context == "aten::item > aten::_local_scalar_dense");
    CHECK(log.failures().size() == 3);
    CHECK(log.captureBeganAt() == begin);
}

TEST_CASE("FailedCallLog ignores failures before the capture began, queries not ready, and error reports",
          "[profiler][forensics]") {
    FailedCallLog log;
    const auto early = log.enter();
    log.exit(ApiDomain::Runtime, "cudaFuncGetAttributes_v3020", 98, 5, early);  // warm-up's own failure
    const auto begin = log.enter();
    log.exit(ApiDomain::Driver, "cuStreamBeginCapture_v2", 0, 5, begin);
    const auto query = log.enter();
    log.exit(ApiDomain::Runtime, "cudaEventQuery_v3020", 600, 5, query);  // "not ready" is an answer
    const auto sticky = log.enter();
    log.exit(ApiDomain::Runtime, "cudaGetLastError_v3020", kCaptureUnsupported, 5, sticky);
    CHECK_FALSE(log.firstFailureInCapture());

    const auto loader = log.enter();
    std::thread([&] { log.exit(ApiDomain::Runtime, "cudaHostAlloc_v3020", kCaptureUnsupported, 77, loader); }).join();
    const auto first = log.firstFailureInCapture();
    REQUIRE(first);
    CHECK(first->name == "cudaHostAlloc");
    CHECK(first->threadId == 77u);
}

TEST_CASE("FailedCallLog without a capture begin reports the first failure at all", "[profiler][forensics]") {
    FailedCallLog log;
    const auto a = log.enter();
    const auto b = log.enter();
    log.exit(ApiDomain::Runtime, "cudaMemcpyAsync_v3020", kCaptureUnsupported, 1, b);
    log.exit(ApiDomain::Runtime, "cudaMalloc_v3020", 2, 1, a);
    REQUIRE(log.firstFailureInCapture());
    CHECK(log.firstFailureInCapture()->name == "cudaMalloc");
}

TEST_CASE("FailedCallLog::plainName drops CUPTI's version suffix only", "[profiler][forensics]") {
    CHECK(FailedCallLog::plainName("cudaStreamSynchronize_v3020") == "cudaStreamSynchronize");
    CHECK(FailedCallLog::plainName("cudaLaunchKernel_ptsz_v7000") == "cudaLaunchKernel_ptsz");
    CHECK(FailedCallLog::plainName("cuMemcpyDtoH_v2") == "cuMemcpyDtoH_v2");
    CHECK(FailedCallLog::plainName("cuStreamSynchronize") == "cuStreamSynchronize");
    CHECK(FailedCallLog::plainName(nullptr).empty());
}
