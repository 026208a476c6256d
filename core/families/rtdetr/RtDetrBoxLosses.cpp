#include "families/rtdetr/RtDetrBoxLosses.h"

#include "families/rtdetr/RtDetrBoxOps.h"
#include "families/rtdetr/RtDetrLossTargets.h"

#include <torch/torch.h>

namespace graphlens::families::rtdetr {

RtDetrBoxLosses boxLosses(const torch::Tensor& boxes, const std::vector<RtDetrTarget>& targets,
                          const RtDetrMatches& matches, double numBoxes) {
    const auto matched = matchedQueries(matches);
    const auto predicted =
        boxes.index({matched.images.to(boxes.device()), matched.queries.to(boxes.device())});
    const auto groundTruth = matchedBoxes(targets, matches).to(boxes.device(), boxes.scalar_type());
    // Pair by pair: transformers takes the diagonal of the pairwise GIoU matrix, the same values.
    const auto giou = generalizedBoxIou(centerToCorners(predicted), centerToCorners(groundTruth));
    return {torch::l1_loss(predicted, groundTruth, at::Reduction::None).sum() / numBoxes,
            (1 - giou).sum() / numBoxes};
}

}  // namespace graphlens::families::rtdetr
