#pragma once
// What the loader consumes: indexed samples already resized to a square. Plain std types, so the
// loader (libtorch) does not depend on OpenCV: real datasets plug in ImageSampleSource (decoding),
// tests on GPU machines without OpenCV plug in an in-memory source.
#include "data/Box.h"
#include "data/SplitMix64.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace graphlens::data {

// A rectangle normalised to the square: x1 <= x < x2, y1 <= y < y2. The default is the whole square.
struct ImageArea {
    float x1 = 0, y1 = 0, x2 = 1, y2 = 1;
};

struct SampleTargets {
    std::vector<Box> boxes;  // normalised to the imgsz x imgsz output (detection)
    int classIndex = -1;     // classification; -1 when the dataset has none
    // Segmentation polygons / oriented-box corners (one per box, or empty) and pose keypoints
    // (keypointsPerObject per box, object after object), normalised like boxes.
    std::vector<Polygon> polygons = {};
    std::vector<Keypoint> keypoints = {};
    int keypointsPerObject = 0;
    // Semantic segmentation (data/SegmentationMask.h): imgsz x imgsz labels, row-major (0 background,
    // class c -> c + 1, kIgnoreLabel where nothing is known, e.g. letterbox padding); empty when the
    // source has no masks. Augmentation moves it with the pixels (nearest neighbour).
    std::vector<std::uint8_t> mask = {};
    // Where the real picture lies inside the square (the letterbox's content, moved by augmentation);
    // rasterised polygons mark the pixels whose centres lie outside it ignored.
    ImageArea imageArea = {};
};

// Training augmentation of one sample. The loader derives seed from (its seed, epoch, sample index),
// so the augmented sample never depends on which thread loaded it or when.
struct SampleAugmentation {
    bool enabled = false;
    std::uint64_t seed = 0;
};

inline std::uint64_t sampleAugmentationSeed(std::uint64_t loaderSeed, int epoch, std::size_t index) {
    // Chained SplitMix64 finalisers: neighbouring epochs / indices give unrelated seeds.
    std::uint64_t h = SplitMix64(loaderSeed ^ 0x6a09e667f3bcc908ULL).next();
    h = SplitMix64(h ^ static_cast<std::uint64_t>(static_cast<std::int64_t>(epoch))).next();
    return SplitMix64(h ^ static_cast<std::uint64_t>(index)).next();
}

class SampleSource {
public:
    virtual ~SampleSource() = default;
    virtual std::size_t size() const = 0;
    // Writes image `index` as RGB uint8 CHW into chw (exactly 3 * imgsz * imgsz bytes) and its
    // targets. Called from several loader threads at once; throws SampleDefect for a broken image.
    virtual void load(std::size_t index, int imgsz, std::span<std::uint8_t> chw, SampleTargets& targets) const = 0;
    // The same with training augmentation (disabled: exactly the plain load). Sources that have no
    // augmentation (in-memory test patterns) ignore it.
    virtual void load(std::size_t index, int imgsz, std::span<std::uint8_t> chw, SampleTargets& targets,
                      const SampleAugmentation& augmentation) const {
        (void)augmentation;
        load(index, imgsz, chw, targets);
    }
    // The image's name for warnings (its path for files).
    virtual std::string describe(std::size_t index) const = 0;
};

}  // namespace graphlens::data
