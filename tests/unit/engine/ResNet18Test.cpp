#include "families/FamilyRegistry.h"

#include <catch2/catch.hpp>
#include <torch/torch.h>

using namespace graphlens::families;

namespace {
torch::nn::AnyModule build(std::uint64_t seed) {
    const auto* family = FamilyRegistry::builtIn().find("resnet18");
    REQUIRE(family != nullptr);
    auto module = family->build(seed);
    module.ptr()->eval();
    return module;
}
}  // namespace

TEST_CASE("resnet18 is registered with its declarations", "[families]") {
    const auto* family = FamilyRegistry::builtIn().find("resnet18");
    REQUIRE(family != nullptr);
    CHECK(family->task == "classify");
    CHECK(family->defaultImgsz == 224);
    CHECK(family->inference.kind == GraphSupportKind::Whole);
    CHECK(FamilyRegistry::builtIn().find("resnet19") == nullptr);
    CHECK(FamilyRegistry::builtIn().knownNames().find("resnet18") != std::string::npos);
}

TEST_CASE("resnet18 has torchvision's parameter count and names", "[families]") {
    const auto module = build(0);
    CHECK(parameterCount(*module.ptr()) == 11689512);  // torchvision.models.resnet18()
    const auto parameters = module.ptr()->named_parameters();
    CHECK(parameters.size() == 62);
    const auto buffers = module.ptr()->named_buffers();
    CHECK(buffers.size() == 60);  // 20 BatchNorms x (running_mean, running_var, num_batches_tracked)
    for (const char* name : {"conv1.weight", "bn1.bias", "layer1.0.conv1.weight", "layer2.0.downsample.0.weight",
                             "layer2.0.downsample.1.weight", "layer4.1.bn2.weight", "fc.weight", "fc.bias"}) {
        CAPTURE(name);
        CHECK(parameters.contains(name));
    }
    CHECK(parameters["layer3.0.conv1.weight"].sizes() == torch::IntArrayRef({256, 128, 3, 3}));
}

TEST_CASE("resnet18 maps an image batch to class logits, deterministically per seed", "[families]") {
    torch::NoGradGuard noGrad;
    torch::manual_seed(3);
    const auto input = torch::randn({2, 3, 64, 64});
    const auto a = build(1).forward<torch::Tensor>(input);
    const auto b = build(1).forward<torch::Tensor>(input);
    const auto c = build(2).forward<torch::Tensor>(input);
    CHECK(a.sizes() == torch::IntArrayRef({2, 1000}));
    CHECK(torch::equal(a, b));
    CHECK_FALSE(torch::equal(a, c));
    CHECK(torch::isfinite(a).all().item<bool>());
}
