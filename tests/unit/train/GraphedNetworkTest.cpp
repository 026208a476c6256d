// The network scope's capture on the CPU with the fake capture backend, whose "capture" runs the
// body once where a real capture executes nothing: the backward graph takes every .grad that exists
// at capture to add into, and capture leaves each of them as it was. (The fake cannot replay a
// backward graph: its forward "replay" is a new autograd graph. The gradients the real graph adds
// are checked against eager on the GPU: tests/gpu/TrainingGpuTest.cpp.)
#include "FakeCaptureBackend.h"
#include "graphs/GraphedNetwork.h"

#include <catch2/catch.hpp>
#include <torch/torch.h>

using namespace graphlens;

namespace {

torch::nn::Sequential smallNet() {
    torch::manual_seed(3);
    return torch::nn::Sequential(torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 4, 3).padding(1)), torch::nn::ReLU(),
                                 torch::nn::Flatten(), torch::nn::Linear(4 * 6 * 6, 5));
}

graphs::GraphBody forwardOf(torch::nn::Sequential net) {
    return [net](const torch::Tensor& x) mutable { return c10::IValue(net->forward(x)); };
}

void zeroGradients(torch::nn::Sequential& net) {
    for (auto& p : net->parameters()) {
        if (p.grad().defined()) {
            p.mutable_grad().zero_();
        } else {
            p.mutable_grad() = torch::zeros_like(p);
        }
    }
}

std::vector<torch::Tensor> gradientsOf(const torch::nn::Sequential& net) {
    std::vector<torch::Tensor> grads;
    for (const auto& p : net->parameters()) grads.push_back(p.grad().clone());
    return grads;
}

void requireBitIdentical(const std::vector<torch::Tensor>& a, const std::vector<torch::Tensor>& b) {
    REQUIRE(a.size() == b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        CAPTURE(i);
        CHECK(torch::equal(a[i], b[i]));
    }
}

}  // namespace

TEST_CASE("network scope capture: every existing .grad is taken to add into and left as it was", "[train]") {
    torch::manual_seed(11);
    const auto x0 = torch::randn({2, 3, 6, 6});
    auto net = smallNet();
    zeroGradients(net);
    for (auto& p : net->parameters()) p.mutable_grad().fill_(0.25);
    const auto before = gradientsOf(net);
    graphs::GraphedNetwork graphed(forwardOf(net), net->parameters(), {}, std::make_shared<testing::FakeCaptureBackend>(),
                                   x0, 2);
    CHECK(graphed.gradientsAddedInGraph() == net->parameters().size());
    // The fake backend's capture ran the body, and with it the adds: they were undone.
    requireBitIdentical(gradientsOf(net), before);
}

TEST_CASE("network scope capture: a parameter without .grad at capture is left to autograd", "[train]") {
    torch::manual_seed(13);
    const auto x0 = torch::randn({2, 3, 6, 6});
    auto net = smallNet();
    auto parameters = net->parameters();
    parameters[0].mutable_grad() = torch::zeros_like(parameters[0]);
    graphs::GraphedNetwork graphed(forwardOf(net), parameters, {}, std::make_shared<testing::FakeCaptureBackend>(), x0, 2);
    CHECK(graphed.gradientsAddedInGraph() == 1);
    CHECK(torch::equal(parameters[0].grad(), torch::zeros_like(parameters[0])));
    for (std::size_t i = 1; i < parameters.size(); ++i) CHECK_FALSE(parameters[i].grad().defined());
}

TEST_CASE("network scope capture: later steps get gradient accumulators of their own, not the capture's", "[train]") {
    // The capture's autograd graph stays alive; were its accumulators (made on the capture stream)
    // handed on, every later eager backward would accumulate across streams.
    torch::manual_seed(17);
    const auto x0 = torch::randn({2, 3, 6, 6});
    auto net = smallNet();
    zeroGradients(net);
    graphs::GraphedNetwork graphed(forwardOf(net), net->parameters(), {}, std::make_shared<testing::FakeCaptureBackend>(),
                                   x0, 2);
    for (const auto& p : net->parameters()) CHECK(torch::autograd::impl::try_get_grad_accumulator(p) == nullptr);

    // An eager step after capture makes fresh accumulators and still adds into .grad as before.
    zeroGradients(net);
    net->forward(x0).sum().backward();
    const auto once = gradientsOf(net);
    net->forward(x0).sum().backward();
    const auto twice = gradientsOf(net);
    for (std::size_t i = 0; i < once.size(); ++i) {
        CAPTURE(i);
        CHECK(torch::allclose(twice[i], 2 * once[i]));
        CHECK(once[i].abs().sum().item<double>() > 0);
    }
}
