#pragma once
// Efficient self-attention (SegFormer's, after PVT): every token queries, but keys and values come from
// the map shrunk by a stride-r conv (r x r kernel, no overlap) and a LayerNorm, so a stage-1 map of
// N tokens attends over N / 64 instead of N. Multi-head, scaled dot product, then an output projection.
// Names: query, key, value, output (Linear); reduction (Conv2d) and reduction_norm only when r > 1.
#include <torch/nn/module.h>
#include <torch/nn/modules/conv.h>
#include <torch/nn/modules/linear.h>
#include <torch/nn/modules/normalization.h>

#include <cstdint>

namespace graphlens::families::segformer {

class SegformerEfficientAttentionImpl : public torch::nn::Module {
public:
    SegformerEfficientAttentionImpl(std::int64_t channels, std::int64_t heads, std::int64_t reductionRatio,
                                    double layerNormEps);
    // tokens [B, height * width, channels] -> [B, height * width, channels].
    torch::Tensor forward(const torch::Tensor& tokens, std::int64_t height, std::int64_t width);

private:
    std::int64_t channels_;
    std::int64_t heads_;
    torch::nn::Linear query_{nullptr}, key_{nullptr}, value_{nullptr}, output_{nullptr};
    torch::nn::Conv2d reduction_{nullptr};  // null when the ratio is 1 (the last stage)
    torch::nn::LayerNorm reductionNorm_{nullptr};
};
TORCH_MODULE(SegformerEfficientAttention);

}  // namespace graphlens::families::segformer
