#include "families/rtdetr/RtDetrDenoisingMatch.h"

#include <torch/torch.h>

#include <stdexcept>
#include <string>

namespace graphlens::families::rtdetr {

RtDetrMatches denoisingMatches(const RtDetrDenoising& denoising, const std::vector<RtDetrTarget>& targets) {
    if (denoising.positiveIndices.size() != targets.size()) {
        throw std::invalid_argument("denoising positive indices for " +
                                    std::to_string(denoising.positiveIndices.size()) +
                                    " images, targets for " + std::to_string(targets.size()));
    }
    RtDetrMatches matches;
    matches.reserve(targets.size());
    for (std::size_t image = 0; image < targets.size(); ++image) {
        const auto count = targets[image].classes.size(0);
        const auto device = targets[image].classes.device();
        if (count == 0) {
            const auto none = torch::empty({0}, torch::dtype(torch::kInt64).device(device));
            matches.push_back({none, none.clone()});
            continue;
        }
        const auto& positives = denoising.positiveIndices[image];
        if (!positives.defined() || positives.numel() != count * denoising.groups) {
            throw std::invalid_argument(
                "image " + std::to_string(image) + " has " + std::to_string(count) + " ground truths in " +
                std::to_string(denoising.groups) + " denoising groups but " +
                std::to_string(positives.defined() ? positives.numel() : 0) + " positive denoising queries");
        }
        const auto groundTruths =
            torch::arange(count, torch::dtype(torch::kInt64).device(device)).repeat({denoising.groups});
        matches.push_back({positives.to(torch::kInt64).flatten(), groundTruths});
    }
    return matches;
}

}  // namespace graphlens::families::rtdetr
