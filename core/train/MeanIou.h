#pragma once
// Semantic segmentation's validation metric, mean intersection over union, as mmsegmentation and
// transformers' evaluate "mean_iou" compute it: one confusion matrix over the whole validation set
// (not a mean of per-image scores); per label IoU = TP / (TP + FP + FN); pixels whose ground truth is the
// ignore label are left out (whatever was predicted there); the mean is over the labels that occur in
// the prediction or the ground truth (a label absent from both has no IoU and does not count).
#include <torch/types.h>

#include <cstdint>
#include <vector>

namespace graphlens::train {

class MeanIouCounter {
public:
    // Throws std::invalid_argument for fewer than 1 label or an ignore label inside [0, labels).
    explicit MeanIouCounter(int labels, std::int64_t ignoreLabel = 255);

    // predicted and truth: integer label maps of the same shape (e.g. [B, H, W]), on any device; the
    // counting runs there and only the labels x labels counts come to the host. Throws
    // std::invalid_argument (counter unchanged) on different shapes or a label outside [0, labels)
    // other than the ignore label in truth.
    void add(const torch::Tensor& predicted, const torch::Tensor& truth);

    double value() const;                 // mean IoU; NaN while no label occurred
    std::vector<double> perLabel() const; // IoU per label, NaN for a label in neither map
    // int64 [labels, labels] on the CPU: row = ground-truth label, column = predicted label.
    const torch::Tensor& confusion() const { return confusion_; }
    std::int64_t pixels() const;          // counted (not ignored) pixels

private:
    int labels_;
    std::int64_t ignoreLabel_;
    torch::Tensor confusion_;
};

}  // namespace graphlens::train
