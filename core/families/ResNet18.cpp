#include "families/ResNet18.h"

#include <torch/nn/functional/activation.h>
#include <torch/nn/functional/pooling.h>
#include <torch/nn/init.h>
#include <torch/utils.h>

namespace graphlens::families {
namespace F = torch::nn::functional;

namespace {

torch::nn::Conv2d conv(int64_t in, int64_t out, int64_t kernel, int64_t stride, int64_t padding) {
    return torch::nn::Conv2d(
        torch::nn::Conv2dOptions(in, out, kernel).stride(stride).padding(padding).bias(false));
}

torch::nn::Sequential stage(int64_t in, int64_t out, int64_t stride) {
    return torch::nn::Sequential(BasicBlock(in, out, stride), BasicBlock(out, out, 1));
}

// torchvision's init: Kaiming-normal (fan_out, relu) convs, BN weight 1 / bias 0.
void initialiseLikeTorchvision(torch::nn::Module& root) {
    torch::NoGradGuard noGrad;
    for (auto& module : root.modules(/*include_self=*/false)) {
        if (auto* c = module->as<torch::nn::Conv2d>()) {
            torch::nn::init::kaiming_normal_(c->weight, 0.0, torch::kFanOut, torch::kReLU);
        } else if (auto* bn = module->as<torch::nn::BatchNorm2d>()) {
            torch::nn::init::ones_(bn->weight);
            torch::nn::init::zeros_(bn->bias);
        }
    }
}

}  // namespace

BasicBlockImpl::BasicBlockImpl(int64_t inChannels, int64_t outChannels, int64_t stride)
    : conv1(register_module("conv1", conv(inChannels, outChannels, 3, stride, 1))),
      conv2(register_module("conv2", conv(outChannels, outChannels, 3, 1, 1))),
      bn1(register_module("bn1", torch::nn::BatchNorm2d(outChannels))),
      bn2(register_module("bn2", torch::nn::BatchNorm2d(outChannels))) {
    if (stride != 1 || inChannels != outChannels) {
        downsample = register_module(
            "downsample", torch::nn::Sequential(conv(inChannels, outChannels, 1, stride, 0),
                                                torch::nn::BatchNorm2d(outChannels)));
    }
}

torch::Tensor BasicBlockImpl::forward(const torch::Tensor& x) {
    auto out = F::relu(bn1(conv1(x)), F::ReLUFuncOptions().inplace(true));
    out = bn2(conv2(out));
    out += downsample ? downsample->forward(x) : x;
    return F::relu(out, F::ReLUFuncOptions().inplace(true));
}

ResNet18Impl::ResNet18Impl(int64_t numClasses)
    : conv1(register_module("conv1", conv(3, 64, 7, 2, 3))),
      bn1(register_module("bn1", torch::nn::BatchNorm2d(64))),
      layer1(register_module("layer1", stage(64, 64, 1))),
      layer2(register_module("layer2", stage(64, 128, 2))),
      layer3(register_module("layer3", stage(128, 256, 2))),
      layer4(register_module("layer4", stage(256, 512, 2))),
      fc(register_module("fc", torch::nn::Linear(512, numClasses))) {
    initialiseLikeTorchvision(*this);
}

torch::Tensor ResNet18Impl::forward(const torch::Tensor& x) {
    auto out = F::relu(bn1(conv1(x)), F::ReLUFuncOptions().inplace(true));
    out = F::max_pool2d(out, F::MaxPool2dFuncOptions(3).stride(2).padding(1));
    out = layer1->forward(out);
    out = layer2->forward(out);
    out = layer3->forward(out);
    out = layer4->forward(out);
    out = F::adaptive_avg_pool2d(out, F::AdaptiveAvgPool2dFuncOptions(1)).flatten(1);
    return fc(out);
}

Family makeResNet18Family() {
    auto family = makeWholeGraphFamily<ResNet18>("resnet18", "classify", /*defaultImgsz=*/224, /*numClasses=*/1000);
    // Any side works: every stride-2 layer pads and rounds its map up (a 1x1 map stays 1x1) and global
    // average pooling feeds the classifier (ImageSizeRuleTest runs it at 1 px).
    family.imageSizes = {/*minimum=*/1, /*multipleOf=*/1, ""};
    return family;
}

}  // namespace graphlens::families
