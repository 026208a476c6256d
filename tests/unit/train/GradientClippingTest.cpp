// clipGradientNorm against torch::nn::utils::clip_grad_norm_: the same total norm and clipped
// gradients, nothing changed below the limit, parameters without a gradient skipped.
#include "train/GradientClipping.h"

#include <torch/torch.h>
#include <catch2/catch.hpp>

using namespace graphlens::train;

namespace {

// Three parameters with gradients of norm ~ `size` and one without a gradient.
std::vector<torch::Tensor> makeParameters(double size) {
    torch::manual_seed(5);
    std::vector<torch::Tensor> parameters;
    for (const auto& shape : {std::vector<std::int64_t>{6}, {3, 4}, {2, 2, 2}}) {
        auto parameter = torch::randn(shape).requires_grad_(true);
        parameter.mutable_grad() = torch::randn(shape) * size;
        parameters.push_back(parameter);
    }
    parameters.push_back(torch::randn({3}).requires_grad_(true));  // no gradient
    return parameters;
}

}  // namespace

TEST_CASE("clipGradientNorm matches libtorch's clip_grad_norm_", "[train]") {
    const auto ours = makeParameters(10.0);
    const auto theirs = makeParameters(10.0);
    const auto total = clipGradientNorm(ours, /*maxNorm=*/1.0);
    const double expected = torch::nn::utils::clip_grad_norm_(theirs, /*max_norm=*/1.0);
    CHECK(total.dim() == 0);
    CHECK(total.item<double>() == Approx(expected).epsilon(1e-6));
    REQUIRE(expected > 1.0);  // so the gradients were clipped
    for (std::size_t i = 0; i < 3; ++i) {
        CHECK(torch::allclose(ours[i].grad(), theirs[i].grad(), /*rtol=*/1e-6, /*atol=*/1e-7));
    }
    CHECK_FALSE(ours[3].grad().defined());  // skipped, not given a gradient
    double clippedSquares = 0.0;
    for (std::size_t i = 0; i < 3; ++i) {
        clippedSquares += ours[i].grad().pow(2).sum().item<double>();
    }
    CHECK(std::sqrt(clippedSquares) == Approx(1.0).epsilon(1e-5));
}

TEST_CASE("clipGradientNorm leaves gradients below the limit alone", "[train]") {
    const auto parameters = makeParameters(0.01);
    std::vector<torch::Tensor> before;
    for (std::size_t i = 0; i < 3; ++i) {
        before.push_back(parameters[i].grad().clone());
    }
    const auto total = clipGradientNorm(parameters, /*maxNorm=*/100.0);
    double squares = 0.0;
    for (std::size_t i = 0; i < 3; ++i) {
        CHECK(torch::equal(parameters[i].grad(), before[i]));  // the factor is exactly 1
        squares += before[i].pow(2).sum().item<double>();
    }
    CHECK(total.item<double>() == Approx(std::sqrt(squares)).epsilon(1e-6));
}

TEST_CASE("clipGradientNorm without gradients returns zero", "[train]") {
    const std::vector<torch::Tensor> parameters{torch::randn({4}).requires_grad_(true)};
    CHECK(clipGradientNorm(parameters, 1.0).item<double>() == 0.0);
    CHECK(clipGradientNorm({}, 1.0).item<double>() == 0.0);
}
