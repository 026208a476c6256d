#include "families/yolo/YoloTFamily.h"

#include "families/InferencePostprocess.h"
#include "families/yolo/YoloDetectionLoss.h"
#include "families/yolo/YoloDetections.h"
#include "families/yolo/YoloHeadLayout.h"
#include "families/yolo/YoloTrainingTargets.h"
#include "families/yolo/YoloV8.h"

#include <stdexcept>
#include <string>

namespace graphlens::families::yolo {

c10::IValue yoloPredictions(const torch::Tensor& decoded) {
    c10::List<torch::Tensor> perImage;
    for (auto& detections : yoloDetections(decoded)) perImage.push_back(std::move(detections));
    return perImage;
}

bool isDecodedYoloOutput(const torch::Tensor& output, std::string& why) {
    if (output.dim() != 3 || output.size(1) < 5) {
        why = "the output is not [batch, 4 + classes, anchors]";
        return false;
    }
    try {
        squareGridSides(output.size(2));
    } catch (const std::invalid_argument& error) {
        why = error.what();
        return false;
    }
    return true;
}

Family makeYoloTFamily() {
    Family family;
    family.name = "yolo-t";
    family.task = "detect";
    family.defaultImgsz = 640;
    family.numClasses = 80;
    family.inference = {GraphSupportKind::Whole, ""};
    family.training = {TrainingGraphScope::Network,
                       "the task-aligned assigner picks each image's anchors with data-dependent masks and top-k over "
                       "its box count, so the loss stays eager"};
    family.build = [numClasses = family.numClasses](std::uint64_t seed) {
        torch::manual_seed(seed);
        return torch::nn::AnyModule(YoloV8(numClasses));
    };
    // The network ends at the raw head; the DFL decode belongs to the predict call, as in the seed's
    // design (data and postprocess eager in both arms).
    family.postprocess = [](const c10::IValue& output) -> c10::IValue {
        return yoloPredictions(decodeYoloHead(firstTensor(output)));
    };
    family.trainingTargets = yoloTrainingTargets;
    family.loss = [](const c10::IValue& output, const torch::Tensor& targets) {
        return yoloDetectionLoss(firstTensor(output), targets).total;
    };
    family.validationMetric = "mAP50-95";
    // Ultralytics rounds every image size up to a multiple of the largest stride for the same reason.
    family.imageSizes = {/*minimum=*/32, /*multipleOf=*/32,
                         "its neck joins the stride-32, 16 and 8 maps by 2x upsampling and its head decodes "
                         "them at those strides"};
    return family;
}

}  // namespace graphlens::families::yolo
