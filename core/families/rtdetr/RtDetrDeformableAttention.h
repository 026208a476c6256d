#pragma once
// Multi-scale deformable cross-attention (Deformable DETR, as RT-DETR's decoder uses it): each query
// predicts, per head, level and point, an offset from its reference box (scaled by the box's half size
// over the point count) and an attention weight (softmax over levels x points), and reads the projected
// memory there (RtDetrDeformableSampling). Names: sampling_offsets, attention_weights, value_proj,
// output_proj (Linear), as transformers' RTDetrMultiscaleDeformableAttention.
#include "families/rtdetr/RtDetrMapShape.h"

#include <torch/nn/module.h>
#include <torch/nn/modules/linear.h>

#include <cstdint>

namespace graphlens::families::rtdetr {

class RtDetrDeformableAttentionImpl : public torch::nn::Module {
public:
    RtDetrDeformableAttentionImpl(std::int64_t hidden, std::int64_t heads, std::int64_t levels, std::int64_t points);
    // queries [B, Q, hidden] (position embedding already added), memory [B, positions, hidden] (the
    // levels flattened as `shapes` lists them), boxes [B, Q, 4] sigmoid cx, cy, w, h -> [B, Q, hidden].
    torch::Tensor forward(const torch::Tensor& queries, const torch::Tensor& memory, const torch::Tensor& boxes,
                          const RtDetrMapShapes& shapes);
    // transformers' initialisation: zero offset weights with biases that point each head in its own
    // direction (further for later points), uniform attention, Xavier value and output projections.
    void resetParameters();

private:
    std::int64_t hidden_, heads_, levels_, points_;
    torch::nn::Linear samplingOffsets_{nullptr}, attentionWeights_{nullptr}, valueProj_{nullptr},
        outputProj_{nullptr};
};
TORCH_MODULE(RtDetrDeformableAttention);

}  // namespace graphlens::families::rtdetr
