#pragma once
// Detection training augmentation on a letterboxed sample (RGB CHW, size x size, targets normalised
// to it): horizontal flip (p = 0.5) and scale jitter about the image centre (zoom in crops, zoom out
// pads with the letterbox grey). Boxes, polygons, keypoints, the picture's area and a label mask
// (nearest neighbour; ignore where the pixels are padded) move with the pixels.
#include "data/SampleSource.h"

#include <cstdint>
#include <span>

namespace graphlens::data {

constexpr double kMinScaleJitter = 0.5, kMaxScaleJitter = 1.5;
// After scaling, a box is dropped (with its polygon and keypoints) when its part inside the image is
// below kMinBoxPixels px^2 or below kMinBoxVisibleFraction of the scaled box (ultralytics' rule).
constexpr double kMinBoxPixels = 2.0, kMinBoxVisibleFraction = 0.1;

struct DetectAugmentParams {
    bool flip = false;
    double scale = 1.0;  // in [kMinScaleJitter, kMaxScaleJitter]
};
// The flip draw, then the scale draw, from seed.
DetectAugmentParams detectAugmentParams(std::uint64_t seed);

// Mirrors the pixels left-right; cx -> 1 - cx, polygon and keypoint x -> 1 - x. Left/right keypoint
// identities are not swapped (the targets do not carry a flip index).
void flipHorizontal(std::span<std::uint8_t> chw, int size, SampleTargets& targets);

// Pixel p -> c + factor * (p - c) about the centre c; boxes clipped to the image and dropped as
// above, polygon points clamped to it (the point count stays: oriented boxes need 4), keypoints that
// leave it get visibility 0.
void scaleAboutCentre(std::span<std::uint8_t> chw, int size, double factor, SampleTargets& targets);

// detectAugmentParams(seed), then flipHorizontal and scaleAboutCentre.
void augmentDetection(std::span<std::uint8_t> chw, int size, SampleTargets& targets, std::uint64_t seed);

}  // namespace graphlens::data
