#include "profiler/ChromeTrace.h"

#include "profiler/Correlation.h"
#include "profiler/RecordedApis.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <tuple>

namespace graphlens::profiler {
namespace {

using nlohmann::json;

constexpr int kPidsPerSection = 100;  // section i: host pid 100(i+1), GPU pids 100(i+1)+1+device

std::string apiName(const ApiRecord& api) {
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

class Emitter {
public:
    explicit Emitter(uint64_t origin) : origin_(origin) {}

    double ts(uint64_t ns) const { return static_cast<double>(ns - origin_) / 1000.0; }
    double dur(uint64_t start, uint64_t end) const { return static_cast<double>(end - start) / 1000.0; }

    void metadata(const char* what, int pid, std::optional<uint32_t> tid, const std::string& name) {
        json event{{"ph", "M"}, {"name", what}, {"pid", pid}, {"args", {{"name", name}}}};
        if (tid) event["tid"] = *tid;
        events.push_back(std::move(event));
    }
    void sortIndex(int pid, int index) {
        events.push_back({{"ph", "M"}, {"name", "process_sort_index"}, {"pid", pid}, {"args", {{"sort_index", index}}}});
    }
    void slice(const std::string& name, const char* category, int pid, uint32_t tid, uint64_t start,
               uint64_t end, json args) {
        events.push_back({{"ph", "X"}, {"name", name}, {"cat", category}, {"pid", pid}, {"tid", tid},
                          {"ts", ts(start)}, {"dur", dur(start, end)}, {"args", std::move(args)}});
    }
    // An arrow from the slice enclosing `from` to the slice enclosing `to`.
    void flow(int fromPid, uint32_t fromTid, uint64_t from, int toPid, uint32_t toTid, uint64_t to) {
        const uint64_t id = ++flows_;
        events.push_back({{"ph", "s"}, {"name", "launch"}, {"cat", "flow"}, {"id", id}, {"pid", fromPid},
                          {"tid", fromTid}, {"ts", ts(from)}, {"bp", "e"}});
        events.push_back({{"ph", "f"}, {"name", "launch"}, {"cat", "flow"}, {"id", id}, {"pid", toPid},
                          {"tid", toTid}, {"ts", ts(to)}, {"bp", "e"}});
    }

    json events = json::array();

private:
    uint64_t origin_;
    uint64_t flows_ = 0;
};

void emitSection(Emitter& out, int index, const std::string& label, const ActivityBatch& batch,
                 const std::vector<PhaseMark>& phases) {
    const int hostPid = kPidsPerSection * (index + 1);
    const auto gpuPid = [&](uint32_t device) { return hostPid + 1 + static_cast<int>(device); };
    const auto records = correlate(batch);

    std::set<uint32_t> threads;
    std::map<uint32_t, std::set<uint32_t>> streamsByDevice;
    for (const auto& mark : phases) {
        if (mark.end != 0 && mark.end >= mark.start) threads.insert(mark.threadId);
    }
    for (const auto& api : records.apis) threads.insert(api.record->threadId);
    for (const auto& kernel : records.kernels) streamsByDevice[kernel.record->deviceId].insert(kernel.record->streamId);
    for (const auto& copy : records.copies) {
        streamsByDevice[copy.record->deviceId].insert(copy.record->streamId);
    }
    for (const auto& graph : records.graphExecutions) {
        streamsByDevice[graph.record->deviceId].insert(graph.record->streamId);
    }

    out.metadata("process_name", hostPid, std::nullopt, label + " host");
    out.sortIndex(hostPid, hostPid);
    for (const auto thread : threads) out.metadata("thread_name", hostPid, thread, "thread " + std::to_string(thread));
    for (const auto& [device, streams] : streamsByDevice) {
        out.metadata("process_name", gpuPid(device), std::nullopt, label + " GPU " + std::to_string(device));
        out.sortIndex(gpuPid(device), gpuPid(device));
        for (const auto stream : streams) {
            out.metadata("thread_name", gpuPid(device), stream, "stream " + std::to_string(stream));
        }
    }

    for (const auto& mark : phases) {
        if (mark.end == 0 || mark.end < mark.start) continue;
        out.slice(mark.name, "phase", hostPid, mark.threadId, mark.start, mark.end, json::object());
    }
    for (const auto& api : records.apis) {
        const auto& r = *api.record;
        out.slice(apiName(r), r.domain == ApiDomain::Runtime ? "cuda_runtime" : "cuda_driver", hostPid, r.threadId,
                  r.start, r.end, {{"cbid", r.cbid}, {"correlation", r.correlationId}});
    }

    // Graph kernels and copy nodes grouped by launch and stream: one enclosing slice, one arrow per group.
    struct Group {
        uint64_t start = std::numeric_limits<uint64_t>::max();
        uint64_t end = 0;
        uint32_t graphId = 0;
        int kernels = 0;
        int copies = 0;
    };
    std::map<std::tuple<std::size_t, uint32_t, uint32_t>, Group> graphs;  // (api, device, stream)
    const auto addToGroup = [&](std::size_t api, uint32_t device, uint32_t stream, uint64_t start,
                                uint64_t end, uint32_t graphId) -> Group& {
        auto& group = graphs[{api, device, stream}];
        group.start = std::min(group.start, start);
        group.end = std::max(group.end, end);
        group.graphId = graphId;
        return group;
    };
    for (const auto& kernel : records.kernels) {
        const auto& k = *kernel.record;
        if (k.graphId != 0) {
            ++addToGroup(kernel.api, k.deviceId, k.streamId, k.start, k.end, k.graphId).kernels;
        }
    }
    for (const auto& copy : records.copies) {
        const auto& c = *copy.record;
        if (c.graphId != 0) ++addToGroup(copy.api, c.deviceId, c.streamId, c.start, c.end, c.graphId).copies;
    }
    for (const auto& [key, group] : graphs) {
        const auto& [apiIndex, device, stream] = key;
        const auto& launch = *records.apis[apiIndex].record;
        out.slice("graph " + std::to_string(group.graphId), "graph", gpuPid(device), stream, group.start,
                  group.end,
                  {{"graphId", group.graphId},
                   {"kernels", group.kernels},
                   {"copies", group.copies},
                   {"correlation", launch.correlationId}});
        out.flow(hostPid, launch.threadId, launch.start, gpuPid(device), stream, group.start);
    }
    // Graph-level tracing: the replay is the record; its nodes made none, the inventory counts its kernels.
    for (const auto& graph : records.graphExecutions) {
        const auto& g = *graph.record;
        const auto& launch = *records.apis[graph.api].record;
        json args{{"graphId", g.graphId}, {"correlation", g.correlationId}, {"traced", "graph level"}};
        if (const auto it = batch.graphKernelNodes.find(g.graphId); it != batch.graphKernelNodes.end()) {
            args["kernels"] = it->second;
        }
        out.slice("graph " + std::to_string(g.graphId), "graph", gpuPid(g.deviceId), g.streamId, g.start, g.end,
                  std::move(args));
        out.flow(hostPid, launch.threadId, launch.start, gpuPid(g.deviceId), g.streamId, g.start);
    }
    for (const auto& kernel : records.kernels) {
        const auto& k = *kernel.record;
        out.slice(k.name.empty() ? "kernel" : k.name, "kernel", gpuPid(k.deviceId), k.streamId, k.start, k.end,
                  {{"correlation", k.correlationId}, {"graphId", k.graphId}, {"stream", k.streamId},
                   {"device", k.deviceId}});
        if (k.graphId != 0) continue;
        const auto& launch = *records.apis[kernel.api].record;
        out.flow(hostPid, launch.threadId, launch.start, gpuPid(k.deviceId), k.streamId, k.start);
    }
    for (const auto& copy : records.copies) {
        const auto& c = *copy.record;
        out.slice(copyName(c.kind), c.kind == CopyKind::Memset ? "memset" : "memcpy", gpuPid(c.deviceId),
                  c.streamId, c.start, c.end,
                  {{"correlation", c.correlationId},
                   {"graphId", c.graphId},
                   {"bytes", c.bytes},
                   {"stream", c.streamId},
                   {"device", c.deviceId}});
        if (c.graphId != 0) continue;
        const auto& call = *records.apis[copy.api].record;
        out.flow(hostPid, call.threadId, call.start, gpuPid(c.deviceId), c.streamId, c.start);
    }
}

}  // namespace

void ChromeTrace::add(std::string label, const ActivityBatch& batch, const std::vector<PhaseMark>& phases) {
    sections_.push_back(Section{std::move(label), batch, phases});
}

std::string ChromeTrace::toJson() const {
    uint64_t origin = std::numeric_limits<uint64_t>::max();
    for (const auto& section : sections_) {
        for (const auto& mark : section.phases) origin = std::min(origin, mark.start == 0 ? origin : mark.start);
        for (const auto& api : section.batch.apis) origin = std::min(origin, api.start == 0 ? origin : api.start);
        for (const auto& k : section.batch.kernels) origin = std::min(origin, k.start == 0 ? origin : k.start);
        for (const auto& c : section.batch.copies) origin = std::min(origin, c.start == 0 ? origin : c.start);
        for (const auto& g : section.batch.graphExecutions) origin = std::min(origin, g.start == 0 ? origin : g.start);
    }
    if (origin == std::numeric_limits<uint64_t>::max()) origin = 0;

    Emitter out(origin);
    for (std::size_t i = 0; i < sections_.size(); ++i) {
        emitSection(out, static_cast<int>(i), sections_[i].label, sections_[i].batch, sections_[i].phases);
    }
    const json document{{"traceEvents", std::move(out.events)},
                        {"displayTimeUnit", "ns"},
                        {"otherData", {{"generator", "GraphLens"}, {"clock", "CUPTI timestamp"},
                                       {"originNs", origin}}}};
    return document.dump();
}

void ChromeTrace::writeFile(const std::string& path) const {
    const std::string temporary = path + ".tmp";
    {
        std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
        file << toJson() << '\n';
        file.close();
        if (!file) {
            std::remove(temporary.c_str());
            throw std::runtime_error("cannot write trace file " + temporary);
        }
    }
    if (std::rename(temporary.c_str(), path.c_str()) != 0) {
        std::remove(temporary.c_str());
        throw std::runtime_error("cannot rename " + temporary + " to " + path);
    }
}

}  // namespace graphlens::profiler
