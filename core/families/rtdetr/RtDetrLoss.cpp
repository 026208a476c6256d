#include "families/rtdetr/RtDetrLoss.h"

#include "families/rtdetr/RtDetrBoxLosses.h"
#include "families/rtdetr/RtDetrDenoisingMatch.h"
#include "families/rtdetr/RtDetrHungarianMatcher.h"
#include "families/rtdetr/RtDetrLossTargets.h"
#include "families/rtdetr/RtDetrVarifocalLoss.h"

#include <torch/torch.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

namespace graphlens::families::rtdetr {

namespace {

// transformers' _upcast: fp32 and fp64 stay, reduced precision is computed in fp32.
torch::Tensor inLossPrecision(const torch::Tensor& tensor) {
    const auto type = tensor.scalar_type();
    return type == torch::kFloat || type == torch::kDouble ? tensor : tensor.to(torch::kFloat);
}

void requireShapes(const RtDetrDecoderOutput& output, std::size_t images, const RtDetrLossConfig& config) {
    const auto& logits = output.logits;
    const auto& boxes = output.boxes;
    if (!logits.defined() || !boxes.defined() || logits.dim() != 4 || boxes.dim() != 4 ||
        boxes.size(3) != 4 || logits.size(0) != boxes.size(0) || logits.size(1) != boxes.size(1) ||
        logits.size(2) != boxes.size(2) || logits.size(1) == 0) {
        throw std::invalid_argument(
            "the RT-DETR loss takes logits [B, layers, queries, classes] and boxes [B, layers, queries, 4]");
    }
    if (static_cast<std::size_t>(logits.size(0)) != images) {
        throw std::invalid_argument("the RT-DETR loss got " + std::to_string(images) + " targets for " +
                                    std::to_string(logits.size(0)) + " images");
    }
    const auto denoisingQueries = output.denoising ? output.denoising->queries : 0;
    if (denoisingQueries < 0 || denoisingQueries >= logits.size(2) ||
        (output.denoising && output.denoising->groups < 1)) {
        throw std::invalid_argument("the denoising layout (" + std::to_string(denoisingQueries) +
                                    " queries) does not fit " + std::to_string(logits.size(2)) + " queries");
    }
    if (config.auxiliaryLoss && (!output.encTopkLogits.defined() || !output.encTopkBoxes.defined())) {
        throw std::invalid_argument("the auxiliary RT-DETR loss needs the encoder's top-k logits and boxes");
    }
}

// Accumulates the weighted terms under transformers' names and their sum in transformers' order.
class TermSink {
public:
    explicit TermSink(const RtDetrLossConfig& config) : config_(config) {}

    void add(const torch::Tensor& logits, const torch::Tensor& boxes,
             const std::vector<RtDetrTarget>& targets, const RtDetrMatches& matches, double numBoxes,
             const std::string& suffix) {
        const auto vfl = varifocalLoss(logits, boxes, targets, matches, numBoxes, config_);
        const auto box = boxLosses(boxes, targets, matches, numBoxes);
        put("loss_vfl" + suffix, vfl * config_.weightLossVfl);
        put("loss_bbox" + suffix, box.l1 * config_.weightLossBbox);
        put("loss_giou" + suffix, box.giou * config_.weightLossGiou);
    }

    RtDetrLossTerms finish() && { return {std::move(total_), std::move(terms_)}; }

private:
    void put(const std::string& name, const torch::Tensor& value) {
        total_ = total_.defined() ? total_ + value : value;
        terms_[name] = value;
    }

    const RtDetrLossConfig& config_;
    torch::Tensor total_;
    std::map<std::string, torch::Tensor> terms_;
};

}  // namespace

RtDetrLossTerms rtdetrLoss(const RtDetrDecoderOutput& output, const std::vector<RtDetrTarget>& targets,
                           const RtDetrLossConfig& config) {
    requireShapes(output, targets.size(), config);
    requireTargets(targets);
    const auto logits = inLossPrecision(output.logits);
    const auto boxes = inLossPrecision(output.boxes);
    const auto layers = logits.size(1);
    const auto denoisingQueries = output.denoising ? output.denoising->queries : 0;
    const auto detectionQueries = logits.size(2) - denoisingQueries;
    const auto detectionLogits = logits.narrow(2, denoisingQueries, detectionQueries);
    const auto detectionBoxes = boxes.narrow(2, denoisingQueries, detectionQueries);
    // transformers clamps the count as a float32 tensor; counts are far below 2^24, so this is exact.
    const auto numBoxes = static_cast<double>(std::max<std::int64_t>(groundTruthCount(targets), 1));

    TermSink sink(config);
    const auto addMatched = [&](const torch::Tensor& layerLogits, const torch::Tensor& layerBoxes,
                                const std::string& suffix) {
        sink.add(layerLogits, layerBoxes, targets, hungarianMatch(layerLogits, layerBoxes, targets, config),
                 numBoxes, suffix);
    };
    addMatched(detectionLogits.select(1, layers - 1), detectionBoxes.select(1, layers - 1), "");
    if (!config.auxiliaryLoss) return std::move(sink).finish();

    for (std::int64_t layer = 0; layer + 1 < layers; ++layer) {
        addMatched(detectionLogits.select(1, layer), detectionBoxes.select(1, layer),
                   "_aux_" + std::to_string(layer));
    }
    addMatched(inLossPrecision(output.encTopkLogits), inLossPrecision(output.encTopkBoxes),
               "_aux_" + std::to_string(layers - 1));

    if (output.denoising) {
        const auto matches = denoisingMatches(*output.denoising, targets);
        const auto denoisingNumBoxes = numBoxes * static_cast<double>(output.denoising->groups);
        for (std::int64_t layer = 0; layer < layers; ++layer) {
            sink.add(logits.select(1, layer).narrow(1, 0, denoisingQueries),
                     boxes.select(1, layer).narrow(1, 0, denoisingQueries), targets, matches,
                     denoisingNumBoxes, "_dn_" + std::to_string(layer));
        }
    }
    return std::move(sink).finish();
}

}  // namespace graphlens::families::rtdetr
