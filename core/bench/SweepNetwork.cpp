#include "bench/SweepNetwork.h"

#include "bench/ParityProbes.h"
#include "bench/SyntheticBatch.h"

#include <torch/torch.h>

namespace graphlens::bench {

torch::nn::AnyModule buildSweepNetwork(const families::Family& family, std::uint64_t seed, int imgsz,
                                       torch::Device device, torch::Dtype dtype) {
    torch::NoGradGuard noGrad;
    auto network = family.build(seed);
    network.ptr()->to(device, torch::kFloat);
    network.ptr()->eval();
    const auto probes = makeParityProbes(2, imgsz, device);
    calibrateBatchNorm(network, torch::cat({probes.a, probes.b}));
    network.ptr()->to(device, dtype);
    network.ptr()->eval();
    return network;
}

int captureWarmupIterations(const families::Family& family) { return family.jit == "fuse" ? 5 : 3; }

torch::Tensor makeHostBatch(const BenchmarkBatch* batches, int batch, int imgsz, torch::Dtype dtype,
                            std::uint64_t seed, at::MemoryFormat format, bool pin) {
    auto host = batches ? batches->make(batch, imgsz, dtype, torch::kCPU)
                        : makeSyntheticBatch(batch, imgsz, dtype, torch::kCPU, seed + batch);
    host = host.contiguous(format);
    return pin ? host.pin_memory() : host;
}

}  // namespace graphlens::bench
