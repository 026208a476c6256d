#include "profiler/CuptiRecordDecoder.h"

namespace graphlens::profiler {
namespace {

CopyKind copyKindOf(uint8_t cuptiKind) {
    switch (cuptiKind) {
    case CUPTI_ACTIVITY_MEMCPY_KIND_HTOD: return CopyKind::HostToDevice;
    case CUPTI_ACTIVITY_MEMCPY_KIND_DTOH: return CopyKind::DeviceToHost;
    case CUPTI_ACTIVITY_MEMCPY_KIND_DTOD: return CopyKind::DeviceToDevice;
    case CUPTI_ACTIVITY_MEMCPY_KIND_HTOH: return CopyKind::HostToHost;
    case CUPTI_ACTIVITY_MEMCPY_KIND_PTOP: return CopyKind::PeerToPeer;
    case CUPTI_ACTIVITY_MEMCPY_KIND_HTOA:
    case CUPTI_ACTIVITY_MEMCPY_KIND_ATOH:
    case CUPTI_ACTIVITY_MEMCPY_KIND_ATOA:
    case CUPTI_ACTIVITY_MEMCPY_KIND_ATOD:
    case CUPTI_ACTIVITY_MEMCPY_KIND_DTOA: return CopyKind::Array;
    default: return CopyKind::Unknown;
    }
}

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
    case CUPTI_ACTIVITY_KIND_MEMCPY: {
        const auto& copy = reinterpret_cast<const CUpti_ActivityMemcpy6&>(record);
        batch.copies.push_back(CopyRecord{copy.start, copy.end, copy.deviceId, copy.streamId,
                                          copy.correlationId, copy.runtimeCorrelationId, copy.graphId,
                                          copy.bytes, copyKindOf(copy.copyKind)});
        return true;
    }
    case CUPTI_ACTIVITY_KIND_MEMSET: {
        const auto& set = reinterpret_cast<const CUpti_ActivityMemset4&>(record);
        batch.copies.push_back(CopyRecord{set.start, set.end, set.deviceId, set.streamId, set.correlationId,
                                          /*runtimeCorrelationId=*/0, set.graphId, set.bytes,
                                          CopyKind::Memset});
        return true;
    }
    case CUPTI_ACTIVITY_KIND_GRAPH_TRACE: {
        const auto& graph = reinterpret_cast<const CUpti_ActivityGraphTrace2&>(record);
        batch.graphExecutions.push_back(GraphExecutionRecord{graph.start, graph.end, graph.deviceId, graph.streamId,
                                                             graph.correlationId, graph.graphId});
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

bool handleApiCallback(ApiCallRecorder& recorder, CUpti_CallbackDomain domain, CUpti_CallbackId cbid,
                       const CUpti_CallbackData& data, uint64_t now, uint32_t threadId) {
    ApiDomain apiDomain;
    if (domain == CUPTI_CB_DOMAIN_RUNTIME_API) {
        apiDomain = ApiDomain::Runtime;
    } else if (domain == CUPTI_CB_DOMAIN_DRIVER_API) {
        apiDomain = ApiDomain::Driver;
    } else {
        return false;
    }
    if (data.callbackSite == CUPTI_API_ENTER) {
        recorder.enter(apiDomain, cbid, data.correlationData, now);
        return false;
    }
    if (data.callbackSite != CUPTI_API_EXIT || !data.correlationData) return false;
    return recorder.exit(apiDomain, cbid, data.correlationId, *data.correlationData, now, threadId);
}

}  // namespace graphlens::profiler
