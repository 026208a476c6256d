#include "data/ImageFiles.h"

#include "data/PathText.h"

#include <opencv2/imgcodecs.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <fstream>

namespace graphlens::data {
namespace {

constexpr std::array<const char*, 7> kImageExtensions{".jpg", ".jpeg", ".png", ".bmp", ".tif", ".tiff", ".webp"};

std::string lowercase(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
    return text;
}

bool isJpeg(const std::filesystem::path& path) {
    const auto extension = lowercase(path.extension().string());
    return extension == ".jpg" || extension == ".jpeg";
}

}  // namespace

const std::string& imageExtensionsText() {
    static const std::string text = [] {
        std::string joined;
        for (const char* extension : kImageExtensions) joined += (joined.empty() ? "" : "/") + std::string(extension);
        return joined;
    }();
    return text;
}

bool hasImageExtension(const std::filesystem::path& path) {
    const auto extension = lowercase(path.extension().string());
    return std::any_of(kImageExtensions.begin(), kImageExtensions.end(),
                       [&](const char* known) { return extension == known; });
}

std::optional<std::string> checkImageFile(const std::filesystem::path& path) {
    std::ifstream file(path, std::ios::binary | std::ios::ate);
    if (!file) return where(path) + ": cannot be read (expected a readable image file)";
    const auto size = static_cast<std::streamoff>(file.tellg());
    if (size == 0) return where(path) + ": empty file (expected image data)";
    if (!cv::haveImageReader(path.string())) {
        return where(path) + ": not an image OpenCV can decode (unrecognised file signature; expected " +
               imageExtensionsText() + " image data)";
    }
    if (isJpeg(path)) {
        // The end-of-image marker may be followed by zero padding, nothing else.
        const std::streamoff tail = std::min<std::streamoff>(size, 4096);
        std::string bytes(static_cast<std::size_t>(tail), '\0');
        file.seekg(size - tail);
        file.read(bytes.data(), tail);
        const auto last = bytes.find_last_not_of('\0');
        const bool complete = last != std::string::npos && last >= 1 &&
                              static_cast<unsigned char>(bytes[last - 1]) == 0xFF &&
                              static_cast<unsigned char>(bytes[last]) == 0xD9;
        if (!complete) {
            // A PNG named .jpg decodes fine: only JPEG data needs the marker.
            const bool jpegData = [&] {
                std::ifstream head(path, std::ios::binary);
                unsigned char magic[2] = {0, 0};
                head.read(reinterpret_cast<char*>(magic), 2);
                return magic[0] == 0xFF && magic[1] == 0xD8;
            }();
            if (jpegData) return where(path) + ": truncated JPEG (no end-of-image marker; expected a complete JPEG file)";
        }
    }
    return std::nullopt;
}

ImageListing listImages(const std::filesystem::path& folder) {
    ImageListing listing;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(folder)) {
        if (!entry.is_regular_file() || !hasImageExtension(entry.path())) continue;
        if (!isValidUtf8(entry.path().string())) {
            listing.defects.push_back(where(entry.path()) + ": file name is not valid UTF-8 (expected UTF-8 paths)");
            continue;
        }
        listing.images.push_back(entry.path());
    }
    std::sort(listing.images.begin(), listing.images.end());
    std::sort(listing.defects.begin(), listing.defects.end());
    return listing;
}

std::filesystem::path labelPathFor(const std::filesystem::path& image) {
    std::vector<std::filesystem::path> parts(image.begin(), image.end());
    for (auto it = parts.rbegin(); it != parts.rend(); ++it) {
        if (*it == "images") {
            *it = "labels";
            break;
        }
    }
    std::filesystem::path label;
    for (const auto& part : parts) label /= part;
    return label.replace_extension(".txt");
}

}  // namespace graphlens::data
