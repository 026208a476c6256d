#include "families/segformer/Segformer.h"

#include <torch/nn/init.h>
#include <torch/nn/modules/conv.h>
#include <torch/nn/modules/linear.h>

#include <cmath>
#include <stdexcept>
#include <string>

namespace graphlens::families::segformer {

namespace {

// The original MiT's init_weights: Linear weights from timm's trunc_normal_(std=0.02), which cuts at
// +-2 absolute (100 std), so in effect a normal; convs from a normal of std sqrt(2 / fan out) (fan out
// = k * k * out / groups); zero biases; norms keep ones and zeros. libtorch's kaiming-uniform defaults
// would start training somewhere else.
void initialise(torch::nn::Module& model) {
    torch::NoGradGuard noGrad;
    for (auto& module : model.modules(/*include_self=*/false)) {
        if (auto* linear = module->as<torch::nn::Linear>()) {
            linear->weight.normal_(/*mean=*/0.0, /*std=*/0.02).clamp_(-2.0, 2.0);
            torch::nn::init::zeros_(linear->bias);
        } else if (auto* conv = module->as<torch::nn::Conv2d>()) {
            const auto& kernel = conv->options.kernel_size();
            const double fanOut = static_cast<double>((*kernel)[0] * (*kernel)[1] *
                                                      conv->options.out_channels() / conv->options.groups());
            conv->weight.normal_(0.0, std::sqrt(2.0 / fanOut));
            if (conv->bias.defined()) torch::nn::init::zeros_(conv->bias);
        }
    }
}

}  // namespace

SegformerImpl::SegformerImpl(std::int64_t numLabels, const SegformerConfig& config)
    : numLabels_(numLabels), config_(config) {
    if (numLabels < 1)
        throw std::invalid_argument("SegFormer needs at least one label; got " + std::to_string(numLabels));
    encoder_ = register_module("encoder", MixTransformerEncoder(config));
    decodeHead_ = register_module("decode_head", SegformerDecodeHead(config, numLabels));
    initialise(*this);
    // The classifier starts near zero, as mmsegmentation's conv_seg (std 0.01) does: under the MiT rule
    // above (std sqrt(2 / labels)) the first logits are far from uniform and training starts at a loss
    // several times ln(labels) (11.6 instead of 1.8 at 6 labels, 64 px).
    torch::NoGradGuard noGrad;
    named_parameters()["decode_head.classifier.weight"].normal_(/*mean=*/0.0, /*std=*/0.01);
}

torch::Tensor SegformerImpl::forward(const torch::Tensor& images) {
    if (images.dim() != 4 || images.size(1) != 3 || images.size(2) < kMinSide || images.size(3) < kMinSide) {
        throw std::invalid_argument(
            "SegFormer takes images [batch, 3, height, width] with height and width >= " +
            std::to_string(kMinSide) + "; got " + std::to_string(images.dim()) + " dimensions, sizes " +
            c10::str(images.sizes()));
    }
    return decodeHead_(encoder_(images));
}

}  // namespace graphlens::families::segformer
