#include "graphs/DeviceLost.h"

#include <array>
#include <string_view>

namespace graphlens::graphs {
namespace {

// cudaGetErrorString's words for the errors that leave the context unusable (CUDA runtime API,
// "sticky" errors), plus the driver's words for a GPU that went away.
constexpr std::array<std::string_view, 13> kStickyCudaErrors{
    "an illegal memory access was encountered",
    "unspecified launch failure",
    "device-side assert triggered",
    "misaligned address",
    "an illegal instruction was encountered",
    "hardware stack error",
    "invalid program counter",
    "operation not supported on global/shared address space",
    "the launch timed out and was terminated",
    "uncorrectable ECC error encountered",
    "context is destroyed",
    "GPU has fallen off the bus",
    "unrecoverable error",
};

std::string_view firstLineOf(std::string_view text) { return text.substr(0, text.find('\n')); }

}  // namespace

bool isDeviceLost(const std::exception& error) {
    const std::string_view text = error.what();
    for (const auto words : kStickyCudaErrors) {
        if (text.find(words) != std::string_view::npos) return true;
    }
    return false;
}

bool DeviceLoss::note(const std::exception& error, const std::string& where) {
    if (!isDeviceLost(error)) return false;
    if (reason_.empty()) {
        reason_ = "the CUDA context was lost at " + where + " (" + std::string(firstLineOf(error.what())) + ")";
    }
    return true;
}

}  // namespace graphlens::graphs
