#include "bench/SyntheticBatch.h"

#include <torch/torch.h>

namespace graphlens::bench {

torch::Tensor makeSyntheticBatch(int batch, int imgsz, torch::Dtype dtype, torch::Device device,
                                 std::uint64_t seed) {
    auto generator = at::make_generator<at::CPUGeneratorImpl>(seed);
    const auto ramp = torch::linspace(0.0, 1.0, imgsz);
    const auto rows = ramp.view({1, 1, imgsz, 1});
    const auto cols = ramp.view({1, 1, 1, imgsz});
    const auto phase = torch::rand({batch, 3, 1, 1}, generator);
    auto images = 0.5 + 0.25 * torch::sin(6.28 * (rows * (1 + phase) + cols * (2 - phase))) +
                  0.1 * torch::randn({batch, 3, imgsz, imgsz}, generator);
    const auto mean = torch::tensor({0.485, 0.456, 0.406}).view({1, 3, 1, 1});
    const auto stddev = torch::tensor({0.229, 0.224, 0.225}).view({1, 3, 1, 1});
    images = (images.clamp(0.0, 1.0) - mean) / stddev;
    return images.to(device, dtype).contiguous();
}

}  // namespace graphlens::bench
