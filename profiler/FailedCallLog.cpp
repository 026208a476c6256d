#include "profiler/FailedCallLog.h"

#include <algorithm>
#include <cstring>

namespace graphlens::profiler {
namespace {

constexpr int kNotReady = 600;  // cudaErrorNotReady == CUDA_ERROR_NOT_READY: a query's "not yet"

// These return an error made earlier, not one of their own.
bool reportsEarlierError(const std::string& name) {
    return name == "cudaGetLastError" || name == "cudaPeekAtLastError";
}

}  // namespace

std::string FailedCallLog::plainName(const char* cuptiName) {
    std::string name = cuptiName ? cuptiName : "";
    // CUPTI appends the version that introduced the entry point: _v3020, _v10000, _v2 stays (part of
    // the driver's name).
    const auto suffix = name.rfind("_v");
    if (suffix != std::string::npos && suffix + 2 < name.size() && name.size() - suffix > 3 &&
        std::all_of(name.begin() + static_cast<long>(suffix) + 2, name.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        name.erase(suffix);
    }
    return name;
}

void FailedCallLog::exit(ApiDomain domain, const char* cuptiName, int returnCode, uint32_t threadId,
                         uint64_t enterOrder) {
    if (returnCode == 0) {
        if (!cuptiName || !std::strstr(cuptiName, "BeginCapture")) return;
        std::lock_guard lock(mutex_);
        if (!captureBegan_ || enterOrder < *captureBegan_) captureBegan_ = enterOrder;
        return;
    }
    if (returnCode == kNotReady) return;
    FailedApiCall call{domain, plainName(cuptiName), returnCode, threadId, enterOrder, {}};
    if (hook_) call.context = hook_();  // on the failing thread, before anything else runs there
    std::lock_guard lock(mutex_);
    failures_.push_back(std::move(call));
}

std::vector<FailedApiCall> FailedCallLog::failures() const {
    std::lock_guard lock(mutex_);
    auto sorted = failures_;
    std::sort(sorted.begin(), sorted.end(),
              [](const FailedApiCall& a, const FailedApiCall& b) { return a.enterOrder < b.enterOrder; });
    return sorted;
}

std::optional<uint64_t> FailedCallLog::captureBeganAt() const {
    std::lock_guard lock(mutex_);
    return captureBegan_;
}

std::optional<FailedApiCall> FailedCallLog::firstFailureInCapture() const {
    const auto began = captureBeganAt();
    for (const auto& call : failures()) {
        if (began && call.enterOrder < *began) continue;
        if (reportsEarlierError(call.name)) continue;
        return call;
    }
    return std::nullopt;
}

}  // namespace graphlens::profiler
