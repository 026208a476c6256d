#include "data/BuiltinDataset.h"

#include "data/BuiltinGenerator.h"
#include "data/DatasetError.h"
#include "data/FileTree.h"
#include "data/ImageCodec.h"
#include "data/PathText.h"
#include "data/SplitMix64.h"
#include "platform/ProcessIds.h"
#include "platform/UserFolders.h"

#include <opencv2/imgproc.hpp>

#include <cmath>
#include <cstdio>
#include <fstream>

namespace graphlens::data {
namespace {

namespace fs = std::filesystem;

constexpr int kFormatVersion = 2;  // 2: segmentation masks (masks_dir)
constexpr int kValIndexOffset = 1000000;  // val images are indices 1000000.. of the same stream

cv::Scalar randomColour(SplitMix64& rng) { return cv::Scalar(rng.uniform(0, 255), rng.uniform(0, 255), rng.uniform(0, 255)); }

// A gradient between two colours, overlaid with one of three textures, plus fixed-seed noise.
cv::Mat texturedBackground(SplitMix64& rng, int width, int height) {
    cv::Mat image(height, width, CV_8UC3);
    const cv::Vec3d from(rng.uniform(0, 255), rng.uniform(0, 255), rng.uniform(0, 255));
    const cv::Vec3d to(rng.uniform(0, 255), rng.uniform(0, 255), rng.uniform(0, 255));
    const bool vertical = rng.uniform(0, 1) == 1;
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            const double t = vertical ? static_cast<double>(y) / height : static_cast<double>(x) / width;
            const cv::Vec3d c = from * (1 - t) + to * t;
            image.at<cv::Vec3b>(y, x) = cv::Vec3b(cv::saturate_cast<uchar>(c[0]), cv::saturate_cast<uchar>(c[1]),
                                                  cv::saturate_cast<uchar>(c[2]));
        }
    }
    switch (rng.uniform(0, 2)) {
    case 0: {  // stripes
        const int spacing = rng.uniform(8, 40);
        const cv::Scalar colour = randomColour(rng);
        const int slope = rng.uniform(-height, height);
        for (int x = -height; x < width + height; x += spacing) {
            cv::line(image, {x, 0}, {x + slope, height - 1}, colour, rng.uniform(1, 4), cv::LINE_8);
        }
        break;
    }
    case 1: {  // checkerboard
        const int cell = rng.uniform(12, 64);
        cv::Mat overlay = image.clone();
        const cv::Scalar colour = randomColour(rng);
        for (int y = 0; y < height; y += cell) {
            for (int x = (y / cell) % 2 * cell; x < width; x += 2 * cell) {
                cv::rectangle(overlay, cv::Rect(x, y, cell, cell), colour, cv::FILLED, cv::LINE_8);
            }
        }
        cv::addWeighted(image, 0.6, overlay, 0.4, 0, image);
        break;
    }
    default: {  // soft blobs
        const int count = rng.uniform(5, 15);
        for (int i = 0; i < count; ++i) {
            cv::circle(image, {rng.uniform(0, width - 1), rng.uniform(0, height - 1)}, rng.uniform(10, 80), randomColour(rng),
                       cv::FILLED, cv::LINE_8);
        }
        cv::GaussianBlur(image, image, cv::Size(0, 0), 6);
        break;
    }
    }
    cv::Mat noise(height, width, CV_16SC3);
    cv::RNG noiseRng(rng.next());
    noiseRng.fill(noise, cv::RNG::NORMAL, cv::Scalar::all(0), cv::Scalar::all(8));
    cv::Mat noisy;
    image.convertTo(noisy, CV_16SC3);
    noisy += noise;
    noisy.convertTo(image, CV_8UC3);
    return image;
}

std::vector<cv::Point> starPoints(cv::Point centre, int radius, double rotation) {
    std::vector<cv::Point> points;
    for (int i = 0; i < 10; ++i) {
        const double r = i % 2 == 0 ? radius : radius * 0.45;
        const double angle = rotation + i * CV_PI / 5;
        points.emplace_back(centre.x + static_cast<int>(std::lround(r * std::cos(angle))),
                            centre.y + static_cast<int>(std::lround(r * std::sin(angle))));
    }
    return points;
}

// Draws shape cls centred at centre with half-extent radius onto target (image or mask).
void drawShape(cv::Mat& target, int cls, cv::Point centre, int radius, double rotation, const cv::Scalar& colour) {
    switch (cls) {
    case 0:
        cv::circle(target, centre, radius, colour, cv::FILLED, cv::LINE_8);
        break;
    case 1:
        cv::rectangle(target, cv::Point(centre.x - radius, centre.y - radius * 2 / 3),
                      cv::Point(centre.x + radius, centre.y + radius * 2 / 3), colour, cv::FILLED, cv::LINE_8);
        break;
    case 2: {
        std::vector<cv::Point> points;
        for (int i = 0; i < 3; ++i) {
            const double angle = rotation + i * 2 * CV_PI / 3;
            points.emplace_back(centre.x + static_cast<int>(std::lround(radius * std::cos(angle))),
                                centre.y + static_cast<int>(std::lround(radius * std::sin(angle))));
        }
        cv::fillPoly(target, std::vector<std::vector<cv::Point>>{points}, colour, cv::LINE_8);
        break;
    }
    case 3: {
        const int arm = std::max(2, radius / 3);
        cv::rectangle(target, cv::Point(centre.x - radius, centre.y - arm), cv::Point(centre.x + radius, centre.y + arm), colour,
                      cv::FILLED, cv::LINE_8);
        cv::rectangle(target, cv::Point(centre.x - arm, centre.y - radius), cv::Point(centre.x + arm, centre.y + radius), colour,
                      cv::FILLED, cv::LINE_8);
        break;
    }
    default:
        cv::fillPoly(target, std::vector<std::vector<cv::Point>>{starPoints(centre, radius, rotation)}, colour, cv::LINE_8);
        break;
    }
}

// Draws one shape and returns the exact bounding box of its pixels (drawn once more on a mask), and
// (given labels) draws it a third time there with its label.
Box placeShape(cv::Mat& image, SplitMix64& rng, int cls, int minRadius, int maxRadius, cv::Mat* labels = nullptr) {
    const int radius = rng.uniform(minRadius, maxRadius);
    const cv::Point centre(rng.uniform(radius, image.cols - 1 - radius), rng.uniform(radius, image.rows - 1 - radius));
    const double rotation = rng.unit() * 2 * CV_PI;
    const cv::Scalar colour = randomColour(rng);
    drawShape(image, cls, centre, radius, rotation, colour);
    if (labels) drawShape(*labels, cls, centre, radius, rotation, cv::Scalar(cls + 1));
    cv::Mat mask = cv::Mat::zeros(image.size(), CV_8UC1);
    drawShape(mask, cls, centre, radius, rotation, cv::Scalar(255));
    const cv::Rect r = cv::boundingRect(mask);
    return {cls, static_cast<float>((r.x + r.width / 2.0) / image.cols), static_cast<float>((r.y + r.height / 2.0) / image.rows),
            static_cast<float>(static_cast<double>(r.width) / image.cols), static_cast<float>(static_cast<double>(r.height) / image.rows)};
}

std::uint64_t mix(std::uint64_t seed, std::uint64_t a, std::uint64_t b) {
    SplitMix64 rng(seed ^ (a * 0x9E3779B97F4A7C15ULL) ^ (b * 0xC2B2AE3D27D4EB4FULL));
    return rng.next();
}

void writeImage(const fs::path& path, const cv::Mat& image) {
    // TurboJPEG (quality 90, 4:2:0, accurate DCT: what cv::imwrite wrote) or libpng.
    try {
        const bool jpeg = path.extension() == ".jpg";
        writeFileBytes(path.string(), jpeg ? encodeJpeg(image, JpegEncodeOptions{}) : encodePng(image));
    } catch (const ImageCodecError& error) {
        throw DatasetError(where(path) + ": could not be written (" + error.what() + ")");
    }
}

void writeText(const fs::path& path, const std::string& text) {
    std::ofstream file(path, std::ios::binary);
    file << text;
    if (!file.flush()) throw DatasetError(where(path) + ": could not be written");
}

std::string labelText(const std::vector<Box>& boxes) {
    std::string text;
    char row[128];
    for (const auto& box : boxes) {
        std::snprintf(row, sizeof row, "%d %.6f %.6f %.6f %.6f\n", box.cls, box.cx, box.cy, box.w, box.h);
        text += row;
    }
    return text;
}

void generateInto(const fs::path& folder, const BuiltinOptions& options) {
    const auto& names = builtinClassNames();
    for (const auto& [split, count] : {std::pair<std::string, int>{"train", options.trainImages}, {"val", options.valImages}}) {
        fs::create_directories(folder / "images" / split);
        fs::create_directories(folder / "labels" / split);
        fs::create_directories(folder / "masks" / split);
        for (int i = 0; i < count; ++i) {
            const auto generated = generateDetectionImage(options.seed, (split == "train" ? 0 : kValIndexOffset) + i);
            char stem[32];
            std::snprintf(stem, sizeof stem, "%06d", i);
            // Mostly JPEG like real photos, every third PNG, so both decoders are on the path.
            writeImage(folder / "images" / split / (std::string(stem) + (i % 3 == 2 ? ".png" : ".jpg")), generated.bgr);
            if (!generated.boxes.empty()) writeText(folder / "labels" / split / (std::string(stem) + ".txt"), labelText(generated.boxes));
            writeImage(folder / "masks" / split / (std::string(stem) + ".png"), generated.labels);
        }
    }
    std::string yaml = "# GraphLens built-in dataset, generated from seed " + std::to_string(options.seed) +
                       " (format v" + std::to_string(kFormatVersion) + ")\npath: .\ntrain: images/train\nval: images/val\n" +
                       "masks_dir: masks  # segmentation labels: 0 background, class + 1\nnc: " +
                       std::to_string(names.size()) + "\nnames:\n";
    for (std::size_t i = 0; i < names.size(); ++i) yaml += "  " + std::to_string(i) + ": " + names[i] + "\n";
    writeText(folder / "data.yaml", yaml);

    const int valPerClass = std::max(2, options.classifyPerClass / 4);
    for (const auto& [split, perClass] : {std::pair<std::string, int>{"train", options.classifyPerClass}, {"val", valPerClass}}) {
        for (std::size_t cls = 0; cls < names.size(); ++cls) {
            const fs::path classFolder = folder / "classify" / split / names[cls];
            fs::create_directories(classFolder);
            for (int i = 0; i < perClass; ++i) {
                char file[32];
                std::snprintf(file, sizeof file, "%04d%s", i, i % 3 == 2 ? ".png" : ".jpg");
                writeImage(classFolder / file, generateClassificationImage(options.seed, static_cast<int>(cls),
                                                                           (split == "train" ? 0 : kValIndexOffset) + i));
            }
        }
    }
    writeText(folder / "COMPLETE", "generated by GraphLens\n");
}

}  // namespace

const std::vector<std::string>& builtinClassNames() {
    static const std::vector<std::string> names{"circle", "rectangle", "triangle", "cross", "star"};
    return names;
}

GeneratedImage generateDetectionImage(std::uint64_t seed, int index) {
    SplitMix64 rng(mix(seed, 0xD, static_cast<std::uint64_t>(index)));
    const int width = rng.uniform(320, 640), height = rng.uniform(240, 640);
    GeneratedImage generated{texturedBackground(rng, width, height), {}, cv::Mat::zeros(height, width, CV_8UC1)};
    const int shapes = index % 10 == 9 ? 0 : rng.uniform(1, 4);
    const int smaller = std::min(width, height);
    for (int i = 0; i < shapes; ++i) {
        const int cls = rng.uniform(0, static_cast<int>(builtinClassNames().size()) - 1);
        generated.boxes.push_back(placeShape(generated.bgr, rng, cls, smaller / 16, smaller / 5, &generated.labels));
    }
    return generated;
}

cv::Mat generateClassificationImage(std::uint64_t seed, int classIndex, int index) {
    SplitMix64 rng(mix(seed, 0xC00 + static_cast<std::uint64_t>(classIndex), static_cast<std::uint64_t>(index)));
    const int width = rng.uniform(96, 256), height = rng.uniform(96, 256);
    cv::Mat image = texturedBackground(rng, width, height);
    const int smaller = std::min(width, height);
    placeShape(image, rng, classIndex, smaller / 4, smaller * 2 / 5);
    return image;
}

fs::path defaultCacheRoot() {
    if (const auto explicitDir = platform::processEnvironment("GRAPHLENS_CACHE_DIR")) return *explicitDir;
    return platform::graphlensUserFolder(platform::UserFolder::Cache);
}

BuiltinPaths ensureBuiltinDataset(const BuiltinOptions& options) {
    if (options.trainImages < 1 || options.valImages < 1 || options.classifyPerClass < 1) {
        throw DatasetError("built-in dataset: image counts must be at least 1");
    }
    const fs::path root = options.cacheRoot.empty() ? defaultCacheRoot() : options.cacheRoot;
    const fs::path folder = root / ("builtin-v" + std::to_string(kFormatVersion) + "-seed" + std::to_string(options.seed) + "-" +
                                    std::to_string(options.trainImages) + "-" + std::to_string(options.valImages) + "-" +
                                    std::to_string(options.classifyPerClass));
    const BuiltinPaths paths{folder / "data.yaml", folder / "classify"};
    if (fs::exists(folder / "COMPLETE")) return paths;
    std::error_code error;
    fs::create_directories(root, error);
    if (error) throw DatasetError(where(root) + ": cannot create the dataset cache folder: " + error.message());
    const fs::path staging = root / (folder.filename().string() + ".tmp-" + std::to_string(platform::currentProcessId()));
    removeTree(staging);
    try {
        generateInto(staging, options);
    } catch (...) {
        removeTree(staging);
        throw;
    }
    if (fs::exists(folder)) removeTree(folder);  // an incomplete copy left by an older crash
    fs::rename(staging, folder, error);
    if (error) {
        removeTree(staging);
        // Another process may have won the race; its copy is just as good.
        if (!fs::exists(folder / "COMPLETE")) throw DatasetError(where(folder) + ": could not be created");
    }
    return paths;
}

}  // namespace graphlens::data
