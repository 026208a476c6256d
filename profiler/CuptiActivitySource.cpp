// The CUPTI window itself: what is enabled at start() and undone at stop(). Its parts: CuptiCollector
// (the process-wide state CUPTI's callbacks fill), CuptiActivityBuffers (the activity API's buffers),
// CuptiApiCallRecording (the API calls: callback API, or the activity fallback).
#include "profiler/CuptiActivitySource.h"

#include "graphlens/config.h"
#include "profiler/UnavailableActivitySource.h"

#if GRAPHLENS_HAVE_CUPTI
#include "profiler/CuptiActivityBuffers.h"
#include "profiler/CuptiApiCallRecording.h"
#include "profiler/CuptiCollector.h"
#include "profiler/CuptiLibrary.h"
#include "platform/ProcessIds.h"

#include <array>
#include <mutex>
#include <string>
#include <utility>
#endif

namespace graphlens::profiler {

#if GRAPHLENS_HAVE_CUPTI
namespace {

// What ran on the GPU, as activity records. The API calls come from callbacks (CuptiApiCallRecording.h).
constexpr std::array kGpuKinds{CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, CUPTI_ACTIVITY_KIND_MEMCPY,
                               CUPTI_ACTIVITY_KIND_MEMSET};
constexpr std::array kGpuKindNames{"CONCURRENT_KERNEL", "MEMCPY", "MEMSET"};

class CuptiActivitySource final : public ActivitySource {
public:
    explicit CuptiActivitySource(CuptiRecords records)
        : lib_(CuptiLibrary::instance()), apiCalls_(lib_), gpuRecords_(records == CuptiRecords::Full) {
        if (!lib_.loaded) reason_ = lib_.error;
    }
    ~CuptiActivitySource() override {
        if (open_) stop();
    }

    bool isAvailable() const override { return reason_.empty(); }
    std::string unavailableReason() const override { return reason_; }

    bool start() override {
        if (!isAvailable() || open_) return false;
        if (!claimWindow()) return false;
        note_.clear();
        if (!gpuRecords_) return startCallsOnly();
        if (!startFull()) {
            cuptiCollector().windowOpen = false;
            if (reason_.empty()) reason_ = "CUPTI refused to start";
            return false;
        }
        if (apiCalls_.usesCallbacks()) systemThreadIds_ = true;  // the callback stamps gettid
        open_ = true;
        return true;
    }

    std::string recordingNote() const override { return note_; }

    void stop() override {
        if (!open_) return;
        apiCalls_.stop();
        if (gpuRecords_) {
            for (const auto kind : kGpuKinds) GRAPHLENS_CUPTI_CHECK(lib_, cuptiActivityDisable(kind), nullptr);
            // Forced: also hands over buffers that are not full yet. Records of kernels still running are
            // incomplete (end 0) and the metrics discard and count them, hence "synchronize first".
            GRAPHLENS_CUPTI_CHECK(lib_, cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED), nullptr);
        }
        open_ = false;
        cuptiCollector().windowOpen = false;
    }

    ActivityBatch flush() override {
        auto& sink = cuptiCollector();
        std::lock_guard lock(sink.mutex);
        auto batch = std::exchange(sink.batch, ActivityBatch{});
        batch.graphKernelNodes = sink.graphKernelNodes;
        return batch;
    }

    uint64_t timestampNs() const override { return lib_.timestampNs(); }

    uint32_t currentThreadId() const override {
        if (systemThreadIds_) return platform::currentSystemThreadId();  // gettid, as CUPTI's SYSTEM type
        return platform::currentLibraryThreadId();  // what CUPTI's default thread id type records
    }

private:
    // CUPTI is process-wide: takes the process's one window, registers the activity buffers (Full), and
    // starts from an empty batch. False when another window is open.
    bool claimWindow() {
        auto& sink = cuptiCollector();
        if (sink.windowOpen.exchange(true)) {
            reason_ = "another CUPTI window is already open in this process";
            return false;
        }
        if (gpuRecords_) {
            std::lock_guard lock(sink.mutex);
            registerActivityBuffers(lib_, sink, &reason_);
        }
        if (sink.graphLevelArmed) {
            // GRAPH_TRACE stays on between windows (captures and warm-up replays make records there):
            // hand those over now and forget them, so the window holds its own records only.
            GRAPHLENS_CUPTI_CHECK(lib_, cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED), nullptr);
        }
        std::lock_guard lock(sink.mutex);
        sink.batch = {};
        return true;
    }

    // CuptiRecords::Calls: the callback API's calls only, the activity API never touched.
    bool startCallsOnly() {
        std::string why;
        if (!apiCalls_.startCallbacksOnly(why)) {
            reason_ = "recording API calls alone needs CUPTI's callback API: " + why;
            cuptiCollector().windowOpen = false;
            return false;
        }
        systemThreadIds_ = true;  // the callbacks record gettid() themselves
        open_ = true;
        return true;
    }

    // CuptiRecords::Full: the GPU kinds, then the API calls; on failure the kinds enabled are off again.
    bool startFull() {
        bool ok = cuptiCollector().callbacksRegistered;
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
        if (ok) ok = apiCalls_.start(reason_, note_);
        if (ok) return true;
        for (std::size_t i = 0; i < enabled; ++i) GRAPHLENS_CUPTI_CHECK(lib_, cuptiActivityDisable(kGpuKinds[i]), nullptr);
        return false;
    }

    const CuptiLibrary& lib_;
    CuptiApiCallRecording apiCalls_;
    std::string reason_;
    std::string note_;
    bool open_ = false;
    const bool gpuRecords_;  // CuptiRecords::Full
    bool systemThreadIds_ = true;
};

}  // namespace

std::unique_ptr<ActivitySource> makeCuptiActivitySource(CuptiRecords records) {
    return std::make_unique<CuptiActivitySource>(records);
}

bool armGraphLevelTracing(std::string* why) {
    const auto& lib = CuptiLibrary::instance();
    auto& sink = cuptiCollector();
    std::lock_guard lock(sink.mutex);
    if (sink.graphLevelArmed) return true;
    std::string reason;
    if (!lib.loaded) {
        reason = lib.error;
    } else if (!lib.cuptiGetGraphExecId) {
        reason = "this libcupti has no cuptiGetGraphExecId";
    } else if (registerActivityBuffers(lib, sink, &reason) &&
               GRAPHLENS_CUPTI_CHECK(lib, cuptiActivityEnable(CUPTI_ACTIVITY_KIND_GRAPH_TRACE), &reason)) {
        sink.graphLevelArmed = true;
        return true;
    }
    if (why) *why = reason;
    return false;
}

void noteCapturedGraph(void* graphExec, int kernelNodes) {
    auto& sink = cuptiCollector();
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
