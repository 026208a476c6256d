#include "platform/SharedLibrary.h"

#ifdef _WIN32
#include <windows.h>
#else
#include <dlfcn.h>
#include <link.h>
#endif

namespace graphlens::platform {

#ifdef _WIN32

void* openSharedLibrary(const std::string& name, bool onlyIfLoaded, std::string& error) {
    HMODULE module = onlyIfLoaded ? GetModuleHandleA(name.c_str()) : LoadLibraryA(name.c_str());
    if (!module) {
        error = (onlyIfLoaded ? "not loaded in this process" : "LoadLibrary failed") + std::string(" (Windows error ") +
                std::to_string(GetLastError()) + ")";
        return nullptr;
    }
    // GetModuleHandle does not count a reference: take one, so closeSharedLibrary is always right.
    if (onlyIfLoaded) module = LoadLibraryA(name.c_str());
    return reinterpret_cast<void*>(module);
}

void* sharedLibrarySymbol(void* library, const char* symbol) {
    return reinterpret_cast<void*>(GetProcAddress(static_cast<HMODULE>(library), symbol));
}

std::string sharedLibraryPath(void* library) {
    char path[MAX_PATH];
    const DWORD length = GetModuleFileNameA(static_cast<HMODULE>(library), path, MAX_PATH);
    return length > 0 && length < MAX_PATH ? std::string(path, length) : std::string();
}

void closeSharedLibrary(void* library) {
    if (library) FreeLibrary(static_cast<HMODULE>(library));
}

#else

void* openSharedLibrary(const std::string& name, bool onlyIfLoaded, std::string& error) {
    void* library = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL | (onlyIfLoaded ? RTLD_NOLOAD : 0));
    if (!library) {
        const char* why = dlerror();
        error = why ? why : (onlyIfLoaded ? "not loaded in this process" : "not found");
    }
    return library;
}

void* sharedLibrarySymbol(void* library, const char* symbol) { return dlsym(library, symbol); }

std::string sharedLibraryPath(void* library) {
    link_map* map = nullptr;
    if (dlinfo(library, RTLD_DI_LINKMAP, &map) == 0 && map && map->l_name) return map->l_name;
    return {};
}

void closeSharedLibrary(void* library) {
    if (library) dlclose(library);
}

#endif

}  // namespace graphlens::platform
