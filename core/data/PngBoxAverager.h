#pragma once
// k x k box averages of 8-bit BGR rows, fed one source row at a time, so a PNG decoded at 1/k never
// exists at full size. An edge box that the image cuts short averages the pixels it has.
// PngContext owns one: its buffers must outlive the setjmp'd decoder frame that longjmp unwinds.
#include <opencv2/core/mat.hpp>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace graphlens::data {

class PngBoxAverager {
public:
    // Sizes the buffers for source rows of `width` pixels reduced by k; returns the bytes allocated.
    std::size_t reset(int width, int k);
    // Where the next source row (width x BGR bytes) is to be read.
    std::uint8_t* row() { return row_.data(); }
    // Adds the row just read as source row y of height; writes row y / k of bgr once its rows are in.
    void addRow(int y, int height, cv::Mat& bgr);

private:
    int width_ = 0, k_ = 1, outWidth_ = 0;
    std::vector<std::uint8_t> row_;     // one decoded source row
    std::vector<std::uint32_t> sums_;   // box sums of one output row
};

}  // namespace graphlens::data
