#include "bench/Environment.h"

#include "bench/BuildFacts.h"
#include "graphlens/config.h"
#include "platform/CpuInfo.h"
#include "platform/CudnnVersion.h"
#include "platform/GpuUuid.h"
#include "platform/SystemNames.h"

#include <ATen/detail/CUDAHooksInterface.h>
#include <c10/util/Exception.h>
#include <torch/cuda.h>
#include <torch/version.h>

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

// Sets `key` to the value, else "<key>_unavailable" to the reason.
template <typename T>
void putOrReason(nlohmann::json& env, const std::string& key, const std::optional<T>& value, const std::string& why) {
    if (value) {
        env[key] = *value;
    } else {
        env[key + "_unavailable"] = why;
    }
}

std::optional<platform::GpuUuidBytes> currentCudaUuid() {
#if GRAPHLENS_HAVE_CUDA
    if (!torch::cuda::is_available()) return std::nullopt;
    const auto& uuid = at::cuda::getCurrentDeviceProperties()->uuid;
    platform::GpuUuidBytes bytes{};
    for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<unsigned char>(uuid.bytes[i]);
    return bytes;
#else
    return std::nullopt;
#endif
}

void addCpuFacts(nlohmann::json& env) {
    std::string why;
    putOrReason(env, "cpu_model", platform::cpuModel(platform::kProcCpuinfoPath, &why), why);
    why.clear();
    putOrReason(env, "cpu_governor", platform::cpuGovernor(platform::kCpu0GovernorPath, &why), why);
}

// The driver's own version is system-wide (reported even without a CUDA device); UUID, power limit
// and MIG mode are the CUDA device's.
void addNvmlFacts(nlohmann::json& env, bool cuda) {
    const auto nvml = platform::NvmlLibrary::shared();
    std::string why;
    putOrReason(env, "driver_version", nvml->driverVersion(&why), why);
    if (!cuda) return;
    const auto cudaUuid = currentCudaUuid();
    if (cudaUuid) env["gpu_uuid"] = platform::gpuUuidText(*cudaUuid);
    if (!nvml->available()) return;  // driver_version_unavailable already says why
    const auto device = nvmlDeviceOfCurrentCudaDevice(*nvml, &why);
    if (!device) {
        env["nvml_device_unavailable"] = why;
        return;
    }
    if (const auto uuid = nvml->deviceUuid(*device)) env["gpu_uuid"] = *uuid;  // "MIG-…" for a MIG instance
    if (const auto watts = nvml->powerLimitWatts(*device)) env["power_limit_w"] = *watts;
    // Absent on GPUs without MIG (NVML answers "Not Supported").
    if (const auto mig = nvml->migEnabled(*device)) env["mig_mode"] = *mig ? "enabled" : "disabled";
}

// The cuDNN libtorch loaded (runtime), not the one it was compiled against.
void addCudnn(nlohmann::json& env, bool cuda) {
    if (!cuda) return;
    try {
        const auto& hooks = at::detail::getCUDAHooks();
        if (hooks.hasCuDNN()) env["cudnn_version"] = platform::cudnnVersionText(hooks.versionRuntimeCuDNN());
    } catch (const c10::Error& error) {
        env["cudnn_version_unavailable"] = error.what_without_backtrace();
    } catch (const std::exception& error) {
        env["cudnn_version_unavailable"] = error.what();
    }
}

}  // namespace

std::optional<platform::NvmlLibrary::Device> nvmlDeviceOfCurrentCudaDevice(const platform::NvmlLibrary& nvml,
                                                                           std::string* why) {
    const auto bytes = currentCudaUuid();
    if (!bytes) {
        if (why) *why = GRAPHLENS_HAVE_CUDA ? "no CUDA device" : "a CPU build of GraphLens";
        return std::nullopt;
    }
    if (auto device = nvml.deviceByUuid(platform::gpuUuidText(*bytes), why)) return device;
    // CUDA_VISIBLE_DEVICES=MIG-…: the CUDA device is a MIG instance, whose UUID NVML prints with "MIG-".
    std::string migWhy;
    if (auto device = nvml.deviceByUuid(platform::gpuUuidText(*bytes, "MIG-"), &migWhy)) return device;
    return std::nullopt;
}

std::string deviceName(bool cuda) {
#if GRAPHLENS_HAVE_CUDA
    if (cuda) return at::cuda::getCurrentDeviceProperties()->name;
#endif
    (void)cuda;
    return "cpu";
}

const std::string& currentGpuUuid() {
    static const std::string uuid = [] {
        if (!torch::cuda::is_available()) return std::string();
        nlohmann::json env;
        addNvmlFacts(env, /*cuda=*/true);
        return env.value("gpu_uuid", std::string());
    }();
    return uuid;
}

nlohmann::json collectEnvironment() {
    nlohmann::json env;
    env["graphlens"] = GRAPHLENS_VERSION;
    env["host"] = platform::hostName();
    env.update(buildFacts());  // a Debug engine's figures are not representative (results/BuildType.h)
    env["libtorch"] = TORCH_VERSION;
    env["os"] = platform::operatingSystemName();
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
    addCudnn(env, cuda);
    addNvmlFacts(env, cuda);
    addCpuFacts(env);
    if (!cuda) env["note"] = "no CUDA device: eager runs on the CPU; CUDA graphs need a CUDA device";
    return env;
}

}  // namespace graphlens::bench
