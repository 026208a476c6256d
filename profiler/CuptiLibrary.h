#pragma once
// The process's one libcupti, opened at run time. Compiled only when GRAPHLENS_HAVE_CUPTI.
#include <cupti.h>

#include <cstdint>
#include <string>

namespace graphlens::profiler {

struct CuptiLibrary {
    // Opened on first use, never closed. Thread-safe.
    static const CuptiLibrary& instance();

    bool loaded = false;
    std::string error;  // why loaded is false
    std::string path;   // the file the loader picked, for the log and `env`

    decltype(&::cuptiActivityEnable) cuptiActivityEnable = nullptr;
    decltype(&::cuptiActivityDisable) cuptiActivityDisable = nullptr;
    decltype(&::cuptiActivityRegisterCallbacks) cuptiActivityRegisterCallbacks = nullptr;
    decltype(&::cuptiActivityFlushAll) cuptiActivityFlushAll = nullptr;
    decltype(&::cuptiActivityGetNextRecord) cuptiActivityGetNextRecord = nullptr;
    decltype(&::cuptiActivityGetNumDroppedRecords) cuptiActivityGetNumDroppedRecords = nullptr;
    decltype(&::cuptiGetResultString) cuptiGetResultString = nullptr;
    decltype(&::cuptiGetTimestamp) cuptiGetTimestamp = nullptr;
    decltype(&::cuptiSetThreadIdType) cuptiSetThreadIdType = nullptr;
    decltype(&::cuptiGetCallbackName) cuptiGetCallbackName = nullptr;

    // Optional: per-callback-id recording (RecordedApis.h). Null in a CUPTI without them; the source
    // then records every runtime and driver call and says so (ActivitySource::recordingNote).
    decltype(&::cuptiActivityEnableRuntimeApi) cuptiActivityEnableRuntimeApi = nullptr;
    decltype(&::cuptiActivityEnableDriverApi) cuptiActivityEnableDriverApi = nullptr;

    // Optional: the callback API, how the source records API calls (README "Collection"). Null in a
    // CUPTI without them; the source then records them with the activity API and says so.
    decltype(&::cuptiSubscribe) cuptiSubscribe = nullptr;
    decltype(&::cuptiUnsubscribe) cuptiUnsubscribe = nullptr;
    decltype(&::cuptiEnableCallback) cuptiEnableCallback = nullptr;
    decltype(&::cuptiEnableDomain) cuptiEnableDomain = nullptr;  // every call of a domain (capture forensics)
    bool hasCallbackApi() const { return cuptiSubscribe && cuptiUnsubscribe && cuptiEnableCallback; }

    // Optional: CUPTI's id of an executable graph, the id a graph-level record names. Without it
    // graph-level tracing is not armed and replays are traced per kernel.
    decltype(&::cuptiGetGraphExecId) cuptiGetGraphExecId = nullptr;

    // CUPTI's clock (cuptiGetTimestamp), the one its records use; 0 when not loaded or it fails.
    uint64_t timestampNs() const;
};

namespace detail {
// Logs "<call> failed: <cuptiGetResultString> (file:line)" to stderr and keeps it in *error.
bool cuptiSucceeded(CUptiResult result, const char* call, const char* file, int line, std::string* error);
}  // namespace detail

}  // namespace graphlens::profiler

// The one way CUPTI is called: evaluates to true on CUPTI_SUCCESS, else logs the error string, stores
// it in *error (may be null) and evaluates to false. `lib` is a CuptiLibrary.
#define GRAPHLENS_CUPTI_CHECK(lib, call, error) \
    ::graphlens::profiler::detail::cuptiSucceeded((lib).call, #call, __FILE__, __LINE__, (error))
