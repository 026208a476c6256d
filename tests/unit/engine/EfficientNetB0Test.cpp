#include "TorchvisionReference.h"
#include "support/Skip.h"
#include "families/EfficientNetB0.h"
#include "families/FamilyRegistry.h"

#include <catch2/catch.hpp>
#include <torch/torch.h>

using namespace graphlens::families;

TEST_CASE("efficientnet-b0 is registered with its declarations", "[families]") {
    const auto* family = FamilyRegistry::builtIn().find("efficientnet-b0");
    REQUIRE(family != nullptr);
    CHECK(family->task == "classify");
    CHECK(family->defaultImgsz == 224);
    CHECK(family->inference.kind == GraphSupportKind::Whole);
    auto module = family->build(0);
    CHECK(parameterCount(*module.ptr()) == 5288548);  // torchvision.models.efficientnet_b0()
}

TEST_CASE("efficientnet-b0 has torchvision's layout, names and stochastic depth schedule", "[families]") {
    EfficientNetB0 model;
    CHECK(parameterCount(*model) == 5288548);
    const auto parameters = model->named_parameters();
    CHECK(parameters.size() == 213);
    CHECK(model->named_buffers().size() == 147);  // 49 BatchNorms x 3
    for (const char* name : {"features.0.0.weight", "features.1.0.block.1.fc1.weight", "features.2.0.block.0.0.weight",
                             "features.6.3.block.3.1.running_var", "features.8.1.weight", "classifier.1.weight"}) {
        CAPTURE(name);
        CHECK(namedState(*model).count(name) == 1);
    }
    // SE squeeze = max(1, input channels // 4): stage 6 block 0 has 112 in, 672 expanded -> 28.
    CHECK(parameters["features.6.0.block.2.fc1.weight"].sizes() == torch::IntArrayRef({28, 672, 1, 1}));
    for (const auto& module : model->modules()) {
        if (const auto* bn = module->as<torch::nn::BatchNorm2d>()) {
            CHECK(bn->options.eps() == 1e-5);
            CHECK(bn->options.momentum().value() == 0.1);
        }
    }
    // 0.2 * block index / 16 blocks.
    auto* last = model->features[7]->as<torch::nn::Sequential>()->ptr(0)->as<MBConvImpl>();
    REQUIRE(last != nullptr);
    CHECK(last->stochasticDepthProb == Approx(0.2 * 15 / 16));
    CHECK_FALSE(last->useResidual);
    auto* residual = model->features[6]->as<torch::nn::Sequential>()->ptr(3)->as<MBConvImpl>();
    REQUIRE(residual != nullptr);
    CHECK(residual->useResidual);
    CHECK(residual->stochasticDepthProb == Approx(0.2 * 14 / 16));
}

TEST_CASE("efficientnet-b0 is random in training (stochastic depth, dropout) and fixed in eval", "[families]") {
    torch::NoGradGuard noGrad;
    torch::manual_seed(2);
    EfficientNetB0 model;
    const auto input = torch::randn({2, 3, 64, 64});
    model->train();
    CHECK_FALSE(torch::equal(model->forward(input), model->forward(input)));
    model->eval();
    CHECK(torch::equal(model->forward(input), model->forward(input)));
}

TEST_CASE("efficientnet-b0 computes torchvision's efficientnet_b0 (fp32, CPU)", "[families][torchvision]") {
    EfficientNetB0 model;
    const auto compared = graphlens::testing::compareWithTorchvision(
        *model, [&](const torch::Tensor& x) { return model->forward(x); }, "efficientnet_b0",
        efficientNetB0TorchvisionNames(), {1, 3, 224, 224});
    if (!compared.maxAbsDiff) GRAPHLENS_SKIP_MISSING_REFERENCE(compared.missing);
    CHECK(*compared.maxAbsDiff <= 1e-4);
}
