#pragma once
// rtdetr-r18: RT-DETR with a ResNet-18-vd backbone, as transformers' RTDetrForObjectDetection builds it
// (tests/fixtures/hf_rtdetr_config.py). Two halves, which are also its training seam: the encoder side
// (backbone + hybrid encoder: fixed shapes, captured) and the decoder side (query selection, the
// deformable decoder, and in training the denoising queries, whose count follows the batch's largest
// ground-truth count, so it runs eagerly).
#include "families/rtdetr/RtDetrDecoderOutput.h"
#include "families/rtdetr/RtDetrDecoderSide.h"
#include "families/rtdetr/RtDetrEncoderSide.h"
#include "families/rtdetr/RtDetrTarget.h"

#include <torch/nn/module.h>
#include <torch/types.h>

#include <cstdint>
#include <tuple>
#include <vector>

namespace graphlens::families::rtdetr {

class RtDetrImpl : public torch::nn::Module {
public:
    explicit RtDetrImpl(std::int64_t numClasses = 80);

    // Inference at the fixed query count: the last decoder layer's logits [B, 300, classes] and boxes
    // [B, 300, 4] (sigmoid cx, cy, w, h, normalised). Capturable whole.
    std::tuple<torch::Tensor, torch::Tensor> forward(const torch::Tensor& images);

    // Training with labels: every layer's predictions, the encoder's proposals and the denoising queries.
    RtDetrDecoderOutput trainingOutput(const torch::Tensor& images, const std::vector<RtDetrTarget>& targets);

    RtDetrEncoderSide encoderSide{nullptr};
    RtDetrDecoderSide decoderSide{nullptr};
};
TORCH_MODULE(RtDetr);

}  // namespace graphlens::families::rtdetr
