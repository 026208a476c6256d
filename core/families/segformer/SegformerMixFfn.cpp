#include "families/segformer/SegformerMixFfn.h"

#include "families/segformer/SegformerTokens.h"

#include <torch/nn/functional/activation.h>

namespace graphlens::families::segformer {

SegformerMixFfnImpl::SegformerMixFfnImpl(std::int64_t channels, std::int64_t hiddenChannels)
    : fc1_(register_module("fc1", torch::nn::Linear(channels, hiddenChannels))),
      depthwise_(register_module("depthwise",
                                 torch::nn::Conv2d(torch::nn::Conv2dOptions(hiddenChannels, hiddenChannels, 3)
                                                       .padding(1)
                                                       .groups(hiddenChannels)))),
      fc2_(register_module("fc2", torch::nn::Linear(hiddenChannels, channels))) {}

torch::Tensor SegformerMixFfnImpl::forward(const torch::Tensor& tokens, std::int64_t height,
                                           std::int64_t width) {
    const auto mixed = gridToTokens(depthwise_(tokensToGrid(fc1_(tokens), height, width)));
    return fc2_(torch::nn::functional::gelu(mixed));  // exact (erf) GELU, as the reference's "gelu"
}

}  // namespace graphlens::families::segformer
