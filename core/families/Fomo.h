#pragma once
// FOMO, "Faster Objects, More Objects" (Edge Impulse): a point detector. A MobileNetV2 trunk
// (width 0.35, torchvision's layout) cut at stride 8, then a 1x1 head giving per-cell logits over
// background + classes. Trained with weighted cross-entropy on cell targets (a box's centre cell gets
// its class); decoded by merging connected cells of one class into a centroid.
#include "families/ConvNormActivation.h"
#include "families/Family.h"
#include "families/WeightMapping.h"

#include <torch/nn/module.h>

#include <vector>

namespace graphlens::families {

constexpr int64_t kFomoStride = 8;

// torchvision's MobileNetV2 InvertedResidual: conv = [expand CNA], depthwise CNA, 1x1 conv, BatchNorm.
struct MobileNetV2BlockImpl : torch::nn::Module {
    MobileNetV2BlockImpl(int64_t inChannels, int64_t outChannels, int64_t stride, int64_t expandRatio);
    torch::Tensor forward(const torch::Tensor& x);

    Sequence conv{nullptr};
    bool useResidual = false;
};
TORCH_MODULE(MobileNetV2Block);

struct FomoImpl : torch::nn::Module {
    explicit FomoImpl(int64_t numClasses, double widthMult = 0.35, int64_t headChannels = 32);
    // [B, 3, H, W] -> logits [B, 1 + numClasses, H / 8, W / 8]; channel 0 is background.
    torch::Tensor forward(const torch::Tensor& x);

    Sequence backbone{nullptr};  // = torchvision mobilenet_v2(width_mult).features[:7]
    Sequence head{nullptr};      // 1x1 conv, ReLU, 1x1 conv to 1 + numClasses
};
TORCH_MODULE(Fomo);

// FomoImpl::backbone's names -> torchvision.models.mobilenet_v2(width_mult=0.35).features[:7] names.
NameMapping fomoBackboneTorchvisionNames();

// Cell targets from YOLO boxes [N, 6] (image in batch, class, cx, cy, w, h; normalised): int64
// [batch, gridH, gridW], 0 = background, class + 1 in each box's centre cell (when two boxes share a
// centre cell, the higher class wins). Runs on the boxes' device with tensor ops only.
torch::Tensor fomoCellTargets(const torch::Tensor& boxes, int64_t batch, int64_t gridH, int64_t gridW);

// Cross-entropy over cells with the object classes weighted objectWeight : 1 against background
// (objects cover few cells). logits [B, 1 + C, H, W], targets int64 [B, H, W].
torch::Tensor fomoLoss(const torch::Tensor& logits, const torch::Tensor& targets, double objectWeight = 100.0);

struct FomoPoint {
    int cls = 0;       // 0-based object class
    float x = 0, y = 0;  // centroid of the cell centres, normalised to the image
    float score = 0;   // the highest class probability among the cells
    int cells = 0;
};

// Per image: cells whose best non-background class has softmax probability >= threshold, grouped into
// 8-connected components of one class, each reported as one point (in raster order of its first cell).
std::vector<std::vector<FomoPoint>> fomoPostprocess(const torch::Tensor& logits, float threshold = 0.5f);

Family makeFomoFamily();

}  // namespace graphlens::families
