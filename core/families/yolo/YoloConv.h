#pragma once
// Ultralytics' Conv, YOLOv8's basic layer: a bias-free Conv2d padded to keep the size (kernel / 2),
// BatchNorm2d and SiLU. Names as Ultralytics': conv.weight, bn.weight, bn.running_mean, ...
#include <torch/nn/module.h>
#include <torch/nn/modules/batchnorm.h>
#include <torch/nn/modules/conv.h>

#include <cstdint>

namespace graphlens::families::yolo {

// Ultralytics' initialize_weights sets these on every BatchNorm2d of a detection model.
inline constexpr double kBatchNormEps = 1e-3;
inline constexpr double kBatchNormMomentum = 0.03;

class YoloConvImpl : public torch::nn::Module {
public:
    // activate = false leaves out the SiLU (Ultralytics' act=False).
    YoloConvImpl(std::int64_t inChannels, std::int64_t outChannels, std::int64_t kernel = 1, std::int64_t stride = 1,
                 bool activate = true);
    torch::Tensor forward(const torch::Tensor& x);

private:
    torch::nn::Conv2d conv_{nullptr};
    torch::nn::BatchNorm2d bn_{nullptr};
    bool activate_;
};
TORCH_MODULE(YoloConv);

}  // namespace graphlens::families::yolo
