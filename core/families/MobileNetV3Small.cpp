#include "families/MobileNetV3Small.h"

#include <torch/nn/functional/pooling.h>
#include <torch/nn/init.h>
#include <torch/nn/modules/container/functional.h>
#include <torch/nn/modules/dropout.h>
#include <torch/nn/modules/linear.h>
#include <torch/utils.h>

#include <vector>

namespace graphlens::families {
namespace F = torch::nn::functional;

namespace {
constexpr BatchNormSettings kNorm{/*eps=*/0.001, /*momentum=*/0.01};
constexpr auto RE = Activation::ReLU;
constexpr auto HS = Activation::Hardswish;

// torchvision _mobilenet_v3_conf("mobilenet_v3_small"): in, kernel, expanded, out, SE, activation, stride.
const std::vector<MobileNetV3BlockConfig>& smallConfig() {
    static const std::vector<MobileNetV3BlockConfig> config = {
        {16, 3, 16, 16, true, RE, 2},   {16, 3, 72, 24, false, RE, 2}, {24, 3, 88, 24, false, RE, 1},
        {24, 5, 96, 40, true, HS, 2},   {40, 5, 240, 40, true, HS, 1}, {40, 5, 240, 40, true, HS, 1},
        {40, 5, 120, 48, true, HS, 1},  {48, 5, 144, 48, true, HS, 1}, {48, 5, 288, 96, true, HS, 2},
        {96, 5, 576, 96, true, HS, 1},  {96, 5, 576, 96, true, HS, 1},
    };
    return config;
}
constexpr int64_t kLastChannel = 1024;
}  // namespace

MobileNetV3BlockImpl::MobileNetV3BlockImpl(const MobileNetV3BlockConfig& c, BatchNormSettings norm)
    : block(register_module("block", Sequence())),
      useResidual(c.stride == 1 && c.inChannels == c.outChannels) {
    if (c.expandedChannels != c.inChannels) {
        block->push_back(convNormActivation({c.inChannels, c.expandedChannels, /*kernel=*/1, /*stride=*/1,
                                             /*groups=*/1, c.activation, norm}));
    }
    block->push_back(convNormActivation({c.expandedChannels, c.expandedChannels, c.kernel, c.stride,
                                         /*groups=*/c.expandedChannels, c.activation, norm}));
    if (c.useSe) {
        block->push_back(SqueezeExcitation(c.expandedChannels, makeDivisible(c.expandedChannels / 4, 8),
                                           Activation::ReLU, Activation::Hardsigmoid));
    }
    block->push_back(convNormActivation({c.expandedChannels, c.outChannels, /*kernel=*/1, /*stride=*/1,
                                         /*groups=*/1, Activation::None, norm}));
}

torch::Tensor MobileNetV3BlockImpl::forward(const torch::Tensor& x) {
    auto out = block->forward(x);
    return useResidual ? out + x : out;
}

MobileNetV3SmallImpl::MobileNetV3SmallImpl(int64_t numClasses)
    : features(register_module("features", Sequence())),
      classifier(register_module("classifier", Sequence())) {
    const auto& config = smallConfig();
    features->push_back(convNormActivation({3, config.front().inChannels, /*kernel=*/3, /*stride=*/2,
                                            /*groups=*/1, Activation::Hardswish, kNorm}));
    for (const auto& c : config) features->push_back(MobileNetV3Block(c, kNorm));
    const int64_t lastConv = 6 * config.back().outChannels;
    features->push_back(convNormActivation({config.back().outChannels, lastConv, /*kernel=*/1, /*stride=*/1,
                                            /*groups=*/1, Activation::Hardswish, kNorm}));
    classifier->push_back(torch::nn::Linear(lastConv, kLastChannel));
    classifier->push_back(torch::nn::Functional([](const torch::Tensor& x) { return torch::hardswish(x); }));
    classifier->push_back(torch::nn::Dropout(torch::nn::DropoutOptions(/*p=*/0.2)));
    classifier->push_back(torch::nn::Linear(kLastChannel, numClasses));

    initConvAndBatchNorm(*this);
    torch::NoGradGuard noGrad;
    for (auto& module : modules(/*include_self=*/false)) {
        if (auto* linear = module->as<torch::nn::Linear>()) {
            torch::nn::init::normal_(linear->weight, /*mean=*/0.0, /*std=*/0.01);
            torch::nn::init::zeros_(linear->bias);
        }
    }
}

torch::Tensor MobileNetV3SmallImpl::forward(const torch::Tensor& x) {
    auto out = features->forward(x);
    out = F::adaptive_avg_pool2d(out, F::AdaptiveAvgPool2dFuncOptions(1)).flatten(1);
    return classifier->forward(out);
}

NameMapping mobileNetV3SmallTorchvisionNames() {
    return {{"features.", "features."}, {"classifier.", "classifier."}};
}

Family makeMobileNetV3SmallFamily() {
    auto family = makeWholeGraphFamily<MobileNetV3Small>("mobilenetv3-s", "classify", /*defaultImgsz=*/224, /*numClasses=*/1000);
    // Any side works: every stride-2 layer pads and rounds its map up (a 1x1 map stays 1x1) and global
    // average pooling feeds the classifier (ImageSizeRuleTest runs it at 1 px).
    family.imageSizes = {/*minimum=*/1, /*multipleOf=*/1, ""};
    return family;
}

}  // namespace graphlens::families
