#include "families/EfficientNetB0.h"

#include "families/StochasticDepth.h"

#include <torch/nn/functional/pooling.h>
#include <torch/nn/init.h>
#include <torch/nn/modules/dropout.h>
#include <torch/nn/modules/linear.h>
#include <torch/utils.h>

#include <cmath>
#include <vector>

namespace graphlens::families {
namespace F = torch::nn::functional;

namespace {
// torchvision's efficientnet_b0 keeps nn.BatchNorm2d's defaults (eps 1e-5, momentum 0.1).
constexpr BatchNormSettings kEfficientNetNorm{};

struct EfficientNetStage {
    int64_t expandRatio, kernel, stride, inChannels, outChannels, layers;
};
// Table 1 of the paper (torchvision _efficientnet_conf("efficientnet_b0"), width and depth 1.0).
const std::vector<EfficientNetStage>& b0Config() {
    static const std::vector<EfficientNetStage> config = {
        {1, 3, 1, 32, 16, 1},  {6, 3, 2, 16, 24, 2},  {6, 5, 2, 24, 40, 2},   {6, 3, 2, 40, 80, 3},
        {6, 5, 1, 80, 112, 3}, {6, 5, 2, 112, 192, 4}, {6, 3, 1, 192, 320, 1},
    };
    return config;
}
}  // namespace

MBConvImpl::MBConvImpl(int64_t inChannels, int64_t outChannels, int64_t expandRatio, int64_t kernel,
                       int64_t stride, double stochasticDepthProb)
    : block(register_module("block", Sequence())),
      useResidual(stride == 1 && inChannels == outChannels),
      stochasticDepthProb(stochasticDepthProb) {
    const int64_t expanded = makeDivisible(static_cast<double>(inChannels * expandRatio), 8);
    if (expanded != inChannels) {
        block->push_back(convNormActivation(
            {inChannels, expanded, /*kernel=*/1, /*stride=*/1, /*groups=*/1, Activation::SiLU, kEfficientNetNorm}));
    }
    block->push_back(convNormActivation(
        {expanded, expanded, kernel, stride, /*groups=*/expanded, Activation::SiLU, kEfficientNetNorm}));
    block->push_back(SqueezeExcitation(expanded, /*squeezeChannels=*/std::max<int64_t>(1, inChannels / 4),
                                       Activation::SiLU, Activation::Sigmoid));
    block->push_back(convNormActivation(
        {expanded, outChannels, /*kernel=*/1, /*stride=*/1, /*groups=*/1, Activation::None, kEfficientNetNorm}));
}

torch::Tensor MBConvImpl::forward(const torch::Tensor& x) {
    auto out = block->forward(x);
    if (!useResidual) return out;
    return stochasticDepth(out, stochasticDepthProb, is_training()) + x;
}

EfficientNetB0Impl::EfficientNetB0Impl(int64_t numClasses, double stochasticDepthProb)
    : features(register_module("features", Sequence())),
      classifier(register_module("classifier", Sequence())) {
    const auto& config = b0Config();
    features->push_back(convNormActivation(
        {3, config.front().inChannels, /*kernel=*/3, /*stride=*/2, /*groups=*/1, Activation::SiLU, kEfficientNetNorm}));
    int64_t totalBlocks = 0;
    for (const auto& stage : config) totalBlocks += stage.layers;
    int64_t blockId = 0;
    for (const auto& stage : config) {
        Sequence blocks;
        for (int64_t i = 0; i < stage.layers; ++i, ++blockId) {
            const double p = stochasticDepthProb * static_cast<double>(blockId) / static_cast<double>(totalBlocks);
            blocks->push_back(MBConv(i == 0 ? stage.inChannels : stage.outChannels, stage.outChannels,
                                     stage.expandRatio, stage.kernel, i == 0 ? stage.stride : 1, p));
        }
        features->push_back(blocks);
    }
    const int64_t lastIn = config.back().outChannels;
    const int64_t lastConv = 4 * lastIn;
    features->push_back(convNormActivation(
        {lastIn, lastConv, /*kernel=*/1, /*stride=*/1, /*groups=*/1, Activation::SiLU, kEfficientNetNorm}));
    classifier->push_back(torch::nn::Dropout(torch::nn::DropoutOptions(/*p=*/0.2)));
    classifier->push_back(torch::nn::Linear(lastConv, numClasses));

    initConvAndBatchNorm(*this);
    torch::NoGradGuard noGrad;
    for (auto& module : modules(/*include_self=*/false)) {
        if (auto* linear = module->as<torch::nn::Linear>()) {
            const double range = 1.0 / std::sqrt(static_cast<double>(linear->options.out_features()));
            torch::nn::init::uniform_(linear->weight, -range, range);
            torch::nn::init::zeros_(linear->bias);
        }
    }
}

torch::Tensor EfficientNetB0Impl::forward(const torch::Tensor& x) {
    auto out = features->forward(x);
    out = F::adaptive_avg_pool2d(out, F::AdaptiveAvgPool2dFuncOptions(1)).flatten(1);
    return classifier->forward(out);
}

NameMapping efficientNetB0TorchvisionNames() {
    return {{"features.", "features."}, {"classifier.", "classifier."}};
}

Family makeEfficientNetB0Family() {
    auto family = makeWholeGraphFamily<EfficientNetB0>("efficientnet-b0", "classify", /*defaultImgsz=*/224, /*numClasses=*/1000);
    // Any side works: every stride-2 layer pads and rounds its map up (a 1x1 map stays 1x1) and global
    // average pooling feeds the classifier (ImageSizeRuleTest runs it at 1 px).
    family.imageSizes = {/*minimum=*/1, /*multipleOf=*/1, ""};
    return family;
}

}  // namespace graphlens::families
