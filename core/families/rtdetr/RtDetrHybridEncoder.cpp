#include "families/rtdetr/RtDetrHybridEncoder.h"

#include <ATen/ATen.h>
#include <torch/nn/functional/upsampling.h>
#include <torch/nn/modules/container/modulelist.h>

#include <algorithm>
#include <stdexcept>
#include <string>

namespace graphlens::families::rtdetr {

RtDetrHybridEncoderImpl::RtDetrHybridEncoderImpl(const RtDetrEncoderConfig& config) : config_(config) {
    const auto levels = config.levels();
    if (levels < 1) throw std::invalid_argument("the hybrid encoder needs at least one level");
    for (const auto level : config.encodeLevels) {
        if (level < 0 || level >= levels) throw std::invalid_argument("no encoder level " + std::to_string(level));
    }
    const auto dim = config.hiddenDim;
    const auto eps = config.batchNormEps, momentum = config.batchNormMomentum;
    auto aifi = register_module("aifi", torch::nn::ModuleList());
    for (size_t i = 0; i < config.encodeLevels.size(); ++i) {
        aifi_.emplace_back(config);
        aifi->push_back(aifi_.back());
    }
    auto lateral = register_module("lateral_convs", torch::nn::ModuleList());
    auto fpn = register_module("fpn_blocks", torch::nn::ModuleList());
    auto downsample = register_module("downsample_convs", torch::nn::ModuleList());
    auto pan = register_module("pan_blocks", torch::nn::ModuleList());
    for (std::int64_t i = 0; i + 1 < levels; ++i) {
        lateralConvs_.emplace_back(dim, dim, 1, 1, config.activation, eps, momentum);
        lateral->push_back(lateralConvs_.back());
        fpnBlocks_.emplace_back(config);
        fpn->push_back(fpnBlocks_.back());
    }
    for (std::int64_t i = 0; i + 1 < levels; ++i) {
        downsampleConvs_.emplace_back(dim, dim, 3, 2, config.activation, eps, momentum);
        downsample->push_back(downsampleConvs_.back());
        panBlocks_.emplace_back(config);
        pan->push_back(panBlocks_.back());
    }
}

std::vector<torch::Tensor> RtDetrHybridEncoderImpl::forward(std::vector<torch::Tensor> maps) {
    const auto levels = static_cast<size_t>(config_.levels());
    if (maps.size() != levels) {
        throw std::invalid_argument("the hybrid encoder takes " + std::to_string(levels) + " maps; got " +
                                    std::to_string(maps.size()));
    }
    if (config_.encoderLayers > 0) {
        for (size_t i = 0; i < aifi_.size(); ++i) maps[config_.encodeLevels[i]] = aifi_[i](maps[config_.encodeLevels[i]]);
    }
    // Top-down: fpn holds the deepest map first.
    std::vector<torch::Tensor> fpn{maps.back()};
    for (size_t i = 0; i + 1 < levels; ++i) {
        const auto& shallower = maps[levels - 2 - i];
        fpn.back() = lateralConvs_[i](fpn.back());
        const auto upsampled = torch::nn::functional::interpolate(
            fpn.back(), torch::nn::functional::InterpolateFuncOptions()
                            .scale_factor(std::vector<double>{2.0, 2.0})
                            .mode(torch::kNearest));
        fpn.push_back(fpnBlocks_[i](at::cat({upsampled, shallower}, /*dim=*/1)));
    }
    std::reverse(fpn.begin(), fpn.end());
    // Bottom-up.
    std::vector<torch::Tensor> pan{fpn.front()};
    for (size_t i = 0; i + 1 < levels; ++i) {
        const auto downsampled = downsampleConvs_[i](pan.back());
        pan.push_back(panBlocks_[i](at::cat({downsampled, fpn[i + 1]}, /*dim=*/1)));
    }
    return pan;
}

}  // namespace graphlens::families::rtdetr
