// The sweep's engine logic on the CPU, with the fake capture backend standing in for CUDA graphs:
// parity before timing (and refusal), graph modes on/auto, seam families timed as their split,
// memory formats as a sweep dimension, the phase pass and network fraction, rounds, out of memory.
#include "RecordingSweepEvents.h"
#include "FakeCaptureBackend.h"

#include "bench/InferencePairs.h"
#include "bench/SweepRunner.h"
#include "families/InferencePostprocess.h"

#include <c10/util/Exception.h>
#include <catch2/catch.hpp>
#include <torch/torch.h>

#include <atomic>
#include <memory>

using namespace graphlens;

namespace {

using RecordingEvents = testing::RecordingSweepEvents;

struct TinyNetImpl : torch::nn::Module {
    TinyNetImpl() {
        conv = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 4, 3).padding(1)));
        head = register_module("head", torch::nn::Linear(4, 10));
    }
    torch::Tensor forward(const torch::Tensor& x) {
        if (oomAtBatch && x.size(0) == oomAtBatch) {
            throw c10::OutOfMemoryError({__func__, __FILE__, static_cast<uint32_t>(__LINE__)},
                                        "CUDA out of memory. Tried to allocate 20.00 GiB");
        }
        return head(torch::relu(conv(x)).mean({2, 3}));
    }
    torch::nn::Conv2d conv{nullptr};
    torch::nn::Linear head{nullptr};
    int64_t oomAtBatch = 0;
};
TORCH_MODULE(TinyNet);

families::Family tinyFamily(int64_t oomAtBatch = 0) {
    families::Family family;
    family.name = "tiny";
    family.task = "classify";
    family.defaultImgsz = 16;
    family.numClasses = 10;
    family.inference = {families::GraphSupportKind::Whole, ""};
    family.training = {families::TrainingGraphScope::None, "not in this test"};
    family.build = [oomAtBatch](std::uint64_t seed) {
        torch::manual_seed(seed);
        TinyNet net;
        net->oomAtBatch = oomAtBatch;
        return torch::nn::AnyModule(net);
    };
    family.postprocess = families::classifyTop5;
    return family;
}

results::SweepPlan tinyPlan() {
    results::SweepPlan plan;
    plan.family = "tiny";
    plan.batches = {1, 2};
    plan.imgsz = 16;
    plan.precision = "fp32";
    plan.steps = 4;
    plan.warmup = 1;
    plan.repeats = 2;
    plan.profile = false;
    return plan;
}

std::vector<results::Measurement> sweep(const families::Family& family, const results::SweepPlan& plan,
                                        std::shared_ptr<testing::FakeCaptureBackend> backend,
                                        RecordingEvents& events) {
    bench::SweepRunner runner(family, plan, "s1", events, nullptr, nullptr, backend);
    return runner.run().rows;
}

const results::Measurement& rowOf(const std::vector<results::Measurement>& rows, int batch, const std::string& arm,
                                  const std::string& format = "nchw") {
    for (const auto& row : rows) {
        if (row.batch == batch && row.arm == arm && row.memory_format == format) return row;
    }
    FAIL("no row for batch " << batch << " " << arm << " " << format);
    return rows.front();
}

}  // namespace

TEST_CASE("graphed rows are parity-checked, timed in rounds and carry mode, scope and phases", "[sweep][engine]") {
    auto backend = std::make_shared<testing::FakeCaptureBackend>();
    RecordingEvents events;
    const auto plan = tinyPlan();
    const auto rows = sweep(tinyFamily(), plan, backend, events);
    REQUIRE(rows.size() == 4);
    for (int batch : plan.batches) {
        const auto& eager = rowOf(rows, batch, "eager");
        const auto& graphed = rowOf(rows, batch, "graphed");
        CAPTURE(batch, graphed.message);
        REQUIRE(graphed.status == "ok");
        CHECK(graphed.parity == "bit-exact");
        CHECK(graphed.graph_mode == "on");
        CHECK(eager.graph_mode.empty());
        CHECK(graphed.scope == "step");
        CHECK(graphed.memory_format == "nchw");
        CHECK(eager.steps == plan.steps * plan.repeats);
        CHECK(graphed.steps == plan.steps * plan.repeats);
        CHECK(*graphed.rounds == 2);
        CHECK(*graphed.eager_fallbacks == 0);
        // Replays of the arm: warm-up (max(warmup, 3)), steady-state warm-up, timed steps.
        CHECK(*graphed.replays == 3 + plan.warmup + plan.steps * plan.repeats);
        // The phase pass: a user's step is upload + network + postprocess, so the network is part of it.
        REQUIRE(eager.data_ms);
        REQUIRE(eager.forward_ms);
        REQUIRE(eager.postprocess_ms);
        REQUIRE(graphed.forward_ms);
        REQUIRE(eager.network_fraction);
        CHECK(*eager.network_fraction > 0);
        CHECK(*eager.network_fraction < 1);
        CHECK(*eager.network_fraction == Approx(*eager.forward_ms / (*eager.data_ms + *eager.forward_ms + *eager.postprocess_ms)));
        CHECK(*eager.speedup_ceiling == Approx(1 / (1 - *eager.network_fraction)));
        CHECK(*graphed.network_fraction == *eager.network_fraction);
        CHECK(graphed.speedup);
        CHECK(graphed.step_ms_round_spread_pct);
    }
    // Per batch: the parity check's capture and the timed runner's capture.
    CHECK(backend->captures == 4);
}

TEST_CASE("scope network times the network alone: no data or postprocess phase", "[sweep][engine]") {
    auto backend = std::make_shared<testing::FakeCaptureBackend>();
    RecordingEvents events;
    auto plan = tinyPlan();
    plan.scope = "network";
    plan.batches = {2};
    const auto rows = sweep(tinyFamily(), plan, backend, events);
    const auto& eager = rowOf(rows, 2, "eager");
    CHECK(eager.scope == "network");
    CHECK_FALSE(eager.data_ms);
    CHECK_FALSE(eager.postprocess_ms);
    CHECK(*eager.network_fraction == 1.0);
    CHECK_FALSE(eager.speedup_ceiling);  // no ceiling: the whole step is the network
}

TEST_CASE("graph mode auto runs the first sightings eagerly and says how many", "[sweep][engine]") {
    auto backend = std::make_shared<testing::FakeCaptureBackend>();
    RecordingEvents events;
    auto plan = tinyPlan();
    plan.graph = "auto";
    plan.batches = {2};
    const auto rows = sweep(tinyFamily(), plan, backend, events);
    const auto& graphed = rowOf(rows, 2, "graphed");
    REQUIRE(graphed.status == "ok");
    CHECK(graphed.graph_mode == "auto");
    CHECK(*graphed.eager_fallbacks == 2);  // sightings 1 and 2; the 3rd captures
    CHECK(*graphed.replays == 1 + plan.warmup + plan.steps * plan.repeats);
}

TEST_CASE("a graphed arm that is not bit-exact is refused and not timed", "[sweep][engine]") {
    auto backend = std::make_shared<testing::FakeCaptureBackend>();
    backend->afterReplay = [](const c10::IValue& out) { out.toTensor().add_(1e-3); };
    RecordingEvents events;
    auto plan = tinyPlan();
    plan.batches = {1};
    const auto rows = sweep(tinyFamily(), plan, backend, events);
    const auto& graphed = rowOf(rows, 1, "graphed");
    CHECK(graphed.status == "refused");
    CHECK_THAT(graphed.parity, Catch::StartsWith("mismatch 0.001"));
    CHECK_THAT(graphed.message, Catch::Contains("parity check"));
    CHECK(graphed.steps == 0);
    CHECK_FALSE(graphed.step_ms_median);
    CHECK(backend->captures == 1);  // the check's only: a refused arm is never captured for timing
    CHECK(rowOf(rows, 1, "eager").status == "ok");
}

TEST_CASE("a seam family is timed as its split: captured part replayed, rest eager", "[sweep][engine]") {
    auto family = tinyFamily();
    family.inference = {families::GraphSupportKind::Seam, "after the trunk, before the head"};
    auto restCalls = std::make_shared<std::atomic<int>>(0);
    family.inferenceSeam = [restCalls](torch::nn::AnyModule& network) -> std::optional<families::InferenceSeam> {
        auto* net = network.ptr()->as<TinyNetImpl>();
        families::InferenceSeam seam;
        seam.captured = [net](const torch::Tensor& x) -> c10::IValue { return torch::relu(net->conv(x)); };
        seam.rest = [net, restCalls](const c10::IValue& trunk, const torch::Tensor&) -> c10::IValue {
            ++*restCalls;
            return net->head(trunk.toTensor().mean({2, 3}));
        };
        seam.point = "after the trunk, before the head";
        return seam;
    };
    auto backend = std::make_shared<testing::FakeCaptureBackend>();
    RecordingEvents events;
    auto plan = tinyPlan();
    plan.batches = {2};
    const auto rows = sweep(family, plan, backend, events);
    const auto& graphed = rowOf(rows, 2, "graphed");
    REQUIRE(graphed.status == "ok");
    CHECK(graphed.parity == "bit-exact");
    // The rest ran eagerly in every graphed and eager step (a whole capture would never call it).
    CHECK(restCalls->load() >= 2 * plan.steps * plan.repeats);

    auto undeclared = family;
    undeclared.inferenceSeam = nullptr;  // a seam without a split is never captured whole
    RecordingEvents otherEvents;
    const auto failed = sweep(undeclared, plan, std::make_shared<testing::FakeCaptureBackend>(), otherEvents);
    CHECK(rowOf(failed, 2, "graphed").status == "error");
    CHECK_THAT(rowOf(failed, 2, "graphed").message, Catch::Contains("provides no split"));
    CHECK(rowOf(failed, 2, "eager").status == "ok");  // the eager arm does not need the split
}

TEST_CASE("memory format is a sweep dimension: rows per format, batch and network converted", "[sweep][engine]") {
    auto backend = std::make_shared<testing::FakeCaptureBackend>();
    RecordingEvents events;
    auto plan = tinyPlan();
    plan.batches = {2};
    plan.memoryFormats = {"nchw", "channels_last"};
    const auto rows = sweep(tinyFamily(), plan, backend, events);
    REQUIRE(rows.size() == 4);
    CHECK(rowOf(rows, 2, "graphed", "nchw").parity == "bit-exact");
    CHECK(rowOf(rows, 2, "graphed", "channels_last").parity == "bit-exact");
    CHECK(rowOf(rows, 2, "eager", "channels_last").status == "ok");
}

TEST_CASE("out of memory at one batch size is an oom row and the sweep goes on", "[sweep][engine]") {
    auto backend = std::make_shared<testing::FakeCaptureBackend>();
    RecordingEvents events;
    auto plan = tinyPlan();
    plan.batches = {1, 2, 4};
    const auto rows = sweep(tinyFamily(/*oomAtBatch=*/2), plan, backend, events);
    REQUIRE(rows.size() == 6);
    CHECK(rowOf(rows, 1, "eager").status == "ok");
    CHECK(rowOf(rows, 2, "eager").status == "oom");
    CHECK(rowOf(rows, 2, "graphed").status == "oom");
    CHECK_THAT(rowOf(rows, 2, "eager").message, Catch::Contains("out of memory"));
    CHECK(rowOf(rows, 4, "eager").status == "ok");
    CHECK(rowOf(rows, 4, "graphed").status == "ok");
}

TEST_CASE("the timed pass keeps each pair's verdict, and they survive the trip to the profiled pass's process",
          "[sweep][engine][profiled]") {
    RecordingEvents events;
    auto backend = std::make_shared<testing::FakeCaptureBackend>();
    auto plan = tinyPlan();
    plan.memoryFormats = {"nchw", "channels_last"};
    const auto family = tinyFamily();
    bench::SweepRunner runner(family, plan, "s1", events, nullptr, nullptr, backend);
    const auto outcome = runner.run();
    REQUIRE(outcome.verdicts.size() == 4);
    for (const auto& [key, verdict] : outcome.verdicts) {
        CHECK(verdict.runs);
        CHECK(verdict.parity == rowOf(outcome.rows, key.second, "graphed", key.first).parity);
    }

    auto refused = outcome.verdicts;
    refused[{"nchw", 2}] = bench::graphedArmNotRun("refused", "not bit-exact: max |diff| 0.5", "mismatch");
    const auto back = bench::inferenceVerdictsFromJson(nlohmann::json::parse(bench::toJson(refused).dump()));
    REQUIRE(back.size() == refused.size());
    for (const auto& [key, verdict] : refused) {
        const auto& copy = back.at(key);
        CHECK(copy.runs == verdict.runs);
        CHECK(copy.status == verdict.status);
        CHECK(copy.reason == verdict.reason);
        CHECK(copy.parity == verdict.parity);
    }
}

TEST_CASE("a pair given the timed pass's verdict takes it without a second parity check", "[sweep][engine][profiled]") {
    auto backend = std::make_shared<testing::FakeCaptureBackend>();
    const auto family = tinyFamily();
    const auto plan = tinyPlan();
    bench::InferencePairsSetup setup;
    setup.imgsz = 16;
    setup.graphsPossible = true;
    setup.backend = backend;
    torch::NoGradGuard noGrad;
    bench::InferencePairs pairs(family, plan, setup);

    const auto decidedHere = pairs.prepare(1, nullptr);
    CHECK(decidedHere->verdict.runs);
    CHECK(backend->attempts > 0);  // the parity check captured

    backend->attempts = 0;
    const auto refused = bench::graphedArmNotRun("refused", "refused by the timed pass", "mismatch");
    const auto taken = pairs.prepare(1, nullptr, &refused);
    CHECK(backend->attempts == 0);
    CHECK_FALSE(taken->verdict.runs);
    CHECK(taken->verdict.reason == "refused by the timed pass");
    CHECK(taken->graphedRunner == nullptr);
    CHECK_FALSE(taken->step->hasGraphedArm());

    const auto runs = decidedHere->verdict;
    const auto granted = pairs.prepare(2, nullptr, &runs);
    CHECK(backend->attempts == 0);
    CHECK(granted->graphedRunner != nullptr);
}
