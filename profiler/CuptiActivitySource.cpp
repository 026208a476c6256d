#include "profiler/CuptiActivitySource.h"

#include "graphlens/config.h"
#include "profiler/UnavailableActivitySource.h"

#if GRAPHLENS_HAVE_CUPTI
#include "profiler/CuptiLibrary.h"
#include "profiler/CuptiRecordDecoder.h"

#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cstdlib>
#include <map>
#include <mutex>
#include <utility>
#endif

namespace graphlens::profiler {

#if GRAPHLENS_HAVE_CUPTI
namespace {

constexpr std::size_t kBufferBytes = 8 * 1024 * 1024;
constexpr std::size_t kBufferAlignment = 8;  // CUPTI requires 8-byte aligned activity buffers
constexpr std::array kKinds{CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, CUPTI_ACTIVITY_KIND_RUNTIME,
                            CUPTI_ACTIVITY_KIND_DRIVER};
constexpr std::array kKindNames{"CONCURRENT_KERNEL", "RUNTIME", "DRIVER"};

// CUPTI delivers buffers to C callbacks on its own thread: they land here, guarded by the mutex.
struct Collector {
    std::mutex mutex;
    ActivityBatch batch;
    std::map<std::pair<ApiDomain, uint32_t>, std::string> names;
    bool callbacksRegistered = false;
    std::atomic<bool> windowOpen{false};
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
    CuptiActivitySource() : lib_(CuptiLibrary::instance()) {
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
        {
            std::lock_guard lock(sink.mutex);
            if (!sink.callbacksRegistered) {
                sink.callbacksRegistered = GRAPHLENS_CUPTI_CHECK(
                    lib_, cuptiActivityRegisterCallbacks(bufferRequested, bufferCompleted), &reason_);
            }
            sink.batch = {};
        }
        bool ok = collector().callbacksRegistered;
        // System thread ids (gettid) in the records, the ones currentThreadId() gives phase marks. Not
        // fatal: CUPTI's default is pthread_self(), and currentThreadId() then follows it.
        std::string ignored;
        systemThreadIds_ = ok && GRAPHLENS_CUPTI_CHECK(lib_, cuptiSetThreadIdType(CUPTI_ACTIVITY_THREAD_ID_TYPE_SYSTEM), &ignored);
        std::size_t enabled = 0;
        for (; ok && enabled < kKinds.size(); ++enabled) {
            ok = GRAPHLENS_CUPTI_CHECK(lib_, cuptiActivityEnable(kKinds[enabled]), &reason_);
            if (!ok) {
                reason_ = std::string(kKindNames[enabled]) + ": " + reason_;
                break;
            }
        }
        if (!ok) {
            for (std::size_t i = 0; i < enabled; ++i) GRAPHLENS_CUPTI_CHECK(lib_, cuptiActivityDisable(kKinds[i]), nullptr);
            sink.windowOpen = false;
            if (reason_.empty()) reason_ = "CUPTI refused to start";
            return false;
        }
        open_ = true;
        return true;
    }

    void stop() override {
        if (!open_) return;
        for (const auto kind : kKinds) GRAPHLENS_CUPTI_CHECK(lib_, cuptiActivityDisable(kind), nullptr);
        // Forced: also hands over buffers that are not full yet. Records of kernels still running are
        // incomplete (end 0) and the metrics discard and count them, hence "synchronize first".
        GRAPHLENS_CUPTI_CHECK(lib_, cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED), nullptr);
        open_ = false;
        collector().windowOpen = false;
    }

    ActivityBatch flush() override {
        auto& sink = collector();
        std::lock_guard lock(sink.mutex);
        return std::exchange(sink.batch, ActivityBatch{});
    }

    uint64_t timestampNs() const override {
        uint64_t now = 0;
        if (lib_.loaded) GRAPHLENS_CUPTI_CHECK(lib_, cuptiGetTimestamp(&now), nullptr);
        return now;
    }

    uint32_t currentThreadId() const override {
        if (systemThreadIds_) return static_cast<uint32_t>(syscall(SYS_gettid));
        return static_cast<uint32_t>(pthread_self());  // what CUPTI's default thread id type records
    }

private:
    const CuptiLibrary& lib_;
    std::string reason_;
    bool open_ = false;
    bool systemThreadIds_ = true;
};

}  // namespace

std::unique_ptr<ActivitySource> makeCuptiActivitySource() { return std::make_unique<CuptiActivitySource>(); }

#else

std::unique_ptr<ActivitySource> makeCuptiActivitySource() {
    return std::make_unique<UnavailableActivitySource>("GraphLens was built without CUPTI");
}

#endif

}  // namespace graphlens::profiler
