// The trace's structure: tracks, slices with exact times, flows from launch or copy call to GPU work,
// graph kernels and copy nodes inside their graph's slice. Perfetto's JSON importer reads these fields.
#include "FakeActivitySource.h"
#include "profiler/ChromeTrace.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <map>

using namespace graphlens::profiler;
using namespace graphlens::profiler::testing;
using nlohmann::json;

namespace {

std::vector<json> eventsWhere(const json& trace, const std::string& ph, const std::string& cat = {}) {
    std::vector<json> out;
    for (const auto& event : trace.at("traceEvents")) {
        if (event.at("ph") == ph && (cat.empty() || event.value("cat", "") == cat)) out.push_back(event);
    }
    return out;
}

json traceOfScenario() {
    ActivityBatch eager;
    eager.apis = {api(ApiDomain::Runtime, kCudaLaunchKernel, 2000, 2400, 10, /*thread=*/41),
                  api(ApiDomain::Runtime, kCudaGetDevice, 2500, 2600, 11, 41),
                  api(ApiDomain::Runtime, kCudaMemcpyAsync, 2700, 2750, 12, 41)};
    eager.apis[1].name = "cudaGetDevice_v3020";
    eager.kernels = {kernel(3000, 5000, 7, 10, 0, "conv"), kernel(0, 0, 7, 10)};  // second: discarded
    eager.copies = {copy(5000, 5500, 7, 12, CopyKind::DeviceToHost, 4000),
                    copy(0, 0, 7, 12)};  // second: discarded
    const std::vector<PhaseMark> eagerPhases{mark("step", 1000, 6000, 0, 41), mark("forward", 1500, 2800, 1, 41)};

    ActivityBatch graphed;
    graphed.apis = {api(ApiDomain::Runtime, kCudaGraphLaunch, 10000, 10300, 20, 41)};
    graphed.kernels = {kernel(11000, 12000, 9, 20, 5, "conv"), kernel(12000, 14000, 9, 20, 5, "relu")};
    graphed.copies = {copy(10500, 11000, 9, 20, CopyKind::Memset, 256, /*graphId=*/5)};  // a memset node
    const std::vector<PhaseMark> graphedPhases{mark("step", 9000, 15000, 0, 41)};

    ChromeTrace trace;
    trace.add("eager", eager, eagerPhases);
    trace.add("graphed", graphed, graphedPhases);
    return json::parse(trace.toJson());
}

}  // namespace

TEST_CASE("trace names a host process per section and a GPU process with stream tracks",
          "[profiler][trace]") {
    const auto trace = traceOfScenario();
    CHECK(trace.at("displayTimeUnit") == "ns");
    CHECK(trace.at("otherData").at("originNs") == 1000);
    std::map<int, std::string> processes;
    std::map<std::pair<int, int>, std::string> threads;
    for (const auto& event : eventsWhere(trace, "M")) {
        if (event.at("name") == "process_name") processes[event.at("pid")] = event.at("args").at("name");
        if (event.at("name") == "thread_name") threads[{event.at("pid"), event.at("tid")}] = event.at("args").at("name");
    }
    CHECK(processes == std::map<int, std::string>{{100, "eager host"}, {101, "eager GPU 0"},
                                                  {200, "graphed host"}, {201, "graphed GPU 0"}});
    CHECK(threads.at({100, 41}) == "thread 41");
    CHECK(threads.at({101, 7}) == "stream 7");
    CHECK(threads.at({201, 9}) == "stream 9");
}

TEST_CASE("phases and API calls share the thread's track, kernels sit on their stream", "[profiler][trace]") {
    const auto trace = traceOfScenario();
    const auto phases = eventsWhere(trace, "X", "phase");
    REQUIRE(phases.size() == 3);
    CHECK(phases[0].at("name") == "step");
    CHECK(phases[0].at("pid") == 100);
    CHECK(phases[0].at("tid") == 41);
    CHECK(phases[0].at("ts") == 0.0);
    CHECK(phases[0].at("dur") == 5.0);
    CHECK(phases[1].at("name") == "forward");
    CHECK(phases[1].at("ts") == 0.5);

    const auto apis = eventsWhere(trace, "X", "cuda_runtime");
    REQUIRE(apis.size() == 4);
    CHECK(apis[0].at("name") == "cudaLaunchKernel");       // named from the launch table
    CHECK(apis[0].at("tid") == 41);
    CHECK(apis[0].at("ts") == 1.0);
    CHECK(apis[0].at("dur") == 0.4);
    CHECK(apis[1].at("name") == "cudaGetDevice_v3020");   // named by the source
    CHECK(apis[2].at("name") == "cudaMemcpyAsync_v3020");  // named from the recorded-call table
    CHECK(apis[3].at("name") == "cudaGraphLaunch");
    CHECK(apis[3].at("pid") == 200);

    const auto kernels = eventsWhere(trace, "X", "kernel");
    REQUIRE(kernels.size() == 3);  // the record without timestamps is left out
    CHECK(kernels[0].at("name") == "conv");
    CHECK(kernels[0].at("pid") == 101);
    CHECK(kernels[0].at("tid") == 7);
    CHECK(kernels[0].at("ts") == 2.0);
    CHECK(kernels[0].at("dur") == 2.0);
    CHECK(kernels[0].at("args").at("correlation") == 10);

    const auto copies = eventsWhere(trace, "X", "memcpy");
    REQUIRE(copies.size() == 1);  // the record without timestamps is left out
    CHECK(copies[0].at("name") == "Memcpy DtoH");
    CHECK(copies[0].at("pid") == 101);
    CHECK(copies[0].at("tid") == 7);
    CHECK(copies[0].at("ts") == 4.0);
    CHECK(copies[0].at("dur") == 0.5);
    CHECK(copies[0].at("args").at("bytes") == 4000);
    const auto sets = eventsWhere(trace, "X", "memset");
    REQUIRE(sets.size() == 1);
    CHECK(sets[0].at("name") == "Memset");
    CHECK(sets[0].at("pid") == 201);
    CHECK(sets[0].at("tid") == 9);
}

TEST_CASE("flows run from each launch or copy call to its GPU work, and from a graph launch to its graph",
          "[profiler][trace]") {
    const auto trace = traceOfScenario();
    const auto starts = eventsWhere(trace, "s");
    const auto finishes = eventsWhere(trace, "f");
    REQUIRE(starts.size() == 3);  // eager kernel, eager copy, graph launch (not one per graph kernel or node)
    REQUIRE(finishes.size() == 3);
    std::map<uint64_t, json> finishById;
    for (const auto& f : finishes) finishById[f.at("id")] = f;
    for (const auto& s : starts) {
        const auto& f = finishById.at(s.at("id"));
        CHECK(f.at("bp") == "e");
        CHECK(s.at("ts") < f.at("ts"));
    }
    // Eager: from cudaLaunchKernel (thread 41, ts 1.0) to the kernel (stream 7, ts 2.0).
    CHECK(starts[0].at("pid") == 100);
    CHECK(starts[0].at("tid") == 41);
    CHECK(starts[0].at("ts") == 1.0);
    const auto& eagerEnd = finishById.at(starts[0].at("id"));
    CHECK(eagerEnd.at("pid") == 101);
    CHECK(eagerEnd.at("tid") == 7);
    CHECK(eagerEnd.at("ts") == 2.0);
    // From cudaMemcpyAsync (ts 1.7) to its copy (ts 4.0).
    CHECK(starts[1].at("ts") == Approx(1.7));
    const auto& copyEnd = finishById.at(starts[1].at("id"));
    CHECK(copyEnd.at("pid") == 101);
    CHECK(copyEnd.at("tid") == 7);
    CHECK(copyEnd.at("ts") == 4.0);
    // Graphed: from cudaGraphLaunch to the graph slice, which begins with its memset node.
    const auto& graphEnd = finishById.at(starts[2].at("id"));
    CHECK(graphEnd.at("pid") == 201);
    CHECK(graphEnd.at("ts") == 9.5);
}

TEST_CASE("graph kernels and copy nodes lie inside their graph launch's slice on the same stream",
          "[profiler][trace]") {
    const auto trace = traceOfScenario();
    const auto graphs = eventsWhere(trace, "X", "graph");
    REQUIRE(graphs.size() == 1);
    const auto& graph = graphs[0];
    CHECK(graph.at("name") == "graph 5");
    CHECK(graph.at("pid") == 201);
    CHECK(graph.at("tid") == 9);
    CHECK(graph.at("ts") == 9.5);
    CHECK(graph.at("dur") == 3.5);
    CHECK(graph.at("args").at("kernels") == 2);
    CHECK(graph.at("args").at("copies") == 1);
    auto work = eventsWhere(trace, "X", "kernel");
    const auto sets = eventsWhere(trace, "X", "memset");
    work.insert(work.end(), sets.begin(), sets.end());
    int inside = 0;
    for (const auto& k : work) {
        if (k.at("args").at("graphId") != 5) continue;
        CHECK(k.at("pid") == graph.at("pid"));
        CHECK(k.at("tid") == graph.at("tid"));
        CHECK(k.at("ts").get<double>() >= graph.at("ts").get<double>());
        CHECK(k.at("ts").get<double>() + k.at("dur").get<double>() <=
              graph.at("ts").get<double>() + graph.at("dur").get<double>());
        ++inside;
    }
    CHECK(inside == 3);
}

TEST_CASE("a graph-level replay is one graph slice on its stream, with the inventory's kernel count and a flow",
          "[profiler][trace]") {
    ActivityBatch batch;
    batch.apis = {api(ApiDomain::Runtime, kCudaGraphLaunch, 10000, 10300, 20, 41)};
    batch.graphExecutions = {GraphExecutionRecord{11000, 14000, 0, 9, 20, /*graphId=*/5}};
    batch.graphKernelNodes = {{5, 62}};
    ChromeTrace chrome;
    chrome.add("graphed", batch, {mark("step", 9000, 15000, 0, 41)});
    const auto trace = json::parse(chrome.toJson());
    const auto graphs = eventsWhere(trace, "X", "graph");
    REQUIRE(graphs.size() == 1);
    CHECK(graphs[0].at("name") == "graph 5");
    CHECK(graphs[0].at("pid") == 101);
    CHECK(graphs[0].at("tid") == 9);
    CHECK(graphs[0].at("ts") == 2.0);  // origin: the step's start at 9000 ns
    CHECK(graphs[0].at("dur") == 3.0);
    CHECK(graphs[0].at("args").at("kernels") == 62);
    CHECK(graphs[0].at("args").at("traced") == "graph level");
    CHECK(eventsWhere(trace, "X", "kernel").empty());
    const auto flowEnds = eventsWhere(trace, "f");
    REQUIRE(flowEnds.size() == 1);
    CHECK(flowEnds[0].at("pid") == 101);
    CHECK(flowEnds[0].at("ts") == 2.0);
}

TEST_CASE("writeFile replaces the file whole and leaves no temporary behind", "[profiler][trace]") {
    ChromeTrace trace;
    trace.add("eager", ActivityBatch{}, {mark("step", 1000, 2000, 0)});
    const std::string path = "graphlens_profiler_trace_test.json";
    trace.writeFile(path);
    std::ifstream file(path);
    const auto parsed = json::parse(file);
    CHECK(eventsWhere(parsed, "X", "phase").size() == 1);
    CHECK_FALSE(std::ifstream(path + ".tmp").good());
    std::remove(path.c_str());
    CHECK_THROWS_AS(trace.writeFile("/nonexistent-dir/trace.json"), std::runtime_error);
}
