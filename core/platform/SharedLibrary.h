#pragma once
// Libraries opened at run time (CUPTI, NVML): dlopen on Linux, LoadLibrary on Windows. Each handle is
// an opaque pointer; the library stays loaded until closeSharedLibrary, or for the process's life.
#include <string>

namespace graphlens::platform {

// Opens `name` (a file name the loader searches for, or a path). With onlyIfLoaded, succeeds only when
// the process already has the library (so the copy another library pulled in is used, not a second
// one). nullptr with `error` set to the loader's reason when it cannot.
void* openSharedLibrary(const std::string& name, bool onlyIfLoaded, std::string& error);

// The exported symbol's address, or nullptr.
void* sharedLibrarySymbol(void* library, const char* symbol);

// The file the loader took the library from; empty when it cannot tell.
std::string sharedLibraryPath(void* library);

void closeSharedLibrary(void* library);

}  // namespace graphlens::platform
