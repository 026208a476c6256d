#pragma once
// The driver's NVML (libnvidia-ml.so.1 / nvml.dll), opened at run time. Why not linked: the library
// ships with the driver, not the toolkit, so a build machine has none and a binary linked to it would
// not start on a machine without a driver. A missing library, symbol or driver makes an object that
// says why (unavailableReason()); every query then returns nothing, with that reason.
//
// Every query returns std::optional and, when it has nothing, writes the reason to *why (may be
// null). Queries are const and may be called from several threads (NVML itself is thread-safe).
#include <memory>
#include <optional>
#include <string>

namespace graphlens::platform {

class NvmlLibrary {
public:
#ifdef _WIN32
    static constexpr const char* kDefaultPath = "nvml.dll";
#else
    static constexpr const char* kDefaultPath = "libnvidia-ml.so.1";
#endif

    // An nvmlDevice_t: valid while the NvmlLibrary that returned it lives.
    struct Device {
        void* handle = nullptr;
    };
    enum class Clock { sm, memory };

    // Opens `path` (a file name for the loader's search, or a path) and initialises NVML.
    explicit NvmlLibrary(const std::string& path = kDefaultPath);
    ~NvmlLibrary();  // nvmlShutdown and close, when open
    NvmlLibrary(const NvmlLibrary&) = delete;
    NvmlLibrary& operator=(const NvmlLibrary&) = delete;

    // The process's default library, opened on first use and never closed (so nothing calls into
    // NVML during static destruction). Thread-safe.
    static std::shared_ptr<const NvmlLibrary> shared();

    bool available() const { return reason_.empty(); }
    const std::string& unavailableReason() const { return reason_; }
    const std::string& path() const { return path_; }

    std::optional<std::string> driverVersion(std::string* why = nullptr) const;  // "550.54.15"
    std::optional<Device> deviceByIndex(unsigned index, std::string* why = nullptr) const;
    // "GPU-8c1f…" as deviceUuid() returns it (NVML's index order differs from CUDA's: find a CUDA
    // device by its UUID, not by its CUDA ordinal).
    std::optional<Device> deviceByUuid(const std::string& uuid, std::string* why = nullptr) const;
    std::optional<std::string> deviceName(Device device, std::string* why = nullptr) const;
    std::optional<std::string> deviceUuid(Device device, std::string* why = nullptr) const;
    std::optional<unsigned> clockMhz(Device device, Clock clock, std::string* why = nullptr) const;  // current
    // The limit the driver enforces (the lower of the board's and the user's), else the management
    // limit; in watts.
    std::optional<double> powerLimitWatts(Device device, std::string* why = nullptr) const;
    // Current MIG mode; nothing (reason "Not Supported") on GPUs without MIG.
    std::optional<bool> migEnabled(Device device, std::string* why = nullptr) const;

private:
    struct Api;
    std::string callError(const char* call, int result) const;

    std::string path_;
    std::string reason_;  // empty when open and initialised
    void* module_ = nullptr;
    std::unique_ptr<Api> api_;
};

}  // namespace graphlens::platform
