#include "families/rtdetr/RtDetrMlpHead.h"

#include <ATen/ATen.h>

#include <stdexcept>

namespace graphlens::families::rtdetr {

RtDetrMlpHeadImpl::RtDetrMlpHeadImpl(std::int64_t inputs, std::int64_t hidden, std::int64_t outputs,
                                     std::int64_t layers) {
    if (layers < 1) throw std::invalid_argument("an MLP head needs at least one layer");
    layers_ = register_module("layers", torch::nn::ModuleList());
    for (std::int64_t i = 0; i < layers; ++i) {
        layers_->push_back(torch::nn::Linear(i == 0 ? inputs : hidden, i == layers - 1 ? outputs : hidden));
    }
}

torch::Tensor RtDetrMlpHeadImpl::forward(torch::Tensor x) {
    const auto count = layers_->size();
    for (std::size_t i = 0; i < count; ++i) {
        x = layers_->ptr<torch::nn::LinearImpl>(i)->forward(x);
        if (i + 1 < count) x = at::relu(x);
    }
    return x;
}

torch::nn::Linear RtDetrMlpHeadImpl::last() const {
    return torch::nn::Linear(layers_->ptr<torch::nn::LinearImpl>(layers_->size() - 1));
}

}  // namespace graphlens::families::rtdetr
