#include "families/yolo/YoloV8.h"

#include <ATen/ATen.h>
#include <torch/nn/modules/container/modulelist.h>
#include <torch/nn/modules/linear.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <string>

namespace graphlens::families::yolo {

namespace {

YoloV8Scale checked(const YoloV8Scale& scale) {
    if (!(scale.width > 0) || !(scale.depth > 0) || scale.maxChannels < 8) {
        throw std::invalid_argument("a YOLOv8 scale needs width > 0, depth > 0 and max channels >= 8; got width " +
                                    std::to_string(scale.width) + ", depth " + std::to_string(scale.depth) +
                                    ", max channels " + std::to_string(scale.maxChannels));
    }
    return scale;
}

// Ultralytics' make_divisible(min(c, max_channels) * width, 8).
std::int64_t channels(int yamlChannels, const YoloV8Scale& scale) {
    const double scaled = std::min(yamlChannels, scale.maxChannels) * scale.width;
    return static_cast<std::int64_t>(std::ceil(scaled / 8.0)) * 8;
}

// Ultralytics' max(round(n * depth), 1) for n > 1; std::nearbyint rounds halves to even as Python's round.
std::int64_t repeats(int yamlRepeats, const YoloV8Scale& scale) {
    if (yamlRepeats <= 1) return yamlRepeats;
    return std::max<std::int64_t>(static_cast<std::int64_t>(std::nearbyint(yamlRepeats * scale.depth)), 1);
}

torch::nn::Upsample nearestTimesTwo() {
    return torch::nn::Upsample(
        torch::nn::UpsampleOptions().scale_factor(std::vector<double>{2.0, 2.0}).mode(torch::kNearest));
}

}  // namespace

YoloV8Impl::YoloV8Impl(int numClasses, YoloV8Scale scale) : numClasses_(numClasses) {
    const auto s = checked(scale);
    const auto c = [&s](int yamlChannels) { return channels(yamlChannels, s); };
    const auto n = [&s](int yamlRepeats) { return repeats(yamlRepeats, s); };
    stem_ = YoloConv(3, c(64), /*kernel=*/3, /*stride=*/2);
    downToP2_ = YoloConv(c(64), c(128), 3, 2);
    stageP2_ = YoloC2f(c(128), c(128), n(3), /*shortcut=*/true);
    downToP3_ = YoloConv(c(128), c(256), 3, 2);
    stageP3_ = YoloC2f(c(256), c(256), n(6), true);
    downToP4_ = YoloConv(c(256), c(512), 3, 2);
    stageP4_ = YoloC2f(c(512), c(512), n(6), true);
    downToP5_ = YoloConv(c(512), c(1024), 3, 2);
    stageP5_ = YoloC2f(c(1024), c(1024), n(3), true);
    sppf_ = YoloSppf(c(1024), c(1024));
    upsampleToP4_ = nearestTimesTwo();
    topDownP4_ = YoloC2f(c(1024) + c(512), c(512), n(3), /*shortcut=*/false);
    upsampleToP3_ = nearestTimesTwo();
    outP3_ = YoloC2f(c(512) + c(256), c(256), n(3), false);
    downFromP3_ = YoloConv(c(256), c(256), 3, 2);
    outP4_ = YoloC2f(c(256) + c(512), c(512), n(3), false);
    downFromP4_ = YoloConv(c(512), c(512), 3, 2);
    outP5_ = YoloC2f(c(512) + c(1024), c(1024), n(3), false);
    detect_ = YoloDetectHead(numClasses, std::array<std::int64_t, 3>{c(256), c(512), c(1024)});

    // The yaml's Concat layers hold nothing and forward concatenates directly; Identity keeps their
    // indices (11, 14, 17, 20) so that every later layer's name matches Ultralytics'.
    const auto concat = [] { return torch::nn::Identity(); };
    auto model = register_module("model", torch::nn::ModuleList());
    model->push_back(stem_);
    model->push_back(downToP2_);
    model->push_back(stageP2_);
    model->push_back(downToP3_);
    model->push_back(stageP3_);
    model->push_back(downToP4_);
    model->push_back(stageP4_);
    model->push_back(downToP5_);
    model->push_back(stageP5_);
    model->push_back(sppf_);
    model->push_back(upsampleToP4_);
    model->push_back(concat());
    model->push_back(topDownP4_);
    model->push_back(upsampleToP3_);
    model->push_back(concat());
    model->push_back(outP3_);
    model->push_back(downFromP3_);
    model->push_back(concat());
    model->push_back(outP4_);
    model->push_back(downFromP4_);
    model->push_back(concat());
    model->push_back(outP5_);
    model->push_back(detect_);
}

torch::Tensor YoloV8Impl::forward(const torch::Tensor& images) {
    if (images.dim() != 4 || images.size(1) != 3 || images.size(2) % 32 != 0 || images.size(3) % 32 != 0 ||
        images.size(2) == 0 || images.size(3) == 0) {
        throw std::invalid_argument("YOLOv8 takes images [batch, 3, height, width] with height and width multiples "
                                    "of 32; got " + std::to_string(images.dim()) + " dimensions, sizes " +
                                    c10::str(images.sizes()));
    }
    const auto p3 = stageP3_(downToP3_(stageP2_(downToP2_(stem_(images)))));
    const auto p4 = stageP4_(downToP4_(p3));
    const auto p5 = sppf_(stageP5_(downToP5_(p4)));
    const auto neckP4 = topDownP4_(at::cat({upsampleToP4_(p5), p4}, /*dim=*/1));
    const auto headP3 = outP3_(at::cat({upsampleToP3_(neckP4), p3}, 1));
    const auto headP4 = outP4_(at::cat({downFromP3_(headP3), neckP4}, 1));
    const auto headP5 = outP5_(at::cat({downFromP4_(headP4), p5}, 1));
    return detect_->forward({headP3, headP4, headP5});
}

int YoloV8Impl::numClasses() const { return numClasses_; }

}  // namespace graphlens::families::yolo
