#include "profiler/ApiCallRecorder.h"

#include "profiler/RecordedApis.h"

#include <map>
#include <utility>

namespace graphlens::profiler {

ApiCallRecorder::ApiCallRecorder() {
    for (const auto& api : recordedApis()) {
        auto& ids = api.domain == ApiDomain::Runtime ? runtime_ : driver_;
        if (ids.size() <= api.cbid) ids.resize(api.cbid + 1, 0);
        ids[api.cbid] = 1;
    }
}

bool ApiCallRecorder::isRecorded(ApiDomain domain, uint32_t cbid) const {
    const auto& ids = table(domain);
    return cbid < ids.size() && ids[cbid] != 0;
}

std::vector<uint32_t> ApiCallRecorder::callbackIds(ApiDomain domain) const {
    std::vector<uint32_t> ids;
    const auto& recorded = table(domain);
    for (uint32_t cbid = 0; cbid < recorded.size(); ++cbid) {
        if (recorded[cbid]) ids.push_back(cbid);
    }
    return ids;
}

void ApiCallRecorder::open(uint64_t now, std::size_t reserveCalls) {
    {
        std::lock_guard lock(mutex_);
        calls_.clear();
        calls_.reserve(reserveCalls);
    }
    openedAt_.store(now, std::memory_order_relaxed);
    open_.store(true, std::memory_order_release);
}

void ApiCallRecorder::close() { open_.store(false, std::memory_order_release); }

void ApiCallRecorder::enter(ApiDomain domain, uint32_t cbid, uint64_t* slot, uint64_t now) const {
    if (slot && isOpen() && isRecorded(domain, cbid)) *slot = now;
}

bool ApiCallRecorder::exit(ApiDomain domain, uint32_t cbid, uint32_t correlationId, uint64_t enterTime,
                           uint64_t now, uint32_t threadId) {
    if (!isOpen() || !isRecorded(domain, cbid)) return false;
    // An enter before the window (or a slot we never wrote) holds anything: keep only plausible times.
    if (enterTime < openedAt_.load(std::memory_order_relaxed) || enterTime > now) return false;
    std::lock_guard lock(mutex_);
    if (!isOpen()) return false;  // closed while we waited: drainInto() may already have run
    calls_.push_back(Call{enterTime, now, cbid, correlationId, threadId, domain});
    return true;
}

void ApiCallRecorder::drainInto(ActivityBatch& batch, const Namer& namer) {
    std::vector<Call> calls;
    {
        std::lock_guard lock(mutex_);
        calls.swap(calls_);
    }
    std::map<std::pair<ApiDomain, uint32_t>, std::string> names;
    const auto nameOf = [&](ApiDomain domain, uint32_t cbid) -> const std::string& {
        const auto key = std::make_pair(domain, cbid);
        if (const auto it = names.find(key); it != names.end()) return it->second;
        return names.emplace(key, namer ? namer(domain, cbid) : std::string(recordedApiName(domain, cbid)))
            .first->second;
    };
    batch.apis.reserve(batch.apis.size() + calls.size());
    for (const auto& call : calls) {
        batch.apis.push_back(ApiRecord{call.domain, call.cbid, call.start, call.end, call.correlationId,
                                       call.threadId, nameOf(call.domain, call.cbid)});
    }
}

std::size_t ApiCallRecorder::size() const {
    std::lock_guard lock(mutex_);
    return calls_.size();
}

}  // namespace graphlens::profiler
