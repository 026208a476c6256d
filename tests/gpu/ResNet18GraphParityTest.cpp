// DESIGN §5 inference parity for resnet18: graphed output equals eager bit for bit on two probes
// from different distributions, the probes' eager outputs differ, and no replay returns stale data.
#include "bench/SyntheticBatch.h"
#include "families/FamilyRegistry.h"
#include "graphs/GraphCaptureError.h"
#include "graphs/GraphRunner.h"

#include <catch2/catch.hpp>
#include <torch/torch.h>

using namespace graphlens;

namespace {

torch::nn::AnyModule resnet18On(torch::Device device, torch::Dtype dtype) {
    auto network = families::FamilyRegistry::builtIn().find("resnet18")->build(/*seed=*/7);
    network.ptr()->to(device, dtype);
    network.ptr()->eval();
    return network;
}

}  // namespace

TEST_CASE("resnet18 graphed inference is bit-identical to eager", "[cuda][parity]") {
    const auto dtype = GENERATE(torch::kFloat, torch::kHalf);
    CAPTURE(c10::toString(dtype));
    torch::NoGradGuard noGrad;
    const torch::Device device(torch::kCUDA, 0);
    auto network = resnet18On(device, dtype);

    const auto imageLike = bench::makeSyntheticBatch(4, 224, dtype, device, /*seed=*/1);
    torch::manual_seed(99);
    const auto wideNoise = (torch::randn({4, 3, 224, 224}, torch::TensorOptions().device(device)) * 3 + 1).to(dtype);
    const auto eagerA = network.forward<torch::Tensor>(imageLike).clone();
    const auto eagerB = network.forward<torch::Tensor>(wideNoise).clone();
    REQUIRE_FALSE(torch::equal(eagerA, eagerB));  // otherwise the check below proves nothing

    graphs::GraphRunner runner(network, "resnet18", {families::GraphSupportKind::Whole, ""});
    const auto stats = runner.captureFor(imageLike);
    CHECK(stats.captureMs > 0);
    const auto replayA = runner.runReturningStaticBuffers(imageLike).toTensor().clone();
    CHECK_FALSE(torch::equal(replayA, eagerB));  // stale-buffer guard
    const auto replayB = runner.runReturningStaticBuffers(wideNoise).toTensor().clone();
    torch::cuda::synchronize();
    CHECK(torch::equal(replayA, eagerA));
    CHECK(torch::equal(replayB, eagerB));
    CHECK(runner.info().graphs.at(0).replays == 2);
}

TEST_CASE("a capture that reads a GPU value on the CPU fails cleanly and eager keeps working",
          "[cuda][capture]") {
    struct ReadsBackImpl : torch::nn::Module {
        torch::Tensor forward(const torch::Tensor& x) {
            const double scale = x.sum().item<double>();  // synchronises: not capturable
            return x * scale;
        }
    };
    TORCH_MODULE(ReadsBack);
    torch::NoGradGuard noGrad;
    const auto input = torch::ones({8}, torch::TensorOptions().device(torch::kCUDA));
    torch::nn::AnyModule module(ReadsBack{});
    graphs::GraphRunner runner(module, "reads-back", {families::GraphSupportKind::Whole, ""});
    try {
        runner.captureFor(input);
        FAIL("capture of an .item() call succeeded");
    } catch (const graphs::GraphCaptureError& error) {
        const std::string message = error.what();
        CHECK_THAT(message, Catch::Contains("reads-back") && Catch::Contains("capture") && Catch::Contains("failed"));
    }
    CHECK(runner.graphCount() == 0);
    // The aborted capture must not leave the CUDA generator in capture mode (regression: every
    // later GPU torch::rand failed with "Offset increment outside graph capture").
    CHECK_NOTHROW(torch::rand({4}, torch::TensorOptions().device(torch::kCUDA)));
    // A later capture on the same runner works.
    const auto eager = module.forward<torch::Tensor>(input);
    torch::cuda::synchronize();
    CHECK(eager[0].item<float>() == 8.0f);
}
