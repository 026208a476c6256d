#pragma once
// The device every GPU test runs on (gpu_main.cpp skips the whole binary without one).
#include <torch/types.h>

namespace graphlens::testing {

inline const torch::Device kGpu(torch::kCUDA, 0);

}  // namespace graphlens::testing
