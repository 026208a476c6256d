#include "families/rtdetr/RtDetrDecoderSide.h"

#include "families/rtdetr/RtDetrAnchors.h"
#include "families/rtdetr/RtDetrDenoisingGroup.h"

#include <ATen/ATen.h>
#include <torch/nn/init.h>
#include <torch/nn/modules/batchnorm.h>
#include <torch/nn/modules/conv.h>
#include <torch/nn/modules/normalization.h>
#include <torch/utils.h>

#include <cmath>
#include <sstream>
#include <stdexcept>

namespace graphlens::families::rtdetr {

namespace {

RtDetrDecoderConfig withClasses(std::int64_t classes) {
    RtDetrDecoderConfig config;
    config.classes = classes;
    return config;
}

void checkFeatures(const std::vector<torch::Tensor>& features, const RtDetrDecoderConfig& config) {
    std::ostringstream problem;
    if (static_cast<std::int64_t>(features.size()) != config.levels) {
        problem << "expects " << config.levels << " feature maps, got " << features.size();
    } else {
        std::int64_t positions = 0;
        for (const auto& map : features) {
            if (!map.defined() || map.dim() != 4 || map.size(1) != config.hidden ||
                map.size(0) != features.front().size(0)) {
                problem << "expects maps [B, " << config.hidden << ", H, W] of one batch size, got "
                        << (map.defined() ? map.sizes() : at::IntArrayRef{});
                break;
            }
            positions += map.size(2) * map.size(3);
        }
        if (problem.str().empty() && positions < config.queries) {
            problem << "needs at least " << config.queries << " map positions to pick its queries from, got "
                    << positions << " (a larger input image)";
        }
    }
    if (!problem.str().empty()) throw std::invalid_argument("RtDetrDecoderSide " + problem.str());
}

// [B, positions, C] -> the rows at index [B, k] -> [B, k, C]
torch::Tensor rowsAt(const torch::Tensor& values, const torch::Tensor& index) {
    return values.gather(1, index.unsqueeze(-1).repeat({1, 1, values.size(-1)}));
}

}  // namespace

RtDetrDecoderSideImpl::RtDetrDecoderSideImpl(std::int64_t classes) : RtDetrDecoderSideImpl(withClasses(classes)) {}

RtDetrDecoderSideImpl::RtDetrDecoderSideImpl(const RtDetrDecoderConfig& config) : config_(config) {
    if (config.classes < 1 || config.queries < 1) {
        throw std::invalid_argument("RtDetrDecoderSide needs at least one class and one query");
    }
    const auto hidden = config.hidden;
    denoisingClassEmbed_ = register_module(
        "denoising_class_embed",
        torch::nn::Embedding(torch::nn::EmbeddingOptions(config.classes + 1, hidden).padding_idx(config.classes)));
    encOutput_ = register_module(
        "enc_output", torch::nn::Sequential(torch::nn::Linear(hidden, hidden),
                                            torch::nn::LayerNorm(torch::nn::LayerNormOptions({hidden}).eps(
                                                config.layerNormEps))));
    encScoreHead_ = register_module("enc_score_head", torch::nn::Linear(hidden, config.classes));
    encBboxHead_ = register_module("enc_bbox_head", RtDetrMlpHead(hidden, hidden, 4, 3));
    decoderInputProj_ = register_module("decoder_input_proj", torch::nn::ModuleList());
    for (std::int64_t level = 0; level < config.levels; ++level) {
        decoderInputProj_->push_back(torch::nn::Sequential(
            torch::nn::Conv2d(torch::nn::Conv2dOptions(hidden, hidden, 1).bias(false)),
            torch::nn::BatchNorm2d(torch::nn::BatchNormOptions(hidden).eps(config.batchNormEps))));
    }
    decoder_ = register_module("decoder", RtDetrDecoder(config));

    // transformers' initialisation where it matters for training from scratch: proposal scores start at
    // the focal-loss prior, the denoising label embedding is Xavier.
    torch::NoGradGuard noGrad;
    const double prior = 1.0 / static_cast<double>(config.classes + 1);
    torch::nn::init::xavier_uniform_(encScoreHead_->weight);
    encScoreHead_->bias.fill_(-std::log((1 - prior) / prior));
    torch::nn::init::xavier_uniform_(denoisingClassEmbed_->weight);
}

RtDetrDecoderOutput RtDetrDecoderSideImpl::forward(const std::vector<torch::Tensor>& features,
                                                   const std::vector<RtDetrTarget>* targets) {
    checkFeatures(features, config_);
    const auto batch = features.front().size(0);
    RtDetrMapShapes shapes;
    std::vector<torch::Tensor> flattened;
    for (std::size_t level = 0; level < features.size(); ++level) {
        const auto projected = decoderInputProj_->ptr<torch::nn::SequentialImpl>(level)->forward(features[level]);
        shapes.push_back({projected.size(2), projected.size(3)});
        flattened.push_back(projected.flatten(2).transpose(1, 2));
    }
    const auto memory = at::cat(flattened, 1);  // [B, positions, hidden], finest level first

    std::optional<RtDetrDenoisingGroup> denoising;
    if (is_training() && targets != nullptr) {
        if (static_cast<std::int64_t>(targets->size()) != batch) {
            throw std::invalid_argument("RtDetrDecoderSide needs one target per image");
        }
        denoising = rtdetrDenoisingGroup(*targets, config_);
    }

    // Proposals: every valid position scored and boxed around its anchor; invalid ones see a zero memory.
    const auto anchors = rtdetrAnchors(shapes, memory.options(), config_.anchorSize);
    const auto proposalMemory = encOutput_->forward(anchors.valid.to(memory.scalar_type()) * memory);
    const auto proposalLogits = encScoreHead_(proposalMemory);
    const auto proposalBoxes = encBboxHead_(proposalMemory) + anchors.logits;
    const auto best = std::get<1>(at::topk(std::get<0>(proposalLogits.max(-1)), config_.queries, 1));

    RtDetrDecoderOutput out;
    auto boxLogits = rowsAt(proposalBoxes, best);
    out.encTopkBoxes = at::sigmoid(boxLogits);
    out.encTopkLogits = rowsAt(proposalLogits, best);
    auto queries = rowsAt(proposalMemory, best).detach();
    std::optional<torch::Tensor> mask;
    if (denoising) {
        // Under autocast the heads' dtypes differ (LayerNorm gives fp32, linear layers fp16): each part
        // joins in the dtype of what it is put in front of.
        const auto device = memory.device();
        boxLogits = at::cat({denoising->boxLogits.to(device, boxLogits.scalar_type()), boxLogits}, 1);
        queries = at::cat({denoisingClassEmbed_(denoising->classIds.to(device)).to(queries.scalar_type()), queries}, 1);
        mask = denoising->attentionMask.to(device);
        out.denoising = std::move(denoising->layout);
    }
    auto predictions = decoder_(queries, boxLogits.detach(), memory, shapes, mask);
    out.logits = std::move(predictions.logits);
    out.boxes = std::move(predictions.boxes);
    return out;
}

}  // namespace graphlens::families::rtdetr
