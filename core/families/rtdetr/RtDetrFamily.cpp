#include "families/rtdetr/RtDetrFamily.h"

#include "families/rtdetr/RtDetr.h"
#include "families/rtdetr/RtDetrDetections.h"
#include "families/rtdetr/RtDetrLoss.h"
#include "families/rtdetr/RtDetrOutputValue.h"
#include "families/rtdetr/RtDetrTrainingChain.h"
#include "families/rtdetr/RtDetrTrainingTargets.h"

#include <vector>

namespace graphlens::families::rtdetr {

Family makeRtDetrR18Family() {
    Family family;
    family.name = "rtdetr-r18";
    family.task = "detect";
    family.defaultImgsz = 640;
    family.numClasses = 80;
    family.inference = {GraphSupportKind::Whole, ""};
    family.training = {TrainingGraphScope::Network,
                       "the denoising queries follow the batch's largest ground-truth count and the Hungarian "
                       "matching runs on the host, so only the part before query selection is captured"};
    family.training.seam = "after the hybrid encoder, before query selection";
    family.build = [numClasses = family.numClasses](std::uint64_t seed) {
        torch::manual_seed(seed);
        return torch::nn::AnyModule(RtDetr(numClasses));
    };
    family.trainingSeam = [](torch::nn::AnyModule& network) -> std::optional<TrainingSeam> {
        auto model = network.get<RtDetr>();
        TrainingSeam seam;
        seam.captured = model->encoderSide.ptr();
        seam.capturedForward = [encoder = model->encoderSide](const torch::Tensor& images) mutable {
            const auto maps = encoder->forward(images);
            return c10::IValue(c10::ivalue::Tuple::create(std::vector<c10::IValue>(maps.begin(), maps.end())));
        };
        seam.rest = [decoder = model->decoderSide](const c10::IValue& encoded, const torch::Tensor& targets) mutable {
            std::vector<torch::Tensor> maps;
            for (const auto& map : encoded.toTupleRef().elements()) maps.push_back(map.toTensor());
            const auto perImage = rtdetrTargetsPerImage(targets, maps.front().size(0));
            return packDecoderOutput(decoder->forward(maps, &perImage));
        };
        seam.point = "after the hybrid encoder, before query selection";
        return seam;
    };
    family.trainingChain = [](torch::nn::AnyModule& network) -> std::optional<TrainingChain> {
        return rtdetrTrainingChain(network.get<RtDetr>());
    };
    family.postprocess = rtdetrDetections;
    family.trainingTargets = rtdetrTrainingTargets;
    family.loss = [](const c10::IValue& output, const torch::Tensor& targets) {
        // Under autocast the heads give half precision; rtdetrLoss computes in fp32 itself.
        const auto decoded = unpackDecoderOutput(output);
        return rtdetrLoss(decoded, rtdetrTargetsPerImage(targets, decoded.logits.size(0))).total;
    };
    family.validationMetric = "mAP50-95";
    // At 32k px the three levels hold (4k)^2 + (2k)^2 + k^2 = 21k^2 positions: 300 queries need k >= 4.
    family.imageSizes = {/*minimum=*/128, /*multipleOf=*/32,
                         "its encoder joins the stride-32, 16 and 8 maps by 2x upsampling, and the decoder selects "
                         "300 queries from their 21 positions per 32x32 pixels"};
    return family;
}

}  // namespace graphlens::families::rtdetr
