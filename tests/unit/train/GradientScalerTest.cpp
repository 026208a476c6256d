// The device-side gradient scaler: the loss multiplied by the scale, an overflow skipping the step and
// halving the scale, growth after growthInterval clean steps, no double division after unscale(), the
// disabled scaler as a no-op, and the scale sequence torch.amp.GradScaler produces.
#include "train/CapturableAdamW.h"
#include "TensorLists.h"
#include "train/CapturableSgd.h"
#include "train/GradientScaler.h"

#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <limits>

using namespace graphlens::train;

namespace {

using graphlens::testing::allEqual;

std::vector<torch::Tensor> makeScalerParameters() {
    torch::manual_seed(3);
    return {torch::randn({5}).requires_grad_(true), torch::randn({2, 3}).requires_grad_(true)};
}

std::vector<torch::Tensor> snapshot(const std::vector<torch::Tensor>& tensors) {
    std::vector<torch::Tensor> copies;
    for (const auto& t : tensors) {
        copies.push_back(t.detach().clone());
    }
    return copies;
}

// Sets every gradient to `value` times a fixed pattern, optionally poisoning one element.
void setGradients(const CapturableOptimizer& optimizer, double value, double poison = 0.0) {
    for (auto parameter : optimizer.parameters()) {
        parameter.mutable_grad() =
            torch::linspace(-1.0, 1.0, parameter.numel()).reshape(parameter.sizes()) * value;
    }
    if (poison != 0.0) {
        optimizer.parameters()[1].grad().view(-1)[2] = poison;
    }
}

float scaleOf(const GradientScaler& scaler) {
    return scaler.scaleTensor().item<float>();
}

// One iteration as a training step runs it: gradients of a loss scaled by the current scale.
void iterate(GradientScaler& scaler, CapturableOptimizer& optimizer, bool overflow) {
    setGradients(optimizer, scaleOf(scaler), overflow ? std::numeric_limits<double>::infinity() : 0.0);
    scaler.step(optimizer);
    scaler.update();
}

const SgdOptions plainSgd{/*learningRate=*/0.5, /*momentum=*/0.0};

}  // namespace

TEST_CASE("scale multiplies the loss by the scale, in float32", "[train]") {
    GradientScaler scaler(torch::kCPU, GradientScalerOptions{true, /*initScale=*/1024.0});
    const auto loss = torch::full({}, 3.0, torch::kFloat16);
    const auto scaled = scaler.scale(loss);
    CHECK(scaled.dtype() == torch::kFloat32);
    CHECK(scaled.dim() == 0);  // still a scalar: backward() needs no gradient argument
    CHECK(scaled.item<float>() == 3.0f * 1024.0f);
    CHECK(scaler.scaleTensor().sizes() == torch::IntArrayRef{1});
    CHECK(scaler.growthTracker().dtype() == torch::kInt32);
    CHECK(scaler.stateTensors().size() == 3);
}

TEST_CASE("an overflow skips the step and backs the scale off", "[train]") {
    CapturableSgd sgd(makeScalerParameters(), plainSgd);
    GradientScaler scaler(torch::kCPU, GradientScalerOptions{});  // 65536, backoff 0.5
    const auto before = snapshot(sgd.parameters());
    setGradients(sgd, 65536.0, std::numeric_limits<double>::infinity());
    scaler.step(sgd);
    CHECK(allEqual(sgd.parameters(), before));
    CHECK(scaler.foundInf().item<float>() == 1.0f);
    scaler.update();
    CHECK(scaleOf(scaler) == 32768.0f);
    CHECK(scaler.growthTracker().item<int>() == 0);
    CHECK(scaler.foundInf().item<float>() == 1.0f);  // kept for the log until the next check

    SECTION("a NaN counts as an overflow too, and the AdamW step count stays") {
        CapturableAdamW adamw(makeScalerParameters(), AdamWOptions{});
        setGradients(adamw, scaleOf(scaler), std::numeric_limits<double>::quiet_NaN());
        const auto parameters = snapshot(adamw.parameters());
        scaler.step(adamw);
        CHECK(allEqual(adamw.parameters(), parameters));
        CHECK(adamw.stateTensors()[2 * 2].item<float>() == 0.0f);  // first step count
        scaler.update();
        CHECK(scaleOf(scaler) == 16384.0f);
    }
}

TEST_CASE("growthInterval clean steps grow the scale", "[train]") {
    CapturableSgd sgd(makeScalerParameters(), plainSgd);
    GradientScaler scaler(torch::kCPU, GradientScalerOptions{true, /*initScale=*/4.0, /*growthFactor=*/2.0,
                                                             /*backoffFactor=*/0.5, /*growthInterval=*/3});
    iterate(scaler, sgd, false);
    iterate(scaler, sgd, false);
    CHECK(scaleOf(scaler) == 4.0f);
    CHECK(scaler.growthTracker().item<int>() == 2);
    CHECK(scaler.foundInf().item<float>() == 0.0f);
    iterate(scaler, sgd, false);
    CHECK(scaleOf(scaler) == 8.0f);
    CHECK(scaler.growthTracker().item<int>() == 0);
}

TEST_CASE("the update uses the unscaled gradients exactly once", "[train]") {
    // Scale 8 and lr 0.5 are powers of two, so every path below is exact.
    const GradientScalerOptions options{true, /*initScale=*/8.0};
    CapturableSgd expected(makeScalerParameters(), plainSgd);
    setGradients(expected, 1.0);
    expected.step();

    SECTION("unscale, then step") {
        CapturableSgd sgd(makeScalerParameters(), plainSgd);
        GradientScaler scaler(torch::kCPU, options);
        setGradients(sgd, 8.0);
        scaler.unscale(sgd);
        CHECK(allEqual({sgd.parameters()[0].grad()},
                       {expected.parameters()[0].grad()}));  // true values for clipping
        scaler.step(sgd);                                    // must not divide by 8 again
        CHECK(allEqual(sgd.parameters(), expected.parameters()));
        CHECK_THROWS_AS(scaler.unscale(sgd), std::logic_error);  // after step()
        scaler.update();
        CHECK(scaler.growthTracker().item<int>() == 1);
    }
    SECTION("step alone: the fused kernel divides by the scale") {
        CapturableSgd sgd(makeScalerParameters(), plainSgd);
        GradientScaler scaler(torch::kCPU, options);
        setGradients(sgd, 8.0);
        scaler.step(sgd);
        CHECK(allEqual(sgd.parameters(), expected.parameters()));
    }
    SECTION("calls out of order are refused") {
        CapturableSgd sgd(makeScalerParameters(), plainSgd);
        GradientScaler scaler(torch::kCPU, options);
        CHECK_THROWS_AS(scaler.update(), std::logic_error);
        setGradients(sgd, 8.0);
        scaler.unscale(sgd);
        CHECK_THROWS_AS(scaler.unscale(sgd), std::logic_error);
        scaler.step(sgd);
        CHECK_THROWS_AS(scaler.step(sgd), std::logic_error);
    }
}

TEST_CASE("a disabled scaler changes nothing", "[train]") {
    GradientScaler scaler(torch::kCPU, GradientScalerOptions{/*enabled=*/false});
    CHECK_FALSE(scaler.enabled());
    const auto loss = torch::full({}, 2.5);
    CHECK(scaler.scale(loss).is_same(loss));

    CapturableSgd sgd(makeScalerParameters(), plainSgd), expected(makeScalerParameters(), plainSgd);
    setGradients(sgd, 3.0, std::numeric_limits<double>::infinity());  // no check either
    setGradients(expected, 3.0, std::numeric_limits<double>::infinity());
    const auto grads = snapshot({sgd.parameters()[0].grad()});
    scaler.unscale(sgd);
    CHECK(allEqual({sgd.parameters()[0].grad()}, grads));
    scaler.step(sgd);
    expected.step();
    CHECK(torch::equal(sgd.parameters()[0], expected.parameters()[0]));
    const auto scale = scaleOf(scaler);
    scaler.update();
    scaler.update();  // no protocol to keep when disabled
    CHECK(scaleOf(scaler) == scale);
}

TEST_CASE("the scale follows torch.amp.GradScaler's sequence", "[train]") {
    // initScale 1024, growth 2, backoff 0.5, interval 2. The documented rule per update(): an overflow
    // multiplies the scale by 0.5 and resets the tracker; a clean step adds 1 to the tracker, and
    // reaching 2 multiplies the scale by 2 and resets it. For the pattern below:
    //   clean: t=1 1024 | clean: t=2 -> 2048 t=0 | inf: 1024 t=0 | clean: t=1 1024 | inf: 512 t=0
    //   clean: t=1 512  | clean: t=2 -> 1024 t=0 | clean: t=1 1024
    // (torch.amp.GradScaler("cpu") with these options prints the same pairs.)
    const bool overflow[] = {false, false, true, false, true, false, false, false};
    const float expectedScale[] = {1024, 2048, 1024, 1024, 512, 512, 1024, 1024};
    const int expectedTracker[] = {1, 0, 0, 1, 0, 1, 0, 1};
    CapturableSgd sgd(makeScalerParameters(), plainSgd);
    GradientScaler scaler(torch::kCPU, GradientScalerOptions{true, /*initScale=*/1024.0, /*growthFactor=*/2.0,
                                                             /*backoffFactor=*/0.5, /*growthInterval=*/2});
    for (int i = 0; i < 8; ++i) {
        CAPTURE(i);
        const auto before = snapshot(sgd.parameters());
        iterate(scaler, sgd, overflow[i]);
        CHECK(scaleOf(scaler) == expectedScale[i]);
        CHECK(scaler.growthTracker().item<int>() == expectedTracker[i]);
        CHECK(allEqual(sgd.parameters(), before) == overflow[i]);  // only clean steps move the weights
    }
}

TEST_CASE("invalid scaler options are refused", "[train]") {
    CHECK_THROWS_AS(GradientScaler(torch::kCPU, GradientScalerOptions{true, /*initScale=*/0.0}),
                    std::invalid_argument);
    CHECK_THROWS_AS(GradientScaler(torch::kCPU, GradientScalerOptions{true, 1.0, /*growthFactor=*/1.0}),
                    std::invalid_argument);
    CHECK_THROWS_AS(GradientScaler(torch::kCPU, GradientScalerOptions{true, 1.0, 2.0, /*backoffFactor=*/1.0}),
                    std::invalid_argument);
    CHECK_THROWS_AS(
        GradientScaler(torch::kCPU, GradientScalerOptions{true, 1.0, 2.0, 0.5, /*growthInterval=*/0}),
        std::invalid_argument);
}
