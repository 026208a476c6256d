#include "profiler/LaunchApis.h"

#include <array>

namespace graphlens::profiler {
namespace {

constexpr std::array kLaunchApis{
    LaunchApi{ApiDomain::Runtime, 13, LaunchKind::Kernel, "cudaLaunch"},
    LaunchApi{ApiDomain::Runtime, 211, LaunchKind::Kernel, "cudaLaunchKernel"},
    LaunchApi{ApiDomain::Runtime, 213, LaunchKind::Kernel, "cudaLaunch_ptsz"},
    LaunchApi{ApiDomain::Runtime, 214, LaunchKind::Kernel, "cudaLaunchKernel_ptsz"},
    LaunchApi{ApiDomain::Runtime, 269, LaunchKind::Kernel, "cudaLaunchCooperativeKernel"},
    LaunchApi{ApiDomain::Runtime, 270, LaunchKind::Kernel, "cudaLaunchCooperativeKernel_ptsz"},
    LaunchApi{ApiDomain::Runtime, 272, LaunchKind::Kernel, "cudaLaunchCooperativeKernelMultiDevice"},
    LaunchApi{ApiDomain::Runtime, 430, LaunchKind::Kernel, "cudaLaunchKernelExC"},
    LaunchApi{ApiDomain::Runtime, 431, LaunchKind::Kernel, "cudaLaunchKernelExC_ptsz"},
    LaunchApi{ApiDomain::Runtime, 505, LaunchKind::Kernel, "__cudaLaunchKernel"},
    LaunchApi{ApiDomain::Runtime, 506, LaunchKind::Kernel, "__cudaLaunchKernel_ptsz"},
    LaunchApi{ApiDomain::Runtime, 311, LaunchKind::Graph, "cudaGraphLaunch"},
    LaunchApi{ApiDomain::Runtime, 312, LaunchKind::Graph, "cudaGraphLaunch_ptsz"},
    LaunchApi{ApiDomain::Driver, 115, LaunchKind::Kernel, "cuLaunch"},
    LaunchApi{ApiDomain::Driver, 116, LaunchKind::Kernel, "cuLaunchGrid"},
    LaunchApi{ApiDomain::Driver, 117, LaunchKind::Kernel, "cuLaunchGridAsync"},
    LaunchApi{ApiDomain::Driver, 307, LaunchKind::Kernel, "cuLaunchKernel"},
    LaunchApi{ApiDomain::Driver, 442, LaunchKind::Kernel, "cuLaunchKernel_ptsz"},
    LaunchApi{ApiDomain::Driver, 477, LaunchKind::Kernel, "cuLaunchCooperativeKernel"},
    LaunchApi{ApiDomain::Driver, 478, LaunchKind::Kernel, "cuLaunchCooperativeKernel_ptsz"},
    LaunchApi{ApiDomain::Driver, 480, LaunchKind::Kernel, "cuLaunchCooperativeKernelMultiDevice"},
    LaunchApi{ApiDomain::Driver, 652, LaunchKind::Kernel, "cuLaunchKernelEx"},
    LaunchApi{ApiDomain::Driver, 653, LaunchKind::Kernel, "cuLaunchKernelEx_ptsz"},
    LaunchApi{ApiDomain::Driver, 514, LaunchKind::Graph, "cuGraphLaunch"},
    LaunchApi{ApiDomain::Driver, 515, LaunchKind::Graph, "cuGraphLaunch_ptsz"},
};

const LaunchApi* find(ApiDomain domain, uint32_t cbid) {
    for (const auto& api : kLaunchApis) {
        if (api.domain == domain && api.cbid == cbid) return &api;
    }
    return nullptr;
}

}  // namespace

std::span<const LaunchApi> launchApis() {
    return kLaunchApis;
}

LaunchKind launchKind(ApiDomain domain, uint32_t cbid) {
    const auto* api = find(domain, cbid);
    return api ? api->kind : LaunchKind::None;
}

std::string_view launchApiName(ApiDomain domain, uint32_t cbid) {
    const auto* api = find(domain, cbid);
    return api ? api->name : std::string_view{};
}

}  // namespace graphlens::profiler
