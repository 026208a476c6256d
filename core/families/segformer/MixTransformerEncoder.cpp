#include "families/segformer/MixTransformerEncoder.h"

#include <torch/nn/modules/container/modulelist.h>

#include <numeric>

namespace graphlens::families::segformer {

MixTransformerEncoderImpl::MixTransformerEncoderImpl(const SegformerConfig& config) {
    const auto totalBlocks = std::accumulate(config.depths.begin(), config.depths.end(), std::int64_t{0});
    const auto rate = [&](std::int64_t block) {
        return totalBlocks > 1
                   ? config.dropPathRate * static_cast<double>(block) / static_cast<double>(totalBlocks - 1)
                   : 0.0;
    };
    auto stages = register_module("stages", torch::nn::ModuleList());
    std::int64_t block = 0, inChannels = 3;
    for (int s = 0; s < kStages; ++s) {
        SegformerStageOptions options{
            inChannels,         config.hiddenSizes[s],     config.patchSizes[s], config.patchStrides[s],
            config.heads[s],    config.reductionRatios[s], config.mlpRatio,      {},
            config.layerNormEps};
        for (std::int64_t i = 0; i < config.depths[s]; ++i, ++block) {
            options.dropPaths.push_back(rate(block));
        }
        stages_.emplace_back(options);
        stages->push_back(stages_.back());
        inChannels = config.hiddenSizes[s];
    }
}

std::vector<torch::Tensor> MixTransformerEncoderImpl::forward(const torch::Tensor& images) {
    std::vector<torch::Tensor> features;
    features.reserve(stages_.size());
    auto x = images;
    for (auto& stage : stages_) {
        x = stage(x);
        features.push_back(x);
    }
    return features;
}

std::vector<double> MixTransformerEncoderImpl::dropPaths() const {
    std::vector<double> rates;
    for (const auto& stage : stages_) {
        for (const auto& block : stage->blocks()) rates.push_back(block->dropPath());
    }
    return rates;
}

}  // namespace graphlens::families::segformer
