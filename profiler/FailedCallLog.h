#pragma once
// The CUDA API calls of a capture attempt that returned an error (capture forensics, DESIGN §3b), and
// where each capture began: what turns "operation not permitted when stream is capturing" into the
// call that broke the capture, its thread, and what was running on that thread. No CUPTI type: the
// CUPTI source (FailedCallSource.h) feeds it, tests feed it synthetic calls. Thread-safe.
//
// Calls are ordered by when they were entered, not when they returned: a runtime call that fails
// (cudaStreamSynchronize) returns after the driver call it made (cuStreamSynchronize) failed inside
// it, and the call the user's code made is the outer one.
#include "profiler/ActivityRecords.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace graphlens::profiler {

struct FailedApiCall {
    ApiDomain domain = ApiDomain::Runtime;
    std::string name;            // "cudaStreamSynchronize" (CUPTI's version suffix removed)
    int returnCode = 0;          // cudaError_t or CUresult
    uint32_t threadId = 0;       // system thread id
    uint64_t enterOrder = 0;     // when it was entered, among every call the log saw
    std::string context;         // what the context hook said on the failing thread (operator, module)
};

class FailedCallLog {
public:
    // Runs on the failing call's own thread, inside the call: says what that thread was doing.
    using ContextHook = std::function<std::string()>;

    explicit FailedCallLog(ContextHook hook = {}) : hook_(std::move(hook)) {}

    // On every call's entry: its place in the order (the source keeps it in the call's slot).
    uint64_t enter() { return next_.fetch_add(1, std::memory_order_relaxed) + 1; }
    // On every call's exit. Kept: a call that returned an error (other than "not ready", the answer
    // of a query), and every call that begins a stream capture (its order marks the capture's start).
    void exit(ApiDomain domain, const char* name, int returnCode, uint32_t threadId, uint64_t enterOrder);

    // The first failed call entered after the first capture began (any call when no capture began
    // was seen), ignoring calls that only report an earlier error (cudaGetLastError).
    std::optional<FailedApiCall> firstFailureInCapture() const;
    // Every failed call, by entry order.
    std::vector<FailedApiCall> failures() const;
    std::optional<uint64_t> captureBeganAt() const;

    // "cudaStreamSynchronize_v3020" -> "cudaStreamSynchronize"; "cuStreamSynchronize_ptsz" stays.
    static std::string plainName(const char* cuptiName);

private:
    ContextHook hook_;
    std::atomic<uint64_t> next_{0};
    mutable std::mutex mutex_;
    std::vector<FailedApiCall> failures_;
    std::optional<uint64_t> captureBegan_;
};

}  // namespace graphlens::profiler
