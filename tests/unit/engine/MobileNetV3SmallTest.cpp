#include "TorchvisionReference.h"
#include "support/Skip.h"
#include "families/FamilyRegistry.h"
#include "families/MobileNetV3Small.h"

#include <catch2/catch.hpp>
#include <torch/torch.h>

using namespace graphlens::families;

TEST_CASE("mobilenetv3-s is registered with its declarations", "[families]") {
    const auto* family = FamilyRegistry::builtIn().find("mobilenetv3-s");
    REQUIRE(family != nullptr);
    CHECK(family->task == "classify");
    CHECK(family->defaultImgsz == 224);
    CHECK(family->numClasses == 1000);
    CHECK(family->inference.kind == GraphSupportKind::Whole);
    auto module = family->build(0);
    CHECK(parameterCount(*module.ptr()) == 2542856);  // torchvision.models.mobilenet_v3_small()
}

TEST_CASE("mobilenetv3-s has torchvision's layout, names and BatchNorm settings", "[families]") {
    MobileNetV3Small model;
    CHECK(parameterCount(*model) == 2542856);
    const auto parameters = model->named_parameters();
    CHECK(parameters.size() == 142);
    CHECK(model->named_buffers().size() == 102);  // 34 BatchNorms x 3
    for (const char* name : {"features.0.0.weight", "features.1.block.1.fc1.weight", "features.1.block.1.fc2.bias",
                             "features.4.block.2.fc1.weight", "features.12.1.bias", "classifier.0.weight",
                             "classifier.3.bias"}) {
        CAPTURE(name);
        CHECK(parameters.contains(name));
    }
    // SE squeeze channels: _make_divisible(expanded // 4, 8); 96 expanded -> 24, 576 -> 144.
    CHECK(parameters["features.4.block.2.fc1.weight"].sizes() == torch::IntArrayRef({24, 96, 1, 1}));
    CHECK(parameters["features.11.block.2.fc1.weight"].sizes() == torch::IntArrayRef({144, 576, 1, 1}));
    CHECK(parameters["features.4.block.1.0.weight"].sizes() == torch::IntArrayRef({96, 1, 5, 5}));
    int batchNorms = 0;
    for (const auto& module : model->modules()) {
        if (const auto* bn = module->as<torch::nn::BatchNorm2d>()) {
            ++batchNorms;
            CHECK(bn->options.eps() == 0.001);
            CHECK(bn->options.momentum().value() == 0.01);
        }
    }
    CHECK(batchNorms == 34);
    for (const auto& [name, tensor] : namedState(*model)) {
        CAPTURE(name);
        CHECK(referenceName(mobileNetV3SmallTorchvisionNames(), name) == name);
    }
}

TEST_CASE("mobilenetv3-s trains its BatchNorms with momentum 0.01 and is deterministic in eval", "[families]") {
    torch::manual_seed(1);
    MobileNetV3Small model;
    auto* bn = model->features[0]->as<torch::nn::Sequential>()->ptr(1)->as<torch::nn::BatchNorm2d>();
    REQUIRE(bn != nullptr);
    const auto input = torch::randn({2, 3, 64, 64});
    model->train();
    {
        torch::NoGradGuard noGrad;
        model->forward(input);
    }
    const auto conv = model->features[0]->as<torch::nn::Sequential>()->ptr(0)->as<torch::nn::Conv2d>();
    const auto batchMean = conv->forward(input).mean({0, 2, 3});
    CHECK(torch::allclose(bn->running_mean, 0.01 * batchMean, /*rtol=*/1e-4, /*atol=*/1e-6));
    model->eval();
    torch::NoGradGuard noGrad;
    CHECK(torch::equal(model->forward(input), model->forward(input)));
}

TEST_CASE("mobilenetv3-s computes torchvision's mobilenet_v3_small (fp32, CPU)", "[families][torchvision]") {
    MobileNetV3Small model;
    const auto compared = graphlens::testing::compareWithTorchvision(
        *model, [&](const torch::Tensor& x) { return model->forward(x); }, "mobilenet_v3_small",
        mobileNetV3SmallTorchvisionNames(), {1, 3, 224, 224});
    if (!compared.maxAbsDiff) GRAPHLENS_SKIP_MISSING_REFERENCE(compared.missing);
    CHECK(*compared.maxAbsDiff <= 1e-4);
}
