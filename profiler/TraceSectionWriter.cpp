#include "profiler/TraceSectionWriter.h"

#include "profiler/RecordedApis.h"

#include <algorithm>
#include <limits>
#include <map>
#include <set>
#include <tuple>

namespace graphlens::profiler {
namespace {

using nlohmann::json;

constexpr int kPidsPerSection = 100;  // section i: host pid 100(i+1), GPU pids 100(i+1)+1+device

std::string traceApiName(const ApiRecord& api) {
    if (!api.name.empty()) return api.name;
    if (const auto name = recordedApiName(api.domain, api.cbid); !name.empty()) return std::string(name);
    return std::string(api.domain == ApiDomain::Runtime ? "runtime" : "driver") + " cbid " +
           std::to_string(api.cbid);
}

// Nsight Systems' spelling, so the two tools read alike.
const char* copyName(CopyKind kind) {
    switch (kind) {
    case CopyKind::HostToDevice: return "Memcpy HtoD";
    case CopyKind::DeviceToHost: return "Memcpy DtoH";
    case CopyKind::DeviceToDevice: return "Memcpy DtoD";
    case CopyKind::HostToHost: return "Memcpy HtoH";
    case CopyKind::PeerToPeer: return "Memcpy PtoP";
    case CopyKind::Array: return "Memcpy array";
    case CopyKind::Memset: return "Memset";
    case CopyKind::Unknown: break;
    }
    return "Memcpy";
}

bool isClosed(const PhaseMark& mark) { return mark.end != 0 && mark.end >= mark.start; }

// Graph kernels and copy nodes of one launch on one stream: drawn as one enclosing slice.
struct GraphNodeGroup {
    uint64_t start = std::numeric_limits<uint64_t>::max();
    uint64_t end = 0;
    uint32_t graphId = 0;
    int kernels = 0;
    int copies = 0;
};

}  // namespace

TraceSectionWriter::TraceSectionWriter(TraceEventEmitter& out, int index, const ActivityBatch& batch,
                                       const std::vector<PhaseMark>& phases)
    : out_(out), hostPid_(kPidsPerSection * (index + 1)), batch_(batch), phases_(phases), records_(correlate(batch)) {}

void TraceSectionWriter::write(const std::string& label) {
    writeTrackNames(label);
    writeHostSlices();
    writeGraphReplays();
    writeGraphLevelReplays();
    writeKernels();
    writeCopies();
}

// A host process with a track per thread, a GPU process per device with a track per stream.
void TraceSectionWriter::writeTrackNames(const std::string& label) {
    std::set<uint32_t> threads;
    std::map<uint32_t, std::set<uint32_t>> streamsByDevice;
    for (const auto& mark : phases_) {
        if (isClosed(mark)) threads.insert(mark.threadId);
    }
    for (const auto& api : records_.apis) threads.insert(api.record->threadId);
    for (const auto& kernel : records_.kernels) streamsByDevice[kernel.record->deviceId].insert(kernel.record->streamId);
    for (const auto& copy : records_.copies) streamsByDevice[copy.record->deviceId].insert(copy.record->streamId);
    for (const auto& graph : records_.graphExecutions) streamsByDevice[graph.record->deviceId].insert(graph.record->streamId);

    out_.metadata("process_name", hostPid_, std::nullopt, label + " host");
    out_.sortIndex(hostPid_, hostPid_);
    for (const auto thread : threads) out_.metadata("thread_name", hostPid_, thread, "thread " + std::to_string(thread));
    for (const auto& [device, streams] : streamsByDevice) {
        out_.metadata("process_name", gpuPid(device), std::nullopt, label + " GPU " + std::to_string(device));
        out_.sortIndex(gpuPid(device), gpuPid(device));
        for (const auto stream : streams) {
            out_.metadata("thread_name", gpuPid(device), stream, "stream " + std::to_string(stream));
        }
    }
}

void TraceSectionWriter::writeHostSlices() {
    for (const auto& mark : phases_) {
        if (!isClosed(mark)) continue;
        out_.slice(mark.name, "phase", hostPid_, mark.threadId, mark.start, mark.end, json::object());
    }
    for (const auto& api : records_.apis) {
        const auto& r = *api.record;
        out_.slice(traceApiName(r), r.domain == ApiDomain::Runtime ? "cuda_runtime" : "cuda_driver", hostPid_, r.threadId,
                   r.start, r.end, {{"cbid", r.cbid}, {"correlation", r.correlationId}});
    }
}

// Graph kernels and copy nodes grouped by launch and stream: one enclosing slice, one arrow per group.
void TraceSectionWriter::writeGraphReplays() {
    std::map<std::tuple<std::size_t, uint32_t, uint32_t>, GraphNodeGroup> graphs;  // (api, device, stream)
    const auto addToGroup = [&](std::size_t api, uint32_t device, uint32_t stream, uint64_t start,
                                uint64_t end, uint32_t graphId) -> GraphNodeGroup& {
        auto& group = graphs[{api, device, stream}];
        group.start = std::min(group.start, start);
        group.end = std::max(group.end, end);
        group.graphId = graphId;
        return group;
    };
    for (const auto& kernel : records_.kernels) {
        const auto& k = *kernel.record;
        if (k.graphId != 0) ++addToGroup(kernel.api, k.deviceId, k.streamId, k.start, k.end, k.graphId).kernels;
    }
    for (const auto& copy : records_.copies) {
        const auto& c = *copy.record;
        if (c.graphId != 0) ++addToGroup(copy.api, c.deviceId, c.streamId, c.start, c.end, c.graphId).copies;
    }
    for (const auto& [key, group] : graphs) {
        const auto& [apiIndex, device, stream] = key;
        const auto& launch = *records_.apis[apiIndex].record;
        out_.slice("graph " + std::to_string(group.graphId), "graph", gpuPid(device), stream, group.start, group.end,
                   {{"graphId", group.graphId},
                    {"kernels", group.kernels},
                    {"copies", group.copies},
                    {"correlation", launch.correlationId}});
        out_.flow(hostPid_, launch.threadId, launch.start, gpuPid(device), stream, group.start);
    }
}

// Graph-level tracing: the replay is the record; its nodes made none, the inventory counts its kernels.
void TraceSectionWriter::writeGraphLevelReplays() {
    for (const auto& graph : records_.graphExecutions) {
        const auto& g = *graph.record;
        const auto& launch = *records_.apis[graph.api].record;
        json args{{"graphId", g.graphId}, {"correlation", g.correlationId}, {"traced", "graph level"}};
        if (const auto it = batch_.graphKernelNodes.find(g.graphId); it != batch_.graphKernelNodes.end()) {
            args["kernels"] = it->second;
        }
        out_.slice("graph " + std::to_string(g.graphId), "graph", gpuPid(g.deviceId), g.streamId, g.start, g.end,
                   std::move(args));
        out_.flow(hostPid_, launch.threadId, launch.start, gpuPid(g.deviceId), g.streamId, g.start);
    }
}

// Eager kernels get an arrow from their launch; graph kernels share their group's (writeGraphReplays).
void TraceSectionWriter::writeKernels() {
    for (const auto& kernel : records_.kernels) {
        const auto& k = *kernel.record;
        out_.slice(k.name.empty() ? "kernel" : k.name, "kernel", gpuPid(k.deviceId), k.streamId, k.start, k.end,
                   {{"correlation", k.correlationId}, {"graphId", k.graphId}, {"stream", k.streamId},
                    {"device", k.deviceId}});
        if (k.graphId != 0) continue;
        const auto& launch = *records_.apis[kernel.api].record;
        out_.flow(hostPid_, launch.threadId, launch.start, gpuPid(k.deviceId), k.streamId, k.start);
    }
}

void TraceSectionWriter::writeCopies() {
    for (const auto& copy : records_.copies) {
        const auto& c = *copy.record;
        out_.slice(copyName(c.kind), c.kind == CopyKind::Memset ? "memset" : "memcpy", gpuPid(c.deviceId),
                   c.streamId, c.start, c.end,
                   {{"correlation", c.correlationId},
                    {"graphId", c.graphId},
                    {"bytes", c.bytes},
                    {"stream", c.streamId},
                    {"device", c.deviceId}});
        if (c.graphId != 0) continue;
        const auto& call = *records_.apis[copy.api].record;
        out_.flow(hostPid_, call.threadId, call.start, gpuPid(c.deviceId), c.streamId, c.start);
    }
}

}  // namespace graphlens::profiler
