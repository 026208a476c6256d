#pragma once
// Ultralytics' Bottleneck as C2f uses it: two 3x3 Convs at constant width (expansion 1.0), with the
// input added back when `shortcut` (the backbone's C2f stages; the neck's have none).
#include "families/yolo/YoloConv.h"

#include <torch/nn/module.h>

#include <cstdint>

namespace graphlens::families::yolo {

class YoloBottleneckImpl : public torch::nn::Module {
public:
    YoloBottleneckImpl(std::int64_t channels, bool shortcut);
    torch::Tensor forward(const torch::Tensor& x);

private:
    YoloConv cv1_{nullptr}, cv2_{nullptr};
    bool shortcut_;
};
TORCH_MODULE(YoloBottleneck);

}  // namespace graphlens::families::yolo
