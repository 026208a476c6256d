#include "train/DetectionMap.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace graphlens::train {

namespace {

constexpr std::size_t kMaxDetectionsPerImageAndClass = 100;
constexpr int kIouThresholdCount = 10;
constexpr int kRecallPointCount = 101;

// numpy.linspace's arithmetic (index times step, plus start, the last value set to stop), which is
// how COCOeval builds its thresholds: a recall k/n often equals a recall threshold, and the
// comparison must fall the same way as in COCOeval.
std::vector<double> linspaceLikeNumpy(double start, double stop, int count) {
    const double step = (stop - start) / static_cast<double>(count - 1);
    std::vector<double> values(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) values[static_cast<std::size_t>(i)] = static_cast<double>(i) * step + start;
    values.back() = stop;
    return values;
}

const std::vector<double>& iouThresholds() {
    static const auto thresholds = linspaceLikeNumpy(0.5, 0.95, kIouThresholdCount);
    return thresholds;
}

const std::vector<double>& recallThresholds() {
    static const auto thresholds = linspaceLikeNumpy(0.0, 1.0, kRecallPointCount);
    return thresholds;
}

// A box as COCO stores it, [x, y, w, h] in double: the IoU below repeats pycocotools' bbIou
// operation by operation so that IoUs equal to a threshold compare the same way.
struct CocoBox {
    double x = 0, y = 0, w = 0, h = 0;
};

CocoBox toCocoBox(float x1, float y1, float x2, float y2) {
    return {x1, y1, static_cast<double>(x2) - x1, static_cast<double>(y2) - y1};
}

double cocoIou(const CocoBox& detection, const CocoBox& truth) {
    const double width = std::fmin(detection.w + detection.x, truth.w + truth.x) - std::fmax(detection.x, truth.x);
    if (width <= 0) return 0;
    const double height = std::fmin(detection.h + detection.y, truth.h + truth.y) - std::fmax(detection.y, truth.y);
    if (height <= 0) return 0;
    const double intersection = width * height;
    return intersection / (detection.w * detection.h + truth.w * truth.h - intersection);
}

void checkBox(int cls, float x1, float y1, float x2, float y2, const char* what, std::size_t index) {
    const auto where = std::string(what) + " " + std::to_string(index);
    if (cls < 0) {
        throw std::invalid_argument("mAP: " + where + " has class " + std::to_string(cls) +
                                    ", expected a class index >= 0");
    }
    if (!std::isfinite(x1) || !std::isfinite(y1) || !std::isfinite(x2) || !std::isfinite(y2)) {
        throw std::invalid_argument("mAP: " + where + " has a non-finite coordinate, expected finite pixels");
    }
    if (x2 < x1 || y2 < y1) {
        throw std::invalid_argument("mAP: " + where + " is (" + std::to_string(x1) + ", " + std::to_string(y1) +
                                    ", " + std::to_string(x2) + ", " + std::to_string(y2) +
                                    "), expected corners x1 <= x2 and y1 <= y2");
    }
}

void checkInputs(const std::vector<ScoredBox>& predictions, const std::vector<LabelledBox>& groundTruth) {
    for (std::size_t i = 0; i < predictions.size(); ++i) {
        const auto& box = predictions[i];
        checkBox(box.cls, box.x1, box.y1, box.x2, box.y2, "prediction", i);
        if (!std::isfinite(box.score)) {
            throw std::invalid_argument("mAP: prediction " + std::to_string(i) +
                                        " has a non-finite score, expected a finite confidence");
        }
    }
    for (std::size_t i = 0; i < groundTruth.size(); ++i) {
        const auto& box = groundTruth[i];
        checkBox(box.cls, box.x1, box.y1, box.x2, box.y2, "ground-truth box", i);
    }
}

// COCOeval's evaluateImg for one image and class: detections already in score order, each takes,
// per threshold, the unmatched truth with the highest IoU >= the threshold. The comparison is
// "not below the best so far", so of equal IoUs the later truth wins, as in COCOeval.
std::vector<std::uint16_t> matchedThresholds(const std::vector<CocoBox>& detections,
                                             const std::vector<CocoBox>& truths) {
    std::vector<std::uint16_t> matched(detections.size(), 0);
    if (truths.empty()) return matched;
    std::vector<double> ious(detections.size() * truths.size());
    for (std::size_t d = 0; d < detections.size(); ++d) {
        for (std::size_t g = 0; g < truths.size(); ++g) ious[d * truths.size() + g] = cocoIou(detections[d], truths[g]);
    }
    for (int t = 0; t < kIouThresholdCount; ++t) {
        std::vector<bool> taken(truths.size(), false);
        for (std::size_t d = 0; d < detections.size(); ++d) {
            double best = std::min(iouThresholds()[static_cast<std::size_t>(t)], 1 - 1e-10);
            std::size_t match = truths.size();
            for (std::size_t g = 0; g < truths.size(); ++g) {
                const double iou = ious[d * truths.size() + g];
                if (taken[g] || iou < best) continue;
                best = iou;
                match = g;
            }
            if (match == truths.size()) continue;
            taken[match] = true;
            matched[d] |= static_cast<std::uint16_t>(1u << t);
        }
    }
    return matched;
}

// COCOeval's accumulate for one class and threshold: the mean of the monotone precision read at
// the 101 recall thresholds. `matchedInScoreOrder` holds each detection's matched-thresholds bits,
// in score order across all images.
double averagePrecision(const std::vector<std::uint16_t>& matchedInScoreOrder, std::int64_t groundTruth,
                        int threshold) {
    const std::size_t count = matchedInScoreOrder.size();
    std::vector<double> recall(count), precision(count);
    double truePositives = 0, falsePositives = 0;
    for (std::size_t i = 0; i < count; ++i) {
        if (matchedInScoreOrder[i] & (1u << threshold)) truePositives += 1;
        else falsePositives += 1;
        recall[i] = truePositives / static_cast<double>(groundTruth);
        // COCOeval's denominator carries np.spacing(1) against 0 / 0.
        precision[i] = truePositives / (falsePositives + truePositives + std::numeric_limits<double>::epsilon());
    }
    for (std::size_t i = count; i-- > 1;) precision[i - 1] = std::max(precision[i - 1], precision[i]);
    double sum = 0;
    for (const double wanted : recallThresholds()) {
        const auto reached = std::lower_bound(recall.begin(), recall.end(), wanted);
        if (reached == recall.end()) break;  // recalls never reached count as precision 0
        sum += precision[static_cast<std::size_t>(reached - recall.begin())];
    }
    return sum / kRecallPointCount;
}

}  // namespace

void DetectionMapCounter::addImage(const std::vector<ScoredBox>& predictions,
                                   const std::vector<LabelledBox>& groundTruth) {
    // Checked before anything is recorded, so a bad image leaves the counter as it was.
    checkInputs(predictions, groundTruth);
    std::map<int, std::vector<const ScoredBox*>> predictionsByClass;
    std::map<int, std::vector<CocoBox>> truthsByClass;
    for (const auto& box : predictions) predictionsByClass[box.cls].push_back(&box);
    for (const auto& box : groundTruth) truthsByClass[box.cls].push_back(toCocoBox(box.x1, box.y1, box.x2, box.y2));

    for (const auto& [cls, truths] : truthsByClass) classes_[cls].groundTruth += static_cast<std::int64_t>(truths.size());
    for (auto& [cls, boxes] : predictionsByClass) {
        std::stable_sort(boxes.begin(), boxes.end(),
                         [](const ScoredBox* a, const ScoredBox* b) { return a->score > b->score; });
        if (boxes.size() > kMaxDetectionsPerImageAndClass) boxes.resize(kMaxDetectionsPerImageAndClass);
        std::vector<CocoBox> detections;
        detections.reserve(boxes.size());
        for (const auto* box : boxes) detections.push_back(toCocoBox(box->x1, box->y1, box->x2, box->y2));
        const auto found = truthsByClass.find(cls);
        const auto matched = matchedThresholds(detections, found == truthsByClass.end() ? std::vector<CocoBox>{}
                                                                                        : found->second);
        auto& record = classes_[cls].detections;
        for (std::size_t d = 0; d < boxes.size(); ++d) record.push_back({boxes[d]->score, matched[d]});
    }
    ++images_;
}

std::vector<double> DetectionMapCounter::meanPrecisionPerThreshold() const {
    std::vector<double> sums(kIouThresholdCount, 0.0);
    int counted = 0;
    for (const auto& [cls, record] : classes_) {
        if (record.groundTruth == 0) continue;
        auto sorted = record.detections;
        std::stable_sort(sorted.begin(), sorted.end(),
                         [](const Detection& a, const Detection& b) { return a.score > b.score; });
        std::vector<std::uint16_t> matched(sorted.size());
        std::transform(sorted.begin(), sorted.end(), matched.begin(),
                       [](const Detection& detection) { return detection.matchedAt; });
        for (int t = 0; t < kIouThresholdCount; ++t) {
            sums[static_cast<std::size_t>(t)] += averagePrecision(matched, record.groundTruth, t);
        }
        ++counted;
    }
    if (counted == 0) return {};
    for (auto& sum : sums) sum /= counted;
    return sums;
}

double DetectionMapCounter::map50() const {
    const auto perThreshold = meanPrecisionPerThreshold();
    return perThreshold.empty() ? 0.0 : perThreshold.front();
}

double DetectionMapCounter::map5095() const {
    const auto perThreshold = meanPrecisionPerThreshold();
    if (perThreshold.empty()) return 0.0;
    double sum = 0;
    for (const double value : perThreshold) sum += value;
    return sum / static_cast<double>(perThreshold.size());
}

}  // namespace graphlens::train
