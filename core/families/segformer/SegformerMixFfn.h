#pragma once
// Mix-FFN: Linear up (ratio x channels), a 3x3 depthwise conv over the token grid (which gives the
// tokens their position, in place of a position embedding), GELU, Linear down.
// Names: fc1, depthwise, fc2.
#include <torch/nn/module.h>
#include <torch/nn/modules/conv.h>
#include <torch/nn/modules/linear.h>

#include <cstdint>

namespace graphlens::families::segformer {

class SegformerMixFfnImpl : public torch::nn::Module {
public:
    SegformerMixFfnImpl(std::int64_t channels, std::int64_t hiddenChannels);
    // tokens [B, height * width, channels] -> [B, height * width, channels].
    torch::Tensor forward(const torch::Tensor& tokens, std::int64_t height, std::int64_t width);

private:
    torch::nn::Linear fc1_{nullptr};
    torch::nn::Conv2d depthwise_{nullptr};
    torch::nn::Linear fc2_{nullptr};
};
TORCH_MODULE(SegformerMixFfn);

}  // namespace graphlens::families::segformer
