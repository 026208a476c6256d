#include "profiler/CuptiRecordDecoder.h"

#include <cupti_driver_cbid.h>
#include <cupti_runtime_cbid.h>

namespace graphlens::profiler {
namespace {

// LaunchApis.cpp spells the callback ids as numbers so it builds without CUPTI; hold them to the headers.
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

}  // namespace

bool decodeActivity(const CUpti_Activity& record, ActivityBatch& batch, const ApiNamer& namer) {
    switch (record.kind) {
    case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL: {
        const auto& kernel = reinterpret_cast<const CUpti_ActivityKernel10&>(record);
        batch.kernels.push_back(KernelRecord{kernel.start, kernel.end, kernel.deviceId, kernel.streamId,
                                             kernel.correlationId, kernel.graphId,
                                             kernel.name ? std::string(kernel.name) : std::string{}});
        return true;
    }
    case CUPTI_ACTIVITY_KIND_RUNTIME:
    case CUPTI_ACTIVITY_KIND_DRIVER: {
        const auto& api = reinterpret_cast<const CUpti_ActivityAPI&>(record);
        const auto domain = record.kind == CUPTI_ACTIVITY_KIND_RUNTIME ? ApiDomain::Runtime : ApiDomain::Driver;
        batch.apis.push_back(ApiRecord{domain, api.cbid, api.start, api.end, api.correlationId, api.threadId,
                                       namer ? namer(domain, api.cbid) : std::string{}});
        return true;
    }
    default:
        return false;
    }
}

}  // namespace graphlens::profiler
