#pragma once
// The environment fingerprint stored with every session (DESIGN §4): GPU and its UUID, driver (NVML),
// CUDA, cuDNN, libtorch, OS, CPU model and governor, power limit, MIG mode, and how GraphLens itself
// was built (bench/BuildFacts.h). A fact that cannot be
// read is left out; where the reason helps ("no NVIDIA driver", "no cpufreq in this VM") it is kept
// as "<key>_unavailable". Clocks during the timed pass: bench/TimedPassClocks.h.
#include "platform/NvmlLibrary.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace graphlens::bench {

nlohmann::json collectEnvironment();

// "NVIDIA H200" for a CUDA device, "cpu" otherwise.
std::string deviceName(bool cuda);

// The current CUDA device's UUID as the environment records it (NVML's "GPU-…"/"MIG-…", else CUDA's);
// empty without a CUDA device. Read once per process: every row of a sweep carries it.
const std::string& currentGpuUuid();

// The NVML device that is the current CUDA device, found by UUID (NVML numbers devices by PCI bus,
// CUDA fastest first and after CUDA_VISIBLE_DEVICES). Nothing, with the reason in *why, in a CPU
// build, without a CUDA device, or when NVML is unavailable.
std::optional<platform::NvmlLibrary::Device> nvmlDeviceOfCurrentCudaDevice(const platform::NvmlLibrary& nvml,
                                                                           std::string* why = nullptr);

}  // namespace graphlens::bench
