// Class-aware NMS on the GPU: our tensor-op batchedNms (families/yolo/DetectionNms.h) per call at
// 1k, 10k and 30k candidate boxes and, given torchvision's ops library, torchvision::nms through the
// dispatcher on the same boxes (class-aware by offsetting each class's boxes, as batched_nms does),
// with a check that both keep the same boxes and the ratio ours/torchvision.
//   graphlens_bench_nms [--steps 50] [--warmup 10] [--iou 0.7]
//                       [--torchvision-ops <site-packages>/torchvision/_C.so [--python-lib libpython3.X.so]]
// torchvision's _C.so must come from the wheel matched to this libtorch; it needs libtorch_python.so
// (torch/lib on LD_LIBRARY_PATH, as gpu-bundle/run.sh sets) and, through it, the Python C API's
// symbols: --python-lib loads a libpython for them first.
#include "families/yolo/DetectionNms.h"

#include "BenchmarkTiming.h"

#include <ATen/core/dispatch/Dispatcher.h>
#include <ATen/cuda/CUDAContext.h>
#include <torch/torch.h>

#include <dlfcn.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>

namespace {

using graphlens::benchmarks::medianStepMs;

constexpr int kClasses = 8;
constexpr double kImageSide = 640;

struct Candidates {
    torch::Tensor boxes;    // [n, 4] x1y1x2y2
    torch::Tensor scores;   // [n], distinct, so that no tie rule matters
    torch::Tensor classes;  // [n] int64
};

// Boxes shaped like a detector's raw candidates: 10-200 px in a 640 image, most of them jittered
// copies around a few hundred objects. Coordinates lie on a quarter-pixel grid, so every area,
// intersection and class offset is exact in fp32 and both implementations must decide alike.
Candidates detectionLikeCandidates(std::int64_t count, torch::Device device) {
    const auto objects = std::max<std::int64_t>(1, count / 30);
    const auto owner = torch::randint(objects, {count});
    const auto objectCentre = torch::rand({objects, 2}) * kImageSide;
    const auto objectSize = 10 + torch::rand({objects, 2}) * 190;
    const auto size = (objectSize.index_select(0, owner) * (1 + 0.1 * torch::randn({count, 2}))).clamp(10, 200);
    const auto centre = objectCentre.index_select(0, owner) + 0.1 * size * torch::randn({count, 2});
    const auto boxes = (torch::cat({centre - size / 2, centre + size / 2}, 1) * 4).round() / 4;
    const auto scores = (torch::randperm(count).to(torch::kFloat) + 1) / static_cast<double>(count + 1);
    const auto classes = torch::randint(kClasses, {count});
    return {boxes.to(device), scores.to(device), classes.to(device)};
}

using TorchvisionNms = c10::TypedOperatorHandle<at::Tensor(const at::Tensor&, const at::Tensor&, double)>;

// Loads torchvision's ops library (its static registrations add torchvision::nms to the dispatcher).
// The handles stay open for the life of the process: the registrations live in them.
std::optional<TorchvisionNms> loadTorchvisionNms(const std::string& opsPath, const std::string& pythonLib) {
    if (!pythonLib.empty() && !dlopen(pythonLib.c_str(), RTLD_NOW | RTLD_GLOBAL)) {
        std::fprintf(stderr, "graphlens_bench_nms: cannot load --python-lib %s: %s\n", pythonLib.c_str(), dlerror());
        return std::nullopt;
    }
    if (!dlopen(opsPath.c_str(), RTLD_NOW | RTLD_LOCAL)) {
        std::fprintf(stderr,
                     "graphlens_bench_nms: cannot load --torchvision-ops %s: %s\n"
                     "  It needs libtorch_python.so on LD_LIBRARY_PATH (torch/lib, as run.sh sets) and, for\n"
                     "  undefined Py* symbols, --python-lib <the libpython3.X.so of that torch's Python>.\n",
                     opsPath.c_str(), dlerror());
        return std::nullopt;
    }
    try {
        return c10::Dispatcher::singleton()
            .findSchemaOrThrow("torchvision::nms", "")
            .typed<at::Tensor(const at::Tensor&, const at::Tensor&, double)>();
    } catch (const c10::Error& error) {
        std::fprintf(stderr, "graphlens_bench_nms: %s registers no torchvision::nms: %s\n", opsPath.c_str(),
                     error.what_without_backtrace());
        return std::nullopt;
    }
}

// torchvision.ops.batched_nms's coordinate trick: boxes of class k move by k * (largest coordinate + 1).
torch::Tensor offsetByClass(const Candidates& candidates) {
    const auto offsets = candidates.classes.to(candidates.boxes.scalar_type()) * (candidates.boxes.max() + 1);
    return candidates.boxes + offsets.unsqueeze(1);
}

}  // namespace

int main(int argc, char** argv) {
    int steps = 50;
    int warmup = 10;
    double iou = 0.7;
    std::string opsPath, pythonLib;
    for (int i = 1; i < argc; ++i) {
        const std::string flag = argv[i];
        if (i + 1 >= argc) {
            std::fprintf(stderr, "graphlens_bench_nms: %s needs a value\n", flag.c_str());
            return 2;
        }
        const std::string value = argv[++i];
        if (flag == "--steps") steps = std::stoi(value);
        else if (flag == "--warmup") warmup = std::stoi(value);
        else if (flag == "--iou") iou = std::stod(value);
        else if (flag == "--torchvision-ops") opsPath = value;
        else if (flag == "--python-lib") pythonLib = value;
        else {
            std::fprintf(stderr, "graphlens_bench_nms: unknown option %s (options: --steps N, --warmup N, --iou X, "
                                 "--torchvision-ops PATH, --python-lib PATH)\n", flag.c_str());
            return 2;
        }
    }
    if (!torch::cuda::is_available()) {
        std::fprintf(stderr, "graphlens_bench_nms: no CUDA device is visible; this benchmark times NMS on the GPU\n");
        return 77;
    }
    std::optional<TorchvisionNms> torchvisionNms;
    if (!opsPath.empty()) {
        torchvisionNms = loadTorchvisionNms(opsPath, pythonLib);
        if (!torchvisionNms) return 2;
    }

    torch::NoGradGuard noGrad;
    torch::manual_seed(0);
    const torch::Device device(torch::kCUDA, 0);
    std::printf("class-aware NMS on %s, IoU %.2f, %d classes; median ms of %d calls after %d warm-up\n",
                at::cuda::getDeviceProperties(0)->name, iou, kClasses, steps, warmup);
    std::printf("%8s %8s %10s %15s %18s %10s\n", "boxes", "kept", "ours.ms", "torchvision.ms", "ours/torchvision",
                "same.keep");
    bool allSame = true;
    for (const std::int64_t count : {1000, 10000, 30000}) {
        const auto candidates = detectionLikeCandidates(count, device);
        const auto ours = graphlens::families::yolo::batchedNms(candidates.boxes, candidates.scores,
                                                                candidates.classes, iou);
        const double oursMs = medianStepMs(
            [&] { graphlens::families::yolo::batchedNms(candidates.boxes, candidates.scores, candidates.classes, iou); },
            warmup, steps);
        if (!torchvisionNms) {
            std::printf("%8lld %8lld %10.3f %15s %18s %10s\n", static_cast<long long>(count),
                        static_cast<long long>(ours.size(0)), oursMs, "-", "-", "-");
            continue;
        }
        const auto shifted = offsetByClass(candidates);
        const auto theirs = torchvisionNms->call(shifted, candidates.scores, iou);
        const double theirsMs = medianStepMs([&] { torchvisionNms->call(shifted, candidates.scores, iou); }, warmup, steps);
        const bool same = torch::equal(ours, theirs);
        allSame = allSame && same;
        std::printf("%8lld %8lld %10.3f %15.3f %18.2f %10s\n", static_cast<long long>(count),
                    static_cast<long long>(ours.size(0)), oursMs, theirsMs, oursMs / theirsMs,
                    same ? "yes" : ("NO (" + std::to_string(theirs.size(0)) + " kept)").c_str());
    }
    if (!allSame) std::printf("FAIL: torchvision kept other boxes than ours for at least one size\n");
    return allSame ? 0 : 1;
}
