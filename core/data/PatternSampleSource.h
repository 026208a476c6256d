#pragma once
// A SampleSource computed from the index, with no files and no OpenCV: for loader tests (GPU
// machines have no OpenCV) and for timing the loader without decoding. Pixel (c, y, x) of image i
// is pixelValue(i, c, y, x); each image has one box of class i % classCount.
#include "data/DatasetError.h"
#include "data/SampleSource.h"

#include <set>

namespace graphlens::data {

class PatternSampleSource final : public SampleSource {
public:
    explicit PatternSampleSource(std::size_t count, int classCount = 3, std::set<std::size_t> broken = {})
        : count_(count), classCount_(classCount), broken_(std::move(broken)) {}

    static std::uint8_t pixelValue(std::size_t index, int c, int y, int x) {
        return static_cast<std::uint8_t>((index * 7 + static_cast<std::size_t>(c) * 31 + static_cast<std::size_t>(y) * 3 +
                                          static_cast<std::size_t>(x)) & 0xFF);
    }

    std::size_t size() const override { return count_; }
    using SampleSource::load;  // the augmenting overload: patterns are never augmented

    void load(std::size_t index, int imgsz, std::span<std::uint8_t> chw, SampleTargets& targets) const override {
        if (broken_.count(index)) throw SampleDefect(describe(index) + ": broken on purpose (expected by the test)");
        std::size_t offset = 0;
        for (int c = 0; c < 3; ++c) {
            for (int y = 0; y < imgsz; ++y) {
                for (int x = 0; x < imgsz; ++x) chw[offset++] = pixelValue(index, c, y, x);
            }
        }
        targets.classIndex = static_cast<int>(index % static_cast<std::size_t>(classCount_));
        targets.boxes = {Box{targets.classIndex, 0.5f, 0.5f, 0.25f, static_cast<float>(index % 100) / 100.0f}};
    }

    std::string describe(std::size_t index) const override { return "pattern #" + std::to_string(index); }

private:
    std::size_t count_;
    int classCount_;
    std::set<std::size_t> broken_;
};

}  // namespace graphlens::data
