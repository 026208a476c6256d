#include "profiler/CuptiLibrary.h"

#include "platform/SharedLibrary.h"

#include <iostream>

namespace graphlens::profiler {
namespace {

// Why load it at run time (platform::openSharedLibrary) and not link against CUDA::cupti: CUPTI keeps
// process-wide state, so a process must use exactly one libcupti, and it must be the one libtorch
// already loaded (libtorch_cpu.so NEEDs libcupti.so.13 and finds the wheel's copy, nvidia/cu13/lib,
// through its RPATH). Linking the toolkit's copy would put /usr/local/cuda/lib64 in our RUNPATH and,
// depending on load order, make libtorch bind to the toolkit's file instead. Opening it "only if
// loaded" first picks up whichever copy is already in the process; only a process without libtorch
// falls back to the loader's ordinary search. Windows names the DLL after the toolkit's release
// (cupti64_<year>.<n>.<n>.dll); finding the one libtorch loaded there is not wired up yet, so there
// the profiled pass reports CUPTI as unavailable.
constexpr const char* kSoname = "libcupti.so.13";

template <typename Function>
bool bind(void* handle, const char* symbol, Function& out, std::string& error) {
    out = reinterpret_cast<Function>(platform::sharedLibrarySymbol(handle, symbol));
    if (!out && error.empty()) error = std::string(kSoname) + " has no symbol " + symbol;
    return out != nullptr;
}

template <typename Function>
void bindOptional(void* handle, const char* symbol, Function& out) {
    out = reinterpret_cast<Function>(platform::sharedLibrarySymbol(handle, symbol));
}

CuptiLibrary load() {
    CuptiLibrary lib;
#ifdef _WIN32
    lib.error = "the CUPTI profiler is not available on Windows yet (loading the CUPTI DLL libtorch uses is "
                "not wired up there)";
    return lib;
#else
    std::string why;
    void* handle = platform::openSharedLibrary(kSoname, /*onlyIfLoaded=*/true, why);
    if (!handle) {
        why.clear();
        handle = platform::openSharedLibrary(kSoname, /*onlyIfLoaded=*/false, why);
    }
    if (!handle) {
        lib.error = std::string("cannot open ") + kSoname + ": " + why;
        return lib;
    }
    lib.path = platform::sharedLibraryPath(handle);

    std::string& error = lib.error;
    bool ok = bind(handle, "cuptiActivityEnable", lib.cuptiActivityEnable, error);
    ok = bind(handle, "cuptiActivityDisable", lib.cuptiActivityDisable, error) && ok;
    ok = bind(handle, "cuptiActivityRegisterCallbacks", lib.cuptiActivityRegisterCallbacks, error) && ok;
    ok = bind(handle, "cuptiActivityFlushAll", lib.cuptiActivityFlushAll, error) && ok;
    ok = bind(handle, "cuptiActivityGetNextRecord", lib.cuptiActivityGetNextRecord, error) && ok;
    ok = bind(handle, "cuptiActivityGetNumDroppedRecords", lib.cuptiActivityGetNumDroppedRecords, error) && ok;
    ok = bind(handle, "cuptiGetResultString", lib.cuptiGetResultString, error) && ok;
    ok = bind(handle, "cuptiGetTimestamp", lib.cuptiGetTimestamp, error) && ok;
    ok = bind(handle, "cuptiSetThreadIdType", lib.cuptiSetThreadIdType, error) && ok;
    ok = bind(handle, "cuptiGetCallbackName", lib.cuptiGetCallbackName, error) && ok;
    // Not part of `ok`: an older CUPTI without them can still trace, at a higher cost.
    bindOptional(handle, "cuptiActivityEnableRuntimeApi", lib.cuptiActivityEnableRuntimeApi);
    bindOptional(handle, "cuptiActivityEnableDriverApi", lib.cuptiActivityEnableDriverApi);
    bindOptional(handle, "cuptiSubscribe", lib.cuptiSubscribe);
    bindOptional(handle, "cuptiUnsubscribe", lib.cuptiUnsubscribe);
    bindOptional(handle, "cuptiEnableCallback", lib.cuptiEnableCallback);
    bindOptional(handle, "cuptiEnableDomain", lib.cuptiEnableDomain);
    bindOptional(handle, "cuptiGetGraphExecId", lib.cuptiGetGraphExecId);
    lib.loaded = ok;
    return lib;
#endif
}

}  // namespace

const CuptiLibrary& CuptiLibrary::instance() {
    static const CuptiLibrary lib = load();
    return lib;
}

uint64_t CuptiLibrary::timestampNs() const {
    uint64_t now = 0;
    if (loaded) GRAPHLENS_CUPTI_CHECK(*this, cuptiGetTimestamp(&now), nullptr);
    return now;
}

namespace detail {

bool cuptiSucceeded(CUptiResult result, const char* call, const char* file, int line, std::string* error) {
    if (result == CUPTI_SUCCESS) return true;
    const char* text = nullptr;
    const auto& lib = CuptiLibrary::instance();
    if (!lib.cuptiGetResultString || lib.cuptiGetResultString(result, &text) != CUPTI_SUCCESS || !text) {
        text = "unknown CUPTI error";
    }
    const std::string message = std::string(call) + " failed: " + text + " (" + std::to_string(result) + ")";
    std::cerr << "GraphLens profiler: " << message << " at " << file << ':' << line << '\n';
    if (error) *error = message;
    return false;
}

}  // namespace detail
}  // namespace graphlens::profiler
