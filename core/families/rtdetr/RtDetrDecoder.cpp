#include "families/rtdetr/RtDetrDecoder.h"

#include "families/rtdetr/RtDetrBoxMath.h"
#include "families/rtdetr/RtDetrDecoderLayer.h"

#include <ATen/ATen.h>
#include <torch/nn/init.h>
#include <torch/nn/modules/linear.h>
#include <torch/utils.h>

#include <cmath>

namespace graphlens::families::rtdetr {

RtDetrDecoderImpl::RtDetrDecoderImpl(const RtDetrDecoderConfig& config) {
    layers_ = register_module("layers", torch::nn::ModuleList());
    for (std::int64_t i = 0; i < config.layers; ++i) layers_->push_back(RtDetrDecoderLayer(config));
    queryPosHead_ = register_module("query_pos_head", RtDetrMlpHead(4, 2 * config.hidden, config.hidden, 2));
    classEmbed_ = register_module("class_embed", torch::nn::ModuleList());
    bboxEmbed_ = register_module("bbox_embed", torch::nn::ModuleList());
    for (std::int64_t i = 0; i < config.layers; ++i) {
        classEmbed_->push_back(torch::nn::Linear(config.hidden, config.classes));
        bboxEmbed_->push_back(RtDetrMlpHead(config.hidden, config.hidden, 4, 3));
    }
    resetHeads(config.classes);
}

void RtDetrDecoderImpl::resetHeads(std::int64_t classes) {
    torch::NoGradGuard noGrad;
    const double prior = 1.0 / static_cast<double>(classes + 1);
    for (std::size_t i = 0; i < classEmbed_->size(); ++i) {
        const auto head = classEmbed_->ptr<torch::nn::LinearImpl>(i);
        torch::nn::init::xavier_uniform_(head->weight);
        head->bias.fill_(-std::log((1 - prior) / prior));
        const auto last = bboxEmbed_->ptr<RtDetrMlpHeadImpl>(i)->last();
        last->weight.zero_();
        last->bias.zero_();
    }
}

RtDetrDecoderPredictions RtDetrDecoderImpl::forward(const torch::Tensor& queries, const torch::Tensor& boxLogits,
                                                    const torch::Tensor& memory, const RtDetrMapShapes& shapes,
                                                    const std::optional<torch::Tensor>& mask) {
    auto x = queries;
    auto boxes = at::sigmoid(boxLogits.detach());
    std::vector<torch::Tensor> logits, refined;
    for (std::size_t i = 0; i < layers_->size(); ++i) {
        const auto position = queryPosHead_(boxes);
        x = layers_->ptr<RtDetrDecoderLayerImpl>(i)->forward(x, position, boxes, memory, shapes, mask);
        const auto next = at::sigmoid(bboxEmbed_->ptr<RtDetrMlpHeadImpl>(i)->forward(x) + inverseSigmoid(boxes));
        refined.push_back(next);
        logits.push_back(classEmbed_->ptr<torch::nn::LinearImpl>(i)->forward(x));
        boxes = next.detach();  // each layer refines the previous box; gradients stay within a layer
    }
    return {at::stack(logits, 1), at::stack(refined, 1)};
}

}  // namespace graphlens::families::rtdetr
