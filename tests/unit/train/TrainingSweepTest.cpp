// The sweep's training rows on the CPU, with the fake capture backend standing in for CUDA graphs:
// each batch size and training graph scope gets an eager/graphed pair timed on the same real batch
// of the built-in dataset, with the training phases (data, forward, loss, backward, optimizer) and
// the network fraction; undeclared scopes are refused, a failed capture is an error row (never
// eager figures passed off as graphed), out of memory marks one batch size and the sweep goes on.
// The rows here are step scope: the fake's backward "replay" re-runs autograd on the graph recorded
// at capture, which the optimizer's in-place updates invalidate, so network-scope rows cannot be
// timed on it (tests/gpu/TrainingGpuTest.cpp times both scopes on a real GPU).
#include "RecordingSweepEvents.h"
#include "FakeCaptureBackend.h"

#include "bench/BenchmarkBatch.h"
#include "bench/TrainingSweepRunner.h"
#include "families/TrainingLoss.h"

#include <c10/util/Exception.h>
#include "support/Skip.h"

#include <catch2/catch.hpp>
#include <torch/torch.h>

#include <memory>
#include <string>
#include <vector>

using namespace graphlens;
using families::TrainingGraphScope;
using results::Measurement;

namespace {

using RecordingEvents = testing::RecordingSweepEvents;

struct SweepTinyNetImpl : torch::nn::Module {
    SweepTinyNetImpl() {
        conv = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 4, 3).padding(1)));
        norm = register_module("norm", torch::nn::BatchNorm2d(4));
        head = register_module("head", torch::nn::Linear(4, 5));
    }
    torch::Tensor forward(const torch::Tensor& x) {
        if (oomAtBatch && x.size(0) == oomAtBatch) {
            throw c10::OutOfMemoryError({__func__, __FILE__, static_cast<uint32_t>(__LINE__)},
                                        "CUDA out of memory. Tried to allocate 20.00 GiB");
        }
        return head(torch::relu(norm(conv(x))).mean({2, 3}));
    }
    torch::nn::Conv2d conv{nullptr};
    torch::nn::BatchNorm2d norm{nullptr};
    torch::nn::Linear head{nullptr};
    int64_t oomAtBatch = 0;
};
TORCH_MODULE(SweepTinyNet);

// Five classes: the built-in dataset's shapes.
families::Family sweepTinyFamily(TrainingGraphScope widest = TrainingGraphScope::Step, int64_t oomAtBatch = 0) {
    families::Family family;
    family.name = "tiny";
    family.task = "classify";
    family.defaultImgsz = 16;
    family.numClasses = 5;
    family.inference = {families::GraphSupportKind::Whole, ""};
    family.training = {widest, widest == TrainingGraphScope::Step ? "" : "its loss is not capturable"};
    family.build = [oomAtBatch](std::uint64_t seed) {
        torch::manual_seed(seed);
        SweepTinyNet net;
        net->oomAtBatch = oomAtBatch;
        return torch::nn::AnyModule(net);
    };
    family.trainingTargets = families::classifyTrainingTargets;
    family.loss = families::crossEntropyLoss;
    return family;
}

results::SweepPlan trainingPlan() {
    results::SweepPlan plan;
    plan.family = "tiny";
    plan.phases = {"train"};
    plan.batches = {2, 4};
    plan.imgsz = 16;
    plan.precision = "fp32";
    plan.steps = 4;
    plan.warmup = 1;
    plan.repeats = 2;
    plan.profile = false;
    return plan;
}

std::vector<Measurement> sweep(const families::Family& family, const results::SweepPlan& plan,
                               std::shared_ptr<testing::FakeCaptureBackend> backend, RecordingEvents& events) {
    const bench::BenchmarkBatch batches("", family.task, plan.seed, events);
    bench::TrainingSweepRunner runner(family, plan, "s", events, nullptr, batches, std::move(backend));
    return runner.run().rows;
}

const Measurement& rowOf(const std::vector<Measurement>& rows, int batch, const std::string& scope, const std::string& arm) {
    for (const auto& row : rows) {
        if (row.batch == batch && row.scope == scope && row.arm == arm) return row;
    }
    FAIL("no row for batch " << batch << " " << scope << " " << arm);
    throw std::logic_error("unreachable");
}

}  // namespace

TEST_CASE("training rows: both arms per batch and graph scope, with training phases and network fraction",
          "[sweep][train]") {
    RecordingEvents events;
    auto backend = std::make_shared<testing::FakeCaptureBackend>();
    auto plan = trainingPlan();
    plan.graphScopes = {"step"};
    const auto rows = sweep(sweepTinyFamily(), plan, backend, events);
    REQUIRE(rows.size() == 4);  // 2 batches x 2 arms
    CHECK(backend->captures == 2);  // one graph per batch size
    for (const int batch : {2, 4}) {
        for (const std::string scope : {"step"}) {
            CAPTURE(batch, scope);
            const auto& eager = rowOf(rows, batch, scope, "eager");
            const auto& graphed = rowOf(rows, batch, scope, "graphed");
            for (const auto* row : {&eager, &graphed}) {
                CAPTURE(row->arm, row->message);
                CHECK(row->phase == "train");
                CHECK(row->memory_format == "nchw");
                CHECK(row->status == "ok");
                CHECK(row->precision == "fp32");
                CHECK(row->steps == 8);  // 4 steps x 2 rounds
                CHECK(row->step_ms_median.value_or(0) > 0);
                CHECK(row->data_ms.value_or(0) > 0);
            }
            for (const auto& phase : {eager.forward_ms, eager.loss_ms, eager.backward_ms, eager.optimizer_ms}) {
                CHECK(phase.value_or(0) > 0);
            }
            REQUIRE(eager.network_fraction);
            CHECK(*eager.network_fraction > 0);
            CHECK(*eager.network_fraction < 1);
            CHECK(graphed.network_fraction == eager.network_fraction);
            CHECK(graphed.graph_mode == "auto");
            // Captured on the third sighting, in the graphed warm-up: two sightings ran eagerly.
            CHECK(graphed.eager_fallbacks == 2.0);
            CHECK(graphed.replays.value_or(0) >= 8);
            CHECK(graphed.capture_ms == 1.5);
            CHECK(graphed.speedup.value_or(0) > 0);
            // One replay holds forward, loss, backward and optimizer: no such phases to report.
            CHECK_FALSE(graphed.forward_ms.has_value());
            CHECK_FALSE(graphed.optimizer_ms.has_value());
        }
    }
}

TEST_CASE("a training graph scope the family does not declare is refused with the reason, eager still timed",
          "[sweep][train]") {
    RecordingEvents events;
    auto plan = trainingPlan();
    plan.batches = {2};
    plan.graphScopes = {"step"};
    auto backend = std::make_shared<testing::FakeCaptureBackend>();
    const auto rows = sweep(sweepTinyFamily(TrainingGraphScope::Network), plan, backend, events);
    REQUIRE(rows.size() == 2);
    CHECK(backend->attempts == 0);  // never captured against the declaration
    const auto& refused = rowOf(rows, 2, "step", "graphed");
    CHECK(refused.status == "refused");
    CHECK(refused.message.find("training graph scope step refused for tiny (declared: network") != std::string::npos);
    CHECK_FALSE(refused.step_ms_median.has_value());
    CHECK(rowOf(rows, 2, "step", "eager").status == "ok");
}

TEST_CASE("a failed training capture makes the graphed row an error, not eager figures", "[sweep][train]") {
    RecordingEvents events;
    auto plan = trainingPlan();
    plan.batches = {2};
    plan.graphScopes = {"network"};
    auto backend = std::make_shared<testing::FakeCaptureBackend>();
    backend->failWhen = [](const torch::Tensor&) { return true; };
    const auto rows = sweep(sweepTinyFamily(), plan, backend, events);
    REQUIRE(rows.size() == 2);
    const auto& graphed = rowOf(rows, 2, "network", "graphed");
    CHECK(graphed.status == "error");
    CHECK(graphed.message.find("graph capture failed") != std::string::npos);
    CHECK_FALSE(graphed.step_ms_median.has_value());
}

TEST_CASE("out of memory at one training batch size is an oom row and the sweep goes on", "[sweep][train]") {
    RecordingEvents events;
    auto plan = trainingPlan();
    plan.graphScopes = {"step"};
    const auto rows = sweep(sweepTinyFamily(TrainingGraphScope::Step, /*oomAtBatch=*/4), plan,
                            std::make_shared<testing::FakeCaptureBackend>(), events);
    REQUIRE(rows.size() == 4);
    CHECK(rowOf(rows, 2, "step", "eager").status == "ok");
    CHECK(rowOf(rows, 2, "step", "graphed").status == "ok");
    for (const char* arm : {"eager", "graphed"}) {
        const auto& row = rowOf(rows, 4, "step", arm);
        CHECK(row.status == "oom");
        CHECK(row.message.find("out of memory at batch 4") != std::string::npos);
    }
}

TEST_CASE("training rows on the CPU without a capture backend: eager timed, graphed skipped", "[sweep][train]") {
    if (torch::cuda::is_available()) GRAPHLENS_SKIP("this machine has a CUDA device (the graphed arm would run)");
    RecordingEvents events;
    auto plan = trainingPlan();
    plan.batches = {2};
    plan.graphScopes = {"step"};
    plan.precision = "amp-fp16";
    const auto rows = sweep(sweepTinyFamily(), plan, nullptr, events);
    REQUIRE(rows.size() == 2);
    CHECK(rowOf(rows, 2, "step", "eager").status == "ok");
    CHECK(rowOf(rows, 2, "step", "eager").precision == "fp32");  // autocast on the CPU would mean nothing
    CHECK(rowOf(rows, 2, "step", "graphed").status == "skipped");
    bool warned = false;
    for (const auto& warning : events.warnings) warned |= warning.find("running fp32") != std::string::npos;
    CHECK(warned);
}
