#include "profiler/CuptiApiCallRecording.h"

#include "profiler/CuptiCollector.h"
#include "profiler/CuptiRecordDecoder.h"
#include "profiler/RecordedApis.h"
#include "platform/ProcessIds.h"

#include <array>
#include <cstdlib>
#include <cstring>
#include <utility>

namespace graphlens::profiler {
namespace {

// The fallback's activity kinds, and their names for messages.
constexpr std::array kApiKinds{CUPTI_ACTIVITY_KIND_RUNTIME, CUPTI_ACTIVITY_KIND_DRIVER};
constexpr std::array kApiKindNames{"RUNTIME", "DRIVER"};
constexpr const char* kSlowerPass =
    "recording CUDA API calls the metrics do not use, which slows the profiled pass (";
constexpr const char* kActivityFallback =
    "recording CUDA API calls with CUPTI's activity API, which instruments every runtime and driver call "
    "and slows the profiled pass (";
constexpr const char* kNoCallbackApi = "this libcupti has no cuptiSubscribe/cuptiUnsubscribe/cuptiEnableCallback";
// Set to "activity" to record API calls the old way (for comparing the two on a GPU).
constexpr const char* kApiRecordingVariable = "GRAPHLENS_CUPTI_API_RECORDING";

// On the launch path of every recorded call, twice: a timestamp, a table lookup, at exit one push_back.
void CUPTIAPI onApiCallback(void* userdata, CUpti_CallbackDomain domain, CUpti_CallbackId cbid,
                            const void* cbdata) {
    if (!cbdata || (domain != CUPTI_CB_DOMAIN_RUNTIME_API && domain != CUPTI_CB_DOMAIN_DRIVER_API)) return;
    auto& sink = *static_cast<CuptiCollector*>(userdata);
    uint64_t now = 0;
    if (sink.getTimestamp(&now) != CUPTI_SUCCESS) return;
    const auto& data = *static_cast<const CUpti_CallbackData*>(cbdata);
    // gettid, the id CUPTI_ACTIVITY_THREAD_ID_TYPE_SYSTEM records; cached per thread.
    handleApiCallback(sink.apiCalls, domain, cbid, data, now,
                      data.callbackSite == CUPTI_API_EXIT ? platform::currentSystemThreadId() : 0);
}

}  // namespace

// No fallback to the activity kinds here: that would bring back the cost a Calls window exists to
// leave out.
bool CuptiApiCallRecording::startCallbacksOnly(std::string& why) {
    why = kNoCallbackApi;
    return lib_.hasCallbackApi() && subscribe(why);
}

bool CuptiApiCallRecording::start(std::string& reason, std::string& note) {
    std::string why;
    const char* forced = std::getenv(kApiRecordingVariable);
    if (forced && std::strcmp(forced, "activity") == 0) {
        why = std::string(kApiRecordingVariable) + "=activity";
    } else if (!lib_.hasCallbackApi()) {
        why = kNoCallbackApi;
    } else if (subscribe(why)) {
        return true;
    }
    if (!enableActivityKinds(reason, note)) return false;
    const std::string narrowing = std::exchange(note, std::string(kActivityFallback) + why + ")");
    if (!narrowing.empty()) note += "; " + narrowing;
    return true;
}

// One subscriber per process (CUPTI): subscribed per window, unsubscribed at stop(). The recorder
// opens first, so a call already inside CUPTI when callbacks switch on is dropped, not mistimed.
bool CuptiApiCallRecording::subscribe(std::string& why) {
    auto& sink = cuptiCollector();
    sink.getTimestamp = lib_.cuptiGetTimestamp;
    sink.apiCalls.open(lib_.timestampNs());
    CUpti_SubscriberHandle subscriber = nullptr;
    if (!GRAPHLENS_CUPTI_CHECK(lib_, cuptiSubscribe(&subscriber, onApiCallback, &sink), &why)) {
        sink.apiCalls.close();
        return false;
    }
    constexpr std::array domains{std::pair{ApiDomain::Runtime, CUPTI_CB_DOMAIN_RUNTIME_API},
                                 std::pair{ApiDomain::Driver, CUPTI_CB_DOMAIN_DRIVER_API}};
    for (const auto& [domain, cuptiDomain] : domains) {
        for (const uint32_t cbid : sink.apiCalls.callbackIds(domain)) {
            if (GRAPHLENS_CUPTI_CHECK(lib_, cuptiEnableCallback(1, subscriber, cuptiDomain, cbid), &why)) continue;
            why = std::string(domain == ApiDomain::Runtime ? "runtime" : "driver") + " callback id " +
                  std::to_string(cbid) + ": " + why;
            GRAPHLENS_CUPTI_CHECK(lib_, cuptiUnsubscribe(subscriber), nullptr);
            sink.apiCalls.close();  // what it kept is forgotten by the next open()
            return false;
        }
    }
    subscriber_ = subscriber;
    return true;
}

void CuptiApiCallRecording::stop() {
    if (!subscriber_) {
        disableActivityKinds();
        return;
    }
    GRAPHLENS_CUPTI_CHECK(lib_, cuptiUnsubscribe(subscriber_), nullptr);  // drops every callback
    subscriber_ = nullptr;
    auto& sink = cuptiCollector();
    sink.apiCalls.close();
    std::lock_guard lock(sink.mutex);
    sink.apiCalls.drainInto(sink.batch, cuptiApiName);  // CUPTI's spelling, as the activity path names them
}

// cupti_activity.h suggests switching ids on with cuptiActivityEnable{Runtime,Driver}Api while the
// RUNTIME/DRIVER kinds stay off, but on the H200 (CUPTI 13.0, libtorch's wheel) that records no API
// call at all. What works is the header's other use, scaled up: enable the kinds, then switch off every
// id that is not listed. Enabling a kind resets the per-id switches (the header: the kind overrides
// them), so each window switches anew and stop() has nothing to undo. Ids newer than our headers stay
// on: more records, never fewer.
bool CuptiApiCallRecording::enableActivityKinds(std::string& reason, std::string& note) {
    for (std::size_t i = 0; i < kApiKinds.size(); ++i) {
        if (!GRAPHLENS_CUPTI_CHECK(lib_, cuptiActivityEnable(kApiKinds[i]), &reason)) {
            reason = std::string(kApiKindNames[i]) + ": " + reason;
            for (std::size_t j = 0; j < i; ++j) {
                GRAPHLENS_CUPTI_CHECK(lib_, cuptiActivityDisable(kApiKinds[j]), nullptr);
            }
            return false;
        }
    }
    if (!lib_.cuptiActivityEnableRuntimeApi || !lib_.cuptiActivityEnableDriverApi) {
        note = kSlowerPass + std::string("this libcupti has no cuptiActivityEnableRuntimeApi/DriverApi)");
        return true;
    }
    narrowActivityKinds(note);
    return true;
}

// Switches off every unlisted id. Not fatal: an id this libcupti refuses (one it does not know) is
// skipped and counted, and only the first refusal is logged and named in the note.
void CuptiApiCallRecording::narrowActivityKinds(std::string& note) {
    std::size_t refused = 0;
    std::string first;
    const auto switchOff = [&](ApiDomain domain, uint32_t cbid) {
        const bool runtime = domain == ApiDomain::Runtime;
        const CUptiResult result = runtime ? lib_.cuptiActivityEnableRuntimeApi(cbid, 0)
                                           : lib_.cuptiActivityEnableDriverApi(cbid, 0);
        if (result == CUPTI_SUCCESS || refused++ > 0) return;
        detail::cuptiSucceeded(
            result,
            runtime ? "cuptiActivityEnableRuntimeApi(cbid, 0)" : "cuptiActivityEnableDriverApi(cbid, 0)",
            __FILE__, __LINE__, &first);
        first = std::string(runtime ? "runtime" : "driver") + " callback id " + std::to_string(cbid) +
                ": " + first;
    };
    for (const uint32_t cbid : unrecordedCallbackIds(ApiDomain::Runtime, CUPTI_RUNTIME_TRACE_CBID_SIZE)) {
        switchOff(ApiDomain::Runtime, cbid);
    }
    for (const uint32_t cbid : unrecordedCallbackIds(ApiDomain::Driver, CUPTI_DRIVER_TRACE_CBID_SIZE)) {
        switchOff(ApiDomain::Driver, cbid);
    }
    if (refused > 0) {
        note = kSlowerPass + std::to_string(refused) + " could not be left out, the first being " + first + ")";
    }
}

void CuptiApiCallRecording::disableActivityKinds() {
    for (const auto kind : kApiKinds) GRAPHLENS_CUPTI_CHECK(lib_, cuptiActivityDisable(kind), nullptr);
}

}  // namespace graphlens::profiler
