#pragma once
// The network each training row pair starts from: what family.build(seed) makes, on the device, in
// train mode, with no gradients. Building a built-in network initialises every weight from the seed
// on the host (about 0.1 s for resnet18, 18 times in the default question's timed and profiled
// passes), so a built-in family's network is built once per pass and, for every later pair, put back
// to the weights and buffers it was built with. The copy of them stays on the host: kept on the
// device it would raise every pair's memory peaks. A TorchScript file's network is copied from the
// loaded file for each pair, as before (its state need not all be visible as parameters and buffers).
#include "families/Family.h"

#include <torch/torch.h>

#include <cstdint>
#include <vector>

namespace graphlens::bench {

class TrainingNetworkSource {
public:
    TrainingNetworkSource(const families::Family& family, std::uint64_t seed, torch::Device device);

    // A network in the state family.build(seed) gives, moved to the device, in train mode, with no
    // gradients. For a built-in family, the same modules every call: the previous pair's arms must be
    // gone (TrainingSweepArms drops its gradients when it goes).
    torch::nn::AnyModule fresh();

private:
    std::vector<torch::Tensor> stateTensors() const;  // parameters, then buffers, in module order

    const families::Family& family_;
    std::uint64_t seed_;
    torch::Device device_;
    bool reuse_;
    torch::nn::AnyModule network_;
    std::vector<torch::Tensor> initial_;  // host copies of stateTensors() as built
};

}  // namespace graphlens::bench
