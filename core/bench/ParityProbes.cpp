#include "bench/ParityProbes.h"

#include "bench/SyntheticBatch.h"

#include <ATen/CPUGeneratorImpl.h>
#include <torch/nn/modules/batchnorm.h>
#include <torch/utils.h>

#include <optional>
#include <vector>

namespace graphlens::bench {

ParityProbes makeParityProbes(int batch, int imgsz, torch::Device device) {
    ParityProbes probes;
    probes.a = makeSyntheticBatch(batch, imgsz, torch::kFloat, device, /*seed=*/1);
    // Probe B: wide noise, drawn on the CPU from its own generator.
    auto generator = at::detail::createCPUGenerator(/*seed_val=*/99);
    const auto noise = torch::randn(probes.a.sizes(), generator, torch::TensorOptions().dtype(torch::kFloat)) * 3 + 1;
    probes.b = noise.to(device).contiguous();
    return probes;
}

void calibrateBatchNorm(torch::nn::AnyModule& network, const torch::Tensor& probes) {
    std::vector<torch::nn::BatchNorm2dImpl*> norms;
    for (auto& module : network.ptr()->modules(/*include_self=*/true)) {
        if (auto* bn = module->as<torch::nn::BatchNorm2d>()) norms.push_back(bn);
    }
    if (norms.empty()) return;
    std::vector<std::optional<double>> momenta;
    for (auto* bn : norms) {
        momenta.push_back(bn->options.momentum());
        bn->options.momentum(1.0);
        bn->train(true);
    }
    try {
        torch::NoGradGuard noGrad;
        (void)network.any_forward(probes);
    } catch (...) {
        for (std::size_t i = 0; i < norms.size(); ++i) {
            norms[i]->options.momentum(momenta[i]);
            norms[i]->eval();
        }
        throw;
    }
    for (std::size_t i = 0; i < norms.size(); ++i) {
        norms[i]->options.momentum(momenta[i]);
        norms[i]->eval();
    }
}

}  // namespace graphlens::bench
