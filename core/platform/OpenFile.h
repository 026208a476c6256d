#pragma once
// std::fopen for a std::filesystem::path: a Windows path is UTF-16, and fopen's char* would go
// through the ANSI code page and lose characters of, say, a user name. _wfopen there, fopen elsewhere.
#include <cstdio>
#include <filesystem>

namespace graphlens::platform {

std::FILE* openFile(const std::filesystem::path& path, const char* mode);  // mode as for fopen ("ab", "rb")

}  // namespace graphlens::platform
