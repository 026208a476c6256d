#include "platform/NvmlLibrary.h"

#include "platform/SharedLibrary.h"

#include <utility>

namespace graphlens::platform {
namespace {

// The few pieces of NVML's C ABI used here, declared by hand because nvml.h is not installed on build
// machines (it comes with the driver's development files). Values are NVML's documented ones.
using Return = int;             // nvmlReturn_t, an int-sized enum
using DeviceHandle = void*;     // nvmlDevice_t, a pointer to an opaque struct
constexpr Return kSuccess = 0;  // NVML_SUCCESS
constexpr int kClockSm = 1;     // NVML_CLOCK_SM
constexpr int kClockMem = 2;    // NVML_CLOCK_MEM
constexpr unsigned kMigEnabled = 1;           // NVML_DEVICE_MIG_ENABLE
constexpr unsigned kDriverVersionBuffer = 80;  // NVML_SYSTEM_DRIVER_VERSION_BUFFER_SIZE
constexpr unsigned kDeviceTextBuffer = 96;     // NVML_DEVICE_NAME_V2_ / NVML_DEVICE_UUID_V2_BUFFER_SIZE

template <typename Function>
void bind(void* module, const char* name, Function& out) {
    out = reinterpret_cast<Function>(sharedLibrarySymbol(module, name));
}

std::nullopt_t fail(std::string* why, std::string text) {
    if (why) *why = std::move(text);
    return std::nullopt;
}

// Whether a query can be made: the library is usable and the driver exports the call.
template <typename Function>
bool ready(const std::string& reason, Function function, const char* name, std::string* why) {
    if (!reason.empty()) {
        fail(why, reason);
        return false;
    }
    if (!function) {
        fail(why, std::string("this driver's NVML has no ") + name);
        return false;
    }
    return true;
}

}  // namespace

struct NvmlLibrary::Api {
    Return (*init)() = nullptr;
    Return (*shutdown)() = nullptr;
    const char* (*errorString)(Return) = nullptr;
    Return (*systemGetDriverVersion)(char*, unsigned) = nullptr;
    Return (*deviceGetHandleByIndex)(unsigned, DeviceHandle*) = nullptr;
    Return (*deviceGetHandleByUuid)(const char*, DeviceHandle*) = nullptr;
    Return (*deviceGetName)(DeviceHandle, char*, unsigned) = nullptr;
    Return (*deviceGetUuid)(DeviceHandle, char*, unsigned) = nullptr;
    Return (*deviceGetClockInfo)(DeviceHandle, int, unsigned*) = nullptr;
    Return (*deviceGetEnforcedPowerLimit)(DeviceHandle, unsigned*) = nullptr;
    Return (*deviceGetPowerManagementLimit)(DeviceHandle, unsigned*) = nullptr;
    Return (*deviceGetMigMode)(DeviceHandle, unsigned*, unsigned*) = nullptr;
};

NvmlLibrary::NvmlLibrary(const std::string& path) : path_(path), api_(std::make_unique<Api>()) {
    std::string error;
    module_ = openSharedLibrary(path, false, error);
    if (!module_) {
        // dlerror() already starts with the path: say it once.
        if (error.rfind(path + ": ", 0) == 0) error.erase(0, path.size() + 2);
        reason_ = "cannot open " + path + ": " + error + " (no NVIDIA driver installed?)";
        return;
    }
    bind(module_, "nvmlInit_v2", api_->init);
    bind(module_, "nvmlShutdown", api_->shutdown);
    bind(module_, "nvmlErrorString", api_->errorString);
    if (!api_->init || !api_->shutdown || !api_->errorString) {
        reason_ = path + " is not NVML: it lacks nvmlInit_v2, nvmlShutdown or nvmlErrorString";
        closeSharedLibrary(module_);
        module_ = nullptr;
        return;
    }
    // The rest are optional: an old driver without one still answers the others.
    bind(module_, "nvmlSystemGetDriverVersion", api_->systemGetDriverVersion);
    bind(module_, "nvmlDeviceGetHandleByIndex_v2", api_->deviceGetHandleByIndex);
    bind(module_, "nvmlDeviceGetHandleByUUID", api_->deviceGetHandleByUuid);
    bind(module_, "nvmlDeviceGetName", api_->deviceGetName);
    bind(module_, "nvmlDeviceGetUUID", api_->deviceGetUuid);
    bind(module_, "nvmlDeviceGetClockInfo", api_->deviceGetClockInfo);
    bind(module_, "nvmlDeviceGetEnforcedPowerLimit", api_->deviceGetEnforcedPowerLimit);
    bind(module_, "nvmlDeviceGetPowerManagementLimit", api_->deviceGetPowerManagementLimit);
    bind(module_, "nvmlDeviceGetMigMode", api_->deviceGetMigMode);

    if (const Return result = api_->init(); result != kSuccess) {
        reason_ = callError("nvmlInit_v2", result);  // e.g. "Driver Not Loaded" in a container
        closeSharedLibrary(module_);
        module_ = nullptr;
        *api_ = Api{};  // nothing may call into the closed module
    }
}

NvmlLibrary::~NvmlLibrary() {
    if (!module_) return;
    api_->shutdown();  // NVML counts init/shutdown pairs: other users in the process keep theirs
    closeSharedLibrary(module_);
}

std::shared_ptr<const NvmlLibrary> NvmlLibrary::shared() {
    // A global raw pointer keeps the never-freed object reachable (no leak report under sanitizers).
    static const NvmlLibrary* const library = new NvmlLibrary();
    static const std::shared_ptr<const NvmlLibrary> handle(library, [](const NvmlLibrary*) {});
    return handle;
}

std::string NvmlLibrary::callError(const char* call, int result) const {
    const char* text = api_->errorString ? api_->errorString(result) : nullptr;
    return std::string(call) + " failed: " + (text ? text : "unknown NVML error") + " (" +
           std::to_string(result) + ")";
}

std::optional<std::string> NvmlLibrary::driverVersion(std::string* why) const {
    if (!ready(reason_, api_->systemGetDriverVersion, "nvmlSystemGetDriverVersion", why)) return std::nullopt;
    char text[kDriverVersionBuffer] = {};
    const Return result = api_->systemGetDriverVersion(text, sizeof text);
    if (result != kSuccess) return fail(why, callError("nvmlSystemGetDriverVersion", result));
    return std::string(text);
}

std::optional<NvmlLibrary::Device> NvmlLibrary::deviceByIndex(unsigned index, std::string* why) const {
    if (!ready(reason_, api_->deviceGetHandleByIndex, "nvmlDeviceGetHandleByIndex_v2", why)) return std::nullopt;
    DeviceHandle handle = nullptr;
    const Return result = api_->deviceGetHandleByIndex(index, &handle);
    if (result != kSuccess) return fail(why, callError("nvmlDeviceGetHandleByIndex_v2", result));
    return Device{handle};
}

std::optional<NvmlLibrary::Device> NvmlLibrary::deviceByUuid(const std::string& uuid, std::string* why) const {
    if (!ready(reason_, api_->deviceGetHandleByUuid, "nvmlDeviceGetHandleByUUID", why)) return std::nullopt;
    DeviceHandle handle = nullptr;
    const Return result = api_->deviceGetHandleByUuid(uuid.c_str(), &handle);
    if (result != kSuccess) return fail(why, callError("nvmlDeviceGetHandleByUUID", result) + " for " + uuid);
    return Device{handle};
}

std::optional<std::string> NvmlLibrary::deviceName(Device device, std::string* why) const {
    if (!ready(reason_, api_->deviceGetName, "nvmlDeviceGetName", why)) return std::nullopt;
    char text[kDeviceTextBuffer] = {};
    const Return result = api_->deviceGetName(device.handle, text, sizeof text);
    if (result != kSuccess) return fail(why, callError("nvmlDeviceGetName", result));
    return std::string(text);
}

std::optional<std::string> NvmlLibrary::deviceUuid(Device device, std::string* why) const {
    if (!ready(reason_, api_->deviceGetUuid, "nvmlDeviceGetUUID", why)) return std::nullopt;
    char text[kDeviceTextBuffer] = {};
    const Return result = api_->deviceGetUuid(device.handle, text, sizeof text);
    if (result != kSuccess) return fail(why, callError("nvmlDeviceGetUUID", result));
    return std::string(text);
}

std::optional<unsigned> NvmlLibrary::clockMhz(Device device, Clock clock, std::string* why) const {
    if (!ready(reason_, api_->deviceGetClockInfo, "nvmlDeviceGetClockInfo", why)) return std::nullopt;
    unsigned mhz = 0;
    const Return result = api_->deviceGetClockInfo(device.handle, clock == Clock::sm ? kClockSm : kClockMem, &mhz);
    if (result != kSuccess) return fail(why, callError("nvmlDeviceGetClockInfo", result));
    return mhz;
}

std::optional<double> NvmlLibrary::powerLimitWatts(Device device, std::string* why) const {
    unsigned milliwatts = 0;
    std::string enforcedWhy;
    if (ready(reason_, api_->deviceGetEnforcedPowerLimit, "nvmlDeviceGetEnforcedPowerLimit", &enforcedWhy)) {
        const Return result = api_->deviceGetEnforcedPowerLimit(device.handle, &milliwatts);
        if (result == kSuccess) return milliwatts / 1000.0;
        enforcedWhy = callError("nvmlDeviceGetEnforcedPowerLimit", result);
    }
    if (!ready(reason_, api_->deviceGetPowerManagementLimit, "nvmlDeviceGetPowerManagementLimit", why)) {
        return std::nullopt;
    }
    const Return result = api_->deviceGetPowerManagementLimit(device.handle, &milliwatts);
    if (result != kSuccess) {
        return fail(why, enforcedWhy + "; " + callError("nvmlDeviceGetPowerManagementLimit", result));
    }
    return milliwatts / 1000.0;
}

std::optional<bool> NvmlLibrary::migEnabled(Device device, std::string* why) const {
    if (!ready(reason_, api_->deviceGetMigMode, "nvmlDeviceGetMigMode", why)) return std::nullopt;
    unsigned current = 0, pending = 0;
    const Return result = api_->deviceGetMigMode(device.handle, &current, &pending);
    if (result != kSuccess) return fail(why, callError("nvmlDeviceGetMigMode", result));
    return current == kMigEnabled;
}

}  // namespace graphlens::platform
