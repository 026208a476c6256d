#include "families/yolo/YoloDetectionLoss.h"

#include "families/yolo/BoxIou.h"
#include "families/yolo/TaskAlignedAssigner.h"
#include "families/yolo/YoloHeadLayout.h"

#include <ATen/ATen.h>

#include <stdexcept>
#include <string>

namespace graphlens::families::yolo {

namespace {

constexpr double kBoxGain = 7.5;
constexpr double kClassGain = 0.5;
constexpr double kDflGain = 1.5;
// The largest distance DFL can express sits just below the last bin, so that its right neighbour exists.
constexpr double kLargestDistance = kRegMax - 1 - 0.01;

// Distribution focal loss (Li et al., "Generalized Focal Loss", 2020) of each foreground anchor: the
// cross-entropy of each side's bin distribution against the two bins around the target distance, in
// proportion to its nearness, averaged over the four sides. logits [N, 4 x reg_max], target [N, 4]
// in grid units -> [N, 1].
torch::Tensor distributionFocalLoss(const torch::Tensor& logits, const torch::Tensor& targetDistances) {
    const auto target = targetDistances.clamp(0, kLargestDistance);
    const auto leftBin = target.to(torch::kLong);  // truncation is the floor: target >= 0
    const auto rightBin = leftBin + 1;
    const auto leftWeight = rightBin - target;
    const auto rightWeight = 1 - leftWeight;
    const auto logProbabilities = logits.reshape({-1, kRegMax}).log_softmax(1);
    const auto logOf = [&](const torch::Tensor& bins) {
        return logProbabilities.gather(1, bins.view({-1, 1})).view(bins.sizes());
    };
    return -(logOf(leftBin) * leftWeight + logOf(rightBin) * rightWeight).mean(-1, /*keepdim=*/true);
}

void requireLossInputs(const torch::Tensor& raw, const torch::Tensor& targets) {
    if (!raw.defined() || raw.dim() != 3 || raw.size(1) <= 4 * kRegMax) {
        throw std::invalid_argument(
            "the YOLO loss reads the head output as [batch, 4 x 16 + classes, anchors]; got " +
            (raw.defined() ? std::to_string(raw.dim()) + " dimensions" : "none"));
    }
    if (!targets.defined() || targets.dim() != 3 || targets.size(0) != raw.size(0) || targets.size(2) != 5) {
        throw std::invalid_argument(
            "the YOLO loss reads its targets as [batch, boxes, 5] (class, x1, y1, x2, y2) "
            "with the head output's batch of " +
            std::to_string(raw.size(0)));
    }
}

}  // namespace

YoloLossParts yoloDetectionLoss(const torch::Tensor& raw, const torch::Tensor& targets) {
    requireLossInputs(raw, targets);
    const auto batch = raw.size(0), anchors = raw.size(2);
    const auto classes = raw.size(1) - 4 * kRegMax;
    const auto channelsLast = raw.to(torch::kFloat).transpose(1, 2);  // [B, A, 64 + C]
    const auto boxLogits = channelsLast.narrow(2, 0, 4 * kRegMax).contiguous();
    const auto classLogits = channelsLast.narrow(2, 4 * kRegMax, classes).contiguous();

    const auto grid = makeAnchorGrid(anchors, raw.device());
    const auto predBoxes =
        distancesToBoxes(dflDistances(boxLogits), grid.points, /*xywh=*/false);  // grid units

    const auto gt = targets.to(raw.device(), torch::kFloat);
    const auto gtLabels = gt.narrow(2, 0, 1);
    const auto gtBoxes = gt.narrow(2, 1, 4);
    const auto gtMask = (gtBoxes.sum(2, /*keepdim=*/true) > 0).to(torch::kFloat);
    const auto assignment = TaskAlignedAssigner(static_cast<int>(classes))
                                .assign(classLogits.detach().sigmoid(), predBoxes.detach() * grid.strides,
                                        grid.points * grid.strides, gtLabels, gtBoxes, gtMask);
    const auto scoreSum = assignment.scores.sum().clamp_min(1);

    const auto cls = torch::binary_cross_entropy_with_logits(classLogits, assignment.scores, /*weight=*/{},
                                                             /*pos_weight=*/{}, at::Reduction::None)
                         .sum() /
                     scoreSum;

    // Box and DFL losses only see the foreground; an empty one gives exact zeros that still reach raw.
    const auto foreground = assignment.foreground.nonzero().unbind(1);
    const auto weight = assignment.scores.index({foreground[0], foreground[1]}).sum(-1, /*keepdim=*/true);
    const auto targetBoxes = assignment.boxes / grid.strides;  // grid units, as the predictions
    const auto iou = completeBoxIou(predBoxes.index({foreground[0], foreground[1]}),
                                    targetBoxes.index({foreground[0], foreground[1]}))
                         .unsqueeze(-1);
    const auto box = ((1.0 - iou) * weight).sum() / scoreSum;

    const auto targetDistances =
        torch::cat({grid.points - targetBoxes.narrow(2, 0, 2), targetBoxes.narrow(2, 2, 2) - grid.points}, 2)
            .clamp(0, kLargestDistance);
    const auto dfl = (distributionFocalLoss(boxLogits.index({foreground[0], foreground[1]}),
                                            targetDistances.index({foreground[0], foreground[1]})) *
                      weight)
                         .sum() /
                     scoreSum;

    YoloLossParts parts{box * kBoxGain, cls * kClassGain, dfl * kDflGain, {}};
    parts.total = (parts.box + parts.cls + parts.dfl) * static_cast<double>(batch);
    return parts;
}

}  // namespace graphlens::families::yolo
