#include "families/yolo/YoloTrainingTargets.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <stdexcept>
#include <string>

namespace graphlens::families::yolo {

torch::Tensor yoloTrainingTargets(const TrainingLabels& labels, std::int64_t batch, int imgsz) {
    if (batch < 1 || imgsz < 1) {
        throw std::invalid_argument(
            "YOLO training targets need a batch and an input size of at least 1; got batch " +
            std::to_string(batch) + " and imgsz " + std::to_string(imgsz));
    }
    const auto& boxes = labels.boxes;
    const auto device = boxes.defined() ? boxes.device() : torch::Device(torch::kCPU);
    const auto floatOptions = torch::TensorOptions().device(device).dtype(torch::kFloat);
    if (!boxes.defined() || boxes.numel() == 0) return torch::zeros({batch, 1, 5}, floatOptions);
    if (boxes.dim() != 2 || boxes.size(1) != 6) {
        throw std::invalid_argument(
            "YOLO training labels are [N, 6] (image in batch, class, cx, cy, w, h); got " +
            std::to_string(boxes.dim()) + " dimensions with " + std::to_string(boxes.size(-1)) + " columns");
    }
    const auto rows = boxes.to(torch::kFloat);
    const auto imageColumn = rows.select(1, 0);
    if ((imageColumn < 0).logical_or(imageColumn >= static_cast<double>(batch)).any().item<bool>()) {
        throw std::invalid_argument("a YOLO training label names an image outside the batch of " +
                                    std::to_string(batch) + " (image indices run from 0 to " +
                                    std::to_string(batch - 1) + ")");
    }
    const auto image = imageColumn.to(torch::kLong);

    // A stable sort by image keeps each image's boxes in their given order; the row of a box in its
    // image is its place in the sorted list minus where that image's run starts.
    const auto order = std::get<1>(image.sort(/*stable=*/true, /*dim=*/0, /*descending=*/false));
    const auto sortedImage = image.index({order});
    const auto counts = image.bincount(/*weights=*/{}, /*minlength=*/batch);
    const auto runStart = counts.cumsum(0) - counts;
    const auto rowInImage = torch::arange(image.size(0), image.options()) - runStart.index({sortedImage});
    const auto rowsPerImage = std::max<std::int64_t>(counts.max().item<std::int64_t>(), 1);

    const auto sorted = rows.index({order});
    const auto centre = sorted.narrow(1, 2, 2) * imgsz;
    const auto halfSize = sorted.narrow(1, 4, 2) * imgsz / 2;
    const auto placed = torch::cat({sorted.narrow(1, 1, 1), centre - halfSize, centre + halfSize}, 1);
    auto targets = torch::zeros({batch, rowsPerImage, 5}, floatOptions);
    targets.index_put_({sortedImage, rowInImage}, placed);
    return targets;
}

}  // namespace graphlens::families::yolo
