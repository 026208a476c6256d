#pragma once
// torchvision's Conv2dNormActivation: a Sequential of conv ("0"), BatchNorm ("1") and an optional
// activation ("2"), with padding (kernel - 1) / 2 and a bias only when there is no norm.
#include <torch/nn/modules/container/sequential.h>

#include <cstdint>

namespace graphlens::families {

// A Sequential with a plain Tensor -> Tensor forward, so that it can nest inside another (libtorch's
// AnyModule cannot hold Sequential's templated forward). Children are named "0", "1", ... as in PyTorch.
struct SequenceImpl : torch::nn::SequentialImpl {
    using SequentialImpl::SequentialImpl;
    torch::Tensor forward(const torch::Tensor& x) { return SequentialImpl::forward<torch::Tensor>(x); }
};
TORCH_MODULE(Sequence);

enum class Activation { None, ReLU, ReLU6, Hardswish, Hardsigmoid, SiLU, Sigmoid };

torch::Tensor activate(Activation activation, const torch::Tensor& x);

// BatchNorm settings differ per family (MobileNetV3: eps 1e-3, momentum 0.01).
struct BatchNormSettings {
    double eps = 1e-5;
    double momentum = 0.1;
};

struct ConvNormActivationOptions {
    int64_t inChannels = 0;
    int64_t outChannels = 0;
    int64_t kernel = 3;
    int64_t stride = 1;
    int64_t groups = 1;  // == inChannels for a depthwise conv
    Activation activation = Activation::ReLU;
    BatchNormSettings norm;
};

Sequence convNormActivation(const ConvNormActivationOptions& options);

// torchvision's _make_divisible: round to the nearest multiple of divisor, never below minValue
// (default: divisor) nor more than 10% below v.
int64_t makeDivisible(double v, int64_t divisor, int64_t minValue = 0);

// torchvision's CNN init: Kaiming-normal (fan_out) convs with zero bias, BatchNorm weight 1 / bias 0.
// Linear layers are left to the caller (each family initialises them differently).
void initConvAndBatchNorm(torch::nn::Module& root);

}  // namespace graphlens::families
