#pragma once
// A scripted activity source: a clock the test sets, a batch the test fills, optional start failure
// and recording note.
#include "profiler/ActivitySource.h"
#include "profiler/PhaseRecorder.h"

#include <string>
#include <utility>

namespace graphlens::profiler::testing {

class FakeActivitySource final : public ActivitySource {
public:
    bool isAvailable() const override { return available; }
    std::string unavailableReason() const override { return reason; }
    bool start() override {
        if (!startSucceeds) {
            available = false;
            return false;
        }
        started = true;
        return true;
    }
    void stop() override { stopped = true; }
    std::string recordingNote() const override { return note; }
    ActivityBatch flush() override { return std::exchange(batch, ActivityBatch{}); }
    uint64_t timestampNs() const override { return now; }
    uint32_t currentThreadId() const override { return thread; }

    bool available = true;
    bool startSucceeds = true;
    std::string reason;
    std::string note;
    bool started = false;
    bool stopped = false;
    ActivityBatch batch;
    uint64_t now = 0;
    uint32_t thread = 1;
};

inline ApiRecord api(ApiDomain domain, uint32_t cbid, uint64_t start, uint64_t end, uint32_t correlation,
                     uint32_t thread = 1) {
    return ApiRecord{domain, cbid, start, end, correlation, thread, {}};
}

inline KernelRecord kernel(uint64_t start, uint64_t end, uint32_t stream, uint32_t correlation,
                           uint32_t graphId = 0, std::string name = "k") {
    return KernelRecord{start, end, 0, stream, correlation, graphId, std::move(name)};
}

inline CopyRecord copy(uint64_t start, uint64_t end, uint32_t stream, uint32_t correlation,
                       CopyKind kind = CopyKind::HostToDevice, uint64_t bytes = 4096, uint32_t graphId = 0,
                       uint32_t runtimeCorrelation = 0) {
    return CopyRecord{start, end, 0, stream, correlation, runtimeCorrelation, graphId, bytes, kind};
}

inline PhaseMark mark(std::string name, uint64_t start, uint64_t end, int depth = 1, uint32_t thread = 1) {
    return PhaseMark{std::move(name), thread, start, end, depth};
}

// Callback ids used by the tests (cupti_runtime_cbid.h / cupti_driver_cbid.h).
inline constexpr uint32_t kCudaGetLastError = 10;
inline constexpr uint32_t kCudaGetDevice = 17;
inline constexpr uint32_t kCudaMemcpy = 31;
inline constexpr uint32_t kCudaMemcpyAsync = 41;
inline constexpr uint32_t kCudaMemcpyAsyncPtsz = 225;
inline constexpr uint32_t kCudaMemsetAsync = 51;
inline constexpr uint32_t kCudaStreamSynchronize = 131;
inline constexpr uint32_t kCudaDeviceSynchronize = 165;
inline constexpr uint32_t kCudaEventRecord = 135;
inline constexpr uint32_t kCuCtxSynchronize = 17;
inline constexpr uint32_t kCuStreamSynchronize = 126;
inline constexpr uint32_t kCuMemcpyHtoDAsync = 277;
inline constexpr uint32_t kCuMemcpyDtoHAsync = 279;
inline constexpr uint32_t kCuMemsetD32Async = 220;
inline constexpr uint32_t kCudaLaunchKernel = 211;
inline constexpr uint32_t kCudaLaunchKernelExC = 430;
inline constexpr uint32_t kUnderscoreCudaLaunchKernel = 505;
inline constexpr uint32_t kCudaLaunchCooperativeKernel = 269;
inline constexpr uint32_t kCudaGraphLaunch = 311;
inline constexpr uint32_t kCuLaunchKernel = 307;
inline constexpr uint32_t kCuLaunchKernelEx = 652;
inline constexpr uint32_t kCuGraphLaunch = 514;

}  // namespace graphlens::profiler::testing
