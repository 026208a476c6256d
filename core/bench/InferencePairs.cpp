#include "bench/InferencePairs.h"

#include "bench/FamilyGraphRunner.h"
#include "bench/SweepNetwork.h"
#include "families/MemoryFormat.h"

namespace graphlens::bench {
namespace {

// The plan's graph mode for the graphed runner: "auto" or on (validation allows nothing else).
graphs::GraphMode graphedRunnerMode(const std::string& planGraph) {
    return planGraph == "auto" ? graphs::GraphMode::Auto : graphs::GraphMode::On;
}

}  // namespace

InferencePair::~InferencePair() {
    step.reset();
    if (graphedRunner) graphedRunner->release();
}

InferencePairs::InferencePairs(const families::Family& family, const results::SweepPlan& plan, InferencePairsSetup setup)
    : family_(family), plan_(plan), setup_(std::move(setup)), memory_(setup_.device) {
    network_ = buildSweepNetwork(family_, plan_.seed, setup_.imgsz, setup_.device, setup_.dtype);
    baseOptions_.backend = setup_.backend;
    baseOptions_.device = setup_.device;
    baseOptions_.warmupIterations = captureWarmupIterations(family_);
    baseOptions_.warn = setup_.warn;
    auto eagerOptions = baseOptions_;
    eagerOptions.mode = graphs::GraphMode::Off;
    eagerRunner_ = makeFamilyGraphRunner(family_, network_, eagerOptions);
}

void InferencePairs::useMemoryFormat(at::MemoryFormat format) {
    format_ = format;
    families::convertMemoryFormat(*network_.ptr(), format);
}

int InferencePairs::graphedWarmup() const { return baseOptions_.autoThreshold; }

std::unique_ptr<graphs::GraphRunner> InferencePairs::makeSharedRunner(int maxGraphs) {
    auto options = baseOptions_;
    options.mode = graphs::GraphMode::On;
    options.maxGraphs = maxGraphs;
    return makeFamilyGraphRunner(family_, network_, options);
}

torch::Tensor InferencePairs::deviceBatch(int batch, int imgsz) const {
    return makeHostBatch(nullptr, batch, imgsz, setup_.dtype, plan_.seed, format_, false).to(setup_.device).contiguous(format_);
}

GraphedArmVerdict InferencePairs::decideVerdict(int batch) {
    InferenceVerdictInputs inputs;
    inputs.graphsPossible = setup_.graphsPossible;
    inputs.planGraph = plan_.graph;
    inputs.batch = batch;
    inputs.imgsz = setup_.imgsz;
    inputs.dtype = setup_.dtype;
    inputs.format = format_;
    return decideInferenceGraphedArm(family_, network_, inputs, baseOptions_);
}

std::unique_ptr<InferencePair> InferencePairs::prepare(int batch, const BenchmarkBatch* batches,
                                                      const GraphedArmVerdict* decided) {
    const bool cuda = setup_.device.is_cuda();
    // The batch as a predict call gets it: decoded on the host (pinned on CUDA), in the memory format
    // of the network; the device buffer is what the data phase fills.
    auto host = makeHostBatch(batches, batch, setup_.imgsz, setup_.dtype, plan_.seed, format_, cuda);
    auto deviceBatch = host.to(setup_.device).contiguous(format_);

    auto pair = std::make_unique<InferencePair>();
    if (decided) {
        pair->verdict = *decided;
    } else {
        pair->verdict = decideVerdict(batch);
        memory_.emptyCache();  // the parity check's runner and probes are gone
    }
    if (pair->verdict.runs) {
        auto options = baseOptions_;
        options.mode = graphedRunnerMode(plan_.graph);
        pair->graphedRunner = makeFamilyGraphRunner(family_, network_, options);
    }
    pair->step = std::make_unique<InferenceStep>(*eagerRunner_, pair->graphedRunner.get(), family_.postprocess,
                                                 stepScopeOf(plan_.scope), std::move(host), std::move(deviceBatch));
    return pair;
}

std::unique_ptr<InferencePairs> makePlannerPairs(const families::Family& family, const results::SweepPlan& plan, int imgsz,
                                                 std::function<void(const std::string&)> warn) {
    InferencePairsSetup setup;
    setup.device = torch::Device(torch::kCUDA, 0);
    setup.dtype = plan.precision == "fp16" ? torch::kHalf : torch::kFloat;
    setup.imgsz = imgsz;
    setup.graphsPossible = true;
    setup.warn = std::move(warn);
    auto pairs = std::make_unique<InferencePairs>(family, plan, std::move(setup));
    pairs->useMemoryFormat(families::memoryFormatOf(plan.memoryFormats.front()));
    return pairs;
}

}  // namespace graphlens::bench
