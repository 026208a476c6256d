#include "platform/UtcTime.h"

namespace graphlens::platform {

std::tm utcCalendarTime(std::time_t time) {
    std::tm utc{};
#ifdef _WIN32
    gmtime_s(&utc, &time);  // Microsoft's argument order, not C11's
#else
    gmtime_r(&time, &utc);
#endif
    return utc;
}

}  // namespace graphlens::platform
