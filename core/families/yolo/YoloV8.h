#pragma once
// YOLOv8 detection network, laid out as Ultralytics' DetectionModel builds it from yolov8.yaml: a
// ModuleList "model" of the yaml's 23 layers, so that parameter and buffer names read as theirs
// (model.0.conv.weight, model.22.cv2.0.0.bn.running_mean, model.22.dfl.conv.weight). The default
// scale is YOLOv8n, 3,157,200 parameters at 80 classes.
#include "families/yolo/YoloC2f.h"
#include "families/yolo/YoloConv.h"
#include "families/yolo/YoloDetectHead.h"
#include "families/yolo/YoloSppf.h"

#include <torch/nn/module.h>
#include <torch/nn/modules/upsampling.h>

namespace graphlens::families::yolo {

// The yaml's compound scaling: channels x width (capped at maxChannels, rounded up to a multiple of 8),
// block repeats x depth. The defaults are the n scale.
struct YoloV8Scale {
    double width = 0.25;
    double depth = 0.33;
    int maxChannels = 1024;
};

class YoloV8Impl : public torch::nn::Module {
public:
    explicit YoloV8Impl(int numClasses = 80, YoloV8Scale scale = {});
    // images [B, 3, H, W] with H and W multiples of 32 -> the raw head output [B, 64 + classes, A], in train
    // and eval mode alike (YoloHeadLayout.h; its decode assumes H == W).
    torch::Tensor forward(const torch::Tensor& images);
    int numClasses() const;

private:
    int numClasses_;
    // Backbone: stride-2 Convs down to P5, a C2f after each, SPPF at the end (layers 0-9).
    YoloConv stem_{nullptr}, downToP2_{nullptr}, downToP3_{nullptr}, downToP4_{nullptr}, downToP5_{nullptr};
    YoloC2f stageP2_{nullptr}, stageP3_{nullptr}, stageP4_{nullptr}, stageP5_{nullptr};
    YoloSppf sppf_{nullptr};
    // Neck (PAN): top-down with upsampling (10-15), then bottom-up with stride-2 Convs (16-21).
    torch::nn::Upsample upsampleToP4_{nullptr}, upsampleToP3_{nullptr};
    YoloC2f topDownP4_{nullptr}, outP3_{nullptr}, outP4_{nullptr}, outP5_{nullptr};
    YoloConv downFromP3_{nullptr}, downFromP4_{nullptr};
    YoloDetectHead detect_{nullptr};  // layer 22
};
TORCH_MODULE(YoloV8);

}  // namespace graphlens::families::yolo
