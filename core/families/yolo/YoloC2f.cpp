#include "families/yolo/YoloC2f.h"

#include <ATen/ATen.h>

#include <stdexcept>
#include <string>

namespace graphlens::families::yolo {

namespace {
std::int64_t hiddenChannels(std::int64_t outChannels) { return outChannels / 2; }  // Ultralytics' int(c2 * 0.5)
}  // namespace

YoloC2fImpl::YoloC2fImpl(std::int64_t inChannels, std::int64_t outChannels, std::int64_t bottlenecks, bool shortcut)
    : cv1_(register_module("cv1", YoloConv(inChannels, 2 * hiddenChannels(outChannels)))),
      cv2_(register_module("cv2", YoloConv((2 + bottlenecks) * hiddenChannels(outChannels), outChannels))) {
    if (bottlenecks < 1) {
        throw std::invalid_argument("a C2f block needs at least one bottleneck; got " + std::to_string(bottlenecks));
    }
    auto list = register_module("m", torch::nn::ModuleList());
    for (std::int64_t i = 0; i < bottlenecks; ++i) {
        bottlenecks_.emplace_back(hiddenChannels(outChannels), shortcut);
        list->push_back(bottlenecks_.back());
    }
}

torch::Tensor YoloC2fImpl::forward(const torch::Tensor& x) {
    auto parts = cv1_(x).chunk(2, /*dim=*/1);
    for (auto& bottleneck : bottlenecks_) parts.push_back(bottleneck(parts.back()));
    return cv2_(at::cat(parts, /*dim=*/1));
}

}  // namespace graphlens::families::yolo
