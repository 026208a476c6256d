#pragma once
// RT-DETR's decoder with iterative box refinement: every layer refines each query's box by a delta in
// logit space (bbox_embed) and scores it (class_embed); the next layer starts from the refined box with
// its gradient stopped, and the query position embedding is an MLP of the current box (query_pos_head).
// Names as transformers' model.decoder: layers.<i>, query_pos_head, class_embed.<i>, bbox_embed.<i>.
#include "families/rtdetr/RtDetrDecoderConfig.h"
#include "families/rtdetr/RtDetrMapShape.h"
#include "families/rtdetr/RtDetrMlpHead.h"

#include <torch/nn/module.h>
#include <torch/nn/modules/container/modulelist.h>

#include <optional>

namespace graphlens::families::rtdetr {

struct RtDetrDecoderPredictions {
    torch::Tensor logits;  // [B, layers, Q, classes]
    torch::Tensor boxes;   // [B, layers, Q, 4] sigmoid cx, cy, w, h
};

class RtDetrDecoderImpl : public torch::nn::Module {
public:
    explicit RtDetrDecoderImpl(const RtDetrDecoderConfig& config);
    // queries [B, Q, hidden]; boxLogits [B, Q, 4] the initial boxes before the sigmoid (no gradient is
    // taken through them); memory [B, positions, hidden]; mask [Q, Q] additive or none.
    RtDetrDecoderPredictions forward(const torch::Tensor& queries, const torch::Tensor& boxLogits,
                                     const torch::Tensor& memory, const RtDetrMapShapes& shapes,
                                     const std::optional<torch::Tensor>& mask = std::nullopt);
    // transformers' initialisation of the heads: class biases at the focal-loss prior 1 / (classes + 1)
    // with Xavier weights, and box heads that start as the identity refinement (last layer zero).
    void resetHeads(std::int64_t classes);

private:
    torch::nn::ModuleList layers_{nullptr};
    RtDetrMlpHead queryPosHead_{nullptr};
    torch::nn::ModuleList classEmbed_{nullptr}, bboxEmbed_{nullptr};
};
TORCH_MODULE(RtDetrDecoder);

}  // namespace graphlens::families::rtdetr
