#pragma once
// What an inference sweep builds to time its pairs, the same for the timed and the profiled pass:
// one network (built and calibrated once, BatchNorm on the parity probes, cast to the sweep's
// dtype), its eager runner, and for each memory format and batch size the step both arms run, the
// graphed arm decided by GraphedArmVerdict and, when it runs, given a runner in the plan's mode.
#include "bench/BenchmarkBatch.h"
#include "bench/GraphedArmVerdict.h"
#include "bench/InferenceStep.h"
#include "families/Family.h"
#include "graphs/CaptureBackend.h"
#include "graphs/DeviceMemory.h"
#include "graphs/GraphRunner.h"
#include "results/SweepPlan.h"

#include <functional>
#include <memory>
#include <string>

namespace graphlens::bench {

// One batch size in one memory format: its step, and the verdict on its graphed arm.
struct InferencePair {
    GraphedArmVerdict verdict;
    std::unique_ptr<graphs::GraphRunner> graphedRunner;  // null unless the verdict lets the arm run
    std::unique_ptr<InferenceStep> step;
    ~InferencePair();  // frees the graphs and their pool before the next pair
};

struct InferencePairsSetup {
    torch::Device device = torch::Device(torch::kCPU);
    torch::Dtype dtype = torch::kFloat;
    int imgsz = 0;
    bool graphsPossible = false;                     // CUDA, or `backend`
    std::shared_ptr<graphs::CaptureBackend> backend;  // null: CUDA
    std::function<void(const std::string&)> warn;
};

class InferencePairs {
public:
    InferencePairs(const families::Family& family, const results::SweepPlan& plan, InferencePairsSetup setup);

    // Converts the network (parameters and buffers) to `format` for the pairs that follow.
    void useMemoryFormat(at::MemoryFormat format);
    // The pair of `batch` in the current format: the host batch (pinned on CUDA) from `batches` (null:
    // synthetic), its device copy, the verdict and step. The verdict is `decided` when given (the timed
    // pass's, for a profiled pass), else decided here. Throws out of memory and build failures.
    std::unique_ptr<InferencePair> prepare(int batch, const BenchmarkBatch* batches,
                                           const GraphedArmVerdict* decided = nullptr);
    // Graphed warm-up steps that cover a capture on the auto threshold's sighting.
    int graphedWarmup() const;

    // The capture planner's runner: mode on, up to `maxGraphs` shapes in its one pool, over the same
    // network (throws GraphDeclarationError as the sweep's would).
    std::unique_ptr<graphs::GraphRunner> makeSharedRunner(int maxGraphs);
    graphs::GraphRunner& eagerRunner() { return *eagerRunner_; }
    // A synthetic batch as a request brings it, already on the device in the current memory format.
    torch::Tensor deviceBatch(int batch, int imgsz) const;
    torch::Dtype dtype() const { return setup_.dtype; }
    torch::Device device() const { return setup_.device; }

private:
    GraphedArmVerdict decideVerdict(int batch);

    const families::Family& family_;
    const results::SweepPlan& plan_;
    InferencePairsSetup setup_;
    at::MemoryFormat format_ = at::MemoryFormat::Contiguous;
    graphs::DeviceMemory memory_;
    torch::nn::AnyModule network_;
    graphs::GraphRunnerOptions baseOptions_;
    std::unique_ptr<graphs::GraphRunner> eagerRunner_;
};

// The capture planner's pairs (`plan`'s pooled pass, `replay-mix`): the plan's network on the first
// GPU at its precision (fp16 or fp32) and first memory format, for shapes of several sizes through
// one shared runner. `family` and `plan` must outlive the result.
std::unique_ptr<InferencePairs> makePlannerPairs(const families::Family& family, const results::SweepPlan& plan, int imgsz,
                                                 std::function<void(const std::string&)> warn);

}  // namespace graphlens::bench
