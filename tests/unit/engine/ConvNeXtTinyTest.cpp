#include "TorchvisionReference.h"
#include "support/Skip.h"
#include "families/ConvNeXtTiny.h"
#include "families/FamilyRegistry.h"

#include <catch2/catch.hpp>
#include <torch/torch.h>

using namespace graphlens::families;

TEST_CASE("convnext-t is registered with its declarations", "[families]") {
    const auto* family = FamilyRegistry::builtIn().find("convnext-t");
    REQUIRE(family != nullptr);
    CHECK(family->task == "classify");
    CHECK(family->defaultImgsz == 224);
    CHECK(family->inference.kind == GraphSupportKind::Whole);
    auto module = family->build(0);
    CHECK(parameterCount(*module.ptr()) == 28589128);  // torchvision.models.convnext_tiny()
}

TEST_CASE("convnext-t has torchvision's layout, names, layer scale and stochastic depth", "[families]") {
    ConvNeXtTiny model;
    CHECK(parameterCount(*model) == 28589128);
    const auto parameters = model->named_parameters();
    CHECK(parameters.size() == 182);
    CHECK(model->named_buffers().size() == 0);
    for (const char* name : {"features.0.0.weight", "features.0.1.weight", "features.1.0.layer_scale",
                             "features.1.0.block.0.weight", "features.1.0.block.2.bias", "features.5.8.block.5.weight",
                             "features.6.0.weight", "features.6.1.weight", "classifier.0.bias", "classifier.2.weight"}) {
        CAPTURE(name);
        CHECK(parameters.contains(name));
    }
    CHECK(parameters["features.5.0.block.0.weight"].sizes() == torch::IntArrayRef({384, 1, 7, 7}));  // depthwise 7x7
    CHECK(parameters["features.5.0.layer_scale"].sizes() == torch::IntArrayRef({384, 1, 1}));
    CHECK(parameters["features.5.0.layer_scale"].eq(1e-6f).all().item<bool>());
    auto* last = model->features[7]->as<torch::nn::Sequential>()->ptr(2)->as<CNBlockImpl>();
    REQUIRE(last != nullptr);
    CHECK(last->stochasticDepthProb == Approx(0.1));  // 0.1 * 17 / (18 - 1)
}

TEST_CASE("LayerNorm2d normalises over channels at each pixel", "[families]") {
    torch::NoGradGuard noGrad;
    LayerNorm2d norm(4);
    norm->weight.copy_(torch::tensor({1.0f, 2.0f, 0.5f, 1.0f}));
    norm->bias.fill_(0.25);
    const auto x = torch::randn({2, 4, 3, 5});
    const auto mean = x.mean(1, /*keepdim=*/true);
    const auto var = x.var(1, /*unbiased=*/false, /*keepdim=*/true);
    const auto expected = (x - mean) / torch::sqrt(var + 1e-6) * norm->weight.view({1, 4, 1, 1}) + 0.25;
    CHECK(torch::allclose(norm(x), expected, /*rtol=*/1e-5, /*atol=*/1e-5));
}

TEST_CASE("convnext-t computes torchvision's convnext_tiny (fp32, CPU)", "[families][torchvision]") {
    ConvNeXtTiny model;
    const auto compared = graphlens::testing::compareWithTorchvision(
        *model, [&](const torch::Tensor& x) { return model->forward(x); }, "convnext_tiny",
        convNeXtTinyTorchvisionNames(), {1, 3, 224, 224});
    if (!compared.maxAbsDiff) GRAPHLENS_SKIP_MISSING_REFERENCE(compared.missing);
    CHECK(*compared.maxAbsDiff <= 1e-4);
}
