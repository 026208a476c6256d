#pragma once
// The detector's validation metric: COCO-style mAP50 and mAP50-95, equal to pycocotools' COCOeval
// for bbox evaluation with one area range ("all"), no crowd boxes and at most 100 detections per
// image and class. Plain C++: the caller copies boxes off the device once per image.
#include <cstdint>
#include <map>
#include <vector>

namespace graphlens::train {

// Boxes are corners in pixels, continuous coordinates: the width is x2 - x1 (no +1).
struct ScoredBox {
    int cls = 0;
    float score = 0;
    float x1 = 0, y1 = 0, x2 = 0, y2 = 0;
};

struct LabelledBox {
    int cls = 0;
    float x1 = 0, y1 = 0, x2 = 0, y2 = 0;
};

// What COCOeval computes, step by step:
// - per image and class, detections sorted by score (highest first, equal scores keep their input
//   order) and cut to the top 100 (COCOeval's maxDets applies per image *and* class);
// - per IoU threshold 0.50:0.05:0.95, each detection in that order takes the unmatched ground-truth
//   box of its class with the highest IoU >= the threshold; on equal IoU the later box wins;
// - per class, the detections of all images in one list (image order, then the order above),
//   stably sorted by score; precision made monotone and read at the 101 recalls 0:0.01:1 (0 past
//   the highest recall reached);
// - mAP = mean over classes with ground truth (COCOeval's -1 classes are left out, so a class with
//   only false positives changes nothing), and over the thresholds for mAP50-95.
// With no ground-truth box in any image (no class to average) both values are 0, where COCOeval
// reports -1: a training log's curve then starts at 0 rather than below it.
// Boxes larger than COCOeval's "all" range (area above 1e10 square pixels) are counted, not ignored.
// Throws std::invalid_argument for a negative class, a non-finite value or a box with x2 < x1 or
// y2 < y1.
class DetectionMapCounter {
public:
    void addImage(const std::vector<ScoredBox>& predictions, const std::vector<LabelledBox>& groundTruth);

    double map50() const;
    double map5095() const;
    std::int64_t images() const { return images_; }

private:
    // One kept detection: its score and, bit t, whether it matched at IoU threshold t.
    struct Detection {
        float score = 0;
        std::uint16_t matchedAt = 0;
    };
    struct ClassRecord {
        std::vector<Detection> detections;  // image order, then score order within the image
        std::int64_t groundTruth = 0;
    };

    // AP per IoU threshold, averaged over the classes with ground truth; empty when there are none.
    std::vector<double> meanPrecisionPerThreshold() const;

    std::map<int, ClassRecord> classes_;
    std::int64_t images_ = 0;
};

}  // namespace graphlens::train
