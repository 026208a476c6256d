#pragma once
// The process's one libcupti, opened at run time. Compiled only when GRAPHLENS_HAVE_CUPTI.
#include <cupti.h>

#include <string>

namespace graphlens::profiler {

struct CuptiLibrary {
    // Opened on first use, never closed. Thread-safe.
    static const CuptiLibrary& instance();

    bool loaded = false;
    std::string error;  // why loaded is false
    std::string path;   // the file the loader picked, for the log and `env`

    decltype(&::cuptiActivityEnable) activityEnable = nullptr;
    decltype(&::cuptiActivityDisable) activityDisable = nullptr;
    decltype(&::cuptiActivityRegisterCallbacks) activityRegisterCallbacks = nullptr;
    decltype(&::cuptiActivityFlushAll) activityFlushAll = nullptr;
    decltype(&::cuptiActivityGetNextRecord) activityGetNextRecord = nullptr;
    decltype(&::cuptiActivityGetNumDroppedRecords) activityGetNumDroppedRecords = nullptr;
    decltype(&::cuptiGetResultString) getResultString = nullptr;
    decltype(&::cuptiGetTimestamp) getTimestamp = nullptr;
    decltype(&::cuptiSetThreadIdType) setThreadIdType = nullptr;
    decltype(&::cuptiGetCallbackName) getCallbackName = nullptr;
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
