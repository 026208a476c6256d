#include "families/segformer/SegformerDecodeHead.h"

#include "families/segformer/SegformerTokens.h"

#include <ATen/ATen.h>
#include <torch/nn/functional/activation.h>
#include <torch/nn/functional/upsampling.h>
#include <torch/nn/modules/container/modulelist.h>

#include <stdexcept>
#include <string>

namespace graphlens::families::segformer {

SegformerDecodeHeadImpl::SegformerDecodeHeadImpl(const SegformerConfig& config, std::int64_t numLabels) {
    const auto hidden = config.decoderHiddenSize;
    auto projections = register_module("projections", torch::nn::ModuleList());
    for (const auto channels : config.hiddenSizes) {
        projections_.emplace_back(channels, hidden);
        projections->push_back(projections_.back());
    }
    fuse_ = register_module(
        "fuse", torch::nn::Conv2d(torch::nn::Conv2dOptions(hidden * kStages, hidden, 1).bias(false)));
    fuseNorm_ =
        register_module("fuse_norm", torch::nn::BatchNorm2d(hidden));  // PyTorch's eps 1e-5, momentum 0.1
    dropout_ = register_module("dropout", torch::nn::Dropout(config.classifierDropout));
    classifier_ =
        register_module("classifier", torch::nn::Conv2d(torch::nn::Conv2dOptions(hidden, numLabels, 1)));
}

torch::Tensor SegformerDecodeHeadImpl::forward(const std::vector<torch::Tensor>& features) {
    if (features.size() != projections_.size()) {
        throw std::invalid_argument("the decode head takes " + std::to_string(projections_.size()) +
                                    " maps; got " + std::to_string(features.size()));
    }
    const auto batch = features.front().size(0);
    const std::vector<std::int64_t> size{features.front().size(2), features.front().size(3)};
    std::vector<torch::Tensor> projected(features.size());
    for (size_t s = 0; s < features.size(); ++s) {
        const auto& map = features[s];
        auto x =
            projections_[s](gridToTokens(map)).transpose(1, 2).reshape({batch, -1, map.size(2), map.size(3)});
        // The first map is already at the target size, where bilinear resampling is the identity.
        if (s > 0) {
            x = torch::nn::functional::interpolate(x, torch::nn::functional::InterpolateFuncOptions()
                                                          .size(size)
                                                          .mode(torch::kBilinear)
                                                          .align_corners(false));
        }
        projected[features.size() - 1 - s] = x;  // deepest first, the order the fuse conv's weights expect
    }
    const auto fused = torch::nn::functional::relu(fuseNorm_(fuse_(at::cat(projected, /*dim=*/1))));
    return classifier_(dropout_(fused));
}

}  // namespace graphlens::families::segformer
