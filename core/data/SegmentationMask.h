#pragma once
// Semantic-segmentation masks for training: one label per pixel of the imgsz x imgsz sample.
// Label convention (both sources): 0 is background, class c of the dataset's names is c + 1, and
// kIgnoreLabel marks pixels the loss and the metric skip (letterbox padding, the grey that scale
// jitter pads with, a mask file's own 255s). A dataset of N classes trains N + 1 labels.
//  - YOLO polygon labels are rasterised after augmentation, at the final size, so the mask follows the
//    flip and scale jitter exactly; larger polygons are drawn first, so a small object on a large one
//    stays visible (Ultralytics' overlap masks sort by area the same way).
//  - Mask files (the YAML's masks_dir: one PNG per image, grey or palette, pixel value = label) are
//    letterboxed with nearest neighbour like their image, and augmentation moves them with the pixels.
#include "data/ImageTransform.h"
#include "data/SampleSource.h"

#include <cstdint>
#include <filesystem>
#include <vector>

namespace graphlens::data {

constexpr std::uint8_t kBackgroundLabel = 0;
constexpr std::uint8_t kIgnoreLabel = 255;
// Labels 0..254 are classes (254 dataset classes at most); 255 is never a class.
constexpr int kMaxSegmentationClasses = 254;

inline int segmentationLabelCount(int classCount) { return classCount + 1; }

// targets.polygons (normalised to the size x size square) -> size * size labels: class + 1 where a
// polygon reaches into the pixel (cv::fillPoly's rule, as Ultralytics' polygon masks are drawn; for a
// rectangle: the pixel's cell meets it), background elsewhere inside targets.imageArea, kIgnoreLabel
// at pixels whose centre lies outside it.
std::vector<std::uint8_t> rasterisePolygons(const SampleTargets& targets, int size);

// The mask file of an image of geometry.srcWidth x geometry.srcHeight, letterboxed like it (nearest
// neighbour, padding kIgnoreLabel) -> geometry.size^2 labels. Throws SampleDefect naming the mask
// file when it cannot be read or decoded, when its size differs from the image's, or when a pixel
// holds a value that is neither a label of classCount classes (0..classCount) nor kIgnoreLabel.
std::vector<std::uint8_t> letterboxedMaskFile(const std::filesystem::path& mask, const LetterboxGeometry& geometry,
                                              int classCount);

// The mask file of an image (its path relative to the dataset root) whose masks sit in masksDir: the
// path after its last "images" folder, under masksDir, with the extension .png (images/train/a.jpg ->
// <masksDir>/train/a.png); for an image outside any "images" folder, <masksDir>/<stem>.png.
std::filesystem::path maskPathFor(const std::filesystem::path& image, const std::filesystem::path& masksDir);

}  // namespace graphlens::data
