#include "families/Fomo.h"

#include "families/ConvNormActivation.h"

#include <torch/nn/functional/loss.h>
#include <torch/nn/modules/batchnorm.h>
#include <torch/nn/modules/container/functional.h>
#include <torch/nn/modules/conv.h>
#include <torch/utils.h>

#include <stdexcept>

namespace graphlens::families {
namespace F = torch::nn::functional;

namespace {
constexpr BatchNormSettings kFomoNorm{};  // torchvision mobilenet_v2 keeps nn.BatchNorm2d's defaults

struct FomoStage {
    int64_t expandRatio, channels, layers, stride;
};
// The first rows of torchvision's MobileNetV2 setting (t, c, n, s): up to stride 8.
const std::vector<FomoStage>& trunkConfig() {
    static const std::vector<FomoStage> config = {{1, 16, 1, 1}, {6, 24, 2, 2}, {6, 32, 3, 2}};
    return config;
}
}  // namespace

MobileNetV2BlockImpl::MobileNetV2BlockImpl(int64_t inChannels, int64_t outChannels, int64_t stride,
                                           int64_t expandRatio)
    : conv(register_module("conv", Sequence())),
      useResidual(stride == 1 && inChannels == outChannels) {
    const int64_t hidden = inChannels * expandRatio;
    if (expandRatio != 1) {
        conv->push_back(convNormActivation(
            {inChannels, hidden, /*kernel=*/1, /*stride=*/1, /*groups=*/1, Activation::ReLU6, kFomoNorm}));
    }
    conv->push_back(convNormActivation({hidden, hidden, /*kernel=*/3, stride, /*groups=*/hidden, Activation::ReLU6, kFomoNorm}));
    conv->push_back(torch::nn::Conv2d(torch::nn::Conv2dOptions(hidden, outChannels, 1).bias(false)));
    conv->push_back(torch::nn::BatchNorm2d(torch::nn::BatchNorm2dOptions(outChannels).eps(kFomoNorm.eps).momentum(kFomoNorm.momentum)));
}

torch::Tensor MobileNetV2BlockImpl::forward(const torch::Tensor& x) {
    auto out = conv->forward(x);
    return useResidual ? out + x : out;
}

FomoImpl::FomoImpl(int64_t numClasses, double widthMult, int64_t headChannels)
    : backbone(register_module("backbone", Sequence())),
      head(register_module("head", Sequence())) {
    int64_t channels = makeDivisible(32 * widthMult, 8);
    backbone->push_back(convNormActivation(
        {3, channels, /*kernel=*/3, /*stride=*/2, /*groups=*/1, Activation::ReLU6, kFomoNorm}));
    for (const auto& stage : trunkConfig()) {
        const int64_t out = makeDivisible(static_cast<double>(stage.channels) * widthMult, 8);
        for (int64_t i = 0; i < stage.layers; ++i) {
            backbone->push_back(MobileNetV2Block(channels, out, i == 0 ? stage.stride : 1, stage.expandRatio));
            channels = out;
        }
    }
    head->push_back(torch::nn::Conv2d(torch::nn::Conv2dOptions(channels, headChannels, 1)));
    head->push_back(torch::nn::Functional([](const torch::Tensor& x) { return torch::relu(x); }));
    head->push_back(torch::nn::Conv2d(torch::nn::Conv2dOptions(headChannels, 1 + numClasses, 1)));
    initConvAndBatchNorm(*this);
}

torch::Tensor FomoImpl::forward(const torch::Tensor& x) {
    return head->forward(backbone->forward(x));
}

NameMapping fomoBackboneTorchvisionNames() {
    return {{"", "features."}};
}

torch::Tensor fomoCellTargets(const torch::Tensor& boxes, int64_t batch, int64_t gridH, int64_t gridW) {
    auto targets = torch::zeros({batch, gridH, gridW}, torch::TensorOptions().dtype(torch::kLong).device(boxes.device()));
    if (boxes.numel() == 0) return targets;
    if (boxes.dim() != 2 || boxes.size(1) != 6) throw std::invalid_argument("FOMO targets expect boxes [N, 6]");
    const auto image = boxes.select(1, 0).to(torch::kLong);
    const auto cls = boxes.select(1, 1).to(torch::kLong) + 1;
    const auto column = (boxes.select(1, 2) * static_cast<double>(gridW)).floor().clamp(0, gridW - 1).to(torch::kLong);
    const auto row = (boxes.select(1, 3) * static_cast<double>(gridH)).floor().clamp(0, gridH - 1).to(torch::kLong);
    // Boxes sharing a centre cell: the higher class wins. A plain index_put_ with repeated indices
    // is nondeterministic on the GPU (whichever write lands last), which would make two identical
    // runs see different targets; amax does not depend on the order.
    const auto cell = (image * gridH + row) * gridW + column;
    targets.view({-1}).scatter_reduce_(0, cell, cls, "amax", /*include_self=*/true);
    return targets;
}

torch::Tensor fomoLoss(const torch::Tensor& logits, const torch::Tensor& targets, double objectWeight) {
    // sum(w_t * -log p_t) / sum(w_t), background weight 1: weighted cross-entropy written out.
    // libtorch's weighted cross_entropy sums with atomics on the GPU, so two identical steps can
    // give losses that differ in the last bits; these plain reductions are deterministic, and use
    // device tensors only, so a graph can capture them.
    const auto nll = -torch::log_softmax(logits, 1).gather(1, targets.unsqueeze(1)).squeeze(1);
    const auto weights = torch::where(targets > 0, torch::full_like(nll, objectWeight), torch::ones_like(nll));
    return (weights * nll).sum() / weights.sum();
}

std::vector<std::vector<FomoPoint>> fomoPostprocess(const torch::Tensor& logits, float threshold) {
    const auto probabilities = torch::softmax(logits.detach().to(torch::kCPU, torch::kFloat), /*dim=*/1);
    const auto [best, bestClass] = probabilities.narrow(1, 1, probabilities.size(1) - 1).max(/*dim=*/1);
    const int64_t batch = logits.size(0), height = logits.size(2), width = logits.size(3);
    const auto score = best.contiguous();
    const auto label = bestClass.contiguous();
    const auto scores = score.accessor<float, 3>();
    const auto labels = label.accessor<int64_t, 3>();

    std::vector<std::vector<FomoPoint>> points(static_cast<size_t>(batch));
    for (int64_t b = 0; b < batch; ++b) {
        std::vector<char> seen(static_cast<size_t>(height * width), 0);
        for (int64_t r0 = 0; r0 < height; ++r0) {
            for (int64_t c0 = 0; c0 < width; ++c0) {
                if (seen[r0 * width + c0] || scores[b][r0][c0] < threshold) continue;
                const int64_t cls = labels[b][r0][c0];
                FomoPoint point;
                point.cls = static_cast<int>(cls);
                double sumX = 0, sumY = 0;
                std::vector<std::pair<int64_t, int64_t>> stack{{r0, c0}};
                seen[r0 * width + c0] = 1;
                while (!stack.empty()) {
                    const auto [r, c] = stack.back();
                    stack.pop_back();
                    sumX += (static_cast<double>(c) + 0.5) / static_cast<double>(width);
                    sumY += (static_cast<double>(r) + 0.5) / static_cast<double>(height);
                    point.score = std::max(point.score, scores[b][r][c]);
                    ++point.cells;
                    for (int64_t dr = -1; dr <= 1; ++dr) {
                        for (int64_t dc = -1; dc <= 1; ++dc) {
                            const int64_t nr = r + dr, nc = c + dc;
                            if (nr < 0 || nr >= height || nc < 0 || nc >= width || seen[nr * width + nc]) continue;
                            if (scores[b][nr][nc] < threshold || labels[b][nr][nc] != cls) continue;
                            seen[nr * width + nc] = 1;
                            stack.emplace_back(nr, nc);
                        }
                    }
                }
                point.x = static_cast<float>(sumX / point.cells);
                point.y = static_cast<float>(sumY / point.cells);
                points[static_cast<size_t>(b)].push_back(point);
            }
        }
    }
    return points;
}

Family makeFomoFamily() {
    // a 20x20 grid of cells at 160 px; 80 classes fit COCO-style datasets
    auto family = makeWholeGraphFamily<Fomo>("fomo-s", "detect", /*defaultImgsz=*/160, /*numClasses=*/80);
    // The centroid decode a FOMO user runs: per image a [points, 4] tensor (class, x, y, score).
    family.postprocess = [](const c10::IValue& output) -> c10::IValue {
        const auto perImage = fomoPostprocess(firstTensor(output));
        c10::List<torch::Tensor> points;
        for (const auto& image : perImage) {
            auto table = torch::empty({static_cast<int64_t>(image.size()), 4});
            auto rows = table.accessor<float, 2>();
            for (std::size_t i = 0; i < image.size(); ++i) {
                const auto r = static_cast<int64_t>(i);
                rows[r][0] = static_cast<float>(image[i].cls);
                rows[r][1] = image[i].x;
                rows[r][2] = image[i].y;
                rows[r][3] = image[i].score;
            }
            points.push_back(table);
        }
        return points;
    };
    // Cell targets have a fixed shape per batch size and the loss is tensor ops: the whole step
    // can be captured. The box count varies, so fomoCellTargets runs eagerly, before the graph.
    family.trainingTargets = [](const TrainingLabels& labels, std::int64_t batch, int imgsz) {
        const auto grid = imgsz / kFomoStride;
        return fomoCellTargets(labels.boxes, batch, grid, grid);
    };
    family.loss = [](const c10::IValue& output, const torch::Tensor& targets) {
        return fomoLoss(firstTensor(output).to(torch::kFloat), targets);
    };
    family.validationMetric = "centroid-f1";
    // The network takes any side, but a training step's cell targets count whole 8x8 cells
    // (imgsz / 8) while the logits round a partial cell up: only a multiple of 8 gives both one grid.
    family.imageSizes = {/*minimum=*/kFomoStride, /*multipleOf=*/kFomoStride,
                         "its output has one cell per 8x8 pixels and its training targets count whole cells"};
    return family;
}

}  // namespace graphlens::families
