#include "families/yolo/YoloBottleneck.h"

namespace graphlens::families::yolo {

YoloBottleneckImpl::YoloBottleneckImpl(std::int64_t channels, bool shortcut)
    : cv1_(register_module("cv1", YoloConv(channels, channels, /*kernel=*/3))),
      cv2_(register_module("cv2", YoloConv(channels, channels, /*kernel=*/3))),
      shortcut_(shortcut) {}

torch::Tensor YoloBottleneckImpl::forward(const torch::Tensor& x) {
    const auto y = cv2_(cv1_(x));
    return shortcut_ ? x + y : y;
}

}  // namespace graphlens::families::yolo
