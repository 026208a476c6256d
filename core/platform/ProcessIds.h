#pragma once
// Ids of this process and of the calling thread, as the operating system numbers them.
#include <cstdint>

namespace graphlens::platform {

std::int64_t currentProcessId();
// The kernel's id of the calling thread (gettid on Linux, GetCurrentThreadId on Windows): what
// CUPTI records with CUPTI_ACTIVITY_THREAD_ID_TYPE_SYSTEM. Cached per thread, so it is cheap.
std::uint32_t currentSystemThreadId();
// The threading library's id (pthread_self on POSIX, GetCurrentThreadId on Windows): what CUPTI
// records with its default thread id type.
std::uint32_t currentLibraryThreadId();

}  // namespace graphlens::platform
