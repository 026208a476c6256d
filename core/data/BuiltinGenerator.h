#pragma once
// The drawing behind the built-in dataset (BuiltinDataset.h), exposed for tests: OpenCV types, so
// kept out of the header the command line includes.
#include "data/Box.h"

#include <opencv2/core/mat.hpp>

#include <cstdint>
#include <vector>

namespace graphlens::data {

struct GeneratedImage {
    cv::Mat bgr;
    std::vector<Box> boxes;  // exact: the bounding box of each shape's drawn pixels, normalised
    // CV_8UC1, the image's size: each pixel's label (data/SegmentationMask.h: 0 background, class + 1),
    // the very pixels each shape was drawn on, later shapes over earlier ones as in the image.
    cv::Mat labels = {};
};
// One detection image (train image i is index i, val image i is index 1000000 + i): textured background, 0-4 shapes; every 10th has none.
GeneratedImage generateDetectionImage(std::uint64_t seed, int index);
// One classification image: a single shape of class classIndex on a textured background.
cv::Mat generateClassificationImage(std::uint64_t seed, int classIndex, int index);

}  // namespace graphlens::data
