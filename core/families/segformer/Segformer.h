#pragma once
// SegFormer for semantic segmentation (Xie et al. 2021): the MiT encoder and the all-MLP decode head.
// The default config is mit-b0: 3,752,694 parameters at 150 labels (ADE20k), as transformers'
// SegformerForSemanticSegmentation(SegformerConfig()) counts them.
// Names: encoder.stages.<s>.*, decode_head.* (SegformerTransformersNames.h maps them to transformers').
#include "families/segformer/MixTransformerEncoder.h"
#include "families/segformer/SegformerConfig.h"
#include "families/segformer/SegformerDecodeHead.h"

#include <torch/nn/module.h>

#include <cstdint>

namespace graphlens::families::segformer {

// The smallest height and width every stage keeps at least one pixel of, through the first stage's
// 8x8 key/value reduction included.
inline constexpr std::int64_t kMinSide = 32;

class SegformerImpl : public torch::nn::Module {
public:
    explicit SegformerImpl(std::int64_t numLabels = 150, const SegformerConfig& config = {});
    // images [B, 3, H, W], H and W >= kMinSide -> logits [B, numLabels, ceil(H / 4), ceil(W / 4)].
    torch::Tensor forward(const torch::Tensor& images);
    std::int64_t numLabels() const { return numLabels_; }
    const SegformerConfig& config() const { return config_; }
    const MixTransformerEncoder& encoder() const { return encoder_; }

private:
    std::int64_t numLabels_;
    SegformerConfig config_;
    MixTransformerEncoder encoder_{nullptr};
    SegformerDecodeHead decodeHead_{nullptr};
};
TORCH_MODULE(Segformer);

}  // namespace graphlens::families::segformer
