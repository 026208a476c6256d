#pragma once
// The API calls of a profiling window, recorded from CUPTI's *callback* API (README "Collection"): on a
// call's entry the source stores a timestamp in the call's own 64-bit slot (CUpti_CallbackData::
// correlationData, which CUPTI hands back unchanged on exit), on exit it hands enter and exit times here
// and the call becomes one ApiRecord, as the RUNTIME/DRIVER activity records did before. No CUPTI type:
// the CUPTI glue (handleApiCallback, CuptiRecordDecoder.h) feeds it, tests feed it synthetic calls.
// Only the calls of RecordedApis.h are kept, and only inside an open window: a call that exits after
// close(), or entered before open(), is dropped. enter()/exit() are on the launch path: no string work,
// no allocation beyond amortised growth of a vector reserved at open(); one uncontended mutex per kept
// call. Thread-safe.
#include "profiler/ActivityRecords.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

namespace graphlens::profiler {

class ApiCallRecorder {
public:
    // Names a call when draining; default: recordedApiName() (RecordedApis.h).
    using Namer = std::function<std::string(ApiDomain, uint32_t cbid)>;

    ApiCallRecorder();

    // Is (domain, cbid) one of RecordedApis.h? A table lookup, no search.
    bool isRecorded(ApiDomain domain, uint32_t cbid) const;
    // The ids the source must enable callbacks for, ascending.
    std::vector<uint32_t> callbackIds(ApiDomain domain) const;

    // Starts a window at `now` (the source's clock): forgets anything kept before, reserves room.
    void open(uint64_t now, std::size_t reserveCalls = 1 << 16);
    // Ends the window: later exits are dropped. What was kept stays until drainInto().
    void close();
    bool isOpen() const { return open_.load(std::memory_order_acquire); }

    // CUPTI_API_ENTER: stores `now` in the call's slot (for a recorded call in an open window).
    void enter(ApiDomain domain, uint32_t cbid, uint64_t* slot, uint64_t now) const;
    // CUPTI_API_EXIT: `enterTime` is what the slot holds now. Kept only for a recorded call in an open
    // window whose enter time lies in [window open, now]; false when dropped.
    bool exit(ApiDomain domain, uint32_t cbid, uint32_t correlationId, uint64_t enterTime, uint64_t now,
              uint32_t threadId);

    // Moves every kept call into batch.apis, named by `namer` (one call per distinct id), and forgets them.
    void drainInto(ActivityBatch& batch, const Namer& namer = {});
    std::size_t size() const;

private:
    struct Call {  // ApiRecord without the name: no string on the launch path
        uint64_t start;
        uint64_t end;
        uint32_t cbid;
        uint32_t correlationId;
        uint32_t threadId;
        ApiDomain domain;
    };

    const std::vector<uint8_t>& table(ApiDomain domain) const {
        return domain == ApiDomain::Runtime ? runtime_ : driver_;
    }

    std::vector<uint8_t> runtime_;  // runtime_[cbid] != 0: recorded
    std::vector<uint8_t> driver_;
    std::atomic<bool> open_{false};
    std::atomic<uint64_t> openedAt_{0};
    mutable std::mutex mutex_;
    std::vector<Call> calls_;
};

}  // namespace graphlens::profiler
