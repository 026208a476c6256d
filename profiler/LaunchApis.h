#pragma once
// Which CUDA API calls launch work (DESIGN §4): counted by CUPTI callback id, never by "any API
// record" (libtorch makes dozens of cudaGetDevice/cudaGetLastError calls per step that launch nothing).
#include "profiler/ActivityRecords.h"

#include <cstdint>
#include <span>
#include <string_view>

namespace graphlens::profiler {

enum class LaunchKind { None, Kernel, Graph };

struct LaunchApi {
    ApiDomain domain;
    uint32_t cbid;  // values from cupti_runtime_cbid.h / cupti_driver_cbid.h (CUPTI 13.0),
                    // checked against the headers in CuptiCallbackIdChecks.cpp when CUPTI is built in
    LaunchKind kind;
    std::string_view name;
};

// Every launch entry point below, for the list of calls the CUPTI source records (RecordedApis.h).
std::span<const LaunchApi> launchApis();

// Runtime: cudaLaunch, cudaLaunchKernel, cudaLaunchKernelExC, CUDA 13's __cudaLaunchKernel,
// cooperative launches (all with their _ptsz twins); driver: cuLaunch, cuLaunchGrid(Async),
// cuLaunchKernel, cuLaunchKernelEx, cooperative. Graph: cudaGraphLaunch / cuGraphLaunch.
LaunchKind launchKind(ApiDomain domain, uint32_t cbid);

// "cudaLaunchKernel" for the launch entry points above, "" for anything else.
std::string_view launchApiName(ApiDomain domain, uint32_t cbid);

}  // namespace graphlens::profiler
