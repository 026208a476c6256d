#include "families/rtdetr/RtDetrResNetVd.h"

#include <ATen/ATen.h>
#include <torch/nn/modules/container/modulelist.h>

#include <algorithm>
#include <stdexcept>

namespace graphlens::families::rtdetr {

RtDetrResNetVdImpl::RtDetrResNetVdImpl(const RtDetrEncoderConfig& config) : config_(config) {
    for (const auto stage : config.outStages) {
        if (stage < 0 || stage >= kRtDetrBackboneStages) throw std::invalid_argument("no backbone stage " + std::to_string(stage));
    }
    const auto half = config.embeddingSize / 2;
    const auto eps = config.frozenBatchNormEps;
    const auto act = config.backboneActivation;
    auto stem = register_module("stem", torch::nn::ModuleList());
    stem_ = {RtDetrResNetConvLayer(config.inputChannels, half, 3, 2, act, eps),
             RtDetrResNetConvLayer(half, half, 3, 1, act, eps),
             RtDetrResNetConvLayer(half, config.embeddingSize, 3, 1, act, eps)};
    for (const auto& layer : stem_) stem->push_back(layer);

    auto stages = register_module("stages", torch::nn::ModuleList());
    auto inChannels = config.embeddingSize;
    for (int s = 0; s < kRtDetrBackboneStages; ++s) {
        const auto outChannels = config.hiddenSizes[s];
        const std::int64_t stride = (s == 0 && !config.downsampleInFirstStage) ? 1 : 2;
        auto blocks = torch::nn::ModuleList();
        std::vector<RtDetrResNetBasicBlock> stage;
        for (std::int64_t b = 0; b < config.depths[s]; ++b) {
            stage.emplace_back(config, b == 0 ? inChannels : outChannels, outChannels, b == 0 ? stride : 1,
                               /*projectShortcut=*/b == 0);
            blocks->push_back(stage.back());
        }
        stages->push_back(blocks);
        stages_.push_back(std::move(stage));
        inChannels = outChannels;
    }
}

std::vector<std::int64_t> RtDetrResNetVdImpl::outChannels() const {
    std::vector<std::int64_t> channels;
    for (const auto stage : config_.outStages) channels.push_back(config_.hiddenSizes[stage]);
    return channels;
}

std::vector<torch::Tensor> RtDetrResNetVdImpl::forward(const torch::Tensor& images) {
    auto x = images;
    for (auto& layer : stem_) x = layer(x);
    x = at::max_pool2d(x, /*kernel_size=*/{3, 3}, /*stride=*/{2, 2}, /*padding=*/{1, 1});
    std::vector<torch::Tensor> maps;
    for (int s = 0; s < kRtDetrBackboneStages; ++s) {
        for (auto& block : stages_[s]) x = block(x);
        if (std::find(config_.outStages.begin(), config_.outStages.end(), s) != config_.outStages.end()) {
            maps.push_back(x);
        }
    }
    return maps;
}

}  // namespace graphlens::families::rtdetr
