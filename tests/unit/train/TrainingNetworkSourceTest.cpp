// The network a training row pair starts from (bench/TrainingNetworkSource.h): every pair of a pass
// starts from what family.build(seed) makes, whatever the previous pair did to the weights, buffers
// and gradients, and a built-in family's network is built once per pass, not once per pair.
#include "bench/TrainingNetworkSource.h"
#include "bench/TrainingSweepArms.h"

#include <catch2/catch.hpp>
#include <torch/torch.h>

#include <memory>

using namespace graphlens;

namespace {

struct SourceNetImpl : torch::nn::Module {
    SourceNetImpl() {
        conv = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 4, 3).padding(1)));
        norm = register_module("norm", torch::nn::BatchNorm2d(4));
    }
    torch::Tensor forward(const torch::Tensor& x) {
        const auto y = conv(x);
        return y.mean() + norm(y).mean();  // BatchNorm alone would give the convolution no gradient
    }
    torch::nn::Conv2d conv{nullptr};
    torch::nn::BatchNorm2d norm{nullptr};
};
TORCH_MODULE(SourceNet);

struct CountedBuilds {
    std::shared_ptr<int> builds = std::make_shared<int>(0);
    families::Family family(const std::string& source = {}) const {
        families::Family family;
        family.name = "source-net";
        family.source = source;
        family.build = [builds = builds](std::uint64_t seed) {
            ++*builds;
            torch::manual_seed(seed);
            return torch::nn::AnyModule(SourceNet());
        };
        return family;
    }
};

std::vector<torch::Tensor> stateOf(const torch::nn::AnyModule& network) {
    std::vector<torch::Tensor> state;
    for (const auto& p : network.ptr()->parameters()) state.push_back(p.detach().clone());
    for (const auto& b : network.ptr()->buffers()) state.push_back(b.detach().clone());
    return state;
}

// What the previous pair leaves: weights stepped, running statistics moved, gradients set, eval mode.
void trainAStep(torch::nn::AnyModule& network) {
    auto loss = network.forward(torch::randn({2, 3, 8, 8}));
    loss.backward();
    torch::NoGradGuard noGrad;
    for (auto& p : network.ptr()->parameters()) p.sub_(p.grad() * 0.5);
    network.ptr()->eval();
}

}  // namespace

TEST_CASE("each training pair starts from the network the seed builds, built once per pass", "[train][sweep]") {
    CountedBuilds counted;
    const auto family = counted.family();
    const auto reference = stateOf(family.build(7));
    *counted.builds = 0;

    bench::TrainingNetworkSource networks(family, 7, torch::Device(torch::kCPU));
    auto first = networks.fresh();
    trainAStep(first);
    const auto trained = stateOf(first);
    CHECK_FALSE(trained[0].equal(reference[0]));  // the step did move the weights

    auto second = networks.fresh();
    CHECK(*counted.builds == 1);
    CHECK(second.ptr().get() == first.ptr().get());
    const auto restored = stateOf(second);
    REQUIRE(restored.size() == reference.size());
    for (std::size_t i = 0; i < reference.size(); ++i) CHECK(restored[i].equal(reference[i]));
    CHECK(second.ptr()->is_training());
    for (const auto& p : second.ptr()->parameters()) CHECK_FALSE(p.grad().defined());
}

TEST_CASE("a TorchScript file's training network is copied afresh for each pair", "[train][sweep]") {
    CountedBuilds counted;
    const auto family = counted.family("/models/user.pt");
    bench::TrainingNetworkSource networks(family, 3, torch::Device(torch::kCPU));
    auto first = networks.fresh();
    trainAStep(first);
    auto second = networks.fresh();
    CHECK(*counted.builds == 2);
    CHECK(second.ptr().get() != first.ptr().get());
    CHECK(second.ptr()->is_training());
}

TEST_CASE("a training pair's arms drop the network's gradients when they go", "[train][sweep]") {
    CountedBuilds counted;
    auto network = counted.family().build(1);
    trainAStep(network);
    {
        bench::TrainingSweepArms arms;
        arms.network = network;
        arms.module = network.ptr();
        for (const auto& p : network.ptr()->parameters()) REQUIRE(p.grad().defined());
    }
    // A graph's private pool holding them could otherwise not be freed before the next pair.
    for (const auto& p : network.ptr()->parameters()) CHECK_FALSE(p.grad().defined());
}
