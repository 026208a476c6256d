#include "TestFiles.h"

#include "data/FileTree.h"

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include <atomic>
#include <fstream>
#include <random>
#include <stdexcept>
#include <unistd.h>

namespace graphlens::testing {

TempDir::TempDir() {
    static std::atomic<int> counter{0};
    path_ = std::filesystem::temp_directory_path() /
            ("graphlens-data-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    data::removeTree(path_);
    std::filesystem::create_directories(path_);
}

TempDir::~TempDir() {
    data::removeTree(path_);
}

void writeText(const std::filesystem::path& path, const std::string& text) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream file(path, std::ios::binary);
    file << text;
    if (!file.flush()) throw std::runtime_error("cannot write " + path.string());
}

void writeImage(const std::filesystem::path& path, int width, int height, int seed) {
    std::filesystem::create_directories(path.parent_path());
    cv::Mat image(height, width, CV_8UC3);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            image.at<cv::Vec3b>(y, x) = cv::Vec3b(static_cast<uchar>((x * 4 + seed) % 256), static_cast<uchar>((y * 4) % 256),
                                                  static_cast<uchar>((seed * 37) % 256));
        }
    }
    if (!cv::imwrite(path.string(), image)) throw std::runtime_error("cannot write " + path.string());
}

}  // namespace graphlens::testing
