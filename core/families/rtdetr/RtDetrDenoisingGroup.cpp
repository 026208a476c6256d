#include "families/rtdetr/RtDetrDenoisingGroup.h"

#include "families/rtdetr/RtDetrBoxMath.h"
#include "families/rtdetr/RtDetrBoxOps.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

namespace graphlens::families::rtdetr {

namespace {

void checkTargets(const std::vector<RtDetrTarget>& targets) {
    if (targets.empty()) throw std::invalid_argument("denoising needs one target per image; got none");
    for (const auto& target : targets) {
        if (!target.classes.defined() || !target.boxes.defined() || target.classes.dim() != 1 ||
            target.boxes.dim() != 2 || target.boxes.size(1) != 4 || target.boxes.size(0) != target.classes.size(0)) {
            throw std::invalid_argument("a target needs classes [n] and boxes [n, 4] of the same n");
        }
    }
}

// Detection queries see no denoising query; each group sees itself and the detection queries only.
torch::Tensor groupMask(std::int64_t groupSize, std::int64_t groups, std::int64_t detectionQueries,
                        const torch::Device& device) {
    const auto denoising = groupSize * groups;
    const auto all = denoising + detectionQueries;
    auto mask = at::zeros({all, all}, at::TensorOptions().dtype(at::kFloat).device(device));
    const auto blocked = -std::numeric_limits<double>::infinity();
    mask.slice(0, denoising).slice(1, 0, denoising).fill_(blocked);
    for (std::int64_t group = 0; group < groups; ++group) {
        const auto start = groupSize * group, end = groupSize * (group + 1);
        auto rows = mask.slice(0, start, end);
        rows.slice(1, 0, start).fill_(blocked);
        rows.slice(1, end, denoising).fill_(blocked);
    }
    return mask;
}

}  // namespace

std::optional<RtDetrDenoisingGroup> rtdetrDenoisingGroup(const std::vector<RtDetrTarget>& targets,
                                                         const RtDetrDecoderConfig& config) {
    if (config.denoisingQueries <= 0) return std::nullopt;
    checkTargets(targets);
    const auto batch = static_cast<std::int64_t>(targets.size());
    std::int64_t most = 0;
    for (const auto& target : targets) most = std::max(most, target.classes.size(0));
    if (most == 0) return std::nullopt;
    const auto groups = std::max<std::int64_t>(config.denoisingQueries / most, 1);
    const auto device = targets.front().classes.device();
    const auto floats = at::TensorOptions().dtype(at::kFloat).device(device);

    // Ground truths padded to `most` per image, then tiled into 2 x groups copies (positive, negative).
    auto classIds = at::full({batch, most}, config.classes, floats.dtype(at::kInt));
    auto boxes = at::zeros({batch, most, 4}, floats);
    auto real = at::zeros({batch, most}, floats.dtype(at::kBool));
    for (std::int64_t image = 0; image < batch; ++image) {
        const auto& target = targets[static_cast<std::size_t>(image)];
        const auto count = target.classes.size(0);
        if (count == 0) continue;
        classIds[image].slice(0, 0, count).copy_(target.classes);
        boxes[image].slice(0, 0, count).copy_(target.boxes);
        real[image].slice(0, 0, count).fill_(true);
    }
    classIds = classIds.tile({1, 2 * groups});
    boxes = boxes.tile({1, 2 * groups, 1});
    real = real.tile({1, 2 * groups});
    auto negative = at::zeros({batch, 2 * most, 1}, floats);
    negative.slice(1, most).fill_(1);
    negative = negative.tile({1, groups, 1});

    RtDetrDenoising layout;
    layout.queries = 2 * most * groups;
    layout.groups = groups;
    for (const auto& target : targets) {
        // the image's ground truths in order, in the positive half of every group
        const auto count = target.classes.size(0);
        const auto ground = at::arange(count, at::TensorOptions().dtype(at::kLong).device(device));
        const auto starts = at::arange(groups, at::TensorOptions().dtype(at::kLong).device(device)) * (2 * most);
        layout.positiveIndices.push_back((starts.unsqueeze(1) + ground.unsqueeze(0)).flatten());
    }

    if (config.labelNoise > 0) {
        const auto swap = at::rand_like(classIds, floats) < config.labelNoise * 0.5;
        const auto random = at::randint_like(swap, 0, config.classes, floats.dtype(at::kInt));
        classIds = at::where(swap.logical_and(real), random, classIds);
    }
    if (config.boxNoise > 0) {
        auto corners = centerToCorners(boxes);
        const auto reach = (boxes.narrow(-1, 2, 2) * 0.5).tile({1, 1, 2}) * config.boxNoise;
        const auto sign = at::randint_like(boxes, 0, 2) * 2.0 - 1.0;
        auto jitter = at::rand_like(boxes);
        jitter = (jitter + 1.0) * negative + jitter * (1 - negative);
        jitter *= sign;
        corners += jitter * reach;
        corners.clip_(0.0, 1.0);
        boxes = inverseSigmoid(cornersToCentre(corners));
    }
    return RtDetrDenoisingGroup{classIds, boxes, groupMask(2 * most, groups, config.queries, device),
                                std::move(layout)};
}

}  // namespace graphlens::families::rtdetr
