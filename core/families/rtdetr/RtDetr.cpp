#include "families/rtdetr/RtDetr.h"

namespace graphlens::families::rtdetr {

RtDetrImpl::RtDetrImpl(std::int64_t numClasses) {
    encoderSide = register_module("encoder_side", RtDetrEncoderSide());
    decoderSide = register_module("decoder_side", RtDetrDecoderSide(numClasses));
}

std::tuple<torch::Tensor, torch::Tensor> RtDetrImpl::forward(const torch::Tensor& images) {
    const auto output = decoderSide->forward(encoderSide->forward(images));
    return {output.logits.select(1, -1), output.boxes.select(1, -1)};
}

RtDetrDecoderOutput RtDetrImpl::trainingOutput(const torch::Tensor& images, const std::vector<RtDetrTarget>& targets) {
    return decoderSide->forward(encoderSide->forward(images), &targets);
}

}  // namespace graphlens::families::rtdetr
