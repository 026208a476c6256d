#pragma once
// The environment fingerprint stored with every session: GPU, driver, CUDA, libtorch, OS, clocks.
#include <nlohmann/json.hpp>

namespace graphlens::bench {

nlohmann::json collectEnvironment();

// "NVIDIA H200" for a CUDA device, "cpu" otherwise.
std::string deviceName(bool cuda);

}  // namespace graphlens::bench
