// Compile-time only: every callback id LaunchApis.cpp and RecordedApiList.inc spell as a number (so
// they build without CUPTI) is held to CUPTI's headers here. Compiled only when GRAPHLENS_HAVE_CUPTI.
#include <cupti_driver_cbid.h>
#include <cupti_runtime_cbid.h>

namespace graphlens::profiler {

// Launch entry points (LaunchApis.cpp).
static_assert(CUPTI_RUNTIME_TRACE_CBID_cudaLaunch_v3020 == 13);
static_assert(CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000 == 211);
static_assert(CUPTI_RUNTIME_TRACE_CBID_cudaLaunch_ptsz_v7000 == 213);
static_assert(CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_ptsz_v7000 == 214);
static_assert(CUPTI_RUNTIME_TRACE_CBID_cudaLaunchCooperativeKernel_v9000 == 269);
static_assert(CUPTI_RUNTIME_TRACE_CBID_cudaLaunchCooperativeKernel_ptsz_v9000 == 270);
static_assert(CUPTI_RUNTIME_TRACE_CBID_cudaLaunchCooperativeKernelMultiDevice_v9000 == 272);
static_assert(CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_v11060 == 430);
static_assert(CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_ptsz_v11060 == 431);
static_assert(CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000 == 505);
static_assert(CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_ptsz_v13000 == 506);
static_assert(CUPTI_RUNTIME_TRACE_CBID_cudaGraphLaunch_v10000 == 311);
static_assert(CUPTI_RUNTIME_TRACE_CBID_cudaGraphLaunch_ptsz_v10000 == 312);
static_assert(CUPTI_DRIVER_TRACE_CBID_cuLaunch == 115);
static_assert(CUPTI_DRIVER_TRACE_CBID_cuLaunchGrid == 116);
static_assert(CUPTI_DRIVER_TRACE_CBID_cuLaunchGridAsync == 117);
static_assert(CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel == 307);
static_assert(CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz == 442);
static_assert(CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel == 477);
static_assert(CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel_ptsz == 478);
static_assert(CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernelMultiDevice == 480);
static_assert(CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx == 652);
static_assert(CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz == 653);
static_assert(CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch == 514);
static_assert(CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch_ptsz == 515);

// Memory and synchronize calls (RecordedApiList.inc), every entry by construction.
#define GRAPHLENS_RUNTIME_API(name, cbid, role) \
    static_assert(CUPTI_RUNTIME_TRACE_CBID_##name == (cbid), "runtime callback id of " #name);
#define GRAPHLENS_DRIVER_API(name, cbid, role) \
    static_assert(CUPTI_DRIVER_TRACE_CBID_##name == (cbid), "driver callback id of " #name);
#include "profiler/RecordedApiList.inc"
#undef GRAPHLENS_RUNTIME_API
#undef GRAPHLENS_DRIVER_API

}  // namespace graphlens::profiler
