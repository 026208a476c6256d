#include "families/rtdetr/RtDetrTrainingChain.h"

#include "families/rtdetr/RtDetrOutputValue.h"
#include "families/rtdetr/RtDetrTrainingTargets.h"

#include <vector>

namespace graphlens::families::rtdetr {
namespace {

c10::IValue tupleOf(const std::vector<torch::Tensor>& maps) {
    return c10::ivalue::Tuple::create(std::vector<c10::IValue>(maps.begin(), maps.end()));
}

std::vector<torch::Tensor> mapsOf(const c10::IValue& value) {
    std::vector<torch::Tensor> maps;
    for (const auto& map : value.toTupleRef().elements()) maps.push_back(map.toTensor());
    return maps;
}

}  // namespace

TrainingChain rtdetrTrainingChain(const RtDetr& model) {
    auto encoderSide = model->encoderSide;
    auto decoderSide = model->decoderSide;
    TrainingChain chain;
    chain.links.push_back({"encoder_side.backbone", encoderSide->backbone().ptr(), false,
                           [backbone = encoderSide->backbone()](const c10::IValue& images, const torch::Tensor&) mutable {
                               return tupleOf(backbone->forward(images.toTensor()));
                           }});
    chain.links.push_back({"encoder_side.input_proj", encoderSide->named_children()["input_proj"], false,
                           [projections = encoderSide->inputProj()](const c10::IValue& input, const torch::Tensor&) mutable {
                               auto maps = mapsOf(input);
                               for (std::size_t level = 0; level < maps.size(); ++level) {
                                   maps[level] = projections[level]->forward(maps[level]);
                               }
                               return tupleOf(maps);
                           }});
    chain.links.push_back({"encoder_side.encoder", encoderSide->encoder().ptr(), false,
                           [encoder = encoderSide->encoder()](const c10::IValue& input, const torch::Tensor&) mutable {
                               return tupleOf(encoder->forward(mapsOf(input)));
                           }});
    // The decoder side reads the targets as the family's seam rest does: split per image, then the
    // denoising queries and the layers' outputs packed for the loss.
    chain.links.push_back({"decoder_side", decoderSide.ptr(), true,
                           [decoderSide](const c10::IValue& input, const torch::Tensor& targets) mutable {
                               const auto maps = mapsOf(input);
                               const auto perImage = rtdetrTargetsPerImage(targets, maps.front().size(0));
                               return packDecoderOutput(decoderSide->forward(maps, &perImage));
                           }});
    return chain;
}

}  // namespace graphlens::families::rtdetr
