// A sticky CUDA error in the middle of a sweep (an illegal address, a device-side assert, a lost GPU):
// the pair that met it is an error row naming it, the pairs after it are not attempted (each would
// fail the same way, or hang on a GPU that is gone) and say why, and the run ends instead of hanging.
// The error is injected on the CPU path, as libtorch reports it: a c10::Error with CUDA's words.
#include "RecordingSweepEvents.h"
#include "FakeCaptureBackend.h"

#include "bench/SweepRunner.h"
#include "families/InferencePostprocess.h"
#include "graphs/DeviceLost.h"

#include <c10/util/Exception.h>
#include <catch2/catch.hpp>
#include <torch/torch.h>

#include <map>
#include <memory>

using namespace graphlens;

namespace {

struct StickyFaultNetImpl : torch::nn::Module {
    StickyFaultNetImpl() { head = register_module("head", torch::nn::Linear(3, 10)); }
    torch::Tensor forward(const torch::Tensor& x) {
        ++(*callsByBatch)[x.size(0)];
        if (x.size(0) == faultAtBatch) {
            throw c10::Error({__func__, __FILE__, static_cast<uint32_t>(__LINE__)},
                             "CUDA error: an illegal memory access was encountered\n"
                             "CUDA kernel errors might be asynchronously reported at some other API call");
        }
        return head(x.mean({2, 3}));
    }
    torch::nn::Linear head{nullptr};
    int64_t faultAtBatch = 0;
    std::shared_ptr<std::map<int64_t, int>> callsByBatch = std::make_shared<std::map<int64_t, int>>();
};
TORCH_MODULE(StickyFaultNet);

families::Family stickyFaultFamily(int64_t faultAtBatch, std::shared_ptr<std::map<int64_t, int>> calls) {
    families::Family family;
    family.name = "faulty";
    family.task = "classify";
    family.defaultImgsz = 16;
    family.numClasses = 10;
    family.inference = {families::GraphSupportKind::Whole, ""};
    family.training = {families::TrainingGraphScope::None, "not in this test"};
    family.build = [faultAtBatch, calls](std::uint64_t seed) {
        torch::manual_seed(seed);
        StickyFaultNet net;
        net->faultAtBatch = faultAtBatch;
        net->callsByBatch = calls;
        return torch::nn::AnyModule(net);
    };
    family.postprocess = families::classifyTop5;
    return family;
}

}  // namespace

TEST_CASE("CUDA's sticky errors are told apart from errors a sweep can go on after", "[sweep][engine][fault]") {
    const auto error = [](const char* text) { return c10::Error({__func__, __FILE__, 1u}, text); };
    CHECK(graphs::isDeviceLost(error("CUDA error: an illegal memory access was encountered")));
    CHECK(graphs::isDeviceLost(error("CUDA error: device-side assert triggered")));
    CHECK(graphs::isDeviceLost(error("CUDA error: unspecified launch failure")));
    CHECK(graphs::isDeviceLost(error("CUDA error: uncorrectable ECC error encountered")));
    CHECK_FALSE(graphs::isDeviceLost(error("CUDA out of memory. Tried to allocate 20.00 GiB")));
    CHECK_FALSE(graphs::isDeviceLost(error("operation not permitted when stream is capturing")));
    CHECK_FALSE(graphs::isDeviceLost(std::runtime_error("mat1 and mat2 shapes cannot be multiplied")));
}

TEST_CASE("a sticky CUDA error mid-sweep: its pair is an error, the later pairs are not run and say why",
          "[sweep][engine][fault]") {
    auto calls = std::make_shared<std::map<int64_t, int>>();
    const auto family = stickyFaultFamily(/*faultAtBatch=*/2, calls);
    results::SweepPlan plan;
    plan.family = "faulty";
    plan.batches = {1, 2, 4};
    plan.imgsz = 16;
    plan.precision = "fp32";
    plan.steps = 2;
    plan.warmup = 1;
    plan.repeats = 1;
    plan.profile = false;
    testing::RecordingSweepEvents events;
    bench::SweepRunner runner(family, plan, "s1", events, nullptr, nullptr,
                              std::make_shared<testing::FakeCaptureBackend>());
    const auto outcome = runner.run();

    REQUIRE(outcome.rows.size() == 6);
    const auto row = [&](int batch, const char* arm) {
        for (const auto& r : outcome.rows) {
            if (r.batch == batch && r.arm == arm) return r;
        }
        FAIL("no row for batch " << batch << " " << arm);
        return results::Measurement{};
    };
    CHECK(row(1, "eager").status == "ok");
    CHECK(row(1, "graphed").status == "ok");
    CHECK(row(2, "eager").status == "error");
    CHECK_THAT(row(2, "eager").message, Catch::Contains("an illegal memory access was encountered"));
    for (const char* arm : {"eager", "graphed"}) {
        CHECK(row(4, arm).status == "error");
        CHECK_THAT(row(4, arm).message,
                   Catch::StartsWith("not run: the CUDA context was lost at faulty batch 2 (CUDA error: an illegal"));
    }
    CHECK(calls->count(4) == 0);  // nothing was attempted after the loss
    CHECK_THAT(outcome.deviceLost, Catch::Contains("faulty batch 2"));
    CHECK(outcome.failedRows == 4);
}
