#include "data/PngBoxAverager.h"

#include <algorithm>

namespace graphlens::data {

std::size_t PngBoxAverager::reset(int width, int k) {
    width_ = width;
    k_ = k;
    outWidth_ = (width + k - 1) / k;
    row_.resize(static_cast<std::size_t>(width) * 3);
    sums_.assign(static_cast<std::size_t>(outWidth_) * 3, 0);
    return row_.size() + sums_.size() * sizeof(std::uint32_t);
}

void PngBoxAverager::addRow(int y, int height, cv::Mat& bgr) {
    for (int x = 0; x < width_; ++x) {
        for (int c = 0; c < 3; ++c) sums_[static_cast<std::size_t>(x / k_) * 3 + c] += row_[static_cast<std::size_t>(x) * 3 + c];
    }
    if ((y + 1) % k_ != 0 && y + 1 != height) return;
    const int rows = y % k_ + 1;
    std::uint8_t* target = bgr.ptr<std::uint8_t>(y / k_);
    for (int ox = 0; ox < outWidth_; ++ox) {
        const std::uint32_t n = static_cast<std::uint32_t>(rows * std::min(k_, width_ - ox * k_));
        for (int c = 0; c < 3; ++c) {
            auto& sum = sums_[static_cast<std::size_t>(ox) * 3 + c];
            target[ox * 3 + c] = static_cast<std::uint8_t>((sum + n / 2) / n);
            sum = 0;
        }
    }
}

}  // namespace graphlens::data
