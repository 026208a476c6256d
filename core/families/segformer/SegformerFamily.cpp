#include "families/segformer/SegformerFamily.h"

#include "families/segformer/Segformer.h"
#include "families/segformer/SegmentationLabels.h"
#include "families/segformer/SegmentationLoss.h"

#include <stdexcept>
#include <string>

namespace graphlens::families::segformer {

Family makeSegformerB0Family(int numLabels) {
    if (numLabels < 2) {
        throw std::invalid_argument("segformer-b0 needs at least 2 labels (background and one class); got " +
                                    std::to_string(numLabels));
    }
    Family family;
    family.name = "segformer-b0";
    family.task = "segment";
    family.defaultImgsz = 512;  // the published ADE20k model's crop
    family.numClasses = numLabels;
    family.inference = {GraphSupportKind::Whole, ""};
    // The loss is tensor-only (no host read) and stochastic depth and dropout draw from the device
    // generator, whose graph-safe offsets give every replay fresh draws: the whole step is capturable.
    family.training = {TrainingGraphScope::Step, ""};
    family.build = [numLabels](std::uint64_t seed) {
        torch::manual_seed(seed);
        return torch::nn::AnyModule(Segformer(numLabels));
    };
    // Upsampling the 1/4-size logits and the argmax belong to the predict call (eager in both arms).
    family.postprocess = segformerLabels;
    family.trainingTargets = segmentationTrainingTargets;
    family.loss = semanticSegmentationLoss;
    family.validationMetric = "mIoU";
    // The network's own guard (Segformer.h): one side fewer than kMinSide is refused by its forward.
    family.imageSizes = {/*minimum=*/static_cast<int>(kMinSide), /*multipleOf=*/1,
                         "its first stage's keys and values come from an 8x8 stride-8 convolution of the 1/4-size "
                         "map"};
    // A dataset of N classes trains N + 1 labels: 0 is the background (data/SegmentationMask.h).
    family.withDatasetClasses = [](int datasetClasses) { return makeSegformerB0Family(datasetClasses + 1); };
    return family;
}

}  // namespace graphlens::families::segformer
