// The detector's postprocess on the GPU: the same tensor-op NMS keeps the same boxes on the device as
// on the CPU, and yolo-t's predict postprocess gives the CPU's detections from a real network output.
#include "families/FamilyRegistry.h"
#include "GpuDevice.h"
#include "families/yolo/DetectionNms.h"
#include "families/yolo/YoloHeadLayout.h"
#include "families/yolo/YoloTFamily.h"
#include "support/Skip.h"

#include <catch2/catch.hpp>
#include <torch/torch.h>

using namespace graphlens::families;

namespace {

using graphlens::testing::kGpu;

// Boxes shaped like a detector's candidates: 10-200 px in a 640 image, scores without ties.
struct Candidates {
    torch::Tensor boxes, scores, classes;
};

Candidates randomCandidates(std::int64_t count, std::uint64_t seed) {
    auto generator = at::make_generator<at::CPUGeneratorImpl>(seed);
    const auto centres = torch::rand({count, 2}, generator) * 640;
    const auto sizes = torch::rand({count, 2}, generator) * 190 + 10;
    return {torch::cat({centres - sizes / 2, centres + sizes / 2}, 1), torch::randperm(count, generator).to(torch::kFloat) / count,
            torch::randint(0, 8, {count}, generator)};
}

}  // namespace

TEST_CASE("class-aware NMS keeps the same boxes on the GPU as on the CPU", "[cuda][yolo]") {
    if (!torch::cuda::is_available()) GRAPHLENS_SKIP("no CUDA device");
    for (const std::int64_t count : {1000, 10000}) {
        CAPTURE(count);
        const auto candidates = randomCandidates(count, static_cast<std::uint64_t>(count));
        const auto onCpu = yolo::batchedNms(candidates.boxes, candidates.scores, candidates.classes, 0.7);
        const auto onGpu = yolo::batchedNms(candidates.boxes.to(kGpu), candidates.scores.to(kGpu), candidates.classes.to(kGpu), 0.7);
        REQUIRE(onGpu.device().is_cuda());
        REQUIRE(onCpu.numel() > 0);
        CHECK(torch::equal(onCpu, onGpu.to(torch::kCPU)));
    }
}

TEST_CASE("yolo-t's predict postprocess gives the CPU's detections on the GPU", "[cuda][yolo]") {
    if (!torch::cuda::is_available()) GRAPHLENS_SKIP("no CUDA device");
    const auto* family = FamilyRegistry::builtIn().find("yolo-t");
    REQUIRE(family != nullptr);
    auto network = family->build(0);
    network.ptr()->to(kGpu);
    network.ptr()->eval();
    torch::NoGradGuard noGrad;
    torch::manual_seed(3);
    const auto raw = network.forward(torch::rand({2, 3, 320, 320}).to(kGpu));
    // A fresh head's class bias keeps every score near 0 (Ultralytics' prior): redraw the class
    // logits so hundreds of anchors pass the 0.25 filter, and keep the network's box logits.
    auto lifted = raw.clone();
    auto classLogits = lifted.narrow(1, 4 * yolo::kRegMax, lifted.size(1) - 4 * yolo::kRegMax);
    classLogits.copy_(torch::randn(classLogits.sizes(), at::make_generator<at::CPUGeneratorImpl>(4)) * 2 - 1);
    const auto onGpu = family->postprocess(lifted).toTensorList();
    const auto onCpu = family->postprocess(lifted.to(torch::kCPU)).toTensorList();
    REQUIRE(onGpu.size() == 2);
    REQUIRE(onCpu.size() == 2);
    for (std::size_t image = 0; image < 2; ++image) {
        const torch::Tensor gpu = onGpu.get(image);
        const torch::Tensor cpu = onCpu.get(image);
        CAPTURE(image, gpu.size(0), cpu.size(0));
        REQUIRE(gpu.size(0) > 0);
        REQUIRE(gpu.sizes() == cpu.sizes());
        CHECK((gpu.to(torch::kCPU) - cpu).abs().max().item<double>() < 1e-3);
    }
}
