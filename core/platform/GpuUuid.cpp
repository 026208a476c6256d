#include "platform/GpuUuid.h"

namespace graphlens::platform {

std::string gpuUuidText(const GpuUuidBytes& bytes, std::string_view prefix) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string text(prefix);
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        if (i == 4 || i == 6 || i == 8 || i == 10) text += '-';
        text += kHex[bytes[i] >> 4];
        text += kHex[bytes[i] & 0xf];
    }
    return text;
}

}  // namespace graphlens::platform
