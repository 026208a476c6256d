#pragma once
// Semantic segmentation's training targets and loss, as transformers' SegformerForSemanticSegmentation
// computes its loss when given labels: the 1/4-size logits upsampled bilinearly (align_corners = false)
// to the labels' size, then cross-entropy averaged over the pixels whose label is not the ignore label.
#include "families/TrainingLabels.h"

#include <ATen/core/ivalue.h>
#include <torch/types.h>

#include <cstdint>

namespace graphlens::families::segformer {

// transformers' SegformerConfig.semantic_loss_ignore_index, and GraphLens's ignore label
// (data/SegmentationMask.h: letterbox padding, a mask file's 255s).
inline constexpr std::int64_t kIgnoreIndex = 255;

// labels.masks as int64 [batch, imgsz, imgsz] on their device: the fixed shape a whole-step graph
// holds as a static input. Throws std::invalid_argument when the batch has no masks (a dataset without
// masks_dir or polygon labels) or their shape differs.
torch::Tensor segmentationTrainingTargets(const TrainingLabels& labels, std::int64_t batch, int imgsz);

// logits [B, labels, h, w] and targets int64 [B, H, W] -> the mean cross-entropy in fp32 (whatever the
// logits' dtype) over the pixels whose target is not kIgnoreIndex. Tensor ops only, no host read, so a
// whole-step graph can capture it. NaN when every pixel is ignored (as transformers gives). Bit-for-bit
// reproducible on the GPU (the upsampling as two matrix products, one final sum): transformers' loss
// equals it to float rounding.
torch::Tensor semanticSegmentationLoss(const c10::IValue& output, const torch::Tensor& targets);

}  // namespace graphlens::families::segformer
