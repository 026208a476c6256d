#include "TestFiles.h"

#include "data/FileTree.h"
#include "data/DatasetError.h"
#include "data/ImageCodec.h"
#include "data/YoloDataset.h"

#include <catch2/catch.hpp>

#include <opencv2/core.hpp>

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
    // The product encoder (no imgcodecs in any test but the OpenCV comparison); quality 95 as imwrite's default.
    const auto extension = path.extension().string();
    const bool jpeg = extension == ".jpg" || extension == ".jpeg" || extension == ".JPG" || extension == ".JPEG";
    data::JpegEncodeOptions options;
    options.quality = 95;
    data::writeFileBytes(path.string(), jpeg ? data::encodeJpeg(image, options) : data::encodePng(image));
}

std::string yoloDatasetError(const std::filesystem::path& yaml) {
    try {
        data::loadYoloDataset(yaml);
    } catch (const data::DatasetError& error) {
        return error.what();
    }
    FAIL("no DatasetError for " << yaml.string());
    return {};
}

}  // namespace graphlens::testing
