#include "data/ImageFiles.h"

#include "data/ImageCodec.h"
#include "data/PathText.h"
#include "data/RegularFile.h"

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
    if (const auto problem = regularFileProblem(path, kMaxImageFileBytes, "an image file")) return where(path) + ": " + *problem;
    std::ifstream file(path, std::ios::binary | std::ios::ate);
    if (!file) return where(path) + ": cannot be read (expected a readable image file)";
    const auto size = static_cast<std::streamoff>(file.tellg());
    if (size == 0) return where(path) + ": empty file (expected image data)";
    std::uint8_t head[24] = {};  // signature, and a PNG's IHDR
    file.seekg(0);
    file.read(reinterpret_cast<char*>(head), static_cast<std::streamsize>(std::min<std::streamoff>(size, sizeof head)));
    const auto format = sniffImageFormat(std::span<const std::uint8_t>(head, static_cast<std::size_t>(std::min<std::streamoff>(size, sizeof head))));
    if (format == ImageFormat::Unknown) {
        return where(path) + ": not an image GraphLens can decode (unrecognised file signature; expected JPEG or PNG image data)";
    }
    if (format != ImageFormat::Jpeg && format != ImageFormat::Png) {
        return where(path) + ": " + imageFormatName(format) +
               " image data is not supported (GraphLens decodes JPEG and PNG; convert the file to one of them)";
    }
    if (format == ImageFormat::Png && size >= 24) {
        try {
            const auto header = readImageHeader(std::span<const std::uint8_t>(head, sizeof head));
            if (static_cast<std::int64_t>(header.width) * header.height > kMaxImagePixels) {
                return where(path) + ": " + std::to_string(header.width) + "x" + std::to_string(header.height) +
                       " pixels is over the limit of " + std::to_string(kMaxImagePixels) + " pixels (refused before decoding)";
            }
        } catch (const ImageCodecError& error) {
            return where(path) + ": " + error.what();
        }
    }
    if (format == ImageFormat::Jpeg) {
        // Cheap first: the end-of-image marker at the end, maybe followed by zero padding.
        const std::streamoff tail = std::min<std::streamoff>(size, 4096);
        std::string bytes(static_cast<std::size_t>(tail), '\0');
        file.clear();
        file.seekg(size - tail);
        file.read(bytes.data(), tail);
        const auto last = bytes.find_last_not_of('\0');
        const bool endsWithMarker = last != std::string::npos && last >= 1 &&
                                    static_cast<unsigned char>(bytes[last - 1]) == 0xFF &&
                                    static_cast<unsigned char>(bytes[last]) == 0xD9;
        // Otherwise walk the marker structure: bytes after the end-of-image marker (phone photos carry
        // such trailers) are fine, data that ends before it is a truncated JPEG.
        if (!endsWithMarker) {
            std::size_t end = 0;
            try {
                end = jpegEndOffset(readFileBytes(path.string()));
            } catch (const ImageCodecError& error) {
                return where(path) + ": " + error.what();
            }
            if (end == 0) return where(path) + ": truncated JPEG (no end-of-image marker; expected a complete JPEG file)";
        }
    }
    return std::nullopt;
}

namespace {

// One folder of listImages' walk. An entry that cannot be looked at (a link that loops or points
// nowhere, a folder that cannot be opened) is skipped and named: one bad entry must not cost the
// rest of the dataset, as a raw filesystem error used to. Linked folders are not walked into, so a
// link to a parent cannot loop the walk.
void listFolder(const std::filesystem::path& folder, ImageListing& listing) {
    namespace fs = std::filesystem;
    // The kernel stops a path at its first NUL, so such a folder would list a parent of itself, again
    // and again: refuse it (the YAML reader already does; this keeps the walk safe for every caller).
    if (folder.native().find('\0') != std::string::npos) {
        listing.defects.push_back(where(folder) + ": folder name holds a NUL character; its images are skipped");
        return;
    }
    std::error_code ec;
    fs::directory_iterator it(folder, ec);
    if (ec) {
        listing.defects.push_back(where(folder) + ": folder cannot be read (" + ec.message() + "); its images are skipped");
        return;
    }
    for (const fs::directory_iterator end; it != end; it.increment(ec)) {
        if (ec) {
            listing.defects.push_back(where(folder) + ": folder listing stopped (" + ec.message() + ")");
            return;
        }
        const auto& path = it->path();
        std::error_code linkError;
        const auto linkStatus = it->symlink_status(linkError);
        if (!linkError && fs::is_directory(linkStatus)) {
            listFolder(path, listing);
            continue;
        }
        if (!hasImageExtension(path)) continue;
        std::error_code statusError;
        const auto status = it->status(statusError);  // follows a link to what it names
        if (statusError || !fs::exists(status)) {
            const bool dangling = fs::is_symlink(linkStatus) &&
                                  (!statusError || statusError == std::errc::no_such_file_or_directory);
            listing.defects.push_back(where(path) + ": cannot be read (" +
                                      (dangling ? std::string("a link to nothing") : statusError.message()) +
                                      "; expected a readable image file)");
            continue;
        }
        if (!fs::is_regular_file(status)) continue;
        if (!isValidUtf8(path.string())) {
            listing.defects.push_back(where(path) + ": file name is not valid UTF-8 (expected UTF-8 paths)");
            continue;
        }
        listing.images.push_back(path);
    }
}

}  // namespace

ImageListing listImages(const std::filesystem::path& folder) {
    ImageListing listing;
    listFolder(folder, listing);
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
