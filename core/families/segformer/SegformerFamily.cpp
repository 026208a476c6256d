#include "families/segformer/SegformerFamily.h"

#include "families/segformer/Segformer.h"
#include "families/segformer/SegmentationLabels.h"

namespace graphlens::families::segformer {

Family makeSegformerB0Family() {
    Family family;
    family.name = "segformer-b0";
    family.task = "segment";
    family.defaultImgsz = 512;  // the published ADE20k model's crop
    family.numClasses = 150;
    family.inference = {GraphSupportKind::Whole, ""};
    // No trainingTargets or loss: the built-in and user datasets carry boxes and polygons, not masks.
    family.training = {TrainingGraphScope::None, "segmentation training arrives with mask datasets"};
    family.build = [numLabels = family.numClasses](std::uint64_t seed) {
        torch::manual_seed(seed);
        return torch::nn::AnyModule(Segformer(numLabels));
    };
    // Upsampling the 1/4-size logits and the argmax belong to the predict call (eager in both arms).
    family.postprocess = segformerLabels;
    return family;
}

}  // namespace graphlens::families::segformer
