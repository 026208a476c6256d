#include "profiler/RecordedApis.h"

#include "profiler/LaunchApis.h"

#include <algorithm>
#include <iterator>

namespace graphlens::profiler {
namespace {

#define GRAPHLENS_RUNTIME_API(name, cbid, role) RecordedApi{ApiDomain::Runtime, cbid, ApiRole::role, #name},
#define GRAPHLENS_DRIVER_API(name, cbid, role) RecordedApi{ApiDomain::Driver, cbid, ApiRole::role, #name},
constexpr RecordedApi kMemoryAndSyncApis[] = {
#include "profiler/RecordedApiList.inc"
};
#undef GRAPHLENS_RUNTIME_API
#undef GRAPHLENS_DRIVER_API

std::vector<RecordedApi> buildTable() {
    std::vector<RecordedApi> table;
    for (const auto& launch : launchApis()) {
        const auto role = launch.kind == LaunchKind::Graph ? ApiRole::GraphLaunch : ApiRole::KernelLaunch;
        table.push_back(RecordedApi{launch.domain, launch.cbid, role, launch.name});
    }
    table.insert(table.end(), std::begin(kMemoryAndSyncApis), std::end(kMemoryAndSyncApis));
    return table;
}

const RecordedApi* find(ApiDomain domain, uint32_t cbid) {
    const auto table = recordedApis();
    const auto it = std::find_if(table.begin(), table.end(), [&](const RecordedApi& api) {
        return api.domain == domain && api.cbid == cbid;
    });
    return it == table.end() ? nullptr : &*it;
}

}  // namespace

std::span<const RecordedApi> recordedApis() {
    static const std::vector<RecordedApi> table = buildTable();
    return table;
}

std::vector<uint32_t> unrecordedCallbackIds(ApiDomain domain, uint32_t idCount) {
    std::vector<uint32_t> ids;
    for (uint32_t cbid = 1; cbid < idCount; ++cbid) {  // 0 is CUPTI's INVALID id in both domains
        if (!find(domain, cbid)) ids.push_back(cbid);
    }
    return ids;
}

ApiRole recordedApiRole(ApiDomain domain, uint32_t cbid) {
    const auto* api = find(domain, cbid);
    return api ? api->role : ApiRole::NotRecorded;
}

std::string_view recordedApiName(ApiDomain domain, uint32_t cbid) {
    const auto* api = find(domain, cbid);
    return api ? api->name : std::string_view{};
}

}  // namespace graphlens::profiler
