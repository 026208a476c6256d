#pragma once
// A deterministic image batch used until a dataset is wired in (issue "Datasets"): smooth colour
// gradients plus noise, normalised like ImageNet, so activations look like real images' and not
// like zeros (zeros can run faster than real data).
#include <torch/types.h>

#include <cstdint>

namespace graphlens::bench {

torch::Tensor makeSyntheticBatch(int batch, int imgsz, torch::Dtype dtype, torch::Device device,
                                 std::uint64_t seed);

}  // namespace graphlens::bench
