#pragma once
// CUDA gives a device's UUID as 16 bytes (cudaDeviceProp::uuid); NVML names and finds devices by text.
// Formatting CUDA's bytes the way NVML prints them is how the fingerprint finds the NVML device that
// is the CUDA device: the two number devices differently (CUDA fastest first and after
// CUDA_VISIBLE_DEVICES, NVML by PCI bus).
#include <array>
#include <string>
#include <string_view>

namespace graphlens::platform {

using GpuUuidBytes = std::array<unsigned char, 16>;

// `prefix` then 8-4-4-4-12 lowercase hex digits, as nvmlDeviceGetUUID and nvidia-smi -L print it.
// A MIG instance that CUDA sees as a device has the prefix "MIG-".
std::string gpuUuidText(const GpuUuidBytes& bytes, std::string_view prefix = "GPU-");

}  // namespace graphlens::platform
