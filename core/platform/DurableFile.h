#pragma once
// Pushing a written file's data through the operating system's cache to the disk, so a row that was
// reported written survives a crash of the machine, not only of the process.
#include <cstdio>

namespace graphlens::platform {

// fsync (POSIX) or _commit (Windows) of the stream's descriptor; call fflush first. False when the
// system refused (some file systems and devices cannot sync).
bool syncToDisk(std::FILE* file);

}  // namespace graphlens::platform
