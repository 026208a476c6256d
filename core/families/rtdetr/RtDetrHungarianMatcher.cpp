#include "families/rtdetr/RtDetrHungarianMatcher.h"

#include "families/rtdetr/LinearSumAssignment.h"
#include "families/rtdetr/RtDetrBoxOps.h"
#include "families/rtdetr/RtDetrLossTargets.h"

#include <ATen/Dispatch.h>
#include <torch/torch.h>

#include <limits>
#include <stdexcept>
#include <string>

namespace graphlens::families::rtdetr {

namespace {

double largestFinite(torch::ScalarType type) {
    double largest = 0;
    AT_DISPATCH_FLOATING_TYPES_AND2(torch::kHalf, torch::kBFloat16, type, "largestFinite", [&] {
        largest = static_cast<double>(std::numeric_limits<scalar_t>::max());
    });
    return largest;
}

void requirePredictions(const torch::Tensor& logits, const torch::Tensor& boxes, std::size_t images) {
    if (logits.dim() != 3 || boxes.dim() != 3 || boxes.size(2) != 4 || logits.size(0) != boxes.size(0) ||
        logits.size(1) != boxes.size(1)) {
        throw std::invalid_argument(
            "the matcher takes logits [B, Q, C] and boxes [B, Q, 4] of the same B and Q");
    }
    if (static_cast<std::size_t>(logits.size(0)) != images) {
        throw std::invalid_argument("the matcher got " + std::to_string(images) + " targets for " +
                                    std::to_string(logits.size(0)) + " images");
    }
}

// Focal-style: what the focal loss would charge for calling the query the target's class, less what
// it charges for calling it background.
torch::Tensor focalClassCost(const torch::Tensor& probabilities, const RtDetrLossConfig& config) {
    const auto negative = (1 - config.matcherAlpha) * probabilities.pow(config.matcherGamma) *
                          (-(1 - probabilities + 1e-8).log());
    const auto positive =
        config.matcherAlpha * (1 - probabilities).pow(config.matcherGamma) * (-(probabilities + 1e-8).log());
    return positive - negative;
}

}  // namespace

torch::Tensor hungarianMatchingCost(const torch::Tensor& logits, const torch::Tensor& boxes,
                                    const std::vector<RtDetrTarget>& targets,
                                    const RtDetrLossConfig& config) {
    requirePredictions(logits, boxes, targets.size());
    requireTargets(targets);
    torch::NoGradGuard noGrad;
    const auto flatLogits = logits.flatten(0, 1);
    const auto flatBoxes = boxes.flatten(0, 1);
    const auto targetClasses = concatenatedClasses(targets).to(logits.device());
    const auto targetBoxes = concatenatedBoxes(targets).to(boxes.device(), boxes.scalar_type());

    const auto classCost = config.useFocalLoss
                               ? focalClassCost(flatLogits.sigmoid().index_select(1, targetClasses), config)
                               : -flatLogits.softmax(-1).index_select(1, targetClasses);
    const auto boxCost = torch::cdist(flatBoxes, targetBoxes, /*p=*/1);
    const auto giouCost =
        -pairwiseGeneralizedBoxIou(centerToCorners(flatBoxes), centerToCorners(targetBoxes));
    const auto cost = config.matcherBboxCost * boxCost + config.matcherClassCost * classCost +
                      config.matcherGiouCost * giouCost;
    const auto largest = largestFinite(cost.scalar_type());
    return torch::nan_to_num(cost, /*nan=*/largest, /*posinf=*/largest, /*neginf=*/largest);
}

RtDetrMatches hungarianMatch(const torch::Tensor& logits, const torch::Tensor& boxes,
                             const std::vector<RtDetrTarget>& targets, const RtDetrLossConfig& config) {
    const auto queries = logits.size(1);
    // One copy to the host for the batch; the solver works in double, as scipy does.
    const auto flatCost = hungarianMatchingCost(logits, boxes, targets, config);
    const auto cost =
        flatCost.view({logits.size(0), queries, flatCost.size(1)}).to(torch::kCPU, torch::kDouble);
    RtDetrMatches matches;
    matches.reserve(targets.size());
    std::int64_t firstColumn = 0;
    for (std::size_t image = 0; image < targets.size(); ++image) {
        const auto count = targets[image].classes.size(0);
        const auto block = cost[static_cast<std::int64_t>(image)].narrow(1, firstColumn, count).contiguous();
        firstColumn += count;
        const std::vector<double> values(block.data_ptr<double>(), block.data_ptr<double>() + block.numel());
        const auto pairs =
            linearSumAssignment(values, static_cast<std::size_t>(queries), static_cast<std::size_t>(count));
        auto predictions = torch::empty({static_cast<std::int64_t>(pairs.size())}, torch::kInt64);
        auto paired = torch::empty_like(predictions);
        auto predictionAt = predictions.accessor<std::int64_t, 1>();
        auto pairedAt = paired.accessor<std::int64_t, 1>();
        for (std::size_t k = 0; k < pairs.size(); ++k) {
            predictionAt[static_cast<std::int64_t>(k)] = static_cast<std::int64_t>(pairs[k].row);
            pairedAt[static_cast<std::int64_t>(k)] = static_cast<std::int64_t>(pairs[k].column);
        }
        matches.push_back({predictions, paired});
    }
    return matches;
}

}  // namespace graphlens::families::rtdetr
