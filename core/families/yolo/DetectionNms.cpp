#include "families/yolo/DetectionNms.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace graphlens::families::yolo {

namespace {

// The ranked boxes are resolved a block at a time against each other, after the boxes kept so far,
// kKeptChunk at a time, have suppressed what they overlap. A pairwise evaluation peaks at about
// 18 bytes per pair, so memory stays bounded whatever N is: about 75 MB on the CPU, 300 MB on a GPU,
// whose larger blocks save passes and host syncs, which is what GPU time goes to here.
constexpr std::int64_t kKeptChunk = 4096;

std::int64_t blockSizeFor(const torch::Device& device) { return device.is_cpu() ? 1024 : 4096; }

std::string sizesOf(const torch::Tensor& tensor) {
    std::ostringstream text;
    text << tensor.sizes();
    return text.str();
}

void checkInputs(const torch::Tensor& boxes, const torch::Tensor& scores, const torch::Tensor& classes,
                 double iouThreshold) {
    if (!boxes.defined() || boxes.dim() != 2 || boxes.size(1) != 4 || !boxes.is_floating_point()) {
        throw std::invalid_argument("nms expects boxes as a floating-point [N, 4] tensor (x1, y1, x2, y2); got " +
                                    (boxes.defined() ? sizesOf(boxes) + " " + std::string(c10::toString(boxes.scalar_type()))
                                                     : std::string("an undefined tensor")));
    }
    const auto count = boxes.size(0);
    if (!scores.defined() || scores.dim() != 1 || scores.size(0) != count || !scores.is_floating_point()) {
        throw std::invalid_argument("nms expects scores as a floating-point [" + std::to_string(count) +
                                    "] tensor, one per box; got " +
                                    (scores.defined() ? sizesOf(scores) : std::string("an undefined tensor")));
    }
    if (classes.defined() && (classes.dim() != 1 || classes.size(0) != count)) {
        throw std::invalid_argument("batchedNms expects classes as a [" + std::to_string(count) +
                                    "] tensor, one label per box; got " + sizesOf(classes));
    }
    if (scores.device() != boxes.device() || (classes.defined() && classes.device() != boxes.device())) {
        throw std::invalid_argument("nms expects boxes, scores and classes on one device; boxes are on " +
                                    boxes.device().str());
    }
    if (std::isnan(iouThreshold)) throw std::invalid_argument("nms expects an IoU threshold; got NaN");
}

// torchvision compares its fp32 IoU with the threshold as a double. The largest float not above the
// threshold makes the same decision in fp32: no float lies between it and the threshold.
float fp32ThresholdBelow(double threshold) {
    auto below = static_cast<float>(threshold);
    if (static_cast<double>(below) > threshold) below = std::nextafter(below, -std::numeric_limits<float>::infinity());
    return below;
}

// Boxes in rank order (highest score first), fp32, with what IoU needs beside them.
struct RankedBoxes {
    torch::Tensor corners;  // [n, 4] x1y1x2y2
    torch::Tensor areas;    // [n]
    torch::Tensor labels;   // [n], or undefined for class-agnostic NMS

    RankedBoxes pick(const torch::Tensor& ranks) const {
        return {corners.index_select(0, ranks), areas.index_select(0, ranks),
                labels.defined() ? labels.index_select(0, ranks) : labels};
    }
};

// [m, n] bool: box i of `above` would suppress box j of `below` (IoU > threshold, same class).
// The arithmetic is torchvision's, operation for operation, so borderline pairs decide alike.
torch::Tensor wouldSuppress(const RankedBoxes& above, const RankedBoxes& below, float threshold) {
    const auto aboveCorners = above.corners.unsqueeze(1);  // [m, 1, 4]
    const auto belowCorners = below.corners.unsqueeze(0);  // [1, n, 4]
    // In place where it can be: these [m, n, 2] and [m, n] temporaries are what bounds memory.
    const auto extent = torch::min(aboveCorners.narrow(2, 2, 2), belowCorners.narrow(2, 2, 2))
                            .sub_(torch::max(aboveCorners.narrow(2, 0, 2), belowCorners.narrow(2, 0, 2)))
                            .clamp_min_(0);
    auto intersection = extent.select(2, 0) * extent.select(2, 1);
    const auto unionArea = (above.areas.unsqueeze(1) + below.areas.unsqueeze(0)).sub_(intersection);
    auto suppresses = intersection.div_(unionArea) > threshold;
    if (above.labels.defined()) suppresses &= above.labels.unsqueeze(1) == below.labels.unsqueeze(0);
    return suppresses;
}

// [n] bool: which of `block` no box in `keptRanks` suppresses.
torch::Tensor survivingKept(const RankedBoxes& ranked, const torch::Tensor& keptRanks, const RankedBoxes& block,
                            float threshold) {
    auto alive = torch::ones({block.corners.size(0)}, block.corners.options().dtype(torch::kBool));
    for (std::int64_t start = 0; start < keptRanks.size(0); start += kKeptChunk) {
        const auto chunk = keptRanks.narrow(0, start, std::min(kKeptChunk, keptRanks.size(0) - start));
        alive &= wouldSuppress(ranked.pick(chunk), block, threshold).any(0).logical_not();
    }
    return alive;
}

// Greedy NMS among boxes already in rank order: box j is kept iff no KEPT box above it suppresses
// it. Iterating kept <- not suppressed by kept, from all kept, settles box j once every box above it
// has settled, so it ends within n passes, and its fixed point is the greedy answer. Passes are few
// in practice: that takes chains of boxes each suppressing only the next.
torch::Tensor greedyAmongThemselves(const RankedBoxes& block, float threshold) {
    const auto count = block.corners.size(0);
    const auto above = torch::ones({count, count}, block.corners.options().dtype(torch::kBool)).triu(1);
    // A matrix-vector product counts suppressing kept boxes: sums of 0/1 are exact in fp32 (and TF32).
    const auto suppresses = (wouldSuppress(block, block, threshold) & above).to(torch::kFloat);
    auto kept = torch::ones({count}, above.options());
    while (true) {
        const auto next = torch::matmul(kept.to(torch::kFloat), suppresses) == 0;
        if (torch::equal(next, kept)) return kept;
        kept = next;
    }
}

torch::Tensor greedyNms(const torch::Tensor& boxes, const torch::Tensor& scores, const torch::Tensor& classes,
                        double iouThreshold) {
    checkInputs(boxes, scores, classes, iouThreshold);
    torch::NoGradGuard noGrad;
    const auto count = boxes.size(0);
    const auto indexOptions = boxes.options().dtype(torch::kLong);
    if (count == 0) return torch::empty({0}, indexOptions);

    const auto order = scores.argsort(/*stable=*/true, /*dim=*/0, /*descending=*/true);
    const auto corners = boxes.index_select(0, order).to(torch::kFloat);
    const auto areas = (corners.select(1, 2) - corners.select(1, 0)) * (corners.select(1, 3) - corners.select(1, 1));
    const RankedBoxes ranked{corners, areas, classes.defined() ? classes.index_select(0, order) : classes};
    const auto threshold = fp32ThresholdBelow(iouThreshold);

    const auto blockSize = blockSizeFor(boxes.device());
    std::vector<torch::Tensor> keptPieces;
    auto keptRanks = torch::empty({0}, indexOptions);
    for (std::int64_t start = 0; start < count; start += blockSize) {
        auto candidates = torch::arange(start, std::min(start + blockSize, count), indexOptions);
        if (keptRanks.size(0) > 0) {
            candidates = candidates.masked_select(survivingKept(ranked, keptRanks, ranked.pick(candidates), threshold));
            if (candidates.size(0) == 0) continue;
        }
        keptPieces.push_back(candidates.masked_select(greedyAmongThemselves(ranked.pick(candidates), threshold)));
        keptRanks = torch::cat(keptPieces);
    }
    return order.index_select(0, keptRanks);
}

}  // namespace

torch::Tensor nms(const torch::Tensor& boxes, const torch::Tensor& scores, double iouThreshold) {
    return greedyNms(boxes, scores, torch::Tensor(), iouThreshold);
}

torch::Tensor batchedNms(const torch::Tensor& boxes, const torch::Tensor& scores, const torch::Tensor& classes,
                         double iouThreshold) {
    if (!classes.defined()) throw std::invalid_argument("batchedNms expects a class label per box; got an undefined tensor");
    return greedyNms(boxes, scores, classes, iouThreshold);
}

}  // namespace graphlens::families::yolo
