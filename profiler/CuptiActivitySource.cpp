#include "profiler/CuptiActivitySource.h"

#include "graphlens/config.h"
#include "profiler/UnavailableActivitySource.h"

#if GRAPHLENS_HAVE_CUPTI
#include "profiler/ApiCallRecorder.h"
#include "profiler/CuptiLibrary.h"
#include "profiler/CuptiRecordDecoder.h"
#include "profiler/RecordedApis.h"
#include "platform/ProcessIds.h"

#include <array>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#endif

namespace graphlens::profiler {

#if GRAPHLENS_HAVE_CUPTI
namespace {

constexpr std::size_t kBufferBytes = 8 * 1024 * 1024;
constexpr std::size_t kBufferAlignment = 8;  // CUPTI requires 8-byte aligned activity buffers
// What ran on the GPU, as activity records. The API calls come from callbacks (ApiCallRecorder.h); only
// when those cannot be used, from the RUNTIME/DRIVER activity kinds narrowed per callback id.
constexpr std::array kGpuKinds{CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, CUPTI_ACTIVITY_KIND_MEMCPY,
                               CUPTI_ACTIVITY_KIND_MEMSET};
constexpr std::array kGpuKindNames{"CONCURRENT_KERNEL", "MEMCPY", "MEMSET"};
constexpr std::array kApiKinds{CUPTI_ACTIVITY_KIND_RUNTIME, CUPTI_ACTIVITY_KIND_DRIVER};
constexpr std::array kApiKindNames{"RUNTIME", "DRIVER"};
constexpr const char* kSlowerPass =
    "recording CUDA API calls the metrics do not use, which slows the profiled pass (";
constexpr const char* kActivityFallback =
    "recording CUDA API calls with CUPTI's activity API, which instruments every runtime and driver call "
    "and slows the profiled pass (";
// Set to "activity" to record API calls the old way (for comparing the two on a GPU).
constexpr const char* kApiRecordingVariable = "GRAPHLENS_CUPTI_API_RECORDING";

// CUPTI delivers buffers to C callbacks on its own thread: they land here, guarded by the mutex.
struct Collector {
    std::mutex mutex;
    ActivityBatch batch;
    std::map<std::pair<ApiDomain, uint32_t>, std::string> names;
    bool callbacksRegistered = false;
    std::atomic<bool> windowOpen{false};
    // The callback API's side: the calls of the open window, and the clock their callback reads.
    ApiCallRecorder apiCalls;
    decltype(&::cuptiGetTimestamp) getTimestamp = nullptr;
    // Graph-level tracing (armGraphLevelTracing): on for the rest of the process once armed.
    bool graphLevelArmed = false;
    std::map<uint32_t, int> graphKernelNodes;  // CUPTI graph id -> kernel nodes (noteCapturedGraph)
};

Collector& collector() {
    static Collector instance;
    return instance;
}

std::string apiName(ApiDomain domain, uint32_t cbid) {  // called with the collector's mutex held
    auto& names = collector().names;
    const auto key = std::make_pair(domain, cbid);
    if (const auto it = names.find(key); it != names.end()) return it->second;
    const char* name = nullptr;
    const auto cuptiDomain = domain == ApiDomain::Runtime ? CUPTI_CB_DOMAIN_RUNTIME_API : CUPTI_CB_DOMAIN_DRIVER_API;
    if (CuptiLibrary::instance().cuptiGetCallbackName(cuptiDomain, cbid, &name) != CUPTI_SUCCESS || !name) name = "";
    return names.emplace(key, name).first->second;
}

uint32_t systemThreadId() {  // gettid, the id CUPTI_ACTIVITY_THREAD_ID_TYPE_SYSTEM records; cached per thread
    return platform::currentSystemThreadId();
}

// On the launch path of every recorded call, twice: a timestamp, a table lookup, at exit one push_back.
void CUPTIAPI onApiCallback(void* userdata, CUpti_CallbackDomain domain, CUpti_CallbackId cbid,
                            const void* cbdata) {
    if (!cbdata || (domain != CUPTI_CB_DOMAIN_RUNTIME_API && domain != CUPTI_CB_DOMAIN_DRIVER_API)) return;
    auto& sink = *static_cast<Collector*>(userdata);
    uint64_t now = 0;
    if (sink.getTimestamp(&now) != CUPTI_SUCCESS) return;
    const auto& data = *static_cast<const CUpti_CallbackData*>(cbdata);
    handleApiCallback(sink.apiCalls, domain, cbid, data, now,
                      data.callbackSite == CUPTI_API_EXIT ? systemThreadId() : 0);
}

void CUPTIAPI bufferRequested(uint8_t** buffer, size_t* size, size_t* maxNumRecords) {
    *buffer = static_cast<uint8_t*>(std::aligned_alloc(kBufferAlignment, kBufferBytes));
    *size = *buffer ? kBufferBytes : 0;
    *maxNumRecords = 0;  // as many as fit
}

void CUPTIAPI bufferCompleted(CUcontext context, uint32_t streamId, uint8_t* buffer, size_t /*size*/,
                              size_t validSize) {
    const auto& lib = CuptiLibrary::instance();
    auto& sink = collector();
    {
        std::lock_guard lock(sink.mutex);
        CUpti_Activity* record = nullptr;
        while (lib.cuptiActivityGetNextRecord(buffer, validSize, &record) == CUPTI_SUCCESS) {
            decodeActivity(*record, sink.batch, apiName);
        }
        size_t dropped = 0;
        if (GRAPHLENS_CUPTI_CHECK(lib, cuptiActivityGetNumDroppedRecords(context, streamId, &dropped), nullptr)) {
            sink.batch.droppedByCupti += dropped;
        }
    }
    std::free(buffer);
}

class CuptiActivitySource final : public ActivitySource {
public:
    explicit CuptiActivitySource(CuptiRecords records)
        : lib_(CuptiLibrary::instance()), gpuRecords_(records == CuptiRecords::Full) {
        if (!lib_.loaded) reason_ = lib_.error;
    }
    ~CuptiActivitySource() override {
        if (open_) stop();
    }

    bool isAvailable() const override { return reason_.empty(); }
    std::string unavailableReason() const override { return reason_; }

    bool start() override {
        if (!isAvailable() || open_) return false;
        auto& sink = collector();
        if (sink.windowOpen.exchange(true)) {
            reason_ = "another CUPTI window is already open in this process";
            return false;
        }
        if (gpuRecords_) {
            std::lock_guard lock(sink.mutex);
            if (!sink.callbacksRegistered) {
                sink.callbacksRegistered = GRAPHLENS_CUPTI_CHECK(
                    lib_, cuptiActivityRegisterCallbacks(bufferRequested, bufferCompleted), &reason_);
            }
        }
        if (sink.graphLevelArmed) {
            // GRAPH_TRACE stays on between windows (captures and warm-up replays make records there):
            // hand those over now and forget them, so the window holds its own records only.
            GRAPHLENS_CUPTI_CHECK(lib_, cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED), nullptr);
        }
        {
            std::lock_guard lock(sink.mutex);
            sink.batch = {};
        }
        note_.clear();
        if (!gpuRecords_) return startApiOnly();
        bool ok = collector().callbacksRegistered;
        // System thread ids (gettid) in the records, the ones currentThreadId() gives phase marks. Not
        // fatal: CUPTI's default is pthread_self(), and currentThreadId() then follows it.
        std::string ignored;
        systemThreadIds_ = ok && GRAPHLENS_CUPTI_CHECK(lib_, cuptiSetThreadIdType(CUPTI_ACTIVITY_THREAD_ID_TYPE_SYSTEM), &ignored);
        std::size_t enabled = 0;
        for (; ok && enabled < kGpuKinds.size(); ++enabled) {
            ok = GRAPHLENS_CUPTI_CHECK(lib_, cuptiActivityEnable(kGpuKinds[enabled]), &reason_);
            if (!ok) {
                reason_ = std::string(kGpuKindNames[enabled]) + ": " + reason_;
                break;  // before ++enabled: only the kinds below this one are on
            }
        }
        if (ok) ok = startApiRecording();
        if (!ok) {
            for (std::size_t i = 0; i < enabled; ++i) {
                GRAPHLENS_CUPTI_CHECK(lib_, cuptiActivityDisable(kGpuKinds[i]), nullptr);
            }
            sink.windowOpen = false;
            if (reason_.empty()) reason_ = "CUPTI refused to start";
            return false;
        }
        open_ = true;
        return true;
    }

    std::string recordingNote() const override { return note_; }

    void stop() override {
        if (!open_) return;
        stopApiRecording();
        if (gpuRecords_) {
            for (const auto kind : kGpuKinds) GRAPHLENS_CUPTI_CHECK(lib_, cuptiActivityDisable(kind), nullptr);
            // Forced: also hands over buffers that are not full yet. Records of kernels still running are
            // incomplete (end 0) and the metrics discard and count them, hence "synchronize first".
            GRAPHLENS_CUPTI_CHECK(lib_, cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED), nullptr);
        }
        open_ = false;
        collector().windowOpen = false;
    }

    ActivityBatch flush() override {
        auto& sink = collector();
        std::lock_guard lock(sink.mutex);
        auto batch = std::exchange(sink.batch, ActivityBatch{});
        batch.graphKernelNodes = sink.graphKernelNodes;
        return batch;
    }

    uint64_t timestampNs() const override {
        uint64_t now = 0;
        if (lib_.loaded) GRAPHLENS_CUPTI_CHECK(lib_, cuptiGetTimestamp(&now), nullptr);
        return now;
    }

    uint32_t currentThreadId() const override {
        if (systemThreadIds_) return systemThreadId();
        return platform::currentLibraryThreadId();  // what CUPTI's default thread id type records
    }

private:
    // CuptiRecords::Calls: the callback API's calls only, the activity API never touched. No fallback to
    // the activity kinds: that would bring back the cost this window exists to leave out.
    bool startApiOnly() {
        std::string why = "this libcupti has no cuptiSubscribe/cuptiUnsubscribe/cuptiEnableCallback";
        if (!lib_.hasCallbackApi() || !subscribeCallbacks(why)) {
            reason_ = "recording API calls alone needs CUPTI's callback API: " + why;
            collector().windowOpen = false;
            return false;
        }
        systemThreadIds_ = true;  // the callbacks record gettid() themselves
        open_ = true;
        return true;
    }

    // The calls of RecordedApis.h through CUPTI's callback API: callbacks enabled for those ids only, so
    // the dozens of other runtime/driver calls libtorch and cuDNN make per kernel never enter CUPTI's
    // API instrumentation (the RUNTIME/DRIVER activity kinds route every call through it and only filter
    // the records). Falls back to the activity kinds, with a note, when the callback API is missing or
    // refused (another subscriber in the process, an id this CUPTI does not know).
    bool startApiRecording() {
        std::string why;
        const char* forced = std::getenv(kApiRecordingVariable);
        if (forced && std::strcmp(forced, "activity") == 0) {
            why = std::string(kApiRecordingVariable) + "=activity";
        } else if (!lib_.hasCallbackApi()) {
            why = "this libcupti has no cuptiSubscribe/cuptiUnsubscribe/cuptiEnableCallback";
        } else if (subscribeCallbacks(why)) {
            return true;
        }
        if (!enableApiRecording()) return false;
        const std::string narrowing = std::exchange(note_, std::string(kActivityFallback) + why + ")");
        if (!narrowing.empty()) note_ += "; " + narrowing;
        return true;
    }

    // One subscriber per process (CUPTI): subscribed per window, unsubscribed at stop(). The recorder
    // opens first, so a call already inside CUPTI when callbacks switch on is dropped, not mistimed.
    bool subscribeCallbacks(std::string& why) {
        auto& sink = collector();
        sink.getTimestamp = lib_.cuptiGetTimestamp;
        sink.apiCalls.open(timestampNs());
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
        systemThreadIds_ = true;  // the callback stamps gettid whatever cuptiSetThreadIdType said
        return true;
    }

    void stopApiRecording() {
        if (!subscriber_) {
            disableApiRecording();
            return;
        }
        GRAPHLENS_CUPTI_CHECK(lib_, cuptiUnsubscribe(subscriber_), nullptr);  // drops every callback
        subscriber_ = nullptr;
        auto& sink = collector();
        sink.apiCalls.close();
        std::lock_guard lock(sink.mutex);
        sink.apiCalls.drainInto(sink.batch, apiName);  // CUPTI's spelling, as the activity path names them
    }

    // Fallback: only the calls of RecordedApis.h. cupti_activity.h suggests switching ids on with
    // cuptiActivityEnable{Runtime,Driver}Api while the RUNTIME/DRIVER kinds stay off, but on the H200
    // (CUPTI 13.0, libtorch's wheel) that records no API call at all. What works is the header's other
    // use, scaled up: enable the kinds, then switch off every id that is not listed. Enabling a kind
    // resets the per-id switches (the header: the kind overrides them), so each window switches anew
    // and stop() has nothing to undo. Ids newer than our headers stay on: more records, never fewer.
    bool enableApiRecording() {
        for (std::size_t i = 0; i < kApiKinds.size(); ++i) {
            if (!GRAPHLENS_CUPTI_CHECK(lib_, cuptiActivityEnable(kApiKinds[i]), &reason_)) {
                reason_ = std::string(kApiKindNames[i]) + ": " + reason_;
                for (std::size_t j = 0; j < i; ++j) {
                    GRAPHLENS_CUPTI_CHECK(lib_, cuptiActivityDisable(kApiKinds[j]), nullptr);
                }
                return false;
            }
        }
        if (!lib_.cuptiActivityEnableRuntimeApi || !lib_.cuptiActivityEnableDriverApi) {
            note_ =
                kSlowerPass + std::string("this libcupti has no cuptiActivityEnableRuntimeApi/DriverApi)");
            return true;
        }
        narrowApiRecording();
        return true;
    }

    // Switches off every unlisted id. Not fatal: an id this libcupti refuses (one it does not know) is
    // skipped and counted, and only the first refusal is logged and named in the note.
    void narrowApiRecording() {
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
            note_ = kSlowerPass + std::to_string(refused) + " could not be left out, the first being " +
                    first + ")";
        }
    }

    void disableApiRecording() {
        for (const auto kind : kApiKinds) GRAPHLENS_CUPTI_CHECK(lib_, cuptiActivityDisable(kind), nullptr);
    }

    const CuptiLibrary& lib_;
    std::string reason_;
    std::string note_;
    bool open_ = false;
    const bool gpuRecords_;  // CuptiRecords::Full
    bool systemThreadIds_ = true;
    CUpti_SubscriberHandle subscriber_ = nullptr;  // set while the callback API records this window
};

}  // namespace

std::unique_ptr<ActivitySource> makeCuptiActivitySource(CuptiRecords records) {
    return std::make_unique<CuptiActivitySource>(records);
}

bool armGraphLevelTracing(std::string* why) {
    const auto& lib = CuptiLibrary::instance();
    auto& sink = collector();
    std::lock_guard lock(sink.mutex);
    if (sink.graphLevelArmed) return true;
    std::string reason;
    if (!lib.loaded) {
        reason = lib.error;
    } else if (!lib.cuptiGetGraphExecId) {
        reason = "this libcupti has no cuptiGetGraphExecId";
    } else {
        if (!sink.callbacksRegistered) {
            sink.callbacksRegistered = GRAPHLENS_CUPTI_CHECK(
                lib, cuptiActivityRegisterCallbacks(bufferRequested, bufferCompleted), &reason);
        }
        if (sink.callbacksRegistered &&
            GRAPHLENS_CUPTI_CHECK(lib, cuptiActivityEnable(CUPTI_ACTIVITY_KIND_GRAPH_TRACE), &reason)) {
            sink.graphLevelArmed = true;
            return true;
        }
    }
    if (why) *why = reason;
    return false;
}

void noteCapturedGraph(void* graphExec, int kernelNodes) {
    auto& sink = collector();
    std::lock_guard lock(sink.mutex);
    if (!sink.graphLevelArmed || !graphExec) return;  // never loads CUPTI into a process that did not arm it
    // A GRAPH_TRACE record's graphId is the executable graph's id (cuptiGetGraphExecId), not the id of
    // the graph it was instantiated from (H200, CUPTI 13.0: a replay reported 2, cuptiGetGraphId 1).
    uint32_t id = 0;
    if (GRAPHLENS_CUPTI_CHECK(CuptiLibrary::instance(),
                              cuptiGetGraphExecId(static_cast<CUgraphExec>(graphExec), &id), nullptr)) {
        sink.graphKernelNodes[id] = kernelNodes;
    }
}

#else

std::unique_ptr<ActivitySource> makeCuptiActivitySource(CuptiRecords) {
    return std::make_unique<UnavailableActivitySource>("GraphLens was built without CUPTI");
}

bool armGraphLevelTracing(std::string* why) {
    if (why) *why = "GraphLens was built without CUPTI";
    return false;
}

void noteCapturedGraph(void*, int) {}

#endif

}  // namespace graphlens::profiler
