#include "families/rtdetr/RtDetrEncoderSide.h"

#include <torch/nn/modules/container/modulelist.h>

#include <stdexcept>
#include <string>

namespace graphlens::families::rtdetr {

RtDetrEncoderSideImpl::RtDetrEncoderSideImpl(const RtDetrEncoderConfig& config) : config_(config) {
    backbone_ = register_module("backbone", RtDetrResNetVd(config));
    auto proj = register_module("input_proj", torch::nn::ModuleList());
    for (const auto channels : backbone_->outChannels()) {
        inputProj_.emplace_back(channels, config.hiddenDim, 1, 1, RtDetrActivation::Identity,
                                config.inputProjBatchNormEps);
        proj->push_back(inputProj_.back());
    }
    encoder_ = register_module("encoder", RtDetrHybridEncoder(config));
}

std::vector<torch::Tensor> RtDetrEncoderSideImpl::forward(const torch::Tensor& images) {
    if (images.dim() != 4 || images.size(1) != config_.inputChannels || images.size(2) % 32 != 0 ||
        images.size(3) % 32 != 0 || images.size(2) == 0 || images.size(3) == 0) {
        throw std::invalid_argument("rtdetr's encoder side takes [B, " + std::to_string(config_.inputChannels) +
                                    ", H, W] with H and W positive multiples of 32; got " +
                                    c10::str(images.sizes()));
    }
    auto maps = backbone_(images);
    for (size_t level = 0; level < maps.size(); ++level) maps[level] = inputProj_[level](maps[level]);
    return encoder_(std::move(maps));
}

}  // namespace graphlens::families::rtdetr
