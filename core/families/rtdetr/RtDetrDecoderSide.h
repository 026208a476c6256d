#pragma once
// Everything of rtdetr-r18 after the hybrid encoder (transformers' RTDetrModel from decoder_input_proj on,
// with RTDetrForObjectDetection's per-layer heads): a 1x1 conv + BatchNorm per level, the encoder's
// proposals (every map position scored by enc_score_head and boxed by enc_bbox_head around its anchor,
// from enc_output of the memory), the best `queries` proposals by their top class score as the decoder's
// queries and initial boxes, and the decoder. In training with targets, the contrastive denoising queries
// go in front of the detection queries (RtDetrDenoisingGroup).
//
// Inference (eval, no targets) is tensor ops only with host-known shapes: no host sync, no data copied
// from the host, fixed output shapes (CUDA-graph capturable as a whole).
// Names: decoder_input_proj.<l>.{0 conv, 1 norm}, enc_output.{0 Linear, 1 LayerNorm}, enc_score_head,
// enc_bbox_head, denoising_class_embed, decoder (RtDetrDecoder); see RtDetrDecoderTransformersNames.
#include "families/rtdetr/RtDetrDecoder.h"
#include "families/rtdetr/RtDetrDecoderConfig.h"
#include "families/rtdetr/RtDetrDecoderOutput.h"
#include "families/rtdetr/RtDetrMlpHead.h"
#include "families/rtdetr/RtDetrTarget.h"

#include <torch/nn/module.h>
#include <torch/nn/modules/container/modulelist.h>
#include <torch/nn/modules/container/sequential.h>
#include <torch/nn/modules/embedding.h>
#include <torch/nn/modules/linear.h>

#include <cstdint>
#include <vector>

namespace graphlens::families::rtdetr {

class RtDetrDecoderSideImpl : public torch::nn::Module {
public:
    explicit RtDetrDecoderSideImpl(std::int64_t classes = 80);
    explicit RtDetrDecoderSideImpl(const RtDetrDecoderConfig& config);
    // features: the hybrid encoder's maps [B, hidden, H/8, W/8], [B, hidden, H/16, W/16], [B, hidden, H/32,
    // W/32], holding at least `queries` positions together. targets (one per image) are read only in
    // training mode, where they add the denoising queries; in eval they are ignored, as transformers does.
    RtDetrDecoderOutput forward(const std::vector<torch::Tensor>& features,
                                const std::vector<RtDetrTarget>* targets = nullptr);
    const RtDetrDecoderConfig& config() const { return config_; }

private:
    RtDetrDecoderConfig config_;
    torch::nn::Embedding denoisingClassEmbed_{nullptr};
    torch::nn::Sequential encOutput_{nullptr};
    torch::nn::Linear encScoreHead_{nullptr};
    RtDetrMlpHead encBboxHead_{nullptr};
    torch::nn::ModuleList decoderInputProj_{nullptr};
    RtDetrDecoder decoder_{nullptr};
};
TORCH_MODULE(RtDetrDecoderSide);

}  // namespace graphlens::families::rtdetr
