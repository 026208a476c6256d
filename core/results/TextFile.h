#pragma once
#include <filesystem>
#include <string>

namespace graphlens::results {

// Whole file as bytes; throws ResultsError naming the file when it cannot be read.
std::string readTextFile(const std::filesystem::path& path);

}  // namespace graphlens::results
