#include "bench/Environment.h"

#include "graphlens/config.h"

#include <torch/cuda.h>
#include <torch/version.h>

#include <sys/utsname.h>
#include <thread>

#if GRAPHLENS_HAVE_CUDA
#include <ATen/cuda/CUDAContext.h>
#include <cuda_runtime_api.h>
#endif

namespace graphlens::bench {
namespace {

std::string versionText(int version) {  // CUDA encodes 13000 as 13.0
    return std::to_string(version / 1000) + "." + std::to_string((version % 1000) / 10);
}

nlohmann::json operatingSystem() {
    utsname names{};
    if (uname(&names) != 0) return "unknown";
    return std::string(names.sysname) + " " + names.release + " " + names.machine;
}

}  // namespace

std::string deviceName(bool cuda) {
#if GRAPHLENS_HAVE_CUDA
    if (cuda) return at::cuda::getCurrentDeviceProperties()->name;
#endif
    (void)cuda;
    return "cpu";
}

nlohmann::json collectEnvironment() {
    nlohmann::json env;
    env["graphlens"] = GRAPHLENS_VERSION;
    env["libtorch"] = TORCH_VERSION;
    env["os"] = operatingSystem();
    env["cpu_threads"] = std::thread::hardware_concurrency();
    const bool cuda = torch::cuda::is_available();
    env["cuda_available"] = cuda;
    env["device"] = deviceName(cuda);
#if GRAPHLENS_HAVE_CUDA
    int driver = 0, runtime = 0;
    if (cudaDriverGetVersion(&driver) == cudaSuccess && driver > 0) env["driver_cuda"] = versionText(driver);
    if (cudaRuntimeGetVersion(&runtime) == cudaSuccess) env["cuda_runtime"] = versionText(runtime);
    if (cuda) {
        const auto* props = at::cuda::getCurrentDeviceProperties();
        env["compute_capability"] = std::to_string(props->major) + "." + std::to_string(props->minor);
        env["device_memory_mib"] = props->totalGlobalMem / (1024 * 1024);
        env["multiprocessors"] = props->multiProcessorCount;
        int clockKhz = 0, memClockKhz = 0;
        if (cudaDeviceGetAttribute(&clockKhz, cudaDevAttrClockRate, 0) == cudaSuccess) {
            env["sm_clock_max_mhz"] = clockKhz / 1000;
        }
        if (cudaDeviceGetAttribute(&memClockKhz, cudaDevAttrMemoryClockRate, 0) == cudaSuccess) {
            env["mem_clock_max_mhz"] = memClockKhz / 1000;
        }
    }
    (void)cudaGetLastError();
#endif
    if (!cuda) env["note"] = "no CUDA device: eager runs on the CPU; CUDA graphs need a CUDA device";
    return env;
}

}  // namespace graphlens::bench
