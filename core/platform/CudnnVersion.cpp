#include "platform/CudnnVersion.h"

namespace graphlens::platform {

std::string cudnnVersionText(long version) {
    // cuDNN 8.x never reached 90000, so the two encodings cannot be confused.
    const long majorUnit = version >= 90000 ? 10000 : 1000;
    const long major = version / majorUnit;
    const long minor = (version % majorUnit) / 100;
    const long patch = version % 100;
    return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
}

}  // namespace graphlens::platform
