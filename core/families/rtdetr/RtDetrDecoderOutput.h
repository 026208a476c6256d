#pragma once
// What rtdetr-r18's decoder side gives the loss and the postprocess: the predictions of every decoder
// layer for every query (denoising queries first when training with labels), the encoder's top-k
// proposals, and how the denoising queries are laid out. Mirrors transformers' RTDetrModelOutput
// (intermediate_logits, intermediate_reference_points, enc_topk_logits, enc_topk_bboxes,
// denoising_meta_values), so the loss can be compared with transformers' RTDetrLoss term by term.
#include <torch/types.h>

#include <cstdint>
#include <optional>
#include <vector>

namespace graphlens::families::rtdetr {

// Contrastive denoising groups, present only in training with labels (transformers' dn meta values).
struct RtDetrDenoising {
    std::int64_t queries = 0;  // dn_num_split[0]: denoising queries in front of the detection queries
    std::int64_t groups = 0;   // dn_num_group
    // Per image: the positive denoising queries' indices (int64), n_gt × groups of them, in the
    // order of the image's ground truths repeated per group (dn_positive_idx).
    std::vector<torch::Tensor> positiveIndices;
};

struct RtDetrDecoderOutput {
    torch::Tensor logits;         // [B, layers, queries, classes]: every decoder layer (last = the answer)
    torch::Tensor boxes;          // [B, layers, queries, 4]: sigmoid cx, cy, w, h (normalised)
    torch::Tensor encTopkLogits;  // [B, detection queries, classes]: the encoder's selected proposals
    torch::Tensor encTopkBoxes;   // [B, detection queries, 4]
    std::optional<RtDetrDenoising> denoising;  // queries = denoising.queries + detection queries when set
};

}  // namespace graphlens::families::rtdetr
