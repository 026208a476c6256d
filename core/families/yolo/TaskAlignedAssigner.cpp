#include "families/yolo/TaskAlignedAssigner.h"

#include "families/yolo/BoxIou.h"
#include "families/yolo/YoloHeadLayout.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

namespace graphlens::families::yolo {

namespace {

// A box narrower than a P4 cell may hold no anchor centre at all; Ultralytics widens such sides to one
// P4 cell about the box centre before asking which anchors lie inside.
constexpr double kNarrowestSide = kStrides[1];
// An anchor centre must lie strictly inside, by more than this, as in Ultralytics.
constexpr double kInsideMargin = 1e-9;

std::string shapeText(const torch::Tensor& t) {
    if (!t.defined()) return "an undefined tensor";
    std::string text = "[";
    for (std::int64_t d = 0; d < t.dim(); ++d) text += (d ? ", " : "") + std::to_string(t.size(d));
    return text + "]";
}

void requireShape(const torch::Tensor& t, const std::vector<std::int64_t>& expected, const char* name,
                  const char* layout) {
    bool matches = t.defined() && t.dim() == static_cast<std::int64_t>(expected.size());
    for (std::size_t d = 0; matches && d < expected.size(); ++d) {
        matches = expected[d] < 0 || t.size(static_cast<std::int64_t>(d)) == expected[d];
    }
    if (!matches) {
        throw std::invalid_argument(std::string("the task-aligned assigner's ") + name + " must be " +
                                    layout + "; got " + shapeText(t));
    }
}

// [B, M, A] bool: anchor a lies inside (the widened) box m.
torch::Tensor anchorsInsideBoxes(const torch::Tensor& points, const torch::Tensor& gtBoxes,
                                 const torch::Tensor& valid) {
    // Through centre and size and back, as Ultralytics goes, so that the borders round as its do.
    const auto topLeft = gtBoxes.narrow(-1, 0, 2);
    const auto bottomRight = gtBoxes.narrow(-1, 2, 2);
    const auto centre = (topLeft + bottomRight) / 2;
    auto size = bottomRight - topLeft;
    size = torch::where((size < kNarrowestSide).logical_and(valid.unsqueeze(-1)),
                        torch::scalar_tensor(kNarrowestSide, size.options()), size);
    const auto half = size / 2;
    const auto low = (centre - half).unsqueeze(2);  // [B, M, 1, 2]
    const auto high = (centre + half).unsqueeze(2);
    const auto x = points.select(1, 0), y = points.select(1, 1);  // [A]
    return (x - low.select(-1, 0) > kInsideMargin)
        .logical_and_(y - low.select(-1, 1) > kInsideMargin)
        .logical_and_(high.select(-1, 0) - x > kInsideMargin)
        .logical_and_(high.select(-1, 1) - y > kInsideMargin);
}

struct PairMetrics {
    torch::Tensor overlaps;   // [B, M, A]: CIoU clamped at 0 of each candidate pair, 0 elsewhere
    torch::Tensor alignment;  // [B, M, A]: score^alpha * overlap^beta of each candidate pair, 0 elsewhere
};

// Only the candidate pairs (anchor inside a real box) are computed, gathered into one flat list, as
// Ultralytics does; B x M x A pairs would mostly be wasted.
PairMetrics pairMetrics(const torch::Tensor& predScores, const torch::Tensor& predBoxes,
                        const torch::Tensor& gtClasses, const torch::Tensor& gtBoxes,
                        const torch::Tensor& candidates, double alpha, double beta) {
    const auto pairs = candidates.nonzero();  // [N, 3]: image, box, anchor
    const auto image = pairs.select(1, 0), box = pairs.select(1, 1), anchor = pairs.select(1, 2);
    const auto scores = predScores.index({image, anchor, gtClasses.index({image, box})});
    const auto overlap =
        completeBoxIou(gtBoxes.index({image, box}), predBoxes.index({image, anchor})).clamp_min(0);
    PairMetrics out{torch::zeros(candidates.sizes(), predBoxes.options()),
                    torch::zeros(candidates.sizes(), scores.options())};
    out.overlaps.index_put_({image, box, anchor}, overlap);
    out.alignment.index_put_({image, box, anchor}, scores.pow(alpha) * overlap.pow(beta));
    return out;
}

// [B, M, A] int8: each box's k best anchors by alignment. Ties among zeros fall where torch::topk puts
// them; the caller keeps only anchors inside the box.
torch::Tensor topCandidates(const torch::Tensor& alignment, int topk) {
    const auto k = std::min<std::int64_t>(topk, alignment.size(2));
    const auto best = std::get<1>(alignment.topk(k, /*dim=*/-1, /*largest=*/true));
    return torch::zeros(alignment.sizes(), alignment.options().dtype(torch::kChar)).scatter_(-1, best, 1);
}

// An anchor positive for several boxes keeps only the box it overlaps most (int8 [B, M, A] in and out).
torch::Tensor resolveContested(const torch::Tensor& positive, const torch::Tensor& overlaps) {
    const auto contested = (positive.sum(1, /*keepdim=*/true) > 1).expand_as(positive);
    const auto bestBox = std::get<1>(overlaps.max(1, /*keepdim=*/true));
    const auto bestOnly = torch::zeros_like(positive).scatter_(1, bestBox, 1);
    return torch::where(contested, bestOnly, positive);
}

TaskAlignedAssignment emptyAssignment(const torch::Tensor& predScores, const torch::Tensor& predBoxes,
                                      int numClasses) {
    const auto plane = predScores.select(2, 0);
    return {torch::full_like(plane, numClasses, torch::kLong), torch::zeros_like(predBoxes),
            torch::zeros_like(predScores), torch::zeros_like(plane, torch::kBool),
            torch::zeros_like(plane, torch::kLong)};
}

}  // namespace

TaskAlignedAssigner::TaskAlignedAssigner(int numClasses, int topk, double alpha, double beta, double eps)
    : numClasses_(numClasses), topk_(topk), alpha_(alpha), beta_(beta), eps_(eps) {
    if (numClasses <= 0 || topk <= 0) {
        throw std::invalid_argument(
            "the task-aligned assigner needs at least one class and top-k >= 1; got " +
            std::to_string(numClasses) + " classes and top-k " + std::to_string(topk));
    }
}

TaskAlignedAssignment TaskAlignedAssigner::assign(const torch::Tensor& predScores,
                                                  const torch::Tensor& predBoxes,
                                                  const torch::Tensor& anchorPoints,
                                                  const torch::Tensor& gtLabels, const torch::Tensor& gtBoxes,
                                                  const torch::Tensor& gtMask) const {
    requireShape(predScores, {-1, -1, numClasses_}, "predScores", "[batch, anchors, classes]");
    const auto batch = predScores.size(0), anchors = predScores.size(1);
    requireShape(predBoxes, {batch, anchors, 4}, "predBoxes", "[batch, anchors, 4] like predScores");
    requireShape(anchorPoints, {anchors, 2}, "anchorPoints", "[anchors, 2] like predScores");
    requireShape(gtBoxes, {batch, -1, 4}, "gtBoxes", "[batch, boxes, 4]");
    const auto boxes = gtBoxes.size(1);
    requireShape(gtLabels, {batch, boxes, 1}, "gtLabels", "[batch, boxes, 1] like gtBoxes");
    requireShape(gtMask, {batch, boxes, 1}, "gtMask", "[batch, boxes, 1] like gtBoxes");

    torch::NoGradGuard targetsAreConstants;
    if (boxes == 0) return emptyAssignment(predScores, predBoxes, numClasses_);

    const auto valid = gtMask.squeeze(-1) != 0;                    // [B, M]
    const auto gtClasses = gtLabels.squeeze(-1).to(torch::kLong);  // [B, M]
    const auto inside = anchorsInsideBoxes(anchorPoints, gtBoxes, valid);
    const auto candidates = inside.logical_and(valid.unsqueeze(-1));
    const auto metrics = pairMetrics(predScores, predBoxes, gtClasses, gtBoxes, candidates, alpha_, beta_);
    const auto positive =
        resolveContested(topCandidates(metrics.alignment, topk_).mul_(candidates), metrics.overlaps);

    // At most one box per anchor is left, so the column maximum says both whether and which.
    const auto [claimed, gtIndex] = positive.max(1);
    const auto foreground = claimed > 0;

    const auto rowOfImage = torch::arange(batch, gtIndex.options()).unsqueeze(1) * boxes;
    const auto flatIndex = gtIndex + rowOfImage;  // [B, A] into the B x M boxes
    const auto labels = gtClasses.flatten().index({flatIndex}).clamp_min_(0);
    const auto targetBoxes = gtBoxes.reshape({-1, 4}).index({flatIndex});

    // Each box's alignments rescaled so that its best positive anchor scores the box's best positive
    // IoU; an anchor's soft target is its rescaled alignment with the box it kept.
    const auto alignment = metrics.alignment * positive;
    const auto overlaps = metrics.overlaps * positive;
    const auto rescaled =
        alignment * overlaps.amax(-1, /*keepdim=*/true) / (alignment.amax(-1, /*keepdim=*/true) + eps_);
    const auto anchorScale = rescaled.amax(1).unsqueeze(-1);  // [B, A, 1]
    const auto oneHot =
        torch::zeros_like(predScores).scatter_(2, labels.unsqueeze(-1), 1) * foreground.unsqueeze(-1);
    return {labels, targetBoxes, oneHot * anchorScale, foreground, gtIndex};
}

}  // namespace graphlens::families::yolo
