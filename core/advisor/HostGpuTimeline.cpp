#include "advisor/HostGpuTimeline.h"

#include <algorithm>

namespace graphlens::advisor {

void HostGpuTimeline::run(double hostMs, double gpuMs) {
    hostMs_ += hostMs;
    gpuMs_ = std::max(gpuMs_ + gpuMs, hostMs_);
}

void HostGpuTimeline::replay(double hostMs, double gpuMs) {
    hostMs_ += hostMs;
    gpuMs_ = std::max(gpuMs_, hostMs_) + gpuMs;
}

void HostGpuTimeline::waitForGpu() { hostMs_ = std::max(hostMs_, gpuMs_); }

double HostGpuTimeline::endMs() const { return std::max(hostMs_, gpuMs_); }

}  // namespace graphlens::advisor
