#pragma once
// Classification training augmentation with torchvision's semantics: RandomResizedCrop (scale
// (0.08, 1.0), ratio (3/4, 4/3)) to size x size, then RandomHorizontalFlip(p = 0.5), all drawn
// from one seed (SplitMix64), so a seed gives the same sample on every platform and thread.
#include "data/SplitMix64.h"

#include <opencv2/core/mat.hpp>

#include <cstdint>
#include <filesystem>

namespace graphlens::data {

constexpr double kCropMinScale = 0.08, kCropMaxScale = 1.0;
constexpr double kCropMinRatio = 3.0 / 4.0, kCropMaxRatio = 4.0 / 3.0;

// torchvision RandomResizedCrop.get_params for a width x height image: 10 attempts at an area
// fraction uniform in the scale range and a log-uniform width/height ratio, then the centre crop
// clamped to the ratio range. Sizes round half to even, as Python's round() does.
cv::Rect randomResizedCropRect(int width, int height, SplitMix64& rng);

struct ClassifyAugmentParams {
    cv::Rect crop;  // in the full-size image
    bool flip = false;
};
// The crop, then the flip draw, from seed.
ClassifyAugmentParams classifyAugmentParams(int width, int height, std::uint64_t seed);

// image(params.crop) resized to size x size (bilinear up, area down), mirrored when params.flip.
cv::Mat applyClassifyAugment(const cv::Mat& image, const ClassifyAugmentParams& params, int size);

// Parameters from the file's full size; the decode scales down only as far as the crop still covers
// size x size. BGR out. Throws SampleDefect naming the file.
cv::Mat decodeClassifyAugmented(const std::filesystem::path& path, int size, std::uint64_t seed);

}  // namespace graphlens::data
