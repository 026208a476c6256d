#pragma once
// Finding images on disk and the cheap per-image checks done while opening a dataset (no decode):
// a JPEG or PNG file signature (BMP/TIFF/WebP/GIF are listed, then refused by name), a PNG's size
// within kMaxImagePixels, and for JPEG an end-of-image marker after the last scan (a truncated JPEG
// otherwise decodes with a grey bottom; bytes after the marker, as phone photos carry, are fine).
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace graphlens::data {

// ".jpg/.jpeg/.png/.bmp/.tif/.tiff/.webp", for messages.
const std::string& imageExtensionsText();
bool hasImageExtension(const std::filesystem::path& path);

// Empty when the file looks like a decodable image; otherwise the defect, naming the file.
std::optional<std::string> checkImageFile(const std::filesystem::path& path);

struct ImageListing {
    std::vector<std::filesystem::path> images;  // sorted
    std::vector<std::string> defects;           // entries skipped while listing, each named with why
};
// Images under folder (recursively, not into linked folders), sorted by path. Entries that cannot be
// read (non-UTF-8 names, links that loop or point nowhere, folders that cannot be opened) are
// skipped and named in defects.
ImageListing listImages(const std::filesystem::path& folder);

// YOLO convention: the last "images" path component becomes "labels", the extension ".txt".
std::filesystem::path labelPathFor(const std::filesystem::path& image);

}  // namespace graphlens::data
