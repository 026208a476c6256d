// Keeps the GUI's trace fixture (tests/ui/fixtures/synthetic-trace-format.json) what ChromeTrace
// really writes. The GUI must not link the profiler, so its step timeline tests read that file; this
// test builds the same synthetic scenario with the real writer and requires the file to equal its
// output, so a change to the trace format fails here until the fixture is regenerated.
// Synthetic records with hand-picked round times (no GPU, nothing measured): times are given in
// microseconds after the first record, which is what the trace's "ts" then holds.
#include "FakeActivitySource.h"
#include "profiler/ChromeTrace.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>

using namespace graphlens::profiler;
using namespace graphlens::profiler::testing;
using nlohmann::json;

namespace {

constexpr uint64_t kOriginNs = 1'000'000;
constexpr uint32_t kThread = 41;
constexpr uint32_t kStream = 7;
constexpr uint32_t kGraphId = 3;

uint64_t at(uint64_t us) { return kOriginNs + us * 1000; }

ApiRecord call(uint32_t cbid, const char* name, uint64_t startUs, uint64_t endUs, uint32_t correlation) {
    auto record = api(ApiDomain::Runtime, cbid, at(startUs), at(endUs), correlation, kThread);
    record.name = name;  // as CUPTI names them on the H200 (versioned entry points)
    return record;
}

PhaseMark phase(const char* name, uint64_t startUs, uint64_t endUs, int depth) {
    return mark(name, at(startUs), at(endUs), depth, kThread);
}

// One eager inference step at `s`: copy in, three launches (one with a mangled kernel name), a sync.
void eagerStep(ActivityBatch& batch, std::vector<PhaseMark>& phases, uint64_t s, uint64_t syncEndUs,
               uint64_t durationUs, uint32_t c) {
    phases.push_back(phase("step", s, s + durationUs, 0));
    phases.push_back(phase("data", s + 2, s + 18, 1));
    phases.push_back(phase("forward", s + 45, s + 405, 1));
    batch.apis.push_back(call(kCudaMemcpyAsync, "cudaMemcpyAsync_v3020", s + 5, s + 15, c + 1));
    batch.apis.push_back(call(kCudaLaunchKernel, "cudaLaunchKernel_v7000", s + 50, s + 60, c + 2));
    batch.apis.push_back(call(kCudaGetLastError, "cudaGetLastError_v3020", s + 62, s + 64, c + 3));
    batch.apis.push_back(call(kCudaLaunchKernel, "cudaLaunchKernel_v7000", s + 200, s + 210, c + 4));
    batch.apis.push_back(call(kCudaLaunchKernel, "cudaLaunchKernel_v7000", s + 300, s + 310, c + 5));
    batch.apis.push_back(call(kCudaStreamSynchronize, "cudaStreamSynchronize_v3020", s + 410, s + syncEndUs, c + 6));
    batch.copies.push_back(copy(at(s + 20), at(s + 40), kStream, c + 1, CopyKind::HostToDevice, 4816896));
    batch.kernels.push_back(kernel(at(s + 70), at(s + 170), kStream, c + 2, 0, "conv"));
    batch.kernels.push_back(kernel(at(s + 220), at(s + 260), kStream, c + 4, 0, "_Z12relu_forwardPfi"));
    batch.kernels.push_back(kernel(at(s + 320), at(s + 400), kStream, c + 5, 0, "fc"));
}

// The same step replayed from one graph at `g`: a memset node and the three kernels inside it.
void graphedStep(ActivityBatch& batch, std::vector<PhaseMark>& phases, uint64_t g, uint64_t syncEndUs,
                 uint64_t durationUs, uint32_t c) {
    phases.push_back(phase("step", g, g + durationUs, 0));
    phases.push_back(phase("data", g + 2, g + 18, 1));
    phases.push_back(phase("forward", g + 45, g + 72, 1));
    batch.apis.push_back(call(kCudaMemcpyAsync, "cudaMemcpyAsync_v3020", g + 5, g + 15, c + 1));
    batch.apis.push_back(call(kCudaGraphLaunch, "cudaGraphLaunch_v10000", g + 50, g + 70, c + 2));
    batch.apis.push_back(call(kCudaStreamSynchronize, "cudaStreamSynchronize_v3020", g + 75, g + syncEndUs, c + 3));
    batch.copies.push_back(copy(at(g + 20), at(g + 40), kStream, c + 1, CopyKind::HostToDevice, 4816896));
    batch.copies.push_back(copy(at(g + 75), at(g + 80), kStream, c + 2, CopyKind::Memset, 256, kGraphId));
    batch.kernels.push_back(kernel(at(g + 80), at(g + 180), kStream, c + 2, kGraphId, "conv"));
    batch.kernels.push_back(kernel(at(g + 180), at(g + 220), kStream, c + 2, kGraphId, "_Z12relu_forwardPfi"));
    batch.kernels.push_back(kernel(at(g + 225), at(g + 285), kStream, c + 2, kGraphId, "fc"));
}

// Sections as the profiled pass labels them ("<family> batch <n> <memory format> <arm>"): batch 1 has
// an eager section only (its graphed arm refused), batch 8 both. Batch 8 eager has three steps of
// 700, 500 and 480 us, graphed two of 340 and 300 us.
ChromeTrace syntheticTrace() {
    ActivityBatch b1;
    std::vector<PhaseMark> b1Phases{phase("step", 0, 200, 0), phase("forward", 5, 135, 1)};
    b1.apis = {call(kCudaLaunchKernel, "cudaLaunchKernel_v7000", 10, 20, 1),
               call(kCudaStreamSynchronize, "cudaStreamSynchronize_v3020", 140, 190, 2)};
    b1.kernels = {kernel(at(30), at(130), kStream, 1, 0, "conv")};

    ActivityBatch eager;
    std::vector<PhaseMark> eagerPhases;
    eagerStep(eager, eagerPhases, 10000, 650, 700, 10);
    eagerStep(eager, eagerPhases, 11000, 450, 500, 20);
    eagerStep(eager, eagerPhases, 12000, 470, 480, 30);

    ActivityBatch graphed;
    std::vector<PhaseMark> graphedPhases;
    graphedStep(graphed, graphedPhases, 20000, 330, 340, 40);
    graphedStep(graphed, graphedPhases, 21000, 290, 300, 50);

    ChromeTrace trace;
    trace.add("synthetic batch 1 contiguous eager", b1, b1Phases);
    trace.add("synthetic batch 8 contiguous eager", eager, eagerPhases);
    trace.add("synthetic batch 8 contiguous graphed", graphed, graphedPhases);
    return trace;
}

}  // namespace

TEST_CASE("the GUI's synthetic trace fixture is what ChromeTrace writes", "[profiler][trace]") {
    const json written = json::parse(syntheticTrace().toJson());
    std::ifstream file(GRAPHLENS_UI_TRACE_FIXTURE);
    REQUIRE(file.good());
    const json fixture = json::parse(file);
    if (written != fixture) {
        // Regenerate: copy this file over the fixture (one event per line keeps it readable).
        std::ofstream actual("synthetic-trace-format.actual.json");
        actual << written.dump() << '\n';
        FAIL("the trace format changed: the writer's output is in synthetic-trace-format.actual.json; "
             "update " GRAPHLENS_UI_TRACE_FIXTURE " and the GUI's StepTrace parser");
    }
    // The fields the GUI's parser (ui/timeline/StepTrace.cpp) reads, named once more here.
    CHECK(fixture.at("otherData").at("generator") == "GraphLens");
    for (const auto& event : fixture.at("traceEvents")) {
        CHECK(event.contains("ph"));
        CHECK(event.contains("pid"));
        if (event.at("ph") != "X") continue;
        for (const char* field : {"name", "cat", "tid", "ts", "dur", "args"}) CHECK(event.contains(field));
    }
}
