#include "profiler/CuptiCollector.h"

#include "profiler/CuptiLibrary.h"

namespace graphlens::profiler {

CuptiCollector& cuptiCollector() {
    static CuptiCollector instance;
    return instance;
}

std::string cuptiApiName(ApiDomain domain, uint32_t cbid) {
    auto& names = cuptiCollector().names;
    const auto key = std::make_pair(domain, cbid);
    if (const auto it = names.find(key); it != names.end()) return it->second;
    const char* name = nullptr;
    const auto cuptiDomain = domain == ApiDomain::Runtime ? CUPTI_CB_DOMAIN_RUNTIME_API : CUPTI_CB_DOMAIN_DRIVER_API;
    if (CuptiLibrary::instance().cuptiGetCallbackName(cuptiDomain, cbid, &name) != CUPTI_SUCCESS || !name) name = "";
    return names.emplace(key, name).first->second;
}

}  // namespace graphlens::profiler
