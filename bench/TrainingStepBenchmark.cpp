// A GraphLens training step timed in its three forms — eager, network scope (forward + backward
// graphed), step scope (the whole step one graph) — on one fixed batch (the loader excluded), for
// comparison with bench/train_step_twin.py, the same step in PyTorch Python run beside it.
//   graphlens_bench_training_step [family=resnet18] [batch=8] [precision=amp-fp16] [optimizer=sgd] [imgsz=224]
// Prints the median step of each form and the ratios; targets (DESIGN, training): graphed step
// <= 1.00x Python's of the same scope, eager <= 0.85x Python eager.
#include "BenchmarkTiming.h"
#include "families/FamilyRegistry.h"
#include "graphs/ModuleForward.h"
#include "train/OptimizerFactory.h"
#include "train/GradientScaler.h"
#include "train/TrainingStep.h"

#include <torch/torch.h>

#include <cstdio>
#include <cstdlib>
#include <string>

using namespace graphlens;

namespace {

double timeScope(const families::Family& family, families::TrainingGraphScope scope, train::TrainingPrecision precision,
                 const std::string& optimizerName, int batch, int imgsz) {
    const torch::Device gpu(torch::kCUDA, 0);
    auto network = family.build(0);
    auto module = network.ptr();
    module->to(gpu);
    module->train();
    auto optimizer = train::makeCapturableOptimizer(optimizerName, module->parameters());
    train::GradientScalerOptions scalerOptions;
    scalerOptions.enabled = train::needsLossScaling(precision);
    train::GradientScaler scaler(gpu, scalerOptions);
    train::TrainingStepOptions options;
    options.graphScope = scope;
    options.precision = precision;
    train::TrainingStep step(module, graphs::forwardOf(network), family, *optimizer, scaler, options);
    families::TrainingLabels labels;
    labels.classes = torch::randint(0, 5, {batch}, torch::TensorOptions().dtype(torch::kLong).device(gpu));
    labels.boxes = torch::zeros({0, 6}, gpu);
    const auto images = torch::randn({batch, 3, imgsz, imgsz}, gpu);
    const auto targets = family.trainingTargets(labels, batch, imgsz);
    // 200 steps, as train_step_twin.py: a median over 50 eager steps (0.3 s) moved with every
    // short busy spell of the shared host.
    const double ms = benchmarks::medianStepMs([&] { (void)step.run(images, targets); }, /*warmup=*/10, /*steps=*/200);
    if (scope != families::TrainingGraphScope::None && step.summary().replayed == 0) {
        std::fprintf(stderr, "warning: %s scope never replayed: %s\n", families::toString(scope), step.describeGraphs().c_str());
    }
    return ms;
}

}  // namespace

int main(int argc, char** argv) {
    if (!torch::cuda::is_available()) {
        std::fprintf(stderr, "graphlens_bench_training_step: needs a CUDA device\n");
        return 77;
    }
    const std::string name = argc > 1 ? argv[1] : "resnet18";
    const int batch = argc > 2 ? std::atoi(argv[2]) : 8;
    const auto precision = train::parseTrainingPrecision(argc > 3 ? argv[3] : "amp-fp16");
    const std::string optimizer = argc > 4 ? argv[4] : "sgd";
    const auto* family = families::FamilyRegistry::builtIn().find(name);
    if (!family) {
        std::fprintf(stderr, "unknown family %s\n", name.c_str());
        return 2;
    }
    const int imgsz = argc > 5 ? std::atoi(argv[5]) : family->defaultImgsz;
    const double eager = timeScope(*family, families::TrainingGraphScope::None, precision, optimizer, batch, imgsz);
    const double network = timeScope(*family, families::TrainingGraphScope::Network, precision, optimizer, batch, imgsz);
    const double whole = timeScope(*family, families::TrainingGraphScope::Step, precision, optimizer, batch, imgsz);
    std::printf("graphlens training step %s batch %d %s %s %d px: eager %.3f ms, network scope %.3f ms (%.2fx), "
                "step scope %.3f ms (%.2fx)\n",
                name.c_str(), batch, train::toString(precision), optimizer.c_str(), imgsz, eager, network, eager / network,
                whole, eager / whole);
    return 0;
}
