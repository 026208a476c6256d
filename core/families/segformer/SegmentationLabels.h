#pragma once
// Semantic segmentation's inference postprocess (the `postprocess` phase, eager): logits at a fraction
// of the image size are upsampled bilinearly (align_corners = false) to the image size, and each pixel
// takes the label of its largest logit, as transformers' post_process_semantic_segmentation does.
#include <ATen/core/ivalue.h>
#include <torch/types.h>

#include <cstdint>

namespace graphlens::families::segformer {

// logits [B, labels, h, w] -> labels [B, height, width] (int64) on the logits' device.
torch::Tensor segmentationLabels(const torch::Tensor& logits, std::int64_t height, std::int64_t width);

// The family's postprocess: the network's logits at 1/4 size -> labels at 4x that size (the input
// size when it is a multiple of 4).
c10::IValue segformerLabels(const c10::IValue& networkOutput);

}  // namespace graphlens::families::segformer
