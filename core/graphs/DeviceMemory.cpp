#include "graphs/DeviceMemory.h"

#include "graphlens/config.h"

#if GRAPHLENS_HAVE_CUDA
#include <c10/cuda/CUDACachingAllocator.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>
#include <cuda_runtime_api.h>
#endif

namespace graphlens::graphs {

#if GRAPHLENS_HAVE_CUDA
namespace {
using StatType = c10::CachingAllocator::StatType;
constexpr auto kAggregate = static_cast<std::size_t>(StatType::AGGREGATE);
}  // namespace

void DeviceMemory::synchronize() const {
    if (isCuda()) c10::cuda::getCurrentCUDAStream(device_.index()).synchronize();
}

void DeviceMemory::resetPeaks() const {
    if (isCuda()) c10::cuda::CUDACachingAllocator::resetPeakStats(device_.index());
}

MemoryPeaks DeviceMemory::peaks() const {
    if (!isCuda()) return {};
    const auto stats = c10::cuda::CUDACachingAllocator::getDeviceStats(device_.index());
    return {stats.allocated_bytes[kAggregate].peak, stats.reserved_bytes[kAggregate].peak};
}

std::int64_t DeviceMemory::reservedBytes() const {
    if (!isCuda()) return 0;
    return c10::cuda::CUDACachingAllocator::getDeviceStats(device_.index())
        .reserved_bytes[kAggregate]
        .current;
}

DeviceUsage DeviceMemory::deviceUsage() const {
    if (!isCuda()) return {};
    const c10::cuda::CUDAGuard onDevice(device_);
    std::size_t freeBytes = 0, totalBytes = 0;
    C10_CUDA_CHECK(cudaMemGetInfo(&freeBytes, &totalBytes));
    return {static_cast<std::int64_t>(totalBytes - freeBytes), static_cast<std::int64_t>(totalBytes)};
}

void DeviceMemory::emptyCache() const {
    if (isCuda()) c10::cuda::CUDACachingAllocator::emptyCache();
}
#else
void DeviceMemory::synchronize() const {}
void DeviceMemory::resetPeaks() const {}
MemoryPeaks DeviceMemory::peaks() const { return {}; }
std::int64_t DeviceMemory::reservedBytes() const { return 0; }
DeviceUsage DeviceMemory::deviceUsage() const { return {}; }
void DeviceMemory::emptyCache() const {}
#endif

double toMiB(std::int64_t bytes) { return static_cast<double>(bytes) / (1024.0 * 1024.0); }

}  // namespace graphlens::graphs
