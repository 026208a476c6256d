#include "families/ConvNormActivation.h"
#include "families/SqueezeExcitation.h"
#include "families/StochasticDepth.h"
#include "families/WeightMapping.h"

#include <catch2/catch.hpp>
#include <torch/torch.h>

using namespace graphlens::families;

TEST_CASE("makeDivisible rounds like torchvision's _make_divisible", "[families]") {
    CHECK(makeDivisible(16 * 0.35, 8) == 8);    // never below the divisor
    CHECK(makeDivisible(32 * 0.35, 8) == 16);   // 11.2 -> 16 (nearest multiple, ties up)
    CHECK(makeDivisible(72 / 4, 8) == 24);      // MobileNetV3 SE squeeze of 72 channels
    CHECK(makeDivisible(96 / 4, 8) == 24);
    CHECK(makeDivisible(240 / 4, 8) == 64);
    CHECK(makeDivisible(12.0, 8) == 16);        // 8 would be > 10% below 12
    CHECK(makeDivisible(576 / 4, 8) == 144);
}

TEST_CASE("activations are torchvision's (hard-swish, hard-sigmoid, ReLU6, SiLU)", "[families]") {
    const auto x = torch::linspace(-8, 8, 33);
    CHECK(torch::allclose(activate(Activation::Hardswish, x), x * torch::clamp(x + 3, 0, 6) / 6));
    CHECK(torch::allclose(activate(Activation::Hardsigmoid, x), torch::clamp(x + 3, 0, 6) / 6));
    CHECK(torch::allclose(activate(Activation::ReLU6, x), torch::clamp(x, 0, 6)));
    CHECK(torch::allclose(activate(Activation::SiLU, x), x * torch::sigmoid(x)));
    CHECK(torch::equal(activate(Activation::None, x), x));
}

TEST_CASE("convNormActivation lays out conv/BN/activation as 0/1/2 with torchvision's padding", "[families]") {
    auto block = convNormActivation({/*inChannels=*/8, /*outChannels=*/8, /*kernel=*/5, /*stride=*/2,
                                     /*groups=*/8, Activation::Hardswish, {/*eps=*/1e-3, /*momentum=*/0.01}});
    CHECK(block->size() == 3);
    const auto parameters = block->named_parameters();
    CHECK(parameters.size() == 3);  // no conv bias next to a norm
    CHECK(parameters["0.weight"].sizes() == torch::IntArrayRef({8, 1, 5, 5}));
    auto* bn = block[1]->as<torch::nn::BatchNorm2d>();
    REQUIRE(bn != nullptr);
    CHECK(bn->options.eps() == 1e-3);
    CHECK(bn->options.momentum().value() == 0.01);
    block->eval();
    CHECK(block->forward(torch::randn({1, 8, 15, 15})).sizes() == torch::IntArrayRef({1, 8, 8, 8}));
    CHECK(convNormActivation({4, 6, 1, 1, 1, Activation::None, {}})->size() == 2);
}

TEST_CASE("squeeze-excitation scales each channel by a gate of its mean", "[families]") {
    torch::NoGradGuard noGrad;
    SqueezeExcitation se(/*inputChannels=*/4, /*squeezeChannels=*/2, Activation::ReLU, Activation::Hardsigmoid);
    CHECK(se->named_parameters().size() == 4);  // fc1.weight/bias, fc2.weight/bias
    const auto x = torch::randn({2, 4, 5, 5});
    const auto pooled = x.mean({2, 3}, /*keepdim=*/true);
    const auto gate = torch::hardsigmoid(se->fc2(torch::relu(se->fc1(pooled))));
    CHECK(torch::allclose(se(x), gate * x));
}

TEST_CASE("stochastic depth is the identity in eval and drops whole rows in training", "[families]") {
    torch::manual_seed(0);
    const auto x = torch::ones({4000, 3, 2, 2});
    CHECK(torch::equal(stochasticDepth(x, 0.5, /*training=*/false), x));
    CHECK(torch::equal(stochasticDepth(x, 0.0, /*training=*/true), x));
    const auto y = stochasticDepth(x, 0.25, /*training=*/true);
    const auto rows = y.flatten(1);
    // Every row is all zeros or all 1 / 0.75.
    CHECK(torch::equal(rows.amin(1), rows.amax(1)));
    const auto kept = (rows.select(1, 0) > 0).to(torch::kFloat).mean().item<float>();
    CHECK(kept == Approx(0.75).margin(0.03));
    CHECK(rows.max().item<float>() == Approx(1.0 / 0.75));
    CHECK(torch::equal(stochasticDepth(x, 1.0, /*training=*/true), torch::zeros_like(x)));
    CHECK_THROWS_AS(stochasticDepth(x, 1.5, /*training=*/true), std::invalid_argument);
}

TEST_CASE("a weight mapping must cover both sides one-to-one with equal shapes", "[families]") {
    const NameMapping mapping = {{"backbone.", "features."}, {"head.", "classifier."}};
    CHECK(referenceName(mapping, "backbone.0.weight") == "features.0.weight");
    CHECK(referenceName(mapping, "neck.weight").empty());
    const std::map<std::string, torch::Tensor> builtin = {{"backbone.0.weight", torch::zeros({2, 3})},
                                                          {"head.bias", torch::zeros({4})}};
    std::map<std::string, torch::Tensor> reference = {{"features.0.weight", torch::ones({2, 3})},
                                                      {"classifier.bias", torch::ones({4})}};
    CHECK(checkMapping(mapping, builtin, reference).ok());

    reference["classifier.weight"] = torch::ones({4, 4});
    auto check = checkMapping(mapping, builtin, reference);
    CHECK(check.unusedReference == std::vector<std::string>{"classifier.weight"});
    CHECK(check.describe() == "reference name unused: classifier.weight\n");

    check = checkMapping({{"backbone.", "features."}}, builtin, reference);
    CHECK(check.unmatched == std::vector<std::string>{"head.bias"});

    check = checkMapping({{"", "classifier.bias"}}, {{"a", torch::zeros({4})}, {"b", torch::zeros({4})}},
                         {{"classifier.bias", torch::zeros({4})}});
    CHECK(check.unmatched.size() == 2);  // "a" -> "classifier.biasa": not a reference name

    check = checkMapping(mapping, builtin, {{"features.0.weight", torch::ones({3, 2})}, {"classifier.bias", torch::ones({4})}});
    CHECK(check.shapeMismatches.size() == 1);
}

TEST_CASE("loadMapped copies parameters and buffers, or nothing when the mapping fails", "[families]") {
    torch::nn::Sequential module(torch::nn::Conv2d(torch::nn::Conv2dOptions(2, 3, 1)), torch::nn::BatchNorm2d(3));
    NameMapping identity = {{"", ""}};
    auto reference = namedState(*module);
    CHECK(reference.size() == 7);  // conv weight/bias, BN weight/bias/running_mean/running_var/num_batches_tracked
    for (auto& [name, tensor] : reference) reference[name] = torch::full_like(tensor, 3);
    loadMapped(*module, identity, reference);
    for (const auto& [name, tensor] : namedState(*module)) {
        CAPTURE(name);
        CHECK(torch::equal(tensor, torch::full_like(tensor, 3)));
    }
    reference.erase("1.running_var");
    reference["0.weight"] = torch::full({3, 2, 1, 1}, 5.0);
    CHECK_THROWS_WITH(loadMapped(*module, identity, reference), Catch::Contains("1.running_var"));
    CHECK(module[0]->as<torch::nn::Conv2d>()->weight.eq(3).all().item<bool>());
}
