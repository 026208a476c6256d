#pragma once
// Validation metrics of a training run: top-1 accuracy for classifiers and FOMO's centroid F1 (the
// metric Edge Impulse reports for FOMO: a predicted centroid counts when it falls inside a
// ground-truth box of its class).
#include <torch/types.h>

#include <cstdint>
#include <vector>

namespace graphlens::train {

// Fraction of labelled samples whose argmax over logits [B, C] equals labels [B] (integer; -1 marks
// an unlabelled sample, left out). NaN when no sample is labelled. Throws std::invalid_argument on
// mismatched shapes.
double topOneAccuracy(const torch::Tensor& logits, const torch::Tensor& labels);

// Top-1 accuracy over many batches: correct / labelled samples, NaN before any labelled sample.
class TopOneCounter {
public:
    void add(const torch::Tensor& logits, const torch::Tensor& labels);  // one host sync per call
    double value() const;
    std::int64_t count() const { return count_; }  // labelled samples seen
    std::int64_t correct() const { return correct_; }

private:
    std::int64_t correct_ = 0;
    std::int64_t count_ = 0;
};

// Coordinates are normalised to the image (0..1).
struct CentroidPoint {
    int cls = 0;
    float x = 0.0f, y = 0.0f;
};

struct CentroidBox {
    int cls = 0;
    float cx = 0.0f, cy = 0.0f, w = 0.0f, h = 0.0f;  // centre and size; the edges count as inside
};

// Centroid F1 = 2TP / (2TP + FP + FN), summed over images. Matching, per image: predictions in the
// given order, each takes the unmatched ground-truth box of its class that contains it with the
// nearest centre (ties: the earlier box); a prediction that finds none is a false positive, a box
// left unmatched a false negative. Empty cases: precision is 1 with no predictions, recall is 1
// with no ground truth, F1 is 1 when TP + FP + FN == 0 (nothing to find, nothing claimed).
class CentroidF1Counter {
public:
    void addImage(const std::vector<CentroidPoint>& predictions, const std::vector<CentroidBox>& groundTruth);

    double f1() const;
    double precision() const;  // TP / (TP + FP)
    double recall() const;     // TP / (TP + FN)

    std::int64_t truePositives() const { return truePositives_; }
    std::int64_t falsePositives() const { return falsePositives_; }
    std::int64_t falseNegatives() const { return falseNegatives_; }
    std::int64_t images() const { return images_; }

private:
    std::int64_t truePositives_ = 0, falsePositives_ = 0, falseNegatives_ = 0, images_ = 0;
};

}  // namespace graphlens::train
