#include "families/yolo/YoloDetectHead.h"

#include "families/yolo/YoloConv.h"
#include "families/yolo/YoloHeadLayout.h"

#include <ATen/ATen.h>
#include <torch/nn/modules/conv.h>
#include <torch/utils.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>

namespace graphlens::families::yolo {

namespace {

// Ultralytics' bias_init, so that training from scratch starts where theirs does: every distance logit
// at 2, and class logits at the prior of 5 objects per 640x640 image spread over the classes and the
// level's cells.
void initialiseBias(torch::nn::Conv2d& boxOut, torch::nn::Conv2d& classOut, int numClasses, int stride) {
    torch::NoGradGuard noGrad;
    boxOut->bias.fill_(2.0);
    const double cellsPerSide = 640.0 / stride;
    classOut->bias.fill_(std::log(5.0 / numClasses / (cellsPerSide * cellsPerSide)));
}

torch::nn::Sequential branch(std::int64_t inChannels, std::int64_t width, const torch::nn::Conv2d& out) {
    return torch::nn::Sequential(YoloConv(inChannels, width, /*kernel=*/3), YoloConv(width, width, /*kernel=*/3), out);
}

}  // namespace

YoloDetectHeadImpl::YoloDetectHeadImpl(int numClasses, const std::array<std::int64_t, 3>& levelChannels)
    : numClasses_(numClasses) {
    if (numClasses < 1) {
        throw std::invalid_argument("a detection head needs at least one class; got " + std::to_string(numClasses));
    }
    // Ultralytics' branch widths, both set by the finest level.
    const std::int64_t boxWidth = std::max<std::int64_t>({16, levelChannels[0] / 4, 4 * kRegMax});
    const std::int64_t classWidth = std::max<std::int64_t>(levelChannels[0], std::min(numClasses, 100));
    auto boxList = register_module("cv2", torch::nn::ModuleList());
    auto classList = register_module("cv3", torch::nn::ModuleList());
    for (std::size_t level = 0; level < levelChannels.size(); ++level) {
        torch::nn::Conv2d boxOut(torch::nn::Conv2dOptions(boxWidth, 4 * kRegMax, 1));
        torch::nn::Conv2d classOut(torch::nn::Conv2dOptions(classWidth, numClasses, 1));
        initialiseBias(boxOut, classOut, numClasses, kStrides[level]);
        boxBranches_.push_back(branch(levelChannels[level], boxWidth, boxOut));
        classBranches_.push_back(branch(levelChannels[level], classWidth, classOut));
        boxList->push_back(boxBranches_.back());
        classList->push_back(classBranches_.back());
    }
    // Ultralytics keeps the DFL integral (bin weights 0..15) as a frozen 1x1 conv, counted among its
    // parameters and saved in its state_dict; it lives here for those, decodeYoloHead computes the same
    // expectation itself.
    auto dfl = register_module("dfl", std::make_shared<torch::nn::Module>("YoloDfl"));
    auto integral = dfl->register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(kRegMax, 1, 1).bias(false)));
    torch::NoGradGuard noGrad;
    integral->weight.copy_(torch::arange(kRegMax, integral->weight.options()).view({1, kRegMax, 1, 1}));
    integral->weight.set_requires_grad(false);
}

torch::Tensor YoloDetectHeadImpl::forward(const std::vector<torch::Tensor>& levels) {
    if (levels.size() != boxBranches_.size()) {
        throw std::invalid_argument("the detection head takes the P3, P4 and P5 maps; got " +
                                    std::to_string(levels.size()) + " maps");
    }
    const auto batch = levels.front().size(0);
    const auto outputs = 4 * kRegMax + numClasses_;
    std::vector<torch::Tensor> flattened;
    for (std::size_t level = 0; level < levels.size(); ++level) {
        const auto& map = levels[level];
        flattened.push_back(
            at::cat({boxBranches_[level]->forward(map), classBranches_[level]->forward(map)}, /*dim=*/1)
                .view({batch, outputs, -1}));
    }
    return at::cat(flattened, /*dim=*/2);
}

}  // namespace graphlens::families::yolo
