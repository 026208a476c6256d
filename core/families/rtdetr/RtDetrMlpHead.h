#pragma once
// A small perceptron (Linear, ReLU, ..., Linear): RT-DETR's box heads (256 -> 256 -> 256 -> 4) and the
// query position head (4 -> 512 -> 256). Names: layers.<i> (Linear).
#include <torch/nn/module.h>
#include <torch/nn/modules/container/modulelist.h>
#include <torch/nn/modules/linear.h>

#include <cstdint>

namespace graphlens::families::rtdetr {

class RtDetrMlpHeadImpl : public torch::nn::Module {
public:
    RtDetrMlpHeadImpl(std::int64_t inputs, std::int64_t hidden, std::int64_t outputs, std::int64_t layers);
    torch::Tensor forward(torch::Tensor x);
    torch::nn::Linear last() const;  // the output layer (its init differs for box heads)

private:
    torch::nn::ModuleList layers_{nullptr};
};
TORCH_MODULE(RtDetrMlpHead);

}  // namespace graphlens::families::rtdetr
