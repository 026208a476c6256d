#pragma once
// Fixtures written into a fresh temporary folder per test (no dependency on shared data).
#include <cstdint>
#include <filesystem>
#include <string>

namespace graphlens::testing {

class TempDir {
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::filesystem::path& path() const { return path_; }
    std::filesystem::path operator/(const std::string& relative) const { return path_ / relative; }

private:
    std::filesystem::path path_;
};

// Creates parent folders as needed.
void writeText(const std::filesystem::path& path, const std::string& text);
// A real image (JPEG/PNG by extension): a gradient with a value derived from seed.
void writeImage(const std::filesystem::path& path, int width = 64, int height = 48, int seed = 0);
// The DatasetError message of loading this YOLO YAML; fails the test when it loads.
std::string yoloDatasetError(const std::filesystem::path& yaml);

}  // namespace graphlens::testing
