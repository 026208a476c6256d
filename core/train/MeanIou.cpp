#include "train/MeanIou.h"

#include <torch/torch.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace graphlens::train {

MeanIouCounter::MeanIouCounter(int labels, std::int64_t ignoreLabel) : labels_(labels), ignoreLabel_(ignoreLabel) {
    if (labels < 1) throw std::invalid_argument("mIoU needs at least one label; got " + std::to_string(labels));
    if (ignoreLabel >= 0 && ignoreLabel < labels) {
        throw std::invalid_argument("mIoU's ignore label " + std::to_string(ignoreLabel) + " is one of the " +
                                    std::to_string(labels) + " labels (expected it outside 0.." + std::to_string(labels - 1) + ")");
    }
    confusion_ = torch::zeros({labels, labels}, torch::kLong);
}

void MeanIouCounter::add(const torch::Tensor& predicted, const torch::Tensor& truth) {
    if (predicted.sizes() != truth.sizes()) {
        throw std::invalid_argument("mIoU compares label maps of one shape; got predicted " + c10::str(predicted.sizes()) +
                                    " and ground truth " + c10::str(truth.sizes()));
    }
    const auto kept = truth.ne(ignoreLabel_);
    const auto t = truth.masked_select(kept).to(torch::kLong);
    const auto p = predicted.to(truth.device()).masked_select(kept).to(torch::kLong);
    const auto outside = [this](const torch::Tensor& v) { return v.lt(0).logical_or(v.ge(labels_)).any().item<bool>(); };
    if (outside(t)) {
        throw std::invalid_argument("mIoU: the ground truth holds a label outside 0.." + std::to_string(labels_ - 1) +
                                    " that is not the ignore label " + std::to_string(ignoreLabel_));
    }
    if (outside(p)) throw std::invalid_argument("mIoU: a prediction is outside 0.." + std::to_string(labels_ - 1));
    const auto counts = torch::bincount(t * labels_ + p, /*weights=*/{}, /*minlength=*/labels_ * labels_);
    confusion_ += counts.to(torch::kCPU, torch::kLong).view({labels_, labels_});
}

std::vector<double> MeanIouCounter::perLabel() const {
    const auto c = confusion_.accessor<std::int64_t, 2>();
    std::vector<double> iou(static_cast<std::size_t>(labels_), std::numeric_limits<double>::quiet_NaN());
    for (int label = 0; label < labels_; ++label) {
        std::int64_t row = 0, column = 0;
        for (int other = 0; other < labels_; ++other) {
            row += c[label][other];
            column += c[other][label];
        }
        const std::int64_t truePositives = c[label][label];
        const std::int64_t unionPixels = row + column - truePositives;  // TP + FN + FP
        if (unionPixels > 0) iou[static_cast<std::size_t>(label)] = static_cast<double>(truePositives) / unionPixels;
    }
    return iou;
}

double MeanIouCounter::value() const {
    double sum = 0;
    int present = 0;
    for (const double iou : perLabel()) {
        if (std::isnan(iou)) continue;
        sum += iou;
        ++present;
    }
    return present > 0 ? sum / present : std::numeric_limits<double>::quiet_NaN();
}

std::int64_t MeanIouCounter::pixels() const { return confusion_.sum().item<std::int64_t>(); }

}  // namespace graphlens::train
