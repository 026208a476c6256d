#include "train/ValidationMetrics.h"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace graphlens::train {

namespace {

struct TopOneCounts {
    std::int64_t correct = 0, count = 0;
};

TopOneCounts countTopOne(const torch::Tensor& logits, const torch::Tensor& labels) {
    if (logits.dim() != 2 || labels.dim() != 1 || logits.size(0) != labels.size(0)) {
        throw std::invalid_argument(
            "top-1 accuracy needs logits [B, C] and labels [B], got logits " + std::to_string(logits.dim()) +
            "-d and labels " + std::to_string(labels.dim()) + "-d with batch " +
            std::to_string(logits.size(0)) + " vs " + std::to_string(labels.dim() > 0 ? labels.size(0) : 0));
    }
    if (!c10::isIntegralType(labels.scalar_type(), /*includeBool=*/false)) {
        throw std::invalid_argument("top-1 accuracy needs integer labels");
    }
    torch::NoGradGuard noGrad;
    const auto target = labels.to(logits.device(), torch::kLong);
    const auto labelled = target.ne(-1);
    const auto hits = logits.argmax(/*dim=*/1).eq(target).logical_and(labelled);
    // One transfer for both counts.
    const auto both = torch::stack({hits.sum(), labelled.sum()}).cpu();
    return {both[0].item<std::int64_t>(), both[1].item<std::int64_t>()};
}

double ratio(std::int64_t numerator, std::int64_t denominator, double whenEmpty) {
    return denominator == 0 ? whenEmpty : static_cast<double>(numerator) / static_cast<double>(denominator);
}

bool contains(const CentroidBox& box, const CentroidPoint& point) {
    return std::fabs(point.x - box.cx) <= box.w / 2.0f && std::fabs(point.y - box.cy) <= box.h / 2.0f;
}

}  // namespace

double topOneAccuracy(const torch::Tensor& logits, const torch::Tensor& labels) {
    const auto counts = countTopOne(logits, labels);
    return ratio(counts.correct, counts.count, std::numeric_limits<double>::quiet_NaN());
}

void TopOneCounter::add(const torch::Tensor& logits, const torch::Tensor& labels) {
    const auto counts = countTopOne(logits, labels);
    correct_ += counts.correct;
    count_ += counts.count;
}

double TopOneCounter::value() const {
    return ratio(correct_, count_, std::numeric_limits<double>::quiet_NaN());
}

void CentroidF1Counter::addImage(const std::vector<CentroidPoint>& predictions,
                                 const std::vector<CentroidBox>& groundTruth) {
    std::vector<bool> matched(groundTruth.size(), false);
    std::int64_t hits = 0;
    for (const auto& point : predictions) {
        std::size_t best = groundTruth.size();
        float bestDistance = std::numeric_limits<float>::infinity();
        for (std::size_t i = 0; i < groundTruth.size(); ++i) {
            const auto& box = groundTruth[i];
            if (matched[i] || box.cls != point.cls || !contains(box, point)) {
                continue;
            }
            const float distance = std::hypot(point.x - box.cx, point.y - box.cy);
            if (distance < bestDistance) {  // strict: ties keep the earlier box
                best = i;
                bestDistance = distance;
            }
        }
        if (best < groundTruth.size()) {
            matched[best] = true;
            ++hits;
        }
    }
    const auto predicted = static_cast<std::int64_t>(predictions.size());
    const auto actual = static_cast<std::int64_t>(groundTruth.size());
    truePositives_ += hits;
    falsePositives_ += predicted - hits;
    falseNegatives_ += actual - hits;
    ++images_;
}

double CentroidF1Counter::f1() const {
    return ratio(2 * truePositives_, 2 * truePositives_ + falsePositives_ + falseNegatives_, 1.0);
}

double CentroidF1Counter::precision() const {
    return ratio(truePositives_, truePositives_ + falsePositives_, 1.0);
}

double CentroidF1Counter::recall() const {
    return ratio(truePositives_, truePositives_ + falseNegatives_, 1.0);
}

}  // namespace graphlens::train
