#pragma once
// A time_t as UTC calendar fields, thread-safe: gmtime_r on POSIX, gmtime_s on Windows (std::gmtime
// shares one static buffer between threads).
#include <ctime>

namespace graphlens::platform {

std::tm utcCalendarTime(std::time_t time);

}  // namespace graphlens::platform
