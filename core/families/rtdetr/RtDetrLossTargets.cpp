#include "families/rtdetr/RtDetrLossTargets.h"

#include <torch/torch.h>

#include <stdexcept>
#include <string>

namespace graphlens::families::rtdetr {

namespace {

void requireOneMatchPerImage(const std::vector<RtDetrTarget>& targets, const RtDetrMatches& matches) {
    if (targets.size() != matches.size()) {
        throw std::invalid_argument(std::to_string(matches.size()) + " matches for " +
                                    std::to_string(targets.size()) + " images");
    }
}

}  // namespace

void requireTargets(const std::vector<RtDetrTarget>& targets) {
    for (std::size_t image = 0; image < targets.size(); ++image) {
        const auto& target = targets[image];
        const auto where = "the target of image " + std::to_string(image);
        if (!target.classes.defined() || target.classes.dim() != 1 ||
            target.classes.scalar_type() != torch::kInt64) {
            throw std::invalid_argument(where + " needs int64 classes [n]");
        }
        if (!target.boxes.defined() || target.boxes.dim() != 2 || target.boxes.size(1) != 4 ||
            target.boxes.size(0) != target.classes.size(0)) {
            throw std::invalid_argument(where + " needs boxes [n, 4] for its " +
                                        std::to_string(target.classes.size(0)) + " classes");
        }
    }
}

torch::Tensor concatenatedClasses(const std::vector<RtDetrTarget>& targets) {
    std::vector<torch::Tensor> parts;
    for (const auto& target : targets) parts.push_back(target.classes);
    return parts.empty() ? torch::empty({0}, torch::kInt64) : torch::cat(parts);
}

torch::Tensor concatenatedBoxes(const std::vector<RtDetrTarget>& targets) {
    std::vector<torch::Tensor> parts;
    for (const auto& target : targets) parts.push_back(target.boxes);
    return parts.empty() ? torch::empty({0, 4}) : torch::cat(parts);
}

std::int64_t groundTruthCount(const std::vector<RtDetrTarget>& targets) {
    std::int64_t count = 0;
    for (const auto& target : targets) count += target.classes.size(0);
    return count;
}

MatchedQueries matchedQueries(const RtDetrMatches& matches) {
    std::vector<torch::Tensor> images;
    std::vector<torch::Tensor> queries;
    for (std::size_t image = 0; image < matches.size(); ++image) {
        const auto& predictions = matches[image].predictions;
        images.push_back(torch::full_like(predictions, static_cast<std::int64_t>(image)));
        queries.push_back(predictions);
    }
    if (images.empty()) return {torch::empty({0}, torch::kInt64), torch::empty({0}, torch::kInt64)};
    return {torch::cat(images), torch::cat(queries)};
}

torch::Tensor matchedClasses(const std::vector<RtDetrTarget>& targets, const RtDetrMatches& matches) {
    requireOneMatchPerImage(targets, matches);
    std::vector<torch::Tensor> parts;
    for (std::size_t image = 0; image < targets.size(); ++image) {
        parts.push_back(targets[image].classes.index_select(
            0, matches[image].targets.to(targets[image].classes.device())));
    }
    return parts.empty() ? torch::empty({0}, torch::kInt64) : torch::cat(parts);
}

torch::Tensor matchedBoxes(const std::vector<RtDetrTarget>& targets, const RtDetrMatches& matches) {
    requireOneMatchPerImage(targets, matches);
    std::vector<torch::Tensor> parts;
    for (std::size_t image = 0; image < targets.size(); ++image) {
        parts.push_back(
            targets[image].boxes.index_select(0, matches[image].targets.to(targets[image].boxes.device())));
    }
    return parts.empty() ? torch::empty({0, 4}) : torch::cat(parts);
}

}  // namespace graphlens::families::rtdetr
