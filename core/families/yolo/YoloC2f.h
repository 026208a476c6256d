#pragma once
// Ultralytics' C2f (CSP bottleneck, two convs): a 1x1 Conv to twice the hidden width (half the output
// width), split in two halves; a chain of Bottlenecks grows from the second half, and the two halves
// plus every Bottleneck's output are concatenated and fused by a 1x1 Conv.
#include "families/yolo/YoloBottleneck.h"
#include "families/yolo/YoloConv.h"

#include <torch/nn/module.h>
#include <torch/nn/modules/container/modulelist.h>

#include <cstdint>
#include <vector>

namespace graphlens::families::yolo {

class YoloC2fImpl : public torch::nn::Module {
public:
    YoloC2fImpl(std::int64_t inChannels, std::int64_t outChannels, std::int64_t bottlenecks, bool shortcut);
    torch::Tensor forward(const torch::Tensor& x);

private:
    YoloConv cv1_{nullptr}, cv2_{nullptr};
    std::vector<YoloBottleneck> bottlenecks_;  // registered as the ModuleList "m", Ultralytics' name
};
TORCH_MODULE(YoloC2f);

}  // namespace graphlens::families::yolo
