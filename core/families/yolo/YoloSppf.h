#pragma once
// Ultralytics' SPPF (spatial pyramid pooling, fast) as a v8 model builds it: a 1x1 Conv to half the
// width, three chained 5x5 stride-1 max pools (together SPP's 5/9/13 windows), the four maps
// concatenated and fused by a 1x1 Conv. Unlike YOLO26's SPPF, the first Conv keeps its SiLU.
#include "families/yolo/YoloConv.h"

#include <torch/nn/module.h>

#include <cstdint>

namespace graphlens::families::yolo {

class YoloSppfImpl : public torch::nn::Module {
public:
    YoloSppfImpl(std::int64_t inChannels, std::int64_t outChannels, std::int64_t poolKernel = 5);
    torch::Tensor forward(const torch::Tensor& x);

private:
    YoloConv cv1_{nullptr}, cv2_{nullptr};
    std::int64_t poolKernel_;
};
TORCH_MODULE(YoloSppf);

}  // namespace graphlens::families::yolo
