// The capturable optimizers against libtorch's own: the same updates as torch::optim::SGD and
// torch::optim::AdamW over several steps, a learning rate set through its tensor, a stable state
// layout, and the scaler's device inputs (a skipped step on found_inf, gradients divided by gradScale).
#include "train/CapturableAdamW.h"
#include "TensorLists.h"
#include "train/CapturableSgd.h"

#include <torch/torch.h>
#include <catch2/catch.hpp>

using namespace graphlens::train;

namespace {

using graphlens::testing::allEqual;

// Three differently shaped parameters, the same values for every call with the same seed.
std::vector<torch::Tensor> makeParameters(std::uint64_t seed = 1) {
    torch::manual_seed(seed);
    std::vector<torch::Tensor> parameters;
    for (const auto& shape : {std::vector<std::int64_t>{7}, {3, 5}, {4, 2, 3}}) {
        parameters.push_back(torch::randn(shape).requires_grad_(true));
    }
    return parameters;
}

std::vector<torch::Tensor> cloneParameters(const std::vector<torch::Tensor>& parameters) {
    std::vector<torch::Tensor> copies;
    for (const auto& parameter : parameters) {
        copies.push_back(parameter.detach().clone().requires_grad_(true));
    }
    return copies;
}

// A fresh random gradient per step (changing from step to step), times `factor`.
void setGradients(const std::vector<torch::Tensor>& parameters, int step, double factor = 1.0) {
    torch::manual_seed(100 + step);
    for (auto parameter : parameters) {
        parameter.mutable_grad() = torch::randn_like(parameter) * factor;
    }
}

double maxDifference(const std::vector<torch::Tensor>& a, const std::vector<torch::Tensor>& b) {
    double worst = 0.0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        worst = std::max(worst, (a[i] - b[i]).abs().max().item<double>());
    }
    return worst;
}

// Five steps of both optimizers on equal parameters and equal gradients; returns the largest
// parameter difference at the end.
template <typename Reference>
double runAgainst(CapturableOptimizer& ours, Reference& reference, const std::vector<torch::Tensor>& theirs) {
    double worst = 0.0;
    for (int step = 0; step < 5; ++step) {
        setGradients(ours.parameters(), step);
        setGradients(theirs, step);
        ours.step();
        reference.step();
        worst = std::max(worst, maxDifference(ours.parameters(), theirs));
    }
    return worst;
}

}  // namespace

TEST_CASE("CapturableSgd matches torch::optim::SGD over five steps", "[train]") {
    struct Case {
        double momentum, weightDecay;
        bool nesterov;
    };
    // lr 1/16 is exact in float32, so the float32 lr tensor and libtorch's double lr agree.
    const double lr = 0.0625;
    for (const auto& c : {Case{0.9, 0.0, false}, Case{0.9, 0.01, false}, Case{0.9, 0.01, true},
                          Case{0.0, 0.0, false}, Case{0.0, 0.05, false}}) {
        CAPTURE(c.momentum, c.weightDecay, c.nesterov);
        const auto theirs = makeParameters();
        CapturableSgd ours(makeParameters(),
                           SgdOptions{lr, c.momentum, /*dampening=*/0.0, c.weightDecay, c.nesterov});
        torch::optim::SGD reference(theirs, torch::optim::SGDOptions(lr)
                                                .momentum(c.momentum)
                                                .weight_decay(c.weightDecay)
                                                .nesterov(c.nesterov));
        const double worst = runAgainst(ours, reference, theirs);
        INFO("largest difference " << worst);
        if (c.momentum == 0.0) {
            CHECK(worst == 0.0);  // p -= lr * (g + wd * p): the same float32 arithmetic, bit for bit
        } else {
            // The fused kernel rounds the momentum update differently from libtorch's mul_/add_
            // chain: about one ulp of values near 1 after five steps.
            CHECK(worst < 1e-6);
        }
    }
}

TEST_CASE("CapturableAdamW matches torch::optim::AdamW over five steps", "[train]") {
    const AdamWOptions options{/*learningRate=*/1e-2, /*beta1=*/0.8, /*beta2=*/0.99, /*eps=*/1e-8,
                               /*weightDecay=*/0.05};
    const auto theirs = makeParameters();
    CapturableAdamW ours(makeParameters(), options);
    torch::optim::AdamW reference(theirs, torch::optim::AdamWOptions(options.learningRate)
                                              .betas({options.beta1, options.beta2})
                                              .eps(options.eps)
                                              .weight_decay(options.weightDecay));
    const double worst = runAgainst(ours, reference, theirs);
    INFO("largest difference " << worst);
    // The fused kernel orders the bias corrections differently (and its lr is float32): a few ulps.
    CHECK(worst < 1e-6);
}

TEST_CASE("setLearningRate changes the next update", "[train]") {
    SECTION("sgd") {
        CapturableSgd sgd(makeParameters(), SgdOptions{/*learningRate=*/0.1, /*momentum=*/0.0});
        sgd.setLearningRate(0.25);
        CHECK(sgd.learningRate().item<float>() == 0.25f);
        CHECK(sgd.learningRate().dtype() == torch::kFloat32);
        CHECK(sgd.learningRate().dim() == 0);
        const auto before = cloneParameters(sgd.parameters());
        setGradients(sgd.parameters(), 0);
        sgd.step();
        for (std::size_t i = 0; i < before.size(); ++i) {
            const auto& p = sgd.parameters()[i];
            CHECK(torch::allclose(p, before[i] - 0.25 * p.grad(), /*rtol=*/0.0, /*atol=*/1e-6));
        }
    }
    SECTION("adamw, against a reference built with the new rate") {
        const auto theirs = makeParameters();
        CapturableAdamW ours(makeParameters(), AdamWOptions{/*learningRate=*/1e-3});
        torch::optim::AdamW reference(theirs, torch::optim::AdamWOptions(5e-3).weight_decay(1e-2));
        ours.setLearningRate(5e-3);
        CHECK(runAgainst(ours, reference, theirs) < 1e-6);
    }
}

TEST_CASE("state tensors keep their count and order", "[train]") {
    SECTION("sgd: momentum buffers, the initialised flag, the learning rate") {
        CapturableSgd sgd(makeParameters(), SgdOptions{});
        const auto before = sgd.stateTensors();
        REQUIRE(before.size() == 3 + 2);
        CHECK(before.back().is_same(sgd.learningRate()));
        CHECK(before[3].item<float>() == 0.0f);  // not initialised yet
        setGradients(sgd.parameters(), 0);
        sgd.step();
        const auto after = sgd.stateTensors();
        REQUIRE(after.size() == before.size());
        for (std::size_t i = 0; i < after.size(); ++i) {
            CHECK(after[i].is_same(before[i]));  // filled in place: a captured graph's snapshot stays valid
        }
        for (std::size_t i = 0; i < 3; ++i) {
            CHECK(torch::equal(after[i], sgd.parameters()[i].grad()));  // first step: buffer = gradient
        }
        CHECK(after[3].item<float>() == 1.0f);
    }
    SECTION("sgd without momentum has no buffers") {
        CapturableSgd sgd(makeParameters(), SgdOptions{/*learningRate=*/0.1, /*momentum=*/0.0});
        CHECK(sgd.stateTensors().size() == 2);
    }
    SECTION("adamw: first moments, second moments, step counts, the learning rate") {
        CapturableAdamW adamw(makeParameters(), AdamWOptions{});
        const auto before = adamw.stateTensors();
        REQUIRE(before.size() == 3 * 3 + 1);
        for (std::size_t i = 6; i < 9; ++i) {
            CHECK(before[i].dim() == 0);
            CHECK(before[i].dtype() == torch::kFloat32);
        }
        setGradients(adamw.parameters(), 0);
        adamw.step();
        const auto after = adamw.stateTensors();
        REQUIRE(after.size() == before.size());
        for (std::size_t i = 0; i < after.size(); ++i) {
            CHECK(after[i].is_same(before[i]));
        }
        CHECK(after[6].item<float>() == 1.0f);
        CHECK(after.back().is_same(adamw.learningRate()));
    }
}

TEST_CASE("readyForCapture: at once unless a first step must fill the state differently", "[train]") {
    // Dampening 0: the first step on zero buffers is the later steps' kernel, so step 0 can be captured.
    CHECK(CapturableSgd(makeParameters(), SgdOptions{}).readyForCapture());
    SgdOptions damped;
    damped.dampening = 0.1;
    CapturableSgd sgd(makeParameters(), damped);
    CHECK_FALSE(sgd.readyForCapture());
    setGradients(sgd.parameters(), 0);
    sgd.step();
    CHECK(sgd.readyForCapture());

    CapturableSgd restored(makeParameters(), damped);
    restored.initialiseState();  // a checkpoint fills the buffers next
    CHECK(restored.readyForCapture());

    // Nothing to create without momentum, and AdamW creates all of its state up front.
    CHECK(CapturableSgd(makeParameters(), SgdOptions{0.1, /*momentum=*/0.0}).readyForCapture());
    CHECK(CapturableAdamW(makeParameters(), AdamWOptions{}).readyForCapture());
    CHECK(sgd.name() == "sgd");
    CHECK(CapturableAdamW(makeParameters(), AdamWOptions{}).name() == "adamw");
}

TEST_CASE("SGD's first step, ready for capture, equals torch::optim::SGD's first step bit for bit", "[train]") {
    auto parameters = makeParameters();
    auto theirs = cloneParameters(parameters);
    CapturableSgd ours(parameters, SgdOptions{});
    REQUIRE(ours.readyForCapture());
    torch::optim::SGD reference(theirs, torch::optim::SGDOptions(0.01).momentum(0.9));
    setGradients(ours.parameters(), 0);
    setGradients(theirs, 0);
    ours.step();
    reference.step();
    CHECK(allEqual(ours.parameters(), theirs));
}

TEST_CASE("foundInf = 1 skips the whole update on the device", "[train]") {
    const auto foundInf = torch::ones({1});
    SECTION("sgd, first and later steps") {
        CapturableSgd sgd(makeParameters(),
                          SgdOptions{/*learningRate=*/0.1, /*momentum=*/0.9, 0.0, /*weightDecay=*/0.01});
        for (int step = 0; step < 2; ++step) {
            const auto parameters = cloneParameters(sgd.parameters());
            const auto state = cloneParameters(sgd.stateTensors());
            setGradients(sgd.parameters(), step);
            sgd.step(std::nullopt, foundInf);
            CHECK(allEqual(sgd.parameters(), parameters));
            CHECK(allEqual(sgd.stateTensors(), state));  // buffers and the initialised flag included
            sgd.step(std::nullopt, torch::zeros({1}));   // a clean step moves them
            CHECK_FALSE(allEqual(sgd.parameters(), parameters));
            CHECK(sgd.stateTensors()[3].item<float>() == 1.0f);
        }
    }
    SECTION("adamw: parameters, moments and step counts") {
        CapturableAdamW adamw(makeParameters(), AdamWOptions{});
        setGradients(adamw.parameters(), 0);
        adamw.step();
        const auto parameters = cloneParameters(adamw.parameters());
        const auto state = cloneParameters(adamw.stateTensors());
        setGradients(adamw.parameters(), 1);
        adamw.step(std::nullopt, foundInf);
        CHECK(allEqual(adamw.parameters(), parameters));
        CHECK(allEqual(adamw.stateTensors(), state));
        CHECK(adamw.stateTensors()[6].item<float>() == 1.0f);
        adamw.step(std::nullopt, torch::zeros({1}));
        CHECK(adamw.stateTensors()[6].item<float>() == 2.0f);
    }
}

TEST_CASE("an sgd first step skipped on overflow leaves libtorch's sequence intact", "[train]") {
    // amp's first scale often overflows: the zero buffers must then act as libtorch's first step.
    const auto theirs = makeParameters();
    CapturableSgd ours(makeParameters(), SgdOptions{/*learningRate=*/0.0625, /*momentum=*/0.9, 0.0, 0.01});
    torch::optim::SGD reference(theirs, torch::optim::SGDOptions(0.0625).momentum(0.9).weight_decay(0.01));
    setGradients(ours.parameters(), 99);
    ours.step(std::nullopt, torch::ones({1}));
    CHECK(ours.stateTensors()[3].item<float>() == 0.0f);
    CHECK(runAgainst(ours, reference, theirs) < 1e-6);
    CHECK(ours.stateTensors()[3].item<float>() == 1.0f);
}

TEST_CASE("gradScale = s gives the update of the gradients divided by s", "[train]") {
    // s a power of two: g * s / s is exact, so the two runs must agree bit for bit.
    const auto gradScale = torch::full({1}, 8.0);
    const auto clean = torch::zeros({1});
    SECTION("sgd") {
        const SgdOptions options{/*learningRate=*/0.1, /*momentum=*/0.9, 0.0, /*weightDecay=*/0.01,
                                 /*nesterov=*/true};
        CapturableSgd scaled(makeParameters(), options), plain(makeParameters(), options);
        for (int step = 0; step < 3; ++step) {
            setGradients(scaled.parameters(), step, /*factor=*/8.0);
            setGradients(plain.parameters(), step);
            scaled.step(gradScale, clean);
            plain.step();
            CHECK(allEqual(scaled.parameters(), plain.parameters()));
        }
    }
    SECTION("adamw") {
        CapturableAdamW scaled(makeParameters(), AdamWOptions{}), plain(makeParameters(), AdamWOptions{});
        for (int step = 0; step < 3; ++step) {
            setGradients(scaled.parameters(), step, /*factor=*/8.0);
            setGradients(plain.parameters(), step);
            scaled.step(gradScale, std::nullopt);
            plain.step();
            CHECK(allEqual(scaled.parameters(), plain.parameters()));
        }
    }
}

TEST_CASE("zeroGrad zeroes in place and creates missing gradients", "[train]") {
    CapturableSgd sgd(makeParameters(), SgdOptions{});
    // A parameter without a gradient cannot be stepped: a missing zeroGrad() is named, not hidden.
    CHECK_THROWS_AS(sgd.step(), std::logic_error);
    setGradients(sgd.parameters(), 0);
    auto first = sgd.parameters()[0];
    first.mutable_grad() = torch::Tensor();
    const void* storage = sgd.parameters()[1].grad().data_ptr();
    sgd.zeroGrad();
    for (const auto& parameter : sgd.parameters()) {
        REQUIRE(parameter.grad().defined());
        CHECK(parameter.grad().count_nonzero().item<std::int64_t>() == 0);
    }
    CHECK(sgd.parameters()[1].grad().data_ptr() == storage);  // the storage a graph would hold
}

TEST_CASE("clearGradients lets backward write gradients fresh, ensureGradients zeroes only the missing ones", "[train]") {
    CapturableSgd sgd(makeParameters(), SgdOptions{});
    setGradients(sgd.parameters(), 0);
    const auto before = sgd.parameters()[0].grad();
    sgd.clearGradients();
    for (const auto& parameter : sgd.parameters()) CHECK_FALSE(parameter.grad().defined());
    // Backward reaches the first parameter only: it gets the incoming gradient itself, not a sum
    // into the old buffer.
    auto first = sgd.parameters()[0];
    (first * 3.0).sum().backward();
    REQUIRE(first.grad().defined());
    CHECK(first.grad().data_ptr() != before.data_ptr());
    CHECK(torch::equal(first.grad(), torch::full_like(first, 3.0)));
    const void* reached = first.grad().data_ptr();
    sgd.ensureGradients();
    CHECK(first.grad().data_ptr() == reached);  // left alone
    for (std::size_t i = 1; i < sgd.parameters().size(); ++i) {
        REQUIRE(sgd.parameters()[i].grad().defined());
        CHECK(sgd.parameters()[i].grad().count_nonzero().item<std::int64_t>() == 0);
    }
    CHECK_NOTHROW(sgd.step());
}
