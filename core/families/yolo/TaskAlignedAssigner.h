#pragma once
// Which anchors learn which ground-truth box, as YOLOv8 trains (Feng et al., "TOOD", 2021, in
// Ultralytics' variant): each box takes the top-k anchors inside it by the alignment metric
// score^alpha * CIoU^beta, an anchor claimed by several boxes goes to the one it overlaps most, and the
// soft class target of a positive anchor is its metric rescaled so that each box's best anchor gets
// that box's best IoU.
#include <torch/types.h>

namespace graphlens::families::yolo {

struct TaskAlignedAssignment {
    torch::Tensor labels;      // [B, A] int64: the class of the box each anchor was matched against
    torch::Tensor boxes;       // [B, A, 4] xyxy pixels: that box
    torch::Tensor scores;      // [B, A, C] float: the soft one-hot class target, zero off the foreground
    torch::Tensor foreground;  // [B, A] bool: anchors that learn a box
    torch::Tensor gtIndex;     // [B, A] int64: the row of gtBoxes each anchor was matched against
};

class TaskAlignedAssigner {
public:
    explicit TaskAlignedAssigner(int numClasses, int topk = 10, double alpha = 0.5, double beta = 6.0,
                                 double eps = 1e-9);

    // predScores [B, A, C] after the sigmoid, predBoxes [B, A, 4] xyxy pixels, anchorPoints [A, 2] pixels,
    // gtLabels [B, M, 1], gtBoxes [B, M, 4] xyxy pixels, gtMask [B, M, 1] (1 for a real box, 0 for
    // padding). Off the foreground, labels, boxes and gtIndex hold whatever row 0 of the image holds, as
    // Ultralytics' do; only the foreground entries mean anything. No gradient flows through the result.
    TaskAlignedAssignment assign(const torch::Tensor& predScores, const torch::Tensor& predBoxes,
                                 const torch::Tensor& anchorPoints, const torch::Tensor& gtLabels,
                                 const torch::Tensor& gtBoxes, const torch::Tensor& gtMask) const;

private:
    int numClasses_;
    int topk_;
    double alpha_;
    double beta_;
    double eps_;
};

}  // namespace graphlens::families::yolo
