#pragma once
// Ultralytics' Detect head as it builds it for a v8 model ("legacy"): per level a box branch cv2
// (two 3x3 Convs, then a 1x1 Conv2d to 4 x reg_max distance logits) and a class branch cv3 (two 3x3
// Convs, then a 1x1 Conv2d to the class logits), plus the DFL's fixed integral weight.
//
// forward returns the raw head output [B, 4 x reg_max + classes, A] in train and eval mode alike
// (YoloHeadLayout.h); decoding it is decodeYoloHead's job.
#include <torch/nn/module.h>
#include <torch/nn/modules/container/modulelist.h>
#include <torch/nn/modules/container/sequential.h>

#include <array>
#include <cstdint>
#include <vector>

namespace graphlens::families::yolo {

class YoloDetectHeadImpl : public torch::nn::Module {
public:
    // levelChannels: the widths of the P3, P4 and P5 feature maps.
    YoloDetectHeadImpl(int numClasses, const std::array<std::int64_t, 3>& levelChannels);
    // levels: the P3, P4 and P5 maps, [B, levelChannels[i], H_i, W_i].
    torch::Tensor forward(const std::vector<torch::Tensor>& levels);

private:
    int numClasses_;
    std::vector<torch::nn::Sequential> boxBranches_;    // registered as the ModuleList "cv2"
    std::vector<torch::nn::Sequential> classBranches_;  // registered as the ModuleList "cv3"
};
TORCH_MODULE(YoloDetectHead);

}  // namespace graphlens::families::yolo
