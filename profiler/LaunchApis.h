#pragma once
// Which CUDA API calls launch work (DESIGN §4): counted by CUPTI callback id, never by "any API
// record" (libtorch makes dozens of cudaGetDevice/cudaGetLastError calls per step that launch nothing).
#include "profiler/ActivityRecords.h"

#include <cstdint>
#include <string_view>

namespace graphlens::profiler {

enum class LaunchKind { None, Kernel, Graph };

// Runtime: cudaLaunch, cudaLaunchKernel, cudaLaunchKernelExC, CUDA 13's __cudaLaunchKernel,
// cooperative launches (all with their _ptsz twins); driver: cuLaunch, cuLaunchGrid(Async),
// cuLaunchKernel, cuLaunchKernelEx, cooperative. Graph: cudaGraphLaunch / cuGraphLaunch.
LaunchKind launchKind(ApiDomain domain, uint32_t cbid);

// "cudaLaunchKernel" for the launch entry points above, "" for anything else.
std::string_view launchApiName(ApiDomain domain, uint32_t cbid);

}  // namespace graphlens::profiler
