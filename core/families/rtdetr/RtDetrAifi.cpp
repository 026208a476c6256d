#include "families/rtdetr/RtDetrAifi.h"

#include "families/rtdetr/RtDetrSinePositionEmbedding.h"

#include <torch/nn/modules/container/modulelist.h>

namespace graphlens::families::rtdetr {

RtDetrAifiImpl::RtDetrAifiImpl(const RtDetrEncoderConfig& config) : config_(config) {
    auto layers = register_module("layers", torch::nn::ModuleList());
    for (std::int64_t l = 0; l < config.encoderLayers; ++l) {
        layers_.emplace_back(config);
        layers->push_back(layers_.back());
    }
}

torch::Tensor RtDetrAifiImpl::forward(const torch::Tensor& map) {
    const auto batch = map.size(0), channels = map.size(1), height = map.size(2), width = map.size(3);
    auto tokens = map.flatten(2).transpose(1, 2);
    const auto position =
        rtDetrSinePositionEmbedding(height, width, config_.hiddenDim, config_.positionTemperature, map.options());
    for (auto& layer : layers_) tokens = layer(tokens, position);
    return tokens.transpose(1, 2).reshape({batch, channels, height, width}).contiguous();
}

}  // namespace graphlens::families::rtdetr
