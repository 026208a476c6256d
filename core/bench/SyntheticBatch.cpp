#include "bench/SyntheticBatch.h"

#include <torch/torch.h>

namespace graphlens::bench {

torch::Tensor makeSyntheticBatch(int batch, int imgsz, torch::Dtype dtype, torch::Device device,
                                 std::uint64_t seed) {
    // Built on the target device: a batch too large for the GPU must fail there (as out of
    // memory), not exhaust host RAM first.
    torch::manual_seed(seed);
    const auto options = torch::TensorOptions().device(device).dtype(torch::kFloat);
    const auto ramp = torch::linspace(0.0, 1.0, imgsz, options);
    const auto rows = ramp.view({1, 1, imgsz, 1});
    const auto cols = ramp.view({1, 1, 1, imgsz});
    const auto phase = torch::rand({batch, 3, 1, 1}, options);
    auto images = 0.5 + 0.25 * torch::sin(6.28 * (rows * (1 + phase) + cols * (2 - phase))) +
                  0.1 * torch::randn({batch, 3, imgsz, imgsz}, options);
    const auto mean = torch::tensor({0.485, 0.456, 0.406}, options).view({1, 3, 1, 1});
    const auto stddev = torch::tensor({0.229, 0.224, 0.225}, options).view({1, 3, 1, 1});
    images = (images.clamp(0.0, 1.0) - mean) / stddev;
    return images.to(dtype).contiguous();
}

}  // namespace graphlens::bench
