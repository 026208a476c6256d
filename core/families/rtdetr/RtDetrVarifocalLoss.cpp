#include "families/rtdetr/RtDetrVarifocalLoss.h"

#include "families/rtdetr/RtDetrBoxOps.h"
#include "families/rtdetr/RtDetrLossTargets.h"

#include <torch/torch.h>

namespace graphlens::families::rtdetr {

torch::Tensor varifocalLoss(const torch::Tensor& logits, const torch::Tensor& boxes,
                            const std::vector<RtDetrTarget>& targets, const RtDetrMatches& matches,
                            double numBoxes, const RtDetrLossConfig& config) {
    const auto classes = logits.size(-1);
    const auto queries = logits.size(1);
    const auto matched = matchedQueries(matches);
    const auto images = matched.images.to(logits.device());
    const auto queryIndices = matched.queries.to(logits.device());

    const auto predictedBoxes = boxes.detach().index({images, queryIndices});
    const auto groundTruthBoxes = matchedBoxes(targets, matches).to(boxes.device(), boxes.scalar_type());
    const auto ious = boxOverlap(centerToCorners(predictedBoxes), centerToCorners(groundTruthBoxes)).iou;

    // The matched queries' classes, the extra class "background" everywhere else, one-hot without it.
    auto targetClasses =
        torch::full({logits.size(0), queries}, classes, torch::dtype(torch::kInt64).device(logits.device()));
    targetClasses.index_put_({images, queryIndices}, matchedClasses(targets, matches).to(logits.device()));
    const auto oneHot = torch::one_hot(targetClasses, classes + 1).narrow(-1, 0, classes);

    auto matchedIou = torch::zeros({logits.size(0), queries}, logits.options().requires_grad(false));
    matchedIou.index_put_({images, queryIndices}, ious.to(logits.scalar_type()));
    const auto targetScore = matchedIou.unsqueeze(-1) * oneHot;

    const auto predictedScore = logits.detach().sigmoid();
    const auto weight =
        (config.focalLossAlpha * predictedScore.pow(config.focalLossGamma) * (1 - oneHot) + targetScore)
            .to(logits.scalar_type());
    const auto loss = torch::binary_cross_entropy_with_logits(logits, targetScore, weight, /*pos_weight=*/{},
                                                              at::Reduction::None);
    return loss.mean(1).sum() * queries / numBoxes;
}

}  // namespace graphlens::families::rtdetr
