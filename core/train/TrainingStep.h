#pragma once
// One training micro-step, eager or graphed (DESIGN §3): forward, the family's loss, backward, and
// on the last micro-step of an accumulation window the optimizer (with the gradient scaler and
// clipping). Graphs come from core/graphs — GraphedNetwork for scope `network`, StepGraph for scope
// `step` — captured through one CaptureBackend (one pool, one capture stream).
//
// Graphs are optional and never abort a run:
// - a shape is captured on its third sighting (GraphPolicy, auto); earlier sightings and shapes
//   beyond maxGraphs run eagerly and are counted;
// - `step` scope needs one micro-step per optimizer step (the optimizer is inside the graph); with
//   accumulation it becomes `network` scope, said once;
// - a capture or replay failure: one warning, then the rest of the run eager;
// - a step that draws from the host random generator (a random choice in forward or loss) would
//   replay one frozen draw forever: the first graphed-scope step on a GPU watches the host
//   generator, and if the step moved it, graphs are turned off with that reason.
#include "families/Family.h"
#include "graphs/CaptureBackend.h"
#include "graphs/GraphKey.h"
#include "graphs/GraphPolicy.h"
#include "profiler/PhaseObserver.h"
#include "train/CapturableOptimizer.h"
#include "train/GradientScaler.h"
#include "train/TrainingPrecision.h"

#include <torch/nn/module.h>

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <memory>
#include <string>

namespace graphlens::graphs {
class GraphedNetwork;
class StepGraph;
}  // namespace graphlens::graphs

namespace graphlens::train {

struct TrainingStepOptions {
    families::TrainingGraphScope graphScope = families::TrainingGraphScope::None;  // None: eager
    TrainingPrecision precision = TrainingPrecision::Fp32;
    int accumulation = 1;       // micro-steps per optimizer step
    double clipNorm = 0;        // > 0: clip the gradients' total norm (after unscaling)
    int captureOnSighting = 3;  // a shape is captured when seen this many times
    int maxGraphs = 4;
    int warmupIterations = 3;
    std::shared_ptr<graphs::CaptureBackend> backend;  // default: makeCudaCaptureBackend()
    std::function<void(const std::string&)> warn;     // default: one line on stderr
    std::int64_t failAtMicroStep = -1;                // test hook: that micro-step's capture/replay throws
    // A family that trains through a seam (families::TrainingSeam): every micro-step runs the split;
    // `network` scope graphs only its captured part, and `step` scope becomes `network` scope.
    std::optional<families::TrainingSeam> seam;
};

struct TrainingGraphSummary {
    std::int64_t microSteps = 0;
    std::int64_t replayed = 0;           // micro-steps that replayed a graph
    std::int64_t eagerBeforeCapture = 0; // sightings of a shape before its capture
    std::int64_t eagerOtherShapes = 0;   // shapes beyond maxGraphs
    std::int64_t eagerAfterFailure = 0;  // after a capture/replay failure turned graphs off
    std::int64_t eagerNotReady = 0;      // step scope: the optimizer had no state yet
    int captures = 0;
    double captureMs = 0;
    std::int64_t poolBytes = 0;
    std::string failure;                 // the failure that turned graphs off, if any
    bool failureOutOfMemory = false;     // that failure was out of memory (told by its type where caught)
};

class TrainingStep {
public:
    // module: the network's parameters and buffers; forward: its forward (train mode).
    TrainingStep(std::shared_ptr<torch::nn::Module> module, std::function<c10::IValue(const torch::Tensor&)> forward,
                 families::Family family, CapturableOptimizer& optimizer, GradientScaler& scaler,
                 TrainingStepOptions options);
    ~TrainingStep();
    TrainingStep(const TrainingStep&) = delete;
    TrainingStep& operator=(const TrainingStep&) = delete;

    struct Result {
        torch::Tensor loss;  // this micro-step's loss (fp32 scalar on the device; a copy)
        bool replayed = false;
        bool optimizerStepped = false;
    };
    // images: the network's input (normalised, on the device); targets: family.trainingTargets(...).
    // phases (optional) sees forward, loss, backward and optimizer of an eager or network-scope
    // step, and `replay` for a step-scope replay; never a capture or its warm-up.
    Result run(const torch::Tensor& images, const torch::Tensor& targets, profiler::PhaseObserver* phases = nullptr);

    families::TrainingGraphScope scope() const { return scope_; }  // None once graphs are off
    const TrainingGraphSummary& summary() const { return summary_; }
    // "step scope: 380 of 412 steps replayed (24 before capture, 8 other shapes)" or why graphs are off.
    std::string describeGraphs() const;

private:
    torch::Tensor forwardLoss(const torch::Tensor& images, const torch::Tensor& targets, graphs::GraphedNetwork* network,
                              profiler::PhaseObserver& phases);
    // The part `network` scope graphs: the whole forward, or a seam's captured part.
    std::function<c10::IValue(const torch::Tensor&)> graphedPart() const;
    std::shared_ptr<torch::nn::Module> graphedModule() const;
    // A seam step: hooks on the captured part's outputs open the captured_backward phase; the flag
    // says whether it was opened. Null when there is nothing to watch.
    std::shared_ptr<bool> watchCapturedBackward(profiler::PhaseObserver& phases);
    void finishOptimizerStep();
    Result runEager(const torch::Tensor& images, const torch::Tensor& targets, bool boundary, graphs::GraphedNetwork* network,
                    profiler::PhaseObserver& phases);
    bool tryGraphed(const torch::Tensor& images, const torch::Tensor& targets, bool boundary, Result& result,
                    profiler::PhaseObserver& phases);
    void turnGraphsOff(const std::string& why, bool outOfMemory = false);
    std::vector<torch::Tensor> stepState() const;

    std::shared_ptr<torch::nn::Module> module_;
    std::function<c10::IValue(const torch::Tensor&)> forward_;
    families::Family family_;
    CapturableOptimizer& optimizer_;
    GradientScaler& scaler_;
    TrainingStepOptions options_;
    families::TrainingGraphScope scope_;
    graphs::GraphPolicy policy_;
    std::map<graphs::GraphKey, std::unique_ptr<graphs::GraphedNetwork>> networks_;
    std::map<graphs::GraphKey, std::unique_ptr<graphs::StepGraph>> steps_;
    TrainingGraphSummary summary_;
    families::TrainingGraphScope configuredScope_ = families::TrainingGraphScope::None;  // scope_ before a failure turned graphs off
    std::int64_t microStep_ = 0;
    std::vector<torch::Tensor> seamOutputs_;  // the captured part's outputs of the step in flight
    std::vector<torch::Tensor> networkOutputs_;  // the network's outputs of the step in flight (profiled pass)
    bool hostRandomChecked_ = false;
};

}  // namespace graphlens::train
