#include "families/yolo/YoloSppf.h"

#include <ATen/ATen.h>

#include <vector>

namespace graphlens::families::yolo {

namespace {
constexpr int kPoolings = 3;
}  // namespace

YoloSppfImpl::YoloSppfImpl(std::int64_t inChannels, std::int64_t outChannels, std::int64_t poolKernel)
    : cv1_(register_module("cv1", YoloConv(inChannels, inChannels / 2))),
      cv2_(register_module("cv2", YoloConv((kPoolings + 1) * (inChannels / 2), outChannels))),
      poolKernel_(poolKernel) {}

torch::Tensor YoloSppfImpl::forward(const torch::Tensor& x) {
    std::vector<torch::Tensor> pyramid{cv1_(x)};
    for (int i = 0; i < kPoolings; ++i) {
        pyramid.push_back(at::max_pool2d(pyramid.back(), {poolKernel_, poolKernel_}, /*stride=*/{1, 1},
                                         /*padding=*/{poolKernel_ / 2, poolKernel_ / 2}));
    }
    return cv2_(at::cat(pyramid, /*dim=*/1));
}

}  // namespace graphlens::families::yolo
