#pragma once
// Caching-allocator and synchronisation calls the engine needs, in one place, so code above this
// never touches c10::cuda directly and compiles (as no-ops) without CUDA.
#include <torch/types.h>

#include <cstdint>

namespace graphlens::graphs {

struct MemoryPeaks {
    std::int64_t allocatedBytes = 0;  // peak bytes held by live tensors
    std::int64_t reservedBytes = 0;   // peak bytes the caching allocator held from cudaMalloc
};

// cudaMemGetInfo: the whole device as the driver sees it, including what the caching allocator does
// not (CUDA context, cuBLAS/cuDNN workspaces, NCCL, other processes on the same GPU).
struct DeviceUsage {
    std::int64_t usedBytes = 0;   // total - free
    std::int64_t totalBytes = 0;
};

class DeviceMemory {
public:
    explicit DeviceMemory(torch::Device device) : device_(device) {}

    bool isCuda() const { return device_.is_cuda(); }
    void synchronize() const;           // waits for the current stream of the device
    void resetPeaks() const;            // start a new peak window (e.g. one arm)
    MemoryPeaks peaks() const;          // peaks since the last resetPeaks()
    std::int64_t reservedBytes() const; // now
    DeviceUsage deviceUsage() const;    // now; zeros on the CPU
    void emptyCache() const;            // return cached, unused blocks to the driver

private:
    torch::Device device_;
};

double toMiB(std::int64_t bytes);

}  // namespace graphlens::graphs
