#include "families/yolo/YoloDetections.h"

#include "families/yolo/DetectionNms.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <sstream>
#include <stdexcept>
#include <string>

namespace graphlens::families::yolo {

namespace {

void checkInputs(const torch::Tensor& decoded, const DetectionOptions& options) {
    if (!decoded.defined() || decoded.dim() != 3 || decoded.size(1) <= 4 || !decoded.is_floating_point()) {
        std::ostringstream got;
        if (decoded.defined()) got << decoded.sizes() << " " << decoded.scalar_type();
        else got << "an undefined tensor";
        throw std::invalid_argument(
            "yoloDetections expects a floating-point [batch, 4 + classes, anchors] tensor (cx, cy, w, h, class "
            "scores), as decodeYoloHead returns; got " + got.str());
    }
    if (!(options.confidence >= 0 && options.confidence <= 1) || !(options.iou >= 0 && options.iou <= 1)) {
        throw std::invalid_argument("yoloDetections expects confidence and IoU thresholds in [0, 1]; got confidence " +
                                    std::to_string(options.confidence) + ", IoU " + std::to_string(options.iou));
    }
    if (options.maxDetections <= 0 || options.maxCandidates <= 0) {
        throw std::invalid_argument("yoloDetections expects positive maxDetections and maxCandidates; got " +
                                    std::to_string(options.maxDetections) + " and " +
                                    std::to_string(options.maxCandidates));
    }
}

// One image's prediction [4 + C, A] -> its detections [n, 6].
torch::Tensor detectionsOf(const torch::Tensor& prediction, const DetectionOptions& options) {
    const auto [bestScore, bestClass] = prediction.narrow(0, 4, prediction.size(0) - 4).max(0);
    // The threshold is applied in the input's dtype, as Ultralytics does: fp16 and fp32 round it differently.
    auto anchors = (bestScore > options.confidence).nonzero().squeeze(1);
    auto scores = bestScore.index_select(0, anchors).to(torch::kFloat);
    if (anchors.size(0) > options.maxCandidates) {
        const auto best =
            scores.argsort(/*stable=*/true, /*dim=*/0, /*descending=*/true).narrow(0, 0, options.maxCandidates);
        anchors = anchors.index_select(0, best);
        scores = scores.index_select(0, best);
    }
    const auto centreSize = prediction.narrow(0, 0, 4).index_select(1, anchors).t().to(torch::kFloat);
    const auto centre = centreSize.narrow(1, 0, 2);
    const auto halfSize = centreSize.narrow(1, 2, 2) / 2;
    const auto corners = torch::cat({centre - halfSize, centre + halfSize}, 1);
    const auto classes = bestClass.index_select(0, anchors);

    auto kept = batchedNms(corners, scores, classes, options.iou);
    kept = kept.narrow(0, 0, std::min(options.maxDetections, kept.size(0)));
    return torch::cat({corners.index_select(0, kept), scores.index_select(0, kept).unsqueeze(1),
                       classes.index_select(0, kept).to(torch::kFloat).unsqueeze(1)},
                      1);
}

}  // namespace

std::vector<torch::Tensor> yoloDetections(const torch::Tensor& decoded, const DetectionOptions& options) {
    checkInputs(decoded, options);
    torch::NoGradGuard noGrad;
    std::vector<torch::Tensor> detections;
    detections.reserve(static_cast<std::size_t>(decoded.size(0)));
    for (std::int64_t image = 0; image < decoded.size(0); ++image) {
        detections.push_back(detectionsOf(decoded[image], options));
    }
    return detections;
}

}  // namespace graphlens::families::yolo
