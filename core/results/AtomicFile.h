#pragma once
// Exports are written to a temporary file beside the target and renamed over it, so an interrupted
// export never leaves half a file and an existing file is only replaced by a complete one.
#include <filesystem>
#include <string>

namespace graphlens::results {

void writeFileAtomically(const std::filesystem::path& path, const std::string& contents);

// Throws ResultsError unless a file can be created in path's folder (checked before any GPU work).
void checkWritable(const std::filesystem::path& path);

}  // namespace graphlens::results
