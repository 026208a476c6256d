// yolo-t's loss phase on the GPU, split: the task-aligned assigner alone against the whole loss
// (targets, decode, assigner, BCE, CIoU, DFL) at 640 px, per batch size, so the training sweep's
// `loss` phase can be read as "assigner + the rest". The head output is a random [B, 144, 8400]
// tensor (its values do not change the work: every anchor is scored and decoded whatever they are);
// the targets are 1-6 boxes of 20-300 px per image, as in the built-in dataset.
//   graphlens_bench_yolo_loss [--batch 8,16] [--steps 50] [--warmup 10]
#include "families/yolo/TaskAlignedAssigner.h"
#include "families/yolo/YoloDetectionLoss.h"
#include "families/yolo/YoloHeadLayout.h"

#include "BenchmarkTiming.h"

#include <torch/torch.h>

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

namespace {

using namespace graphlens::families::yolo;
using graphlens::benchmarks::medianStepMs;

constexpr int kClasses = 80;
constexpr int kSide = 640;

torch::Tensor randomTargets(std::int64_t batch, torch::Device device) {
    const auto boxes = torch::zeros({batch, 6, 5});
    for (std::int64_t image = 0; image < batch; ++image) {
        const auto count = torch::randint(1, 7, {1}).item<std::int64_t>();
        const auto size = 20 + torch::rand({count, 2}) * 280;
        const auto centre = size / 2 + torch::rand({count, 2}) * (kSide - size);
        boxes[image].narrow(0, 0, count).copy_(torch::cat(
            {torch::randint(kClasses, {count, 1}).to(torch::kFloat), centre - size / 2, centre + size / 2}, 1));
    }
    return boxes.to(device);
}

std::vector<std::int64_t> parseBatches(const std::string& text) {
    std::vector<std::int64_t> batches;
    std::stringstream in(text);
    for (std::string item; std::getline(in, item, ',');) batches.push_back(std::stoll(item));
    return batches;
}

}  // namespace

int main(int argc, char** argv) {
    std::string batchList = "8,16";
    int steps = 50, warmup = 10;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string flag = argv[i];
        if (flag == "--batch") batchList = argv[i + 1];
        else if (flag == "--steps") steps = std::stoi(argv[i + 1]);
        else if (flag == "--warmup") warmup = std::stoi(argv[i + 1]);
        else {
            std::fprintf(stderr, "graphlens_bench_yolo_loss: unknown option %s\n", argv[i]);
            return 2;
        }
    }
    if (!torch::cuda::is_available()) {
        std::fprintf(stderr, "graphlens_bench_yolo_loss: no CUDA device; this benchmark times the GPU\n");
        return 77;
    }
    torch::manual_seed(0);
    const torch::Device gpu(torch::kCUDA, 0);
    const auto anchors = 21 * (kSide / 8) * (kSide / 8) / 16;
    std::printf("batch  assigner ms  loss ms  assigner share of the loss\n");
    for (const auto batch : parseBatches(batchList)) {
        const auto raw = torch::randn({batch, 4 * kRegMax + kClasses, anchors}, torch::TensorOptions().device(gpu));
        const auto targets = randomTargets(batch, gpu);
        // The assigner's inputs, computed once as the loss computes them (outside its timing).
        const auto channelsLast = raw.transpose(1, 2);
        const auto grid = makeAnchorGrid(anchors, gpu);
        const auto predBoxes = distancesToBoxes(dflDistances(channelsLast.narrow(2, 0, 4 * kRegMax).contiguous()),
                                                grid.points, false) * grid.strides;
        const auto scores = channelsLast.narrow(2, 4 * kRegMax, kClasses).sigmoid().contiguous();
        const auto gtMask = (targets.narrow(2, 1, 4).sum(2, true) > 0).to(torch::kFloat);
        const TaskAlignedAssigner assigner(kClasses);
        const double assignMs = medianStepMs(
            [&] {
                assigner.assign(scores, predBoxes, grid.points * grid.strides, targets.narrow(2, 0, 1),
                                targets.narrow(2, 1, 4), gtMask);
            },
            warmup, steps);
        const double lossMs = medianStepMs([&] { yoloDetectionLoss(raw, targets); }, warmup, steps);
        std::printf("%5lld  %11.3f  %7.3f  %.2f\n", static_cast<long long>(batch), assignMs, lossMs, assignMs / lossMs);
    }
    return 0;
}
