#include "platform/ProcessIds.h"

#ifdef _WIN32
#include <windows.h>
#else
#include <pthread.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/syscall.h>
#endif
#endif

#include <functional>
#include <thread>

namespace graphlens::platform {

std::int64_t currentProcessId() {
#ifdef _WIN32
    return static_cast<std::int64_t>(GetCurrentProcessId());
#else
    return static_cast<std::int64_t>(::getpid());
#endif
}

std::uint32_t currentSystemThreadId() {
#ifdef _WIN32
    return static_cast<std::uint32_t>(GetCurrentThreadId());
#elif defined(__linux__)
    thread_local const auto id = static_cast<std::uint32_t>(::syscall(SYS_gettid));  // one syscall a thread
    return id;
#else
    return static_cast<std::uint32_t>(std::hash<std::thread::id>{}(std::this_thread::get_id()));
#endif
}

std::uint32_t currentLibraryThreadId() {
#ifdef _WIN32
    return static_cast<std::uint32_t>(GetCurrentThreadId());
#else
    return static_cast<std::uint32_t>(pthread_self());
#endif
}

}  // namespace graphlens::platform
