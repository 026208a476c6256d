#pragma once
// ResNet-18 (He et al. 2016), laid out like torchvision's resnet18 so parameter names match:
// conv1, bn1, layer1..layer4 of BasicBlocks (conv1/bn1/conv2/bn2[/downsample.0/1]), fc.
#include "families/Family.h"

#include <torch/nn/module.h>
#include <torch/nn/modules/batchnorm.h>
#include <torch/nn/modules/container/sequential.h>
#include <torch/nn/modules/conv.h>
#include <torch/nn/modules/linear.h>

namespace graphlens::families {

struct BasicBlockImpl : torch::nn::Module {
    BasicBlockImpl(int64_t inChannels, int64_t outChannels, int64_t stride);
    torch::Tensor forward(const torch::Tensor& x);

    torch::nn::Conv2d conv1{nullptr}, conv2{nullptr};
    torch::nn::BatchNorm2d bn1{nullptr}, bn2{nullptr};
    torch::nn::Sequential downsample{nullptr};  // 1x1 conv + BN when the shape changes
};
TORCH_MODULE(BasicBlock);

struct ResNet18Impl : torch::nn::Module {
    explicit ResNet18Impl(int64_t numClasses = 1000);
    torch::Tensor forward(const torch::Tensor& x);

    torch::nn::Conv2d conv1{nullptr};
    torch::nn::BatchNorm2d bn1{nullptr};
    torch::nn::Sequential layer1{nullptr}, layer2{nullptr}, layer3{nullptr}, layer4{nullptr};
    torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(ResNet18);

Family makeResNet18Family();

}  // namespace graphlens::families
