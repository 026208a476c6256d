#include "families/rtdetr/RtDetrDeformableAttention.h"

#include "families/rtdetr/RtDetrDeformableSampling.h"

#include <ATen/ATen.h>
#include <torch/nn/init.h>
#include <torch/utils.h>

#include <cmath>
#include <stdexcept>
#include <string>

namespace graphlens::families::rtdetr {

namespace {
constexpr double kPi = 3.14159265358979323846;
}  // namespace

RtDetrDeformableAttentionImpl::RtDetrDeformableAttentionImpl(std::int64_t hidden, std::int64_t heads,
                                                             std::int64_t levels, std::int64_t points)
    : hidden_(hidden), heads_(heads), levels_(levels), points_(points) {
    if (heads < 1 || hidden % heads != 0 || levels < 1 || points < 1) {
        throw std::invalid_argument("deformable attention needs hidden divisible by heads and at least one level "
                                    "and point; got hidden " + std::to_string(hidden) + ", heads " +
                                    std::to_string(heads));
    }
    samplingOffsets_ = register_module("sampling_offsets", torch::nn::Linear(hidden, heads * levels * points * 2));
    attentionWeights_ = register_module("attention_weights", torch::nn::Linear(hidden, heads * levels * points));
    valueProj_ = register_module("value_proj", torch::nn::Linear(hidden, hidden));
    outputProj_ = register_module("output_proj", torch::nn::Linear(hidden, hidden));
    resetParameters();
}

void RtDetrDeformableAttentionImpl::resetParameters() {
    torch::NoGradGuard noGrad;
    samplingOffsets_->weight.zero_();
    const auto thetas = at::arange(heads_, at::kFloat) * (2.0 * kPi / static_cast<double>(heads_));
    auto directions = at::stack({thetas.cos(), thetas.sin()}, -1);
    directions = (directions / std::get<0>(directions.abs().max(-1, /*keepdim=*/true)))
                     .view({heads_, 1, 1, 2})
                     .repeat({1, levels_, points_, 1});
    const auto reach = at::arange(1, points_ + 1, at::kFloat).view({1, 1, points_, 1});
    samplingOffsets_->bias.copy_((directions * reach).flatten());
    attentionWeights_->weight.zero_();
    attentionWeights_->bias.zero_();
    torch::nn::init::xavier_uniform_(valueProj_->weight);
    valueProj_->bias.zero_();
    torch::nn::init::xavier_uniform_(outputProj_->weight);
    outputProj_->bias.zero_();
}

torch::Tensor RtDetrDeformableAttentionImpl::forward(const torch::Tensor& queries, const torch::Tensor& memory,
                                                     const torch::Tensor& boxes, const RtDetrMapShapes& shapes) {
    const auto batch = queries.size(0), count = queries.size(1), positions = memory.size(1);
    std::int64_t expected = 0;
    for (const auto& shape : shapes) expected += shape.positions();
    if (expected != positions || static_cast<std::int64_t>(shapes.size()) != levels_) {
        throw std::invalid_argument("deformable attention: the memory holds " + std::to_string(positions) +
                                    " positions, its map shapes " + std::to_string(expected) + " over " +
                                    std::to_string(shapes.size()) + " levels");
    }
    const auto value = valueProj_(memory).view({batch, positions, heads_, hidden_ / heads_});
    const auto offsets = samplingOffsets_(queries).view({batch, count, heads_, levels_, points_, 2});
    const auto weights = at::softmax(attentionWeights_(queries).view({batch, count, heads_, levels_ * points_}), -1)
                             .view({batch, count, heads_, levels_, points_});
    // [B, Q, 4] -> [B, Q, 1 head, 1 level, 1 point, 2]; offsets move up to points x half the box per unit
    const auto anchor = boxes.reshape({batch, count, 1, 1, 1, 4});
    const auto centre = anchor.narrow(-1, 0, 2), size = anchor.narrow(-1, 2, 2);
    const auto locations = centre + offsets / static_cast<double>(points_) * size * 0.5;
    return outputProj_(deformableSampling(value, shapes, locations, weights));
}

}  // namespace graphlens::families::rtdetr
